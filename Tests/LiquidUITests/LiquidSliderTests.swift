import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// A slider in a headless simulator (no compositor, so nothing renders) with its events counted.
@MainActor
private final class SliderHarness {
    let slider: LiquidSlider
    let simulator: ComponentSimulator
    var events: [ControlEvent] = []
    var valuesAtChange: [Double] = []

    init(_ slider: LiquidSlider = LiquidSlider()) throws {
        self.slider = slider
        simulator = try ComponentSimulator(component: slider, rendersFrames: false)
        slider.addAction(for: .allEvents) { [unowned self] event in
            self.events.append(event)
            if event == .valueChanged { self.valuesAtChange.append(self.slider.value) }
        }
    }

    var valueChangedCount: Int { events.filter { $0 == .valueChanged }.count }
    var haptics: [HapticEvent] { simulator.runLoop.haptics.events }

    @discardableResult
    func run(_ touches: [Touch], duration: Double) -> [ComponentSimulator.Frame] {
        simulator.run(touches: touches, duration: duration)
    }
}

private let centerY = 22.0

/// The value a thumb centred at `x` stands for on a default (300 pt, 38 pt thumb) slider over 0…1.
private func fraction(atX x: Double) -> Double { min(max((x - 19) / 262, 0), 1) }

@MainActor
@Suite("LiquidSlider")
struct LiquidSliderTests {
    @Test func defaultsAndState() throws {
        let slider = LiquidSlider()
        #expect(slider.simulationSize == Size(width: 300, height: 44))
        #expect(slider.value == 0.5)
        #expect(slider.thumbX == 150)
        #expect(slider.thumbScale == 1)
        let state = slider.simulationState
        for key in ["value", "thumbX", "thumbScale", "pressed"] { #expect(state[key] != nil, "missing \(key)") }
        #expect(!slider.tapToJump)
    }

    @Test func dragSetsTheValueProportionally() throws {
        let h = try SliderHarness()
        let frames = h.run(TouchScript.drag(from: Point(150, centerY), to: Point(240, centerY), start: 0.1, duration: 0.5),
                           duration: 1.5)
        #expect(abs(h.slider.value - fraction(atX: 240)) < 1e-9)
        #expect(h.valueChangedCount > 10)
        #expect(h.haptics.isEmpty, "a continuous slider plays no haptics")
        // The value grows with the finger, never backwards.
        #expect(h.valuesAtChange == h.valuesAtChange.sorted())
        // The thumb settles exactly on the value's position.
        #expect(h.slider.thumbX == h.slider.thumbX(for: h.slider.value))
        #expect(frames.last?.state["thumbX"]?.number == h.slider.thumbX)
    }

    @Test func steppedDragLandsWithinAStepOfTheFinger() throws {
        let h = try SliderHarness(LiquidSlider(value: 50, range: 0...100, step: 10))
        h.run(TouchScript.drag(from: Point(150, centerY), to: Point(200, centerY), start: 0, duration: 0.4),
              duration: 1)
        let exact = 100 * fraction(atX: 200)
        #expect(abs(h.slider.value - exact) <= 5)
        #expect(h.slider.value == 70)
    }

    @Test func thumbGrowsWhileDraggedAndReturnsAfterRelease() throws {
        let h = try SliderHarness()
        var scales: [(t: Double, scale: Double, pressed: Bool)] = []
        let touches = TouchScript.drag(from: Point(150, centerY), to: Point(200, centerY), start: 0.1, duration: 0.6)
        for frame in h.run(touches, duration: 2) {
            scales.append((frame.t, frame.state["thumbScale"]!.number!, frame.state["pressed"]!.bool!))
        }
        let during = scales.filter { $0.t > 0.45 && $0.t < 0.7 }
        #expect(!during.isEmpty && during.allSatisfy { $0.pressed && abs($0.scale - 1.5) < 0.05 })
        let growth = scales.filter { $0.t >= 0.1 && $0.t <= 0.45 }.map(\.scale)
        #expect(growth.first! < 1.2 && growth.max()! > 1.45, "grows with the press spring")
        #expect(scales.last!.scale == 1 && !scales.last!.pressed, "back to rest after release")
        #expect(!h.slider.isAnimating)
    }

    @Test func steppedValuesSnapAndTickOncePerStep() throws {
        let h = try SliderHarness(LiquidSlider(value: 0, range: 0...10, step: 1))
        // The thumb rests at x = 19; drag it over five steps (26.2 pt each) slowly.
        let end = 19 + 5 * 26.2
        let frames = h.run(TouchScript.drag(from: Point(19, centerY), to: Point(end, centerY), start: 0, duration: 1),
                           duration: 1.5)
        #expect(h.slider.value == 5)
        #expect(h.valuesAtChange == [1, 2, 3, 4, 5])
        #expect(h.haptics == Array(repeating: .selection, count: 5))
        for frame in frames {
            let value = frame.state["value"]!.number!
            #expect(value == value.rounded(), "value \(value) is on the step grid")
        }
        // The thumb hops to the steps: it rests exactly on step 5's position.
        #expect(h.slider.thumbX == h.slider.thumbX(for: 5))
    }

    @Test func tapOnTheTrackDoesNothingByDefault() throws {
        let h = try SliderHarness()
        let frames = h.run(TouchScript.tap(at: Point(260, centerY), time: 0.1), duration: 0.8)
        #expect(h.events.isEmpty)
        #expect(h.slider.value == 0.5)
        #expect(frames.allSatisfy { $0.state["thumbX"]?.number == 150 && $0.state["pressed"]?.bool == false })
        // A drag that starts away from the thumb does nothing either.
        h.run(TouchScript.drag(from: Point(260, centerY), to: Point(100, centerY), start: 1, duration: 0.3), duration: 1)
        #expect(h.events.isEmpty && h.slider.value == 0.5)
    }

    @Test func tapToJumpMovesTheThumbWithASpring() throws {
        let slider = LiquidSlider()
        slider.tapToJump = true
        let h = try SliderHarness(slider)
        let frames = h.run(TouchScript.tap(at: Point(260, centerY), time: 0.1), duration: 1.5)
        #expect(h.slider.value == fraction(atX: 260))
        #expect(h.valueChangedCount == 1)
        #expect(h.events.first == .touchDown && h.events.last == .touchUpInside)
        // The value jumps at once; the thumb travels there over several frames.
        let travelling = frames.filter { $0.t > 0.1 && $0.t < 0.3 }.compactMap { $0.state["thumbX"]?.number }
        #expect(travelling.contains { $0 > 150 && $0 < 250 })
        #expect(abs(h.slider.thumbX - 260) < 1e-9)
        #expect(h.slider.thumbX == h.slider.thumbX(for: h.slider.value))
    }

    @Test func valuesClampToTheRange() throws {
        let h = try SliderHarness(LiquidSlider(value: 0, range: -5...5))
        h.run(TouchScript.drag(from: Point(150, centerY), to: Point(700, centerY), start: 0, duration: 0.3), duration: 1)
        #expect(h.slider.value == 5)
        #expect(h.slider.thumbX == 281)
        h.run(TouchScript.drag(from: Point(281, centerY), to: Point(-400, centerY), start: 1.1, duration: 0.3),
              duration: 1)
        #expect(h.slider.value == -5)
        #expect(h.slider.thumbX == 19)
        // Programmatic values clamp and snap too.
        h.slider.setValue(99)
        #expect(h.slider.value == 5)
        h.slider.step = 2
        h.slider.setValue(0.9)
        #expect(h.slider.value == 1)
        h.slider.setValue(5)
        #expect(h.slider.value == 5, "the last step inside the range")
    }

    @Test func cancelledDragRestoresThePreviousValue() throws {
        let h = try SliderHarness()
        var touches = TouchScript.drag(from: Point(150, centerY), to: Point(230, centerY), start: 0.1, duration: 0.3,
                                       lift: false)
        touches.append(Touch(phase: .cancelled, location: Point(230, centerY), timestamp: 0.45))
        var midValue = 0.0
        let frames = h.simulator.run(touches: touches, duration: 1.5) { frame, _ in
            if abs(frame.t - 0.4) < 1e-9 { midValue = frame.state["value"]!.number! }
        }
        #expect(midValue > 0.75)
        #expect(h.slider.value == 0.5)
        #expect(h.valuesAtChange.last == 0.5)
        #expect(h.events.last == .cancel)
        #expect(frames.last?.state["thumbX"]?.number == 150)
        #expect(frames.last?.state["thumbScale"]?.number == 1)
    }

    @Test func aSettledSliderSchedulesNoWork() throws {
        let host = View()
        let slider = LiquidSlider(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        host.addSubview(slider)
        let loop = try UIRunLoop(root: host, size: Size(width: 320, height: 64), scale: 2)
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        loop.run(events: TouchScript.drag(from: Point(160, 32), to: Point(200, 32), start: 0.05, duration: 0.2),
                 duration: 2)
        #expect(!slider.isAnimating && loop.animations.count == 0)
        let renders = slider.renderCount
        var infos: [FrameInfo] = []
        loop.run(events: [], duration: 0.5) { infos.append($0) }
        #expect(infos.allSatisfy { $0.animationsRun == 0 && $0.damage == nil && $0.layoutsRun == 0 })
        #expect(slider.renderCount == renders)
    }

    @Test func rendersOncePerChangedFrameWhateverTheTiles() throws {
        let host = View()
        let slider = LiquidSlider(frame: Rect(x: 10, y: 10, width: 300, height: 44))
        host.addSubview(slider)
        let loop = try UIRunLoop(root: host, size: Size(width: 320, height: 64), scale: 2)
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale, tileSize: 16)
        loop.step(to: 0)
        #expect(slider.renderCount == 1)
        slider.setValue(0.2)
        loop.step(to: 1.0 / 60)
        #expect(slider.renderCount == 2)
        #expect(slider.renderError == nil)
    }

    @Test func runsAreDeterministic() throws {
        let touches = TouchScript.drag(from: Point(71, centerY), to: Point(230, centerY), start: 0.05, duration: 0.35)
        func trace() throws -> [ComponentSimulator.Frame] {
            try SliderHarness(LiquidSlider(value: 0.2, range: 0...1, step: 0.05)).run(touches, duration: 0.8)
        }
        let (a, b) = (try trace(), try trace())
        #expect(a.map(\.state) == b.map(\.state))
        #expect(a.map(\.haptics) == b.map(\.haptics))
        let imageA = try frame(of: LiquidSlider(value: 0.2, range: 0...1, step: 0.05), touches: touches, at: 0.3)
        let imageB = try frame(of: LiquidSlider(value: 0.2, range: 0...1, step: 0.05), touches: touches, at: 0.3)
        #expect(imageA.bytes == imageB.bytes)
    }

    // MARK: - Golden frames

    /// Renders `slider` on a light background at 3× at time `t` of `touches` (only that frame renders).
    private func frame(of slider: LiquidSlider, touches: [Touch], at t: Double) throws -> Pixmap {
        let host = View()
        host.layer.backgroundColor = RGBA(red: 0.95, green: 0.95, blue: 0.97)
        slider.frame = Rect(x: 16, y: 16, width: 300, height: 44)
        host.addSubview(slider)
        let loop = try UIRunLoop(root: host, size: Size(width: 332, height: 76), scale: 3)
        let step = loop.frameInterval
        let shifted = touches.map { touch -> Touch in
            var moved = touch
            moved.location = touch.location + Vector2(16, 16)
            return moved
        }
        let rest = loop.run(events: shifted, duration: max(t - step, 0))
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        loop.run(events: rest, duration: step)
        #expect(slider.renderError == nil)
        return try #require(loop.image)
    }

    @Test func goldenAtRest() throws {
        let image = try frame(of: LiquidSlider(value: 0.3), touches: [], at: 0.1)
        goldens.assertMatches(image, named: "slider-rest-3x")
    }

    @Test func goldenWhileDragged() throws {
        let touches = TouchScript.drag(from: Point(150, centerY), to: Point(210, centerY), start: 0.05, duration: 0.4,
                                       lift: false)
        let image = try frame(of: LiquidSlider(), touches: touches, at: 0.6)
        goldens.assertMatches(image, named: "slider-dragged-3x")
    }

    @Test func goldenReleasedAtTheEnd() throws {
        let touches = TouchScript.drag(from: Point(150, centerY), to: Point(300, centerY), start: 0.05, duration: 0.3)
        let image = try frame(of: LiquidSlider(), touches: touches, at: 0.45)
        goldens.assertMatches(image, named: "slider-released-end-3x")
    }
}
