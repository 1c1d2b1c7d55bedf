import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

@Suite("Image sampler: a row of an unrotated mapping")
struct ImageSamplerRowTests {
    /// A premultiplied image with every pixel different (alpha from 40 to 255).
    static func image(width: Int, height: Int) throws -> Pixmap {
        var image = try Pixmap(width: width, height: height)
        var random = SeededRandom(seed: 7)
        for y in 0..<height {
            for x in 0..<width {
                let a = UInt8.random(in: 40...255, using: &random)
                image[x, y] = PremultipliedRGBA8(red: UInt8.random(in: 0...a, using: &random),
                                                 green: UInt8.random(in: 0...a, using: &random),
                                                 blue: UInt8.random(in: 0...a, using: &random), alpha: a)
            }
        }
        return image
    }

    /// `sampleRow` equals `sample` stepped pixel by pixel (the same sums, the same opacity scaling), for
    /// scaled and translated mappings with fractional offsets, rows above, inside and below the image,
    /// columns clamped at both edges, and non-finite rows and steps.
    @Test func rowEqualsPixelByPixelSampling() throws {
        let sampler = ImageSampler(try Self.image(width: 23, height: 11))
        let cases: [(u: Double, du: Double, v: Double)] = [
            (0.5, 1, 3), (-4.3, 0.8333333333333334, 2.7182818), (12.126, 1.0416666666666667, -3.5), (3.9, 0.37, 10.9999),
            (30, -1.3, 5.5), (2.25, 0.5, 11.75), (1, .infinity, 4), (1, 1, .nan), (.nan, 1, 2), (-1e300, 1e300, 6.01),
        ]
        for (u, du, v) in cases {
            for opacity: UInt32 in [255, 128, 0] {
                let count = 40
                var row = [UInt32](repeating: 0xDEAD_BEEF, count: count)
                row.withUnsafeMutableBufferPointer {
                    sampler.sampleRow(u: u, du: du, v: v, count: count, opacity: opacity, into: $0.baseAddress!)
                }
                var reference: [UInt32] = []
                var p = Point(u, v + 0.5)
                for _ in 0..<count {
                    let s = sampler.sample(p.x - 0.5, p.y - 0.5)
                    reference.append(opacity == 255 ? s : PackedPixel.scale(s, opacity))
                    p += Vector2(du, 0)
                }
                #expect(row == reference, "u \(u), du \(du), v \(v), opacity \(opacity)")
            }
        }
        // The image's pixel centres come back exactly.
        var row = [UInt32](repeating: 0, count: 23)
        row.withUnsafeMutableBufferPointer { sampler.sampleRow(u: 0.5, du: 1, v: 4, count: 23, opacity: 255, into: $0.baseAddress!) }
        #expect(row == Array(sampler.pixels[(4 * 23)..<(5 * 23)]))
    }

    /// The sampler reads the image's bytes R, G, B, A as `r | g << 8 | b << 16 | a << 24`.
    @Test func packsBytesInMemoryOrder() throws {
        let image = try Self.image(width: 5, height: 3)
        let sampler = ImageSampler(image)
        for y in 0..<3 {
            for x in 0..<5 {
                let p = image[x, y]
                #expect(sampler.pixels[y * 5 + x] == UInt32(p.red) | UInt32(p.green) << 8 | UInt32(p.blue) << 16 | UInt32(p.alpha) << 24)
            }
        }
    }
}
