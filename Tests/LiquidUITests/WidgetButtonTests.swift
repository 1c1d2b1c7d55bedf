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

/// The widget button's specified numbers, read back from its layers after layout.
@MainActor
struct WidgetButtonGeometryTests {
    @Test func theLayersCarryTheSpecifiedRadiiStrokesShadowsAndSizes() throws {
        let button = WidgetButton()
        let loop = try UIRunLoop(root: button, size: WidgetButton.defaultSize)
        loop.step(to: 0)
        let parts = button.layer.sublayers
        try #require(parts.count == 6)
        let shadow = parts[0], body = parts[1], inner = parts[2], icon = parts[3], titleShadow = parts[4], title = parts[5]
        #expect(body.frame == Rect(x: 0, y: 0, width: 180, height: 56))
        // A stroke shadow 4 pt down, blur radius 4 taken as 2σ.
        #expect(shadow.frame == body.frame.offsetBy(dx: 0, dy: 4))
        if case .blur(let sigma)? = shadow.filters.first { #expect(sigma == 2) } else { Issue.record("no shadow blur") }
        // The body: radius 13, filled and stroked 2 pt with the same top-to-bottom gradient.
        guard case .shape(let outline, let fill?, let stroke?, _) = body.content else { Issue.record("body"); return }
        #expect(outline == Path(roundedRect: body.frame, cornerRadii: CornerRadii(all: 13)))
        #expect(stroke.style.width == 2)
        guard case .linearGradient(let ramp) = fill, case .linearGradient(let strokeRamp) = stroke.paint else {
            Issue.record("the fill and stroke are gradients"); return
        }
        #expect(ramp.start == Point(0, 0) && ramp.end == Point(0, 56))
        #expect(strokeRamp.gradient.stops.map(\.color) == ramp.gradient.stops.map(\.color))
        // The inner border: 1 pt, white fading 0.22 → 0 from top to bottom.
        guard case .shape(_, nil, let border?, _) = inner.content, case .linearGradient(let fade) = border.paint else {
            Issue.record("inner border"); return
        }
        #expect(border.style.width == 1)
        #expect(fade.gradient.stops.map(\.color.alpha) == [0.22, 0] && fade.end.y > fade.start.y)
        #expect(fade.gradient.stops.allSatisfy { $0.color.red == 1 && $0.color.green == 1 && $0.color.blue == 1 })
        // A 20 × 20 icon, centred down the button, and a 14 pt title whose shadow is black at 0.45, 1 pt
        // down, blur radius 12 (σ 6).
        #expect(icon.frame.size == Size(width: 20, height: 20) && icon.frame.midY == 28)
        #expect(titleShadow.frame == title.frame.offsetBy(dx: 0, dy: 1))
        if case .blur(let sigma)? = titleShadow.filters.first { #expect(sigma == 6) } else { Issue.record("no title blur") }
        if case .text(let text, let style) = titleShadow.content, case .text(_, let titleStyle) = title.content {
            #expect(text == "Widgets" && style.size == 14 && titleStyle.size == 14)
            #expect(style.color == RGBA(red: 0, green: 0, blue: 0, alpha: 0.45))
            #expect(title.frame.minX > icon.frame.maxX)
        }
    }
}
