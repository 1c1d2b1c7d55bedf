import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

/// The integer stages of the reduced blur path and the clamped four-pixel remap, each against a direct
/// Double evaluation of its definition on seeded images.
@Suite("Reduced blur stages and clamped remap")
struct ReducedBlurTests {
    /// The cubic B-spline's four weights at phase t, in Double (the reference the enlargements are held to).
    static func spline(_ t: Double) -> [Double] {
        let u = 1 - t
        return [u * u * u / 6, (3 * t * t * t - 6 * t * t + 4) / 6, (-3 * t * t * t + 3 * t * t + 3 * t + 1) / 6, t * t * t / 6]
    }

    /// The exact Double enlargement at output pixel (x, y): the cubic B-spline over the padded reduced image
    /// (`paddedWidth` values a row, each read through `value`).
    static func exactEnlargement(x: Int, y: Int, factor f: Int, paddedWidth wp: Int, value: (Int) -> Double) -> Double {
        let sy = (Double(y) + 0.5) / Double(f) - 0.5 + Double(ReducedBlur.border)
        let sx = (Double(x) + 0.5) / Double(f) - 0.5 + Double(ReducedBlur.border)
        let y0 = Int(sy.rounded(.down)), x0 = Int(sx.rounded(.down))
        let wy = spline(sy - Double(y0)), wx = spline(sx - Double(x0))
        var v = 0.0
        for j in 0..<4 {
            for i in 0..<4 { v += wy[j] * wx[i] * value((y0 - 1 + j) * wp + x0 - 1 + i) }
        }
        return v
    }

    /// `ReducedBlur.reduce` equals the tent-weighted average of the 2f × 2f pixels (edges clamped or zero),
    /// computed directly in Double, for every factor, both edge modes, RGBA and alpha only, odd sizes.
    @Test(arguments: [2, 4, 8])
    func reductionIsTheExactTentAverage(factor f: Int) throws {
        for (w, h, seed) in [(37, 29, 1), (5, 3, 2), (64, 17, 3), (1, 1, 4)] {
            let image = FilterTestImages.noise(width: w, height: h, seed: UInt64(100 * f + seed))
            let bytes = image.bytes
            let weights = ReducedBlur.tentWeights(factor: f).map(Double.init)
            let (wp, hp) = ReducedBlur.paddedSize(width: w, height: h, factor: f)
            for edgeMode in EdgeMode.allCases {
                for channels in [4, 1] {
                    let workspace = BlurWorkspace()
                    var got = [Float](repeating: .nan, count: wp * hp * channels)
                    var copy = image
                    copy.withMutableView { view in
                        got.withUnsafeMutableBufferPointer { out in
                            ReducedBlur.reduce(view, factor: f, channels: channels, edgeMode: edgeMode,
                                               into: out.baseAddress!, workspace: workspace)
                        }
                    }
                    func sample(_ x: Int, _ y: Int, _ c: Int) -> Double {
                        if x < 0 || y < 0 || x >= w || y >= h {
                            if edgeMode == .transparent { return 0 }
                        }
                        return Double(bytes[4 * (min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)) + c])
                    }
                    var worst = 0.0
                    for jp in 0..<hp {
                        for ip in 0..<wp {
                            let x0 = f * (ip - ReducedBlur.border) - f / 2, y0 = f * (jp - ReducedBlur.border) - f / 2
                            for k in 0..<channels {
                                let c = channels == 4 ? k : 3
                                var total = 0.0
                                for n in 0..<(2 * f) {
                                    for m in 0..<(2 * f) { total += weights[n] * weights[m] * sample(x0 + m, y0 + n, c) }
                                }
                                let expected = total / Double(4 * f * f * f * f)
                                worst = max(worst, abs(Double(got[(jp * wp + ip) * channels + k]) - expected))
                            }
                        }
                    }
                    #expect(worst <= 1e-4, "f \(f) \(w)×\(h) \(edgeMode) channels \(channels): \(worst)")
                }
            }
        }
    }

    /// The 16-bit fixed-point enlargement rounds the exact Double cubic B-spline of the reduced image
    /// (all phases, image sizes that are not multiples of f or of the 16-byte chunk): never more than 1 level
    /// from it, and within 0.5 + 0.05 of the unrounded value. Colour ≤ alpha survives.
    @Test(arguments: [2, 4, 8])
    func enlargementRoundsTheExactSpline(factor f: Int) throws {
        for (w, h, seed) in [(45, 23, 7), (3, 2, 8), (17, 40, 9)] {
            let (wp, hp) = ReducedBlur.paddedSize(width: w, height: h, factor: f)
            var rng = SeededRandom(seed: UInt64(10 * f + seed))
            var reduced = [Float](repeating: 0, count: wp * hp * 4)
            for p in 0..<(wp * hp) {
                let alpha = Float(rng.uniform(0...255))
                for c in 0..<3 { reduced[4 * p + c] = Float(rng.uniform(0...Double(alpha))) }
                reduced[4 * p + 3] = alpha
            }
            var image = try Pixmap(width: w, height: h)
            let workspace = BlurWorkspace()
            image.withMutableView { view in
                reduced.withUnsafeMutableBufferPointer { ReducedBlur.enlarge($0.baseAddress!, factor: f, into: view, workspace: workspace) }
            }
            let bytes = image.bytes
            var worst = 0.0
            for y in 0..<h {
                for x in 0..<w {
                    for c in 0..<4 {
                        let v = Self.exactEnlargement(x: x, y: y, factor: f, paddedWidth: wp) { Double(reduced[4 * $0 + c]) }
                        worst = max(worst, abs(Double(bytes[4 * (y * w + x) + c]) - v))
                    }
                }
            }
            #expect(worst <= 0.55, "f \(f) \(w)×\(h): \(worst)")
            #expect(FilterTestImages.isPremultiplied(image))
        }
    }

    /// The goo's alpha enlargement (the cubic B-spline of the reduced plane through a lookup table) writes
    /// the same bytes with the AVX2 row kernel as pixel by pixel, for every factor, widths off the vector
    /// width and values beyond 0…255 (both clamps); and each level is within 1 of the clamped Double spline.
    @Test(arguments: [2, 4, 8])
    func alphaEnlargementIsTheSameInEveryKernel(factor f: Int) throws {
        // A ramp over every level, and a threshold's table: one value below its edge, a short ramp, another
        // value above (the kernel writes groups of eight levels in the constant ends without the table).
        let ramp: [UInt32] = (0...255).map { UInt32($0) &* 0x0101_0101 }
        var threshold = [UInt32](repeating: 0, count: 256)
        for level in 120..<256 { threshold[level] = level >= 126 ? 0xFF30_60C0 : UInt32(40 * (level - 119)) << 24 }
        for lookup in [ramp, threshold] {
            for (w, h, seed) in [(45, 23, 7), (3, 2, 8), (70, 19, 9), (8, 9, 10)] {
                let (wp, hp) = ReducedBlur.paddedSize(width: w, height: h, factor: f)
                var rng = SeededRandom(seed: UInt64(20 * f + seed))
                var reduced = (0..<(wp * hp)).map { _ in Float(rng.uniform(-3...260)) }
                var outputs: [[UInt8]] = []
                for kernels in [KernelSet.automatic, .avx2, .portable] {
                    var image = try Pixmap(width: w, height: h)
                    image.withMutableView { view in
                        reduced.withUnsafeMutableBufferPointer { plane in
                            lookup.withUnsafeBufferPointer { table in
                                ReducedBlur.enlargeAlpha(plane.baseAddress!, factor: f, into: view, lookup: table.baseAddress!,
                                                         workspace: BlurWorkspace(), kernels: kernels)
                            }
                        }
                    }
                    outputs.append(image.bytes)
                }
                #expect(outputs[0] == outputs[2] && outputs[1] == outputs[2], "f \(f) \(w)×\(h)")
                var worst = 0.0
                for y in 0..<h {
                    for x in 0..<w {
                        let v = Self.exactEnlargement(x: x, y: y, factor: f, paddedWidth: wp) { Double(reduced[$0]) }
                        worst = max(worst, abs(Double(outputs[2][4 * (y * w + x)]) - min(max(v, 0), 255)))
                    }
                }
                #expect(worst <= 1 || lookup != ramp, "f \(f) \(w)×\(h): \(worst)")
            }
        }
    }

    /// Clamped remap with offsets far beyond every edge, on a width that is not a multiple of four: within
    /// 1 level of Double bilinear with clamped taps, and exact wherever the offset is an integer (including
    /// positions exactly on the last column and row, which the four-pixel path takes as fraction 256).
    @Test func clampedRemapMatchesDoubleBilinearBeyondTheEdges() throws {
        let (w, h) = (41, 27)
        let image = FilterTestImages.noise(width: w, height: h, seed: 61)
        var rng = SeededRandom(seed: 62)
        var dx = [Float](repeating: 0, count: w * h), dy = dx
        for i in 0..<(w * h) {
            if i % 3 == 0 {
                dx[i] = Float(Int(rng.uniform(-60...60))); dy[i] = Float(Int(rng.uniform(-40...40)))
            } else {
                dx[i] = Float(rng.uniform(-60...60)); dy[i] = Float(rng.uniform(-40...40))
            }
        }
        // Exactly onto the last column / row / corner.
        for x in 0..<w { dx[5 * w + x] = Float(w - 1 - x); dy[5 * w + x] = Float(h - 1 - 5) }
        let field = try DisplacementField(width: w, height: h, dx: dx, dy: dy)
        let out = try Displacement.remapped(image, by: field, edgeMode: .clamp)
        let bytes = image.bytes, got = out.bytes
        func tap(_ x: Int, _ y: Int, _ c: Int) -> Double {
            Double(bytes[4 * (min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)) + c])
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                let sx = Double(Float(x) + dx[i]), sy = Double(Float(y) + dy[i])
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let tx = sx - Double(x0), ty = sy - Double(y0)
                for c in 0..<4 {
                    let v = (1 - ty) * ((1 - tx) * tap(x0, y0, c) + tx * tap(x0 + 1, y0, c))
                        + ty * ((1 - tx) * tap(x0, y0 + 1, c) + tx * tap(x0 + 1, y0 + 1, c))
                    let g = Double(got[4 * i + c])
                    if tx == 0 && ty == 0 {
                        #expect(g == v, "(\(x), \(y)) channel \(c): \(g) vs \(v)")
                    } else {
                        #expect(abs(g - v) <= 1, "(\(x), \(y)) channel \(c): \(g) vs \(v)")
                    }
                }
            }
        }
    }
}
