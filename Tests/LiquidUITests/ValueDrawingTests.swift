import LiquidGeometry
import LiquidRaster
import Synchronization
import Testing
@testable import LiquidUI

/// ``ValueDrawing``: drawn once into an image of the layer's pixels where the layer sits on whole pixels,
/// drawn by each tile elsewhere; a new value is drawn anew.
@Suite("Value drawings")
@MainActor
struct ValueDrawingTests {
    struct Look: Equatable, Sendable {
        var colour: RGBA
    }

    /// How many times a drawing's body ran.
    final class Calls: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// A capsule with a hairline (what a tab bar's background draws), counting the calls of its body.
    private static func drawing(_ calls: Calls, colour: RGBA) -> ValueDrawing<Look> {
        ValueDrawing(Look(colour: colour)) { look, canvas, bounds in
            calls.add()
            paint(look, on: &canvas, bounds: bounds)
        }
    }

    nonisolated private static func paint(_ look: Look, on canvas: inout Canvas, bounds: Rect) {
        let bar = bounds.insetBy(dx: 4, dy: 4)
        canvas.fillRoundedRect(bar, cornerRadii: CornerRadii(all: bar.height / 2), paint: .color(look.colour))
        canvas.stroke(Path(roundedRect: bar.insetBy(dx: 0.25, dy: 0.25), cornerRadii: CornerRadii(all: bar.height / 2 - 0.25)),
                      style: StrokeStyle(width: 0.5), paint: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.3)))
    }

    private static let size = Size(width: 120, height: 40)

    private func render(_ layer: Layer, scale: Double) throws -> Pixmap {
        let root = Layer(frame: Rect(origin: .zero, size: Size(width: 140, height: 60)))
        root.addSublayer(layer)
        return try Compositor(size: root.bounds.size, scale: scale, tileSize: 16).render(root)
    }

    @Test("on whole pixels the body runs once per value, whatever the tile count, and the tiles show that image")
    func alignedDrawsOnce() throws {
        let calls = Calls()
        let drawing = Self.drawing(calls, colour: RGBA(red: 0.2, green: 0.5, blue: 0.9))
        let layer = Layer(frame: Rect(origin: Point(10, 10), size: Self.size))
        layer.content = .drawing(drawing)
        let frame = try render(layer, scale: 3)
        #expect(calls.value == 1, "one drawing of the value for \(frame.width / 16 * frame.height / 16) tiles")

        // The layer's pixels equal the value drawn straight onto transparency (composited over transparency,
        // the image is copied unchanged).
        var direct = Canvas(try Pixmap(size: Self.size, scale: 3))
        Self.paint(drawing.value, on: &direct, bounds: Rect(origin: .zero, size: Self.size))
        let part = try frame.cropped(to: PixelRect(x: 30, y: 30, width: direct.pixmap.width, height: direct.pixmap.height))
        let same = part.bytes == direct.pixmap.bytes
        #expect(same, "the layer's pixels are the value drawn over transparency")

        // A new value is drawn anew, once.
        drawing.value = Look(colour: RGBA(red: 0.9, green: 0.1, blue: 0.1))
        layer.setNeedsDrawingUpdate()
        let second = try render(layer, scale: 3)
        #expect(calls.value == 2)
        let centre = second[30 + 180, 30 + 60]
        #expect(centre.red > 200 && centre.blue < 40, "the new colour shows: \(centre)")
    }

    @Test("off whole pixels each tile draws the value, and the pixels match the image path within a level")
    func unalignedDrawsPerTile() throws {
        let calls = Calls()
        let colour = RGBA(red: 0.2, green: 0.5, blue: 0.9)
        let drawing = Self.drawing(calls, colour: colour)
        let shifted = Layer(frame: Rect(origin: Point(10.5, 10), size: Self.size))
        shifted.content = .drawing(drawing)
        let frame = try render(shifted, scale: 1)
        #expect(calls.value > 1, "drawn by each tile it meets")
        // The same value on whole pixels one pixel over: the interior is the same colour.
        let aligned = Layer(frame: Rect(origin: Point(10, 10), size: Self.size))
        aligned.content = .drawing(Self.drawing(Calls(), colour: colour))
        let reference = try render(aligned, scale: 1)
        #expect(frame[70, 30] == reference[70, 30])
    }
}
