import LiquidGeometry
import Testing
@testable import LiquidRaster

@Suite("Pixmap storage and views")
struct PixmapTests {
    @Test func refusesZeroNegativeAndAbsurdSizes() {
        for (w, h) in [(0, 10), (10, 0), (-1, 5), (16_385, 1), (1, 16_385), (16_384, 16_384 + 1)] {
            #expect(throws: LiquidError.self) { try Pixmap(width: w, height: h) }
        }
        #expect(throws: LiquidError.self) { try Pixmap(width: 16_384, height: 16_384, scale: .nan) }
        #expect(throws: LiquidError.self) { try Pixmap(size: Size(width: .infinity, height: 3)) }
        #expect(throws: LiquidError.self) { try Pixmap(size: Size(width: 10, height: 10), scale: 0) }
        #expect(throws: LiquidError.self) { try Pixmap(width: 2, height: 2, premultipliedBytes: [0, 0, 0]) }
    }

    @Test func pointSizesRoundUpToWholePixels() throws {
        let p = try Pixmap(size: Size(width: 390, height: 83.3), scale: 3)
        #expect(p.width == 1170 && p.height == 250 && p.scale == 3)
        #expect(p.sizeInPoints.width == 390)
    }

    @Test func regionsWriteInPlaceWithoutTouchingOutside() throws {
        var p = try Pixmap(width: 8, height: 6, fill: .black)
        p.withMutableRegion(PixelRect(x: 2, y: 1, width: 3, height: 2)) { $0.fill(.white) }
        for y in 0..<6 {
            for x in 0..<8 {
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                #expect(p[x, y] == (inside ? .white : .black))
            }
        }
        let crop = try p.cropped(to: PixelRect(x: 1, y: 0, width: 3, height: 3))
        #expect(crop.width == 3 && crop[1, 1] == .white && crop[0, 1] == .black && crop[1, 0] == .black)
    }

    @Test func copiesAreIndependent() throws {
        var a = try Pixmap(width: 2, height: 2)
        let b = a
        a[0, 0] = .white
        #expect(b[0, 0] == .transparent && a[0, 0] == .white)
    }

    @Test func premultipliedConversionRoundTrips() {
        let c = PremultipliedRGBA8(RGBA(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(c == PremultipliedRGBA8(red: 128, green: 64, blue: 0, alpha: 128))
        for a in stride(from: 1, through: 255, by: 7) {
            for v in stride(from: 0, through: a, by: 3) {
                let p = PremultipliedRGBA8(red: UInt8(v), green: 0, blue: UInt8(a), alpha: UInt8(a))
                #expect(PremultipliedRGBA8(p.straight) == p)
            }
        }
    }
}
