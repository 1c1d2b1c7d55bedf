import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// Views and drawings handed finite but absurd geometry (a 1e20-point canvas, a 1e300 translation, a probe
/// rect larger than Int's range in pixels) behave sensibly instead of trapping in a Double-to-Int conversion.
@MainActor
@Suite("Views far off the screen")
struct FarCoordinateTests {
    @Test func aDrawingCanvasTranslatedFarAwayDrawsNothing() throws {
        let view = DrawingCanvas()
        view.touchBegan(Touch(id: 0, phase: .began, location: Point(50, 50), timestamp: 0))
        view.touchMoved(Touch(id: 0, phase: .moved, location: Point(120, 80), timestamp: 0.02))
        view.touchEnded(Touch(id: 0, phase: .ended, location: Point(120, 80), timestamp: 0.04))
        let empty = try Pixmap(width: 320, height: 240)
        for shift in [1e300, -1e300, 1e19] {
            var canvas = Canvas(empty)
            canvas.transform = AffineTransform(translationX: shift, y: 0)
            view.draw(in: &canvas, rect: view.bounds)
            #expect(canvas.pixmap.bytes.allSatisfy { $0 == 0 }, "translated by \(shift)")
        }
        // Untranslated, the stroke is there (the test above is not vacuous).
        var canvas = Canvas(empty)
        view.draw(in: &canvas, rect: view.bounds)
        #expect(canvas.pixmap.bytes.contains { $0 != 0 })
    }

    @Test func aHugeDrawingCanvasKeepsItsStrokesBoxedWithoutTrapping() throws {
        let view = DrawingCanvas(frame: Rect(x: 0, y: 0, width: 1e20, height: 240))
        view.touchBegan(Touch(id: 0, phase: .began, location: Point(5e19, 10), timestamp: 0))
        view.touchMoved(Touch(id: 0, phase: .moved, location: Point(5e19 + 1e6, 40), timestamp: 0.02))
        var canvas = Canvas(try Pixmap(width: 64, height: 64))
        view.draw(in: &canvas, rect: view.bounds)
        #expect(canvas.pixmap.bytes.allSatisfy { $0 == 0 }, "the stroke lies far to the right")
    }

    @Test func theBackdropAverageOfAProbeRectBeyondIntsRange() throws {
        let backdrop = try Pixmap(width: 40, height: 30, scale: 3, fill: PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255))
        let average = try #require(GlassBackdrop.averageColor(of: backdrop, in: Rect(x: -1e300, y: -1e20, width: 2e300, height: 1e300)))
        #expect(abs(average.red - 1) < 1e-9 && average.green == 0 && average.alpha == 1)
        #expect(GlassBackdrop.averageColor(of: backdrop, in: Rect(x: 1e300, y: 0, width: 1e300, height: 10)) == nil)
    }
}
