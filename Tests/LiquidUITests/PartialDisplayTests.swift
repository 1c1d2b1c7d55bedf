import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

@Suite("Partial redraw (setNeedsDisplay(in:))")
@MainActor
struct PartialDisplayTests {
    /// A 256×256 pt custom-drawn layer whose drawing reads `colour` for the square `spot`.
    @MainActor final class Spot {
        var colour = RGBA(red: 1, green: 0, blue: 0)
        let spot = Rect(x: 100, y: 100, width: 6, height: 6)
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 256, height: 256))
        var draws = 0

        init() {
            layer.backgroundColor = .white
            layer.content = .custom { [unowned self] canvas, _ in
                draws += 1
                canvas.fill(Path(rect: Rect(x: 10, y: 10, width: 200, height: 30)), paint: .color(.black))
                canvas.fill(Path(rect: spot), paint: .color(colour))
            }
        }
    }

    /// The tiles (of `size` pixels) that `rect` touches, their pixels counted.
    private func tilePixels(covering rect: PixelRect, tile: Int) -> Int {
        let columns = (rect.x / tile)...((rect.maxX - 1) / tile), rows = (rect.y / tile)...((rect.maxY - 1) / tile)
        return columns.count * rows.count * tile * tile
    }

    @Test("a frame after invalidating a small rect re-renders only the tiles under it, and equals a full render",
          arguments: [1.0, 2.0])
    func smallRect(scale: Double) throws {
        let scene = Spot()
        let compositor = try Compositor(size: Size(width: 256, height: 256), scale: scale, tileSize: 16)
        _ = try compositor.renderFrame(scene.layer)
        let full = compositor.statistics.pixels
        #expect(full == Int(256 * scale) * Int(256 * scale))

        scene.colour = RGBA(red: 0, green: 0, blue: 1)
        scene.layer.setNeedsDisplay(in: scene.spot)
        let frame = try compositor.renderFrame(scene.layer)
        let device = PixelRect(x: Int(100 * scale), y: Int(100 * scale), width: Int(6 * scale), height: Int(6 * scale))
        #expect(frame.damage == device)
        #expect(compositor.statistics.pixels == tilePixels(covering: device, tile: 16))
        #expect(compositor.statistics.pixels * 100 < full, "far less than the layer")

        // The same pixels as a compositor drawing everything anew.
        let fresh = try Compositor(size: Size(width: 256, height: 256), scale: scale, tileSize: 16)
        #expect(try fresh.render(scene.layer).bytes == frame.image.bytes)
        // And the spot is blue now.
        let centre = frame.image[Int(103 * scale), Int(103 * scale)]
        #expect(centre.blue == 255 && centre.red == 0)
    }

    @Test("rects outside the layer, empty rects and idle frames add nothing; a non-finite rect redraws the layer")
    func edges() throws {
        let scene = Spot()
        let compositor = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        _ = try compositor.renderFrame(scene.layer)
        scene.layer.setNeedsDisplay(in: Rect(x: 10, y: 10, width: 0, height: 5))
        #expect(try compositor.renderFrame(scene.layer).damage == nil)
        scene.layer.setNeedsDisplay(in: Rect(x: 1000, y: 1000, width: 5, height: 5))
        #expect(try compositor.renderFrame(scene.layer).damage == nil)
        scene.layer.setNeedsDisplay(in: Rect(x: .nan, y: 0, width: 5, height: 5))
        #expect(try compositor.renderFrame(scene.layer).damage == PixelRect(x: 0, y: 0, width: 256, height: 256))
    }

    @Test("a second compositor that did not see the rects redraws the whole layer")
    func secondCompositor() throws {
        let scene = Spot()
        let first = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        let second = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        _ = try first.renderFrame(scene.layer)
        _ = try second.renderFrame(scene.layer)
        scene.colour = RGBA(red: 0, green: 1, blue: 0)
        scene.layer.setNeedsDisplay(in: scene.spot)
        _ = try first.renderFrame(scene.layer)
        let late = try second.renderFrame(scene.layer)
        #expect(late.damage == PixelRect(x: 0, y: 0, width: 256, height: 256))
        #expect(late.image.bytes == first.image.bytes)
    }

    @Test("many rects merge into their bounding box, which is still redrawn")
    func manyRects() throws {
        let scene = Spot()
        let compositor = try Compositor(size: Size(width: 256, height: 256), scale: 1, tileSize: 16)
        _ = try compositor.renderFrame(scene.layer)
        for i in 0..<40 { scene.layer.setNeedsDisplay(in: Rect(x: Double(i * 5), y: 0, width: 2, height: 2)) }
        let frame = try compositor.renderFrame(scene.layer)
        let damage = try #require(frame.damage)
        #expect(damage.x == 0 && damage.maxX >= 197 && damage.height <= 16)
    }

    @Test("a view's setNeedsDisplay(in:) reaches its layer without a display pass")
    func viewForwards() throws {
        final class Board: View {
            var draws = 0
            override var drawsContent: Bool { true }
            override func draw(in canvas: inout Canvas, rect: Rect) { draws += 1 }
        }
        let board = Board(frame: Rect(x: 0, y: 0, width: 128, height: 128))
        let loop = try UIRunLoop(root: board, size: Size(width: 128, height: 128), scale: 1)
        loop.compositor = try Compositor(size: loop.size, scale: 1, tileSize: 16)
        loop.step(to: 0)
        board.setNeedsDisplay(in: Rect(x: 40, y: 40, width: 4, height: 4))
        let info = loop.step(to: 1.0 / 60)
        #expect(info.displaysRun == 0)
        #expect(info.damage == PixelRect(x: 40, y: 40, width: 4, height: 4))
        #expect(loop.compositor?.statistics.pixels == 16 * 16)
    }
}
