import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct WidgetButtonTests {
    @Test func tapsCountAndThePressDims() throws {
        let button = WidgetButton()
        let loop = try UIRunLoop(root: button, size: WidgetButton.defaultSize)
        var opacityWhileDown = 0.0
        let script = [
            Touch(phase: .began, location: Point(90, 28), timestamp: 0.1), Touch(phase: .ended, location: Point(90, 28), timestamp: 0.2),
            Touch(phase: .began, location: Point(90, 28), timestamp: 0.4),
            Touch(phase: .moved, location: Point(400, 28), timestamp: 0.5), Touch(phase: .ended, location: Point(400, 28), timestamp: 0.6),
        ]
        loop.run(events: script, duration: 1) { frame in
            if abs(frame.time - 0.15) < 0.01 { opacityWhileDown = button.layer.opacity }
        }
        #expect(opacityWhileDown == 0.85)
        #expect(button.tapCount == 1, "the drag that left the button is not a tap")
        #expect(button.layer.opacity == 1)
    }

    @Test func gradientRunsTopToBottomAndTheStrokeCastsAShadowBelow() throws {
        let root = View()
        let button = WidgetButton()
        root.addSubview(button)
        button.frame = Rect(x: 20, y: 20, width: 180, height: 56)
        let loop = try UIRunLoop(root: root, size: Size(width: 220, height: 100))
        loop.compositor = try Compositor(size: loop.size, scale: 1)
        loop.step(to: 0)
        let image = try #require(loop.image)
        // Fill colours near the top and bottom (left of the icon) follow the gradient's ends.
        let top = image[30, 24], bottom = image[30, 71]
        #expect(top.blue > bottom.blue && top.red > bottom.red)
        // Pixel row 24 has its centre 4.5 pt below the top: 4.5/56 of the way down the ramp.
        let expectedRed: Double = (0.38 + (0.16 - 0.38) * 4.5 / 56) * 255
        let redError: Double = abs(Double(top.red) - expectedRed)
        #expect(redError < 3)
        // The stroke's shadow, 4 pt down, darkens below the bottom edge and not above the top edge.
        #expect(image[110, 79].alpha > 20)
        #expect(image[110, 16].alpha < image[110, 79].alpha / 3)
    }
}
