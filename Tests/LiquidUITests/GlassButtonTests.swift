import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing
@testable import LiquidUI

/// GlassButton: scripted interactions (tap, drag out / back in, cancel), the press spring, the four
/// styles, vibrancy and determinism, through ComponentSimulator like `liquid simulate button`.
@MainActor
@Suite("GlassButton")
struct GlassButtonTests {
    /// A simulator around a fresh sample button (rendering only when asked).
    func simulator(renders: Bool = false, scale: Double = 1) throws -> (ComponentSimulator, GlassButton) {
        let button = GlassButton.simulationSample()
        var fired = 0
        button.primaryAction = { fired += 1 }
        let simulator = try ComponentSimulator(component: button, framesPerSecond: 60, scale: scale, rendersFrames: renders)
        return (simulator, button)
    }

    static let centre = Point(84, 26)

    func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) -> Touch {
        Touch(id: 1, phase: phase, location: Point(x, y), timestamp: t)
    }

    @Test func tapFiresOnceWithALightImpact() throws {
        let (simulator, button) = try simulator()
        var touchUps = 0
        button.addAction(for: .touchUpInside) { _ in touchUps += 1 }
        let frames = simulator.run(touches: [touch(.began, 84, 26, 0.1), touch(.ended, 84, 26, 0.16)], duration: 1.2)
        #expect(button.tapCount == 1)
        #expect(touchUps == 1)
        #expect(simulator.runLoop.haptics.events == [.impactLight])
        #expect(frames.last?.state["tapCount"] == .number(1))
        // A quick tap still shows the swell (the press lasts at least 0.12 s).
        let peak = frames.compactMap { $0.state["scale"]?.number }.max() ?? 0
        #expect(peak > 1.04)
        #expect(frames.last?.state["scale"] == .number(1))
        #expect(frames.last?.state["pressed"] == .bool(false))
    }

    @Test func pressedScaleGrowsWhileHeldAndReturns() throws {
        let (simulator, button) = try simulator()
        var held: [Double] = []
        _ = simulator.run(touches: [touch(.began, 84, 26, 0.1)], duration: 0.6) { frame, _ in
            if frame.t > 0.35 { held.append(frame.state["scale"]?.number ?? 0) }
        }
        #expect(button.isHighlighted)
        #expect(simulator.component.simulationState["pressed"] == .bool(true))
        #expect(simulator.component.simulationState["highlighted"] == .bool(true))
        #expect(held.allSatisfy { $0 > 1.06 && $0 < 1.1 }, "\(held)")
        _ = simulator.run(touches: [touch(.ended, 84, 26, 0.65)], duration: 1.2)
        #expect(button.glassView.pressScale == 1)
        #expect(!button.glassView.isAnimating)
        #expect(button.tapCount == 1)
    }

    @Test func dragOutAndReleaseDoesNotFire() throws {
        let (simulator, button) = try simulator()
        var touches = [touch(.began, 84, 26, 0.1)]
        for i in 1...20 { touches.append(touch(.moved, 84 + Double(i) * 16, 26, 0.1 + Double(i) / 60)) }
        touches.append(touch(.ended, 404, 26, 0.5))
        var highlightedLate = false
        let frames = simulator.run(touches: touches, duration: 1.5) { frame, _ in
            if frame.t > 0.45 && frame.t < 0.5 { highlightedLate = frame.state["highlighted"] == .bool(true) }
        }
        #expect(!highlightedLate)
        #expect(button.tapCount == 0)
        #expect(simulator.runLoop.haptics.events.isEmpty)
        #expect(frames.last?.state["scale"] == .number(1))
    }

    @Test func dragBackInReArms() throws {
        let (simulator, button) = try simulator()
        var touches = [touch(.began, 84, 26, 0.1)]
        for i in 1...20 { touches.append(touch(.moved, 84 + Double(i) * 16, 26, 0.1 + Double(i) / 60)) }
        for i in 1...20 { touches.append(touch(.moved, 404 - Double(i) * 16, 26, 0.45 + Double(i) / 60)) }
        touches.append(touch(.ended, 84, 26, 1.0))
        var scaleOutside = 0.0, scaleBackIn = 0.0
        _ = simulator.run(touches: touches, duration: 1.8) { frame, _ in
            let scale = frame.state["scale"]?.number ?? 0
            if abs(frame.t - 0.45) < 0.01 { scaleOutside = scale }
            if abs(frame.t - 0.98) < 0.01 { scaleBackIn = scale }
        }
        #expect(scaleOutside < 1.04, "outside the glass relaxes: \(scaleOutside)")
        #expect(scaleBackIn > 1.04, "back inside it swells again: \(scaleBackIn)")
        #expect(button.tapCount == 1)
    }

    @Test func cancelledTouchDoesNotFire() throws {
        let (simulator, button) = try simulator()
        var cancels = 0
        button.addAction(for: .cancel) { _ in cancels += 1 }
        let frames = simulator.run(touches: [touch(.began, 84, 26, 0.1), touch(.cancelled, 84, 26, 0.3)], duration: 1.5)
        #expect(button.tapCount == 0)
        #expect(cancels == 1)
        #expect(simulator.runLoop.haptics.events.isEmpty)
        #expect(frames.last?.state["scale"] == .number(1))
        #expect(frames.last?.state["pressed"] == .bool(false))
    }

    @Test func primaryActionRuns() throws {
        let button = GlassButton(title: "Go")
        var fired = 0
        button.primaryAction = { fired += 1 }
        let simulator = try ComponentSimulator(component: button, rendersFrames: false)
        _ = simulator.run(touches: TouchScript.tap(id: 1, at: Point(80, 26), time: 0.1) + TouchScript.tap(id: 1, at: Point(80, 26), time: 0.5),
                          duration: 1)
        #expect(fired == 2)
        #expect(button.tapCount == 2)
    }

    @Test func disabledButtonIgnoresTouches() throws {
        let (simulator, button) = try simulator()
        button.isEnabled = false
        _ = simulator.run(touches: [touch(.began, 84, 26, 0.1), touch(.ended, 84, 26, 0.2)], duration: 0.5)
        #expect(button.tapCount == 0)
        #expect(button.glassView.pressScale == 1)
    }

    @Test func stylesMapToMaterials() {
        let accent = RGBA(red: 0.2, green: 0.7, blue: 0.3)
        #expect(GlassButtonStyle.glass.material(accent: accent) == GlassMaterial(style: .regular))
        #expect(GlassButtonStyle.clearGlass.material(accent: accent) == GlassMaterial(style: .clear))
        #expect(GlassButtonStyle.prominentGlass.material(accent: accent)
                == GlassMaterial(style: .regular, tint: accent, prominent: true))
        #expect(GlassButtonStyle.prominentClearGlass.material(accent: accent)
                == GlassMaterial(style: .clear, tint: accent, prominent: true))
        let button = GlassButton(title: "A", style: .prominentClearGlass, accentColor: accent)
        #expect(button.glassView.material == GlassMaterial(style: .clear, tint: accent, prominent: true))
        button.style = .glass
        #expect(button.glassView.material == GlassMaterial(style: .regular))
    }

    @Test func contentTakesTheVibrantColour() throws {
        let (simulator, button) = try simulator(renders: true, scale: 1)
        _ = simulator.run(touches: [], duration: 0.1)
        let measured = try #require(button.glassView.backdropProbe.averageColor)
        let expected = GlassVibrancy.primary.color(onBackdrop: measured, style: .regular)
        guard case .text(_, let style) = try #require(button.glassView.contentView.layer.sublayers.last).content else {
            Issue.record("the title layer holds text"); return
        }
        #expect(style.color == expected)
        // Prominent: the accent stains the face, and the content turns white.
        button.style = .prominentGlass
        _ = simulator.run(touches: [], duration: 0.1)
        guard case .text(_, let prominent) = try #require(button.glassView.contentView.layer.sublayers.last).content else {
            Issue.record("the title layer holds text"); return
        }
        #expect(prominent.color == .white)
        #expect(button.contentColor == .white)
    }

    @Test func simulationIsDeterministic() throws {
        var touches = [touch(.began, 60, 20, 0.1)]
        for i in 1...12 { touches.append(touch(.moved, 60 + Double(i) * 3, 20 + Double(i), 0.1 + Double(i) / 60)) }
        touches.append(touch(.ended, 96, 32, 0.4))
        func play() throws -> ([ComponentSimulator.Frame], [UInt8]) {
            let (simulator, _) = try simulator(renders: true, scale: 2)
            var last: Pixmap?
            let frames = simulator.run(touches: touches, duration: 0.8) { _, image in last = image }
            return (frames, try #require(last).bytes)
        }
        let (framesA, pixelsA) = try play()
        let (framesB, pixelsB) = try play()
        #expect(framesA.map(\.state) == framesB.map(\.state))
        #expect(framesA.map(\.haptics) == framesB.map(\.haptics))
        #expect(pixelsA == pixelsB)
    }

    @Test func idleButtonFrameDoesNoWork() throws {
        let (simulator, _) = try simulator(renders: true, scale: 3)
        _ = simulator.run(touches: [], duration: 0.2)
        let info = simulator.runLoop.step(to: 0.3)
        #expect(info.isIdle)
    }
}
