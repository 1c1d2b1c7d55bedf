import LiquidGeometry
import LiquidRaster

/// How a rendering differs from its golden image, pixel by pixel (both of the same size).
///
/// A pixel *differs* when some channel (premultiplied, in levels 0…255) is more than `tolerance` levels
/// away from the golden's.
public struct GoldenDifference: Sendable {
    /// The largest absolute difference of any channel of any pixel, in levels.
    public var maximumChannelDifference = 0
    /// How many pixels have a channel differing by more than the tolerance.
    public var differingPixels = 0
    /// The first such pixel in row-major order: its position, the golden's value and the rendering's.
    public var first: (x: Int, y: Int, expected: PremultipliedRGBA8, actual: PremultipliedRGBA8)?

    /// Compares `actual` with `expected`.
    /// - Precondition: both have the same width and height.
    public init(expected: Pixmap, actual: Pixmap, tolerance: Int) {
        precondition(expected.width == actual.width && expected.height == actual.height)
        let e = expected.bytes, a = actual.bytes
        for pixel in 0..<(expected.width * expected.height) {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(e[4 * pixel + c]) - Int(a[4 * pixel + c]))) }
            maximumChannelDifference = max(maximumChannelDifference, worst)
            guard worst > tolerance else { continue }
            differingPixels += 1
            if first == nil {
                let (x, y) = (pixel % expected.width, pixel / expected.width)
                first = (x, y, expected[x, y], actual[x, y])
            }
        }
    }

    /// The largest absolute difference between the channels of `a` and `b`, in levels.
    public static func channelDifference(_ a: PremultipliedRGBA8, _ b: PremultipliedRGBA8) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
    }

    /// An opaque picture of the difference between two images of the same size: the golden's luma dimmed to
    /// a quarter as context, pixels within `tolerance` but not equal in blue, pixels beyond it in red
    /// (brighter the nearer their difference is to `maximum`).
    public static func image(expected: Pixmap, actual: Pixmap, tolerance: Int, maximum: Int) throws(LiquidError) -> Pixmap {
        var out = try Pixmap(width: expected.width, height: expected.height, fill: .black)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let p = expected[x, y]
                let d = channelDifference(p, actual[x, y])
                if d > tolerance {
                    out[x, y] = PremultipliedRGBA8(red: UInt8(128 + 127 * d / max(maximum, 1)), green: 0, blue: 0, alpha: 255)
                } else if d > 0 {
                    out[x, y] = PremultipliedRGBA8(red: 0, green: 0, blue: 200, alpha: 255)
                } else {
                    // Luma of the premultiplied value over black, at a quarter brightness.
                    let luma: Int = 54 * Int(p.red) + 183 * Int(p.green) + 19 * Int(p.blue)
                    let g = UInt8(luma / 256 / 4)
                    out[x, y] = PremultipliedRGBA8(red: g, green: g, blue: g, alpha: 255)
                }
            }
        }
        return out
    }
}
