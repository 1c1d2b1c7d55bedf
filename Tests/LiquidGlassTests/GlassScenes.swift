import LiquidGeometry
import LiquidGlass
import LiquidRaster
import TestSupport

/// Deterministic backdrops and helpers for the glass tests.
enum GlassScenes {
    /// Golden size: 100×60 pt at 2× = 200×120 pixels.
    static let size = Size(width: 100, height: 60)
    static let scale = 2.0

    /// A busy backdrop that makes frost and refraction visible: a hue sweep, a 10 pt checkerboard, 2 pt
    /// diagonal white stripes every 16 pt and rows of dark "words" (5 pt tall, every 14 pt). Opaque.
    static func busy(width: Int = 200, height: Int = 120, scale: Double = 2, seed: UInt64 = 7) -> Pixmap {
        var rng = SeededRandom(seed: seed)
        let wPt = Double(width) / scale, hPt = Double(height) / scale
        var rowWords: [[(Double, Double)]] = Array(repeating: [], count: height)
        var y = 5.0
        while y < hPt {
            var x = rng.uniform(2...8)
            while x < wPt {
                let w = rng.uniform(5...22)
                let y0 = Int((y * scale).rounded(.down)), y1 = Int(((y + 5) * scale).rounded(.up))
                for py in max(0, y0)..<min(height, y1) { rowWords[py].append((x * scale, (x + w) * scale)) }
                x += w + rng.uniform(3...7)
            }
            y += 14
        }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for py in 0..<height {
            let yp = (Double(py) + 0.5) / scale
            for px in 0..<width {
                let xp = (Double(px) + 0.5) / scale
                let h = ((xp + 0.6 * yp) / 120).truncatingRemainder(dividingBy: 1) * 6
                let c = 0.8, m = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
                var (r, g, b): (Double, Double, Double)
                switch Int(h) {
                case 0: (r, g, b) = (c, m, 0)
                case 1: (r, g, b) = (m, c, 0)
                case 2: (r, g, b) = (0, c, m)
                case 3: (r, g, b) = (0, m, c)
                case 4: (r, g, b) = (m, 0, c)
                default: (r, g, b) = (c, 0, m)
                }
                r += 0.15; g += 0.15; b += 0.15
                if (Int(xp / 10) + Int(yp / 10)) % 2 == 0 { r *= 0.7; g *= 0.7; b *= 0.7 }
                let s = (xp + yp).truncatingRemainder(dividingBy: 16)
                let stripe = min(max(min(s, 2 - s) * scale + 0.5, 0), 1) * 0.8
                r += (1 - r) * stripe; g += (1 - g) * stripe; b += (1 - b) * stripe
                for (a, e) in rowWords[py] where e > Double(px) && a < Double(px + 1) {
                    let k = 1 - 0.85 * (min(Double(px + 1), e) - max(Double(px), a))
                    r *= k; g *= k; b *= k
                }
                let i = 4 * (py * width + px)
                bytes[i] = UInt8(min(max(r, 0), 1) * 255 + 0.5)
                bytes[i + 1] = UInt8(min(max(g, 0), 1) * 255 + 0.5)
                bytes[i + 2] = UInt8(min(max(b, 0), 1) * 255 + 0.5)
            }
        }
        return try! Pixmap(width: width, height: height, scale: scale, premultipliedBytes: bytes)
    }

    /// Horizontal black and white stripes of `period` pixels (refraction shows as bent stripes).
    static func stripes(width: Int = 200, height: Int = 120, scale: Double = 2, period: Int = 6) -> Pixmap {
        var p = try! Pixmap(width: width, height: height, scale: scale, fill: .white)
        for y in 0..<height where (y / period) % 2 == 0 {
            for x in 0..<width { p[x, y] = .black }
        }
        return p
    }

    /// `container` rendered over `backdrop` into a copy of it.
    static func render(_ container: GlassContainer, over backdrop: Pixmap, cache: BackdropCache? = nil,
                       revision: UInt64 = 0) throws -> Pixmap {
        var out = backdrop
        try container.render(over: backdrop, into: &out, cache: cache, backdropRevision: revision)
        return out
    }

    /// The standard two-piece scene: a capsule and a circle, apart.
    static func pieces(_ material: GlassMaterial, accessibility: GlassAccessibility = []) -> GlassContainer {
        GlassContainer(spacing: 0, material: material, children: [
            GlassElement(.capsule(Rect(x: 6, y: 8, width: 52, height: 26))),
            GlassElement(.circle(center: Point(78, 36), radius: 17)),
        ], accessibility: accessibility)
    }

    /// Coverage of the glass: pixels the rendering changed relative to a render without glass, decided by a
    /// flat, opaque, untinted material over a flat backdrop (so every covered pixel differs).
    static func coverageMask(_ container: GlassContainer, width: Int = 200, height: Int = 120,
                             scale: Double = 2) throws -> [Bool] {
        var c = container
        var m = GlassMaterial(style: .regular, tint: RGBA(red: 1, green: 0, blue: 0), prominent: true)
        m.shadow = .none
        m.rimIntensity = 0
        m.tint = RGBA(red: 1, green: 0, blue: 0)
        c.material = m
        let backdrop = try! Pixmap(width: width, height: height, scale: scale,
                                   fill: PremultipliedRGBA8(red: 0, green: 0, blue: 255, alpha: 255))
        let out = try render(c, over: backdrop)
        return (0..<(width * height)).map { i in out.bytes[4 * i] > 127 }
    }

    /// Number of 4-connected components of `true` pixels.
    static func components(_ mask: [Bool], width: Int, height: Int) -> Int {
        var seen = [Bool](repeating: false, count: mask.count)
        var count = 0
        for start in mask.indices where mask[start] && !seen[start] {
            count += 1
            var stack = [start]
            seen[start] = true
            while let i = stack.popLast() {
                let x = i % width, y = i / width
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let j = ny * width + nx
                    if mask[j] && !seen[j] { seen[j] = true; stack.append(j) }
                }
            }
        }
        return count
    }
}
