import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("FloatPixmap working format")
struct FloatPixmapTests {
    @Test func roundTripsEightBitImagesExactly() throws {
        var rng = SeededRandom(seed: 11)
        var image = try Pixmap(width: 33, height: 17, scale: 2)
        for y in 0..<17 {
            for x in 0..<33 {
                let a = UInt8.random(in: 0...255, using: &rng)
                image[x, y] = PremultipliedRGBA8(red: .random(in: 0...a, using: &rng), green: .random(in: 0...a, using: &rng),
                                                 blue: .random(in: 0...a, using: &rng), alpha: a)
            }
        }
        let float = FloatPixmap(image)
        #expect(float.pixmap() == image)
        #expect(float.scale == 2)
    }

    @Test func quantisingKeepsPixelsValid() throws {
        var float = try FloatPixmap(width: 4, height: 1)
        float[0, 0] = SIMD4(1.5, -0.2, .nan, 0.5)     // colour above alpha, negative, NaN
        float[1, 0] = SIMD4(0.25, 0.25, 0.25, 2)       // alpha above 1
        float[2, 0] = SIMD4(0.2, 0.1, 0.05, 0.2)
        let p = float.pixmap()
        #expect(p[0, 0] == PremultipliedRGBA8(red: 128, green: 0, blue: 0, alpha: 128))
        #expect(p[1, 0] == PremultipliedRGBA8(red: 64, green: 64, blue: 64, alpha: 255))
        #expect(p[2, 0] == PremultipliedRGBA8(red: 51, green: 26, blue: 13, alpha: 51))
        #expect(p[3, 0] == .transparent)
    }

    @Test func refusesBadSizes() {
        #expect(throws: LiquidError.self) { try FloatPixmap(width: 0, height: 1) }
        #expect(throws: LiquidError.self) { try FloatPixmap(width: 20_000, height: 1) }
        #expect(throws: LiquidError.self) { try FloatPixmap(width: 1, height: 1, scale: -1) }
    }
}
