import LiquidGeometry
import LiquidRaster
import Observation
import Testing

@testable import LiquidUI

@Observable
private final class SwatchModel {
    var isRed = true
    var caption = "swatch"
}

/// Fills its bounds with red or blue, as its model says.
private final class SwatchView: View {
    let model: SwatchModel
    var draws = 0

    init(model: SwatchModel, frame: Rect) {
        self.model = model
        super.init(frame: frame)
    }

    override var drawsContent: Bool { true }

    override func draw(in canvas: inout Canvas, rect: Rect) {
        draws += 1
        let color = model.isRed ? RGBA(red: 1, green: 0, blue: 0) : RGBA(red: 0, green: 0, blue: 1)
        canvas.fillRect(bounds, paint: .color(color))
    }
}

@MainActor
@Suite("Run loop with the compositor")
struct CompositorIntegrationTests {
    /// A 20 × 20 swatch at (10, 10) in a 40 × 40 scene at 1×, on a run loop with a compositor.
    private func swatchScene() throws -> (SwatchModel, SwatchView, UIRunLoop) {
        let model = SwatchModel()
        let root = View()
        let swatch = SwatchView(model: model, frame: Rect(x: 10, y: 10, width: 20, height: 20))
        root.addSubview(swatch)
        let loop = try UIRunLoop(root: root, size: Size(width: 40, height: 40), scale: 1)
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        return (model, swatch, loop)
    }

    @Test func aModelChangeReadByDrawRedrawsOnlyThatView() throws {
        let (model, swatch, loop) = try swatchScene()

        let first = loop.step(to: 0)
        #expect(swatch.draws == 1)
        #expect(first.damage != nil)
        #expect(loop.image?[15, 15].red == 255)
        #expect(loop.image?[5, 5].alpha == 0)

        let idle = loop.step(to: 1.0 / 60)
        #expect(idle.isIdle)
        #expect(swatch.draws == 1)

        model.caption = "not drawn"
        #expect(loop.step(to: 2.0 / 60).isIdle)

        model.isRed = false
        #expect(swatch.needsDisplay && !swatch.needsLayout && !swatch.needsUpdateProperties)
        let changed = loop.step(to: 3.0 / 60)
        #expect(changed.displaysRun == 1)
        #expect(swatch.draws == 2)
        #expect(loop.image?[15, 15].blue == 255)
        let damage = try #require(changed.damage)
        #expect(damage.x <= 10 && damage.y <= 10 && damage.maxX >= 30 && damage.maxY >= 30)
        #expect(loop.renderError == nil)
    }

    /// A frame whose render fails leaves no image (nil, not a partly drawn one) and says why; the next
    /// frame that renders brings the image back, whole.
    @Test func aFailedRenderLeavesNoImageAndTheNextOneRecovers() throws {
        let (model, swatch, loop) = try swatchScene()
        _ = loop.step(to: 0)
        #expect(loop.image?[15, 15].red == 255)

        swatch.layer.filters = [.blur(sigma: -1)]
        _ = loop.step(to: 1.0 / 60)
        #expect(loop.renderError != nil)
        #expect(loop.image == nil)

        swatch.layer.filters = []
        model.isRed = false
        _ = loop.step(to: 2.0 / 60)
        #expect(loop.renderError == nil)
        #expect(loop.image?[15, 15].blue == 255)
        #expect(loop.image?[5, 5].alpha == 0)
    }
}
