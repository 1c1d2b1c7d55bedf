import LiquidGeometry
import Testing

@testable import LiquidRaster

/// Finite coordinates far beyond any canvas (1e300, or anything past Int's range once in pixels) draw
/// nothing where they miss the canvas and the right pixels where they cross it — never a trap in a
/// Double-to-Int conversion.
@Suite("Coordinates far off the canvas")
struct FarCoordinateTests {
    @Test func roundedRectsReachingFarOffTheCanvas() throws {
        let empty = try Pixmap(width: 100, height: 80)
        // Crossing the canvas from 1e300 to the left to 1e300 to the right: a plain band of rows 10 ..< 60.
        var band = empty
        var canvas = Canvas(band)
        canvas.fillRoundedRect(Rect(x: -1e300, y: 10, width: 2e300, height: 50), cornerRadii: CornerRadii(all: 10),
                               paint: .color(.black))
        band = canvas.pixmap
        #expect(band[50, 9] == .transparent && band[50, 10].alpha == 255 && band[0, 59].alpha == 255)
        #expect(band[99, 35].alpha == 255 && band[50, 60] == .transparent)
        // Wholly off the canvas: nothing drawn.
        for rect in [Rect(x: 1e300, y: 10, width: 1e300, height: 5), Rect(x: -1e300, y: -1e300, width: 50, height: 50)] {
            var off = Canvas(empty)
            off.fillRoundedRect(rect, cornerRadii: CornerRadii(all: 4), paint: .color(.black))
            #expect(differing(off.pixmap, empty) == 0, "\(rect)")
        }
        // A tiny rect scaled by 1e24 (nested scene groups can multiply this far): its device box runs from
        // −1e24 to 1e24 px across rows 10 ..< 110, with corners of 10 px far outside. The rows it crosses are
        // covered, exactly as the plain band above.
        var scaled = Canvas(empty)
        scaled.transform = AffineTransform(scale: 1e24)
        scaled.fillRoundedRect(Rect(x: -1, y: 1e-23, width: 2, height: 1e-22), cornerRadii: CornerRadii(all: 1e-23),
                               paint: .color(.black))
        var expected = Canvas(empty)
        expected.fillRect(Rect(x: 0, y: 10, width: 100, height: 70), paint: .color(.black))
        #expect(differing(scaled.pixmap, expected.pixmap) == 0)
        // Corners so large (radius 1e153, 1e154, and past where its square overflows) that the arc through
        // the canvas is a straight edge to Double precision: the left column inside it, rows below the
        // corner square covered, and no trap or undefined conversion on the way.
        for radius in [1e153, 1e154, 1e160] {
            var giant = Canvas(empty)
            giant.fillRoundedRect(Rect(x: 30, y: 40 - radius, width: 2 * radius, height: 4 * radius),
                                  cornerRadii: CornerRadii(all: radius), paint: .color(.black))
            let image = giant.pixmap
            #expect(image[29, 60] == .transparent && image[30, 60].alpha == 255 && image[99, 79].alpha == 255,
                    "radius \(radius)")
        }
    }

    @Test func textFarOffThePixmapDrawsNothing() throws {
        let renderer = TextRenderer(font: try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), size: 12)
        let empty = try Pixmap(width: 60, height: 30)
        for point in [Point(1e300, 10), Point(-1e300, -1e300), Point(5, 1e19)] {
            var pixmap = empty
            try renderer.draw("Far", at: point, into: &pixmap)
            #expect(differing(pixmap, empty) == 0, "\(point)")
        }
    }

    /// How many bytes differ (a count, so a failure does not print whole images).
    private func differing(_ a: Pixmap, _ b: Pixmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        return zip(a.bytes, b.bytes).reduce(0) { $0 + ($1.0 != $1.1 ? 1 : 0) }
    }
}
