import Foundation
import LiquidGeometry
import LiquidRaster
import TestSupport

/// Seeded test images and exact Double references shared by the filter tests.
enum FilterTestImages {
    /// Random premultiplied pixels (random alpha, colour ≤ alpha), or opaque full-range noise.
    static func noise(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Pixmap {
        var rng = SeededRandom(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            let a = opaque ? 255 : UInt8.random(in: 0...255, using: &rng)
            for c in 0..<3 { bytes[4 * i + c] = UInt8.random(in: 0...a, using: &rng) }
            bytes[4 * i + 3] = a
        }
        return try! Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// Hard-edged content: overlapping axis-aligned rectangles of random colours, no anti-aliasing,
    /// including full-contrast edges against transparency.
    static func hardEdges(width: Int, height: Int, seed: UInt64) -> Pixmap {
        var rng = SeededRandom(seed: seed)
        var p = try! Pixmap(width: width, height: height)
        for _ in 0..<12 {
            let x0 = Int.random(in: 0..<width, using: &rng), y0 = Int.random(in: 0..<height, using: &rng)
            let x1 = min(width, x0 + Int.random(in: 1...(width / 2), using: &rng))
            let y1 = min(height, y0 + Int.random(in: 1...(height / 2), using: &rng))
            let alpha = Bool.random(using: &rng) ? 1 : rng.uniform(0...1)
            let c = PremultipliedRGBA8(RGBA(red: rng.uniform(0...1), green: rng.uniform(0...1),
                                            blue: rng.uniform(0...1), alpha: alpha))
            for y in y0..<y1 { for x in x0..<x1 { p[x, y] = c } }
        }
        return p
    }

    /// The exact blur: the sampled Gaussian of radius ⌈5σ⌉ (≥ 4σ as specified), normalised, applied
    /// separably in Double. Taps outside read the clamped edge or zero.
    static func referenceBlur(_ p: Pixmap, sigma: Double, edgeMode: EdgeMode) -> [Double] {
        let src = p.bytes.map(Double.init)
        if sigma == 0 { return src }
        let r = max(1, Int((5 * sigma).rounded(.up)))
        var k = (0...(2 * r)).map { j -> Double in
            let d = Double(j - r)
            return exp(-d * d / (2 * sigma * sigma))
        }
        let total = k.reduce(0, +)
        k = k.map { $0 / total }
        // Prefix sums give the weight of all taps beyond an edge in O(1) (they all read the edge pixel).
        var prefix = [0.0]
        for v in k { prefix.append(prefix.last! + v) }
        func weightBelow(_ j: Int) -> Double { prefix[min(max(j + r, 0), 2 * r + 1)] } // taps with offset < j

        func pass(_ a: [Double], count n: Int, lines: Int, stride: Int, lineStride: Int) -> [Double] {
            var out = a
            for line in 0..<lines {
                for i in 0..<n {
                    var acc = SIMD4<Double>()
                    for i2 in max(0, i - r)...min(n - 1, i + r) {
                        let o = line * lineStride + i2 * stride
                        acc += k[i2 - i + r] * SIMD4(a[o], a[o + 1], a[o + 2], a[o + 3])
                    }
                    if edgeMode == .clamp {
                        let first = line * lineStride, last = line * lineStride + (n - 1) * stride
                        let left = weightBelow(-i), right = 1 - weightBelow(n - i)
                        acc += left * SIMD4(a[first], a[first + 1], a[first + 2], a[first + 3])
                        acc += right * SIMD4(a[last], a[last + 1], a[last + 2], a[last + 3])
                    }
                    let o = line * lineStride + i * stride
                    for c in 0..<4 { out[o + c] = acc[c] }
                }
            }
            return out
        }
        let w = p.width, h = p.height
        let horizontal = pass(src, count: w, lines: h, stride: 4, lineStride: 4 * w)
        return pass(horizontal, count: h, lines: w, stride: 4 * w, lineStride: 4)
    }

    /// Mean and maximum absolute difference (levels) between `got` and a reference.
    static func errors(_ got: Pixmap, _ reference: [Double]) -> (mean: Double, max: Double) {
        let b = got.bytes
        var sum = 0.0, worst = 0.0
        for i in 0..<b.count {
            let e = abs(Double(b[i]) - reference[i])
            sum += e
            worst = max(worst, e)
        }
        return (sum / Double(b.count), worst)
    }

    /// True when every pixel has colour ≤ alpha.
    static func isPremultiplied(_ p: Pixmap) -> Bool {
        let b = p.bytes
        for i in stride(from: 0, to: b.count, by: 4) {
            let a = b[i + 3]
            if b[i] > a || b[i + 1] > a || b[i + 2] > a { return false }
        }
        return true
    }
}
