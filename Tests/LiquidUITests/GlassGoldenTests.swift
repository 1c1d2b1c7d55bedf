import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing
@testable import LiquidUI

/// Golden frames of glass views at 3×, over the busy simulation backdrop. Record with
/// `LIQUID_RECORD_GOLDENS=1` (see TestSupport's `GoldenImages`).
@MainActor
@Suite("Glass goldens")
struct GlassGoldenTests {
    /// The simulation backdrop drawing beneath the scenes (kept alive: its layer draws through it).
    let backdrop = GlassSimulationBackdrop()

    /// A root of `size` points with the simulation backdrop beneath `views`, in a run loop at 3×.
    func scene(_ size: Size, _ views: [View]) throws -> UIRunLoop {
        let root = View()
        backdrop.layer.frame = Rect(origin: .zero, size: size)
        root.layer.addSublayer(backdrop.layer)
        for view in views { root.addSubview(view) }
        let loop = try UIRunLoop(root: root, size: size, scale: 3, framesPerSecond: 60)
        loop.compositor = try Compositor(size: size, scale: 3)
        return loop
    }

    @Test func fourButtonStyles() throws {
        let styles: [(GlassButtonStyle, String, Path?)] = [
            (.glass, "Glass", GlassSymbol.sparkle), (.clearGlass, "Clear", nil),
            (.prominentGlass, "Done", GlassSymbol.plus), (.prominentClearGlass, "Play", GlassSymbol.play),
        ]
        var buttons: [GlassButton] = []
        for (index, (style, title, symbol)) in styles.enumerated() {
            let origin = Point(16 + Double(index % 2) * 124, 16 + Double(index / 2) * 56)
            let button = GlassButton(frame: Rect(origin: origin, size: Size(width: 108, height: 40)), title: title,
                                     symbol: symbol, style: style)
            button.metrics.titleSize = 15
            button.metrics.symbolSize = 17
            buttons.append(button)
        }
        let loop = try scene(Size(width: 264, height: 128), buttons)
        for k in 0...3 { loop.step(to: Double(k) / 60) }
        goldens.assertMatches(try #require(loop.image), named: "glass-button-styles-3x")
    }

    @Test func pressedButtonWithGlow() throws {
        let button = GlassButton.simulationSample()
        let simulator = try ComponentSimulator(component: button, framesPerSecond: 60, scale: 3)
        var image: Pixmap?
        _ = simulator.run(touches: [Touch(id: 1, phase: .began, location: Point(120, 20), timestamp: 0.05)],
                          duration: 0.4) { _, frame in image = frame }
        #expect(button.glassView.pressScale > 1.06)
        goldens.assertMatches(try #require(image), named: "glass-button-pressed-3x")
    }

    @Test func containerMergesNeighbours() throws {
        let container = GlassContainerView(frame: Rect(x: 0, y: 0, width: 256, height: 96), spacing: 20)
        let frames = [Rect(x: 16, y: 26, width: 64, height: 44), Rect(x: 88, y: 26, width: 64, height: 44),
                      Rect(x: 188, y: 20, width: 56, height: 56)]
        for frame in frames {
            let glass = GlassEffectView(frame: frame)
            let dot = Layer(frame: Rect(x: frame.width / 2 - 5, y: frame.height / 2 - 5, width: 10, height: 10))
            dot.cornerRadii = CornerRadii(all: 5)
            glass.contentView.layer.addSublayer(dot)
            container.addSubview(glass)
            dot.backgroundColor = glass.vibrantColor(.primary)
        }
        let loop = try scene(Size(width: 256, height: 96), [container])
        for k in 0...2 { loop.step(to: Double(k) / 60) }
        goldens.assertMatches(try #require(loop.image), named: "glass-container-merge-3x")
    }
}

/// Numeric checks beside the UI glass goldens.
@MainActor
@Suite("Glass in the UI: numeric checks")
struct GlassUINumericTests {
    /// Identity glass (on a button or an effect view) leaves the frame it covers byte for byte as without it.
    @Test func identityGlassLeavesTheBackdropUntouched() throws {
        func frame(withGlass: Bool) throws -> Pixmap {
            let backdrop = GlassSimulationBackdrop()
            let size = Size(width: 160, height: 80)
            let root = View()
            backdrop.layer.frame = Rect(origin: .zero, size: size)
            root.layer.addSublayer(backdrop.layer)
            if withGlass {
                root.addSubview(GlassEffectView(frame: Rect(x: 20, y: 16, width: 120, height: 48), style: .identity))
            }
            let loop = try UIRunLoop(root: root, size: size, scale: 2, framesPerSecond: 60)
            loop.compositor = try Compositor(size: size, scale: 2)
            for k in 0...2 { loop.step(to: Double(k) / 60) }
            return try #require(loop.image)
        }
        let with = try frame(withGlass: true), without = try frame(withGlass: false)
        #expect(with.bytes == without.bytes)
    }
}
