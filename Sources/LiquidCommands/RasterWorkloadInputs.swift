import LiquidGeometry
import LiquidRaster

/// The seeded inputs of raster workloads W1–W7 (benchmarks/WORKLOADS.md). Everything is a pure function of
/// pixel coordinates through one integer hash, so the Swift benchmarks and the peer script see the same data.
enum RasterWorkloadInputs {
    /// A 32-bit integer hash with good avalanche (xor-shift / multiply rounds).
    static func hash(_ value: UInt32) -> UInt32 {
        var x = value
        x ^= x >> 16
        x &*= 0x7feb_352d
        x ^= x >> 15
        x &*= 0x846c_a68b
        x ^= x >> 16
        return x
    }

    /// W1: a 1170×2532 opaque "busy" image — 16×16 blocks of random colour plus per-pixel noise.
    static func busyImage(width: Int = 1170, height: Int = 2532) -> Pixmap {
        var image = try! Pixmap(width: width, height: height)
        image.withMutableView { view in
            for y in 0..<height {
                let row = view.row(y)
                for x in 0..<width {
                    for c in 0..<3 {
                        let block = hash(UInt32(x / 16) &* 73_856_093 ^ UInt32(y / 16) &* 19_349_663 ^ UInt32(c) &* 83_492_791) >> 24
                        let noise = hash(UInt32((y * width + x) * 3 + c) &+ 0x9E37_79B9) >> 27
                        row[4 * x + c] = UInt8(min(255, block * 7 / 8 + noise))
                    }
                    row[4 * x + 3] = 255
                }
            }
        }
        return image
    }

    /// W2/W4: the top 250 rows of the W1 image (a tab-bar strip at 3×).
    static func strip() -> Pixmap { busyImage(width: 1170, height: 250) }

    /// W3: 1024×1024, transparent, with 8 anti-aliased opaque white circles (coverage = clamp(r + ½ − d, 0, 1)):
    /// four pairs (radius 90 left, 70 right) with gaps of 8, 18, 28 and 38 px, so a σ 12 goo fuses some pairs.
    static func circles() -> Pixmap {
        var image = try! Pixmap(width: 1024, height: 1024)
        var discs: [(center: Point, radius: Double)] = []
        for k in 0..<4 {
            let base = Point(Double(256 + 512 * (k % 2)), Double(256 + 512 * (k / 2)))
            let gap = Double(8 + 10 * k)
            discs.append((base - Point(90 + gap / 2, 0), 90))
            discs.append((base + Point(70 + gap / 2, 0), 70))
        }
        image.withMutableView { view in
            for y in 0..<1024 {
                let row = view.row(y)
                for x in 0..<1024 {
                    let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                    var coverage = 0.0
                    for disc in discs { coverage = max(coverage, min(1, max(0, disc.radius + 0.5 - p.distance(to: disc.center)))) }
                    let a = UInt8((coverage * 255).rounded())
                    row[4 * x] = a; row[4 * x + 1] = a; row[4 * x + 2] = a; row[4 * x + 3] = a
                }
            }
        }
        return image
    }

    /// W4's displacement field: sample the source at (x + 12·sin(2π·y/83), y + 12·cos(2π·x/97)).
    static func displacement(width: Int = 1170, height: Int = 250) -> (dx: [Float], dy: [Float]) {
        var dx = [Float](repeating: 0, count: width * height), dy = dx
        for y in 0..<height {
            for x in 0..<width {
                dx[y * width + x] = Float(12 * Double.sin(2 * .pi * Double(y) / 83))
                dy[y * width + x] = Float(12 * Double.cos(2 * .pi * Double(x) / 97))
            }
        }
        return (dx, dy)
    }

    /// W5: the 2000-point Lissajous polyline.
    static func strokePoints() -> [Point] {
        (0..<2000).map { i in
            let t = Double(i) / 1999
            return Point(512 + 440 * Double.sin(2 * .pi * 3 * t + 0.3), 512 + 440 * Double.sin(2 * .pi * 4 * t))
        }
    }

    /// W6: the 100 000-point unit-step random walk with angles from the hash.
    static func randomWalk(count: Int = 100_000) -> [Point] {
        var points = [Point.zero]
        points.reserveCapacity(count)
        for i in 1..<count {
            let theta = 2 * Double.pi * Double(hash(UInt32(i))) / 4_294_967_296
            points.append(points[i - 1] + Point(Double.cos(theta), Double.sin(theta)))
        }
        return points
    }

    /// W7: the 64 rounded rects (frame and straight-alpha colour).
    static func roundedRects() -> [(frame: Rect, color: RGBA)] {
        (0..<64).map { i in
            let x: Double = 15 + Double(i % 5) * 230 + 0.25 * Double(i % 4)
            let y: Double = 12 + Double(i / 5) * 190 + 0.5 * Double(i % 3)
            let frame = Rect(x: x, y: y, width: 200, height: 80)
            let color = RGBA(red: Double(37 * i % 256) / 255, green: Double(91 * i % 256) / 255,
                             blue: Double(53 * i % 256) / 255, alpha: 200.0 / 255)
            return (frame, color)
        }
    }
}
