import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing
import TestSupport

@testable import LiquidUI

/// A switch hosted by a ``ComponentSimulator`` (60 fps, 3×, no rendering unless asked), with its
/// valueChanged events recorded. Touches are in the switch's own points: off thumb at (21, 14), on at
/// (42, 14), midpoint 31.5.
@MainActor
private struct SwitchHarness {
    let control: LiquidSwitch
    let simulator: ComponentSimulator
    /// The value after each valueChanged event, in order.
    let changes: EventLog

    final class EventLog {
        var values: [Bool] = []
        var touchEvents: [ControlEvent] = []
    }

    init(isOn: Bool = false, reduceMotion: Bool = false, framesPerSecond: Double = 60) throws {
        control = LiquidSwitch(isOn: isOn, reduceMotion: reduceMotion)
        simulator = try ComponentSimulator(component: control, framesPerSecond: framesPerSecond, scale: 3,
                                           rendersFrames: false)
        let log = EventLog()
        changes = log
        let control = self.control
        control.addAction(for: .valueChanged) { _ in log.values.append(control.isOn) }
        control.addAction(for: .allTouchEvents) { event in log.touchEvents.append(event) }
    }

    @discardableResult
    func run(_ touches: [Touch], duration: Double) -> [ComponentSimulator.Frame] {
        simulator.run(touches: touches, duration: duration)
    }
}

private extension ComponentSimulator.Frame {
    func number(_ key: String) -> Double { state[key]?.number ?? .nan }
    func flag(_ key: String) -> Bool { state[key]?.bool ?? false }
}

private let offX = 21.0, onX = 42.0, midY = 14.0

private func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, _ t: Double) -> Touch {
    Touch(phase: phase, location: Point(x, y), timestamp: t)
}

@MainActor
@Suite("LiquidSwitch: geometry and colour")
struct LiquidSwitchGeometryTests {
    @Test func standardMetricsAreTheBackPortFigures() {
        let m = LiquidSwitchMetrics.standard
        #expect(m.offThumbX == offX && m.onThumbX == onX && m.midpointX == 31.5 && m.thumbY == midY)
        #expect(m.thumbRect(centerX: offX, scale: 1, jiggle: 1) == Rect(x: 2, y: 2, width: 38, height: 24))
        let pressed = m.thumbRect(centerX: offX, scale: m.pressedScale, jiggle: 1)
        #expect(abs(pressed.width - 58) < 1e-12 && abs(pressed.height - 38) < 1e-12)
        let stretched = m.thumbRect(centerX: offX, scale: 1, jiggle: 1.1)
        #expect(abs(stretched.width - 38 * 1.1) < 1e-12 && abs(stretched.height - 24 / 1.1) < 1e-12)
        #expect(stretched.center == Point(offX, midY))
    }

    @Test func otherSizesScaleTheThumbWithTheHeight() {
        let m = LiquidSwitchMetrics.standard.fitted(to: Size(width: 126, height: 56))
        #expect(m.thumbSize == Size(width: 76, height: 48) && m.inset == 4)
        #expect(m.offThumbX == 42 && m.onThumbX == 84)
    }

    @Test func trackColourCompositesOnOverOff() {
        let appearance = LiquidSwitchAppearance.standard
        for f in [0.0, 0.25, 0.5, 1.0] {
            let expected = appearance.onColor.withAlpha(appearance.onColor.alpha * f)
                .composited(over: appearance.offColor)
            #expect(appearance.trackColor(fraction: f) == expected)
        }
        #expect(appearance.trackColor(fraction: 0) == appearance.offColor)
        #expect(appearance.thumbFill(pressProgress: 0, trackColor: appearance.onColor) == appearance.thumbColor)
    }

    @Test func gooShapesAreGrownByTheThresholdShift() {
        // Φ⁻¹(0.69) ≈ 0.4959: a straight edge blurred with σ = 3 pt crosses 0.69 that far inside.
        #expect(abs(LiquidSwitchRenderer.gooGrowth - 3 * 0.495850) < 1e-4)
    }
}

@MainActor
@Suite("LiquidSwitch: scripted interaction")
struct LiquidSwitchInteractionTests {
    @Test func quickTapStillShowsTheScaleUpForTheMinimumTime() throws {
        let h = try SwitchHarness()
        let frames = h.run([touch(.began, offX, midY, 0.1), touch(.ended, offX, midY, 0.13)], duration: 1.5)
        // From the first frame after touch down until the minimum time has passed, the thumb is scaled up.
        let held = frames.filter { $0.t > 0.1 + 1e-9 && $0.t <= 0.1 + LiquidSwitch.minimumPressDuration + 1e-9 }
        #expect(held.count >= 11)
        #expect(held.allSatisfy { $0.number("thumbScale") > 1 })
        // It keeps growing after the finger lifted at 0.13 and really shows: most of the way to pressed.
        let peak = frames.map { $0.number("thumbScale") }.max() ?? 0
        #expect(peak > 1 + 0.8 * (LiquidSwitchMetrics.standard.pressedScale - 1))
        let afterLift = try #require(frames.first { $0.t > 0.2 })
        #expect(afterLift.number("thumbScale") > 1.4)
        #expect(frames.last?.flag("isOn") == true && frames.last?.number("thumbScale") == 1)
    }

    @Test func tapTogglesBothWaysAndSettlesExactlyOnTheEnds() throws {
        let h = try SwitchHarness()
        h.run(TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.05), duration: 1.5)
        #expect(h.control.isOn && h.control.thumbX == onX && h.control.jiggle == 1)
        #expect(h.control.thumbScale == 1 && h.control.colorFraction == 1 && !h.control.isAnimating)
        h.run(TouchScriptHelpers.tap(at: Point(onX, midY), time: 1.6), duration: 1.5)
        #expect(!h.control.isOn && h.control.thumbX == offX && h.control.colorFraction == 0)
        #expect(h.changes.values == [true, false])
    }

    @Test func dragPastTheMidpointAndReleaseToggles() throws {
        let h = try SwitchHarness()
        // Finger 10 → 22: the target moves 12 pt, to 33 > 31.5.
        let script = TouchScript.drag(from: Point(10, midY), to: Point(22, midY), start: 0.1, duration: 0.3)
        let frames = h.run(script, duration: 1.5)
        #expect(h.control.isOn && h.changes.values == [true])
        #expect(frames.last?.number("thumbX") == onX)
        // While dragging, the thumb chased the finger: it was between the ends, not at either.
        #expect(frames.contains { $0.flag("pressed") && $0.number("thumbX") > offX + 5 && !$0.flag("isOn") })
    }

    @Test func dragNotPastTheMidpointDoesNotToggle() throws {
        let h = try SwitchHarness()
        // The target moves 10 pt, to 31 < 31.5.
        let frames = h.run(TouchScript.drag(from: Point(10, midY), to: Point(20, midY), start: 0.1, duration: 0.3),
                           duration: 1.5)
        #expect(!h.control.isOn && h.changes.values.isEmpty)
        #expect(frames.map { $0.number("thumbX") }.max()! > 26)
        #expect(frames.last?.number("thumbX") == offX && frames.last?.number("colorFraction") == 0)
    }

    @Test func dragFromOnPastTheMidpointTurnsOff() throws {
        let h = try SwitchHarness(isOn: true)
        h.run(TouchScript.drag(from: Point(50, midY), to: Point(35, midY), start: 0.1, duration: 0.2), duration: 1.5)
        #expect(!h.control.isOn && h.changes.values == [false] && h.control.thumbX == offX)
    }

    @Test func draggingOutAndBackInReArms() throws {
        let h = try SwitchHarness()
        let frames = h.run([
            touch(.began, offX, midY, 0.1),
            touch(.moved, offX, 60, 0.2),    // 32 pt below the bounds: still inside the 70 pt margin
            touch(.moved, offX, 120, 0.3),   // 92 pt below: outside — disarmed
            touch(.moved, 44, 120, 0.5),     // still outside
            touch(.moved, 44, midY, 0.7),    // back in, target 21 + 23 → 42: re-armed
            touch(.ended, 44, midY, 0.9),
        ], duration: 2)
        #expect(h.control.isOn && h.changes.values == [true])
        #expect(h.changes.touchEvents.contains(.dragExit) && h.changes.touchEvents.contains(.dragEnter))
        #expect(h.changes.touchEvents.last == .touchUpInside)
        // Outside: not pressed, thumb back at off and shrinking; back inside: pressed again.
        let outside = try #require(frames.last { $0.t < 0.7 - 1e-9 })
        #expect(!outside.flag("pressed") && abs(outside.number("thumbX") - offX) < 0.1)
        #expect(outside.number("thumbScale") < frames.first { $0.t > 0.29 }!.number("thumbScale"))
        #expect(frames.first { $0.t > 0.7 }?.flag("pressed") == true)
    }

    @Test func draggingOutAndReleasingOutsideDoesNotToggle() throws {
        let h = try SwitchHarness()
        let frames = h.run([
            touch(.began, offX, midY, 0.1),
            touch(.moved, 44, midY, 0.2),    // dragged past the midpoint…
            touch(.moved, 44, 120, 0.3),     // …then out
            touch(.ended, 44, 120, 0.4),
        ], duration: 1.5)
        #expect(!h.control.isOn && h.changes.values.isEmpty)
        #expect(h.changes.touchEvents.last == .touchUpOutside)
        #expect(frames.last?.number("thumbX") == offX && frames.last?.number("thumbScale") == 1)
    }

    @Test func aCancelledTouchChangesNothing() throws {
        let h = try SwitchHarness()
        let frames = h.run([
            touch(.began, offX, midY, 0.1),
            touch(.moved, 40, midY, 0.25),   // target at the on end
            touch(.cancelled, 40, midY, 0.4),
        ], duration: 1.5)
        #expect(!h.control.isOn && h.changes.values.isEmpty)
        #expect(h.changes.touchEvents.last == .cancel)
        #expect(frames.map { $0.number("thumbX") }.max()! > 35)
        let last = try #require(frames.last)
        #expect(last.number("thumbX") == offX && last.number("thumbScale") == 1 && last.number("jiggle") == 1)
        #expect(last.number("colorFraction") == 0 && !last.flag("pressed"))
        #expect(frames.allSatisfy { $0.haptics.isEmpty })
    }

    @Test func valueChangedFiresExactlyOncePerToggle() throws {
        let h = try SwitchHarness()
        var script = TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.1)              // on
        script += TouchScript.drag(from: Point(40, midY), to: Point(38, midY), start: 1.0, duration: 0.1)  // stays on
        script += TouchScriptHelpers.tap(at: Point(onX, midY), time: 2.0)                  // off
        script += [touch(.began, offX, midY, 3.0), touch(.moved, offX, 150, 3.1), touch(.ended, offX, 150, 3.2)]
        script += TouchScript.drag(from: Point(10, midY), to: Point(40, midY), start: 4.0, duration: 0.2)  // on
        h.run(script, duration: 5.5)
        #expect(h.changes.values == [true, false, true])
        // Setting the value from code sends nothing.
        h.control.isOn = false
        h.control.setOn(true, animated: true)
        #expect(h.changes.values == [true, false, true])
    }

    @Test func hapticsAreRecordedAtTheToggleFrame() throws {
        let h = try SwitchHarness()
        let frames = h.run(TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.1, duration: 0.05), duration: 1)
        let withHaptics = frames.filter { !$0.haptics.isEmpty }
        #expect(withHaptics.count == 1)
        let frame = try #require(withHaptics.first)
        #expect(frame.haptics == [HapticEvent.impactLight.rawValue])
        // The first frame at or after the touch up (0.15), which is also the first frame with isOn true.
        #expect(abs(frame.t - 0.15) < 1e-9 && frame.flag("isOn"))
        #expect(frames.first { $0.flag("isOn") }?.t == frame.t)
        let times = h.simulator.runLoop.haptics.entries.map(\.time)
        #expect(times.count == 1 && abs(times[0] - 0.15) < 1e-9)
    }

    @Test func fastDragJigglesMoreThanASlowOne() throws {
        func peakJiggle(duration: Double) throws -> Double {
            let h = try SwitchHarness()
            let frames = h.run(TouchScript.drag(from: Point(10, midY), to: Point(31, midY), start: 0.1,
                                                duration: duration), duration: duration + 1.5)
            #expect(h.control.isOn && h.control.jiggle == 1)
            return frames.map { abs($0.number("jiggle") - 1) }.max() ?? 0
        }
        let fast = try peakJiggle(duration: 0.05)
        let slow = try peakJiggle(duration: 1.0)
        #expect(fast > 1.5 * slow, "fast \(fast), slow \(slow)")
        #expect(fast > 0.02 && fast <= 0.11)
    }

    @Test func reduceMotionNeverJigglesOrOvershoots() throws {
        let h = try SwitchHarness(reduceMotion: true)
        var script = TouchScript.drag(from: Point(10, midY), to: Point(31, midY), start: 0.1, duration: 0.05)
        script += TouchScriptHelpers.tap(at: Point(onX, midY), time: 1.5)
        let frames = h.run(script, duration: 3)
        #expect(h.changes.values == [true, false])
        #expect(frames.allSatisfy { $0.number("jiggle") == 1 })
        #expect(frames.allSatisfy { $0.number("thumbX") >= offX && $0.number("thumbX") <= onX })
        let pressed = LiquidSwitchMetrics.standard.pressedScale
        #expect(frames.allSatisfy { $0.number("thumbScale") >= 1 && $0.number("thumbScale") <= pressed + 1e-12 })
        // After the tap at 1.5 the thumb moves monotonically back to off.
        let back = frames.filter { $0.t >= 1.5 }.map { $0.number("thumbX") }
        #expect(zip(back, back.dropFirst()).allSatisfy { $1 <= $0 })
        #expect(back.last == offX)
    }

    @Test func reduceMotionCanBeSwitchedMidMotion() throws {
        let h = try SwitchHarness()
        h.run(TouchScript.drag(from: Point(10, midY), to: Point(31, midY), start: 0.1, duration: 0.05), duration: 0.3)
        #expect(h.control.jiggle != 1)
        h.control.reduceMotion = true
        #expect(h.control.jiggle == 1)
        let frames = h.run([], duration: 1.5)
        #expect(frames.allSatisfy { $0.number("jiggle") == 1 })
        #expect(h.control.thumbX == onX && !h.control.isAnimating)
    }

    @Test func theSameScriptGivesTheSameTraceTwice() throws {
        func trace() throws -> [[String: TraceValue]] {
            let h = try SwitchHarness()
            var script = TouchScript.drag(from: Point(10, midY), to: Point(40, midY), start: 0.1, duration: 0.12)
            script += TouchScriptHelpers.tap(at: Point(onX, midY), time: 0.9, duration: 0.03)
            return h.run(script, duration: 2).map { frame in
                frame.state.merging(["t": .number(frame.t), "haptics": .string(frame.haptics.joined())]) { a, _ in a }
            }
        }
        let first = try trace(), second = try trace()
        #expect(first.count == 121)
        #expect(first == second)
    }

    @Test func motionIsTheSameAt60And120FramesPerSecond() throws {
        let script = TouchScript.drag(from: Point(10, midY), to: Point(40, midY), start: 0.1, duration: 0.1, rate: 60)
        let at60 = try SwitchHarness(framesPerSecond: 60).run(script, duration: 1.2)
        let at120 = try SwitchHarness(framesPerSecond: 120).run(script, duration: 1.2)
        #expect(at120.count == 2 * at60.count - 1)
        for (k, frame) in at60.enumerated() {
            let other = at120[2 * k]
            for key in ["thumbX", "thumbScale", "jiggle", "colorFraction"] {
                #expect(frame.number(key) == other.number(key), "\(key) at \(frame.t)")
            }
        }
    }

    @Test func theTouchAreaReachesTheFortyFourPointTarget() throws {
        let h = try SwitchHarness()
        h.run(TouchScriptHelpers.tap(at: Point(offX, -6), time: 0.1), duration: 1)
        #expect(h.control.isOn)
        h.run(TouchScriptHelpers.tap(at: Point(offX, -10), time: 1.2), duration: 1)
        #expect(h.control.isOn)
    }

    @Test func aDisabledSwitchIgnoresTouches() throws {
        let h = try SwitchHarness()
        h.control.isEnabled = false
        h.run(TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.1), duration: 0.5)
        #expect(!h.control.isOn && h.changes.values.isEmpty)
    }
}

@MainActor
@Suite("LiquidSwitch: frames and idle cost")
struct LiquidSwitchRenderingTests {
    /// Runs `touches` without rendering up to `time`, then renders one frame at `time` (3×, white window).
    func frame(isOn: Bool = false, _ touches: [Touch], at time: Double) throws -> (Pixmap, LiquidSwitch) {
        let control = LiquidSwitch(isOn: isOn)
        let simulator = try ComponentSimulator(component: control, framesPerSecond: 60, scale: 3, rendersFrames: false)
        simulator.runLoop.root.layer.backgroundColor = .white
        _ = simulator.run(touches: touches, duration: time - 1.0 / 60)
        let loop = simulator.runLoop
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        _ = simulator.run(touches: [], duration: 1.0 / 60)
        return (try #require(loop.image), control)
    }

    @Test func goldenRestOff() throws {
        let (image, control) = try frame([], at: 0.1)
        #expect(image.width == 285 && image.height == 180 && control.renderError == nil)
        goldens.assertMatches(image, named: "switch-rest-off-3x", tolerance: 2)
    }

    @Test func goldenPressedMidDrag() throws {
        // The finger moves 13 pt: the target crosses the midpoint and the colour is on its way to on.
        let script = TouchScript.drag(from: Point(offX, midY), to: Point(34, midY), start: 0.1, duration: 0.2, lift: false)
        let (image, control) = try frame(script, at: 0.4)
        #expect(control.isHighlighted && control.thumbScale > 1.4 && control.thumbX > 28)
        #expect(control.colorFraction > 0.2 && control.colorFraction < 0.9 && !control.isOn)
        goldens.assertMatches(image, named: "switch-pressed-mid-drag-3x", tolerance: 2)
    }

    @Test func goldenRestOn() throws {
        let (image, _) = try frame(isOn: true, [], at: 0.1)
        goldens.assertMatches(image, named: "switch-rest-on-3x", tolerance: 2)
    }

    @Test func restingPixelsAreTheTrackAndTheThumb() throws {
        let (image, _) = try frame(isOn: true, [], at: 0.1)
        // Switch origin at (16, 16) pt; 3×. Track centre left of the thumb: the on colour, opaque.
        let track = image[3 * (16 + 10), 3 * (16 + 14)]
        let on = PremultipliedRGBA8(LiquidSwitchAppearance.standard.onColor)
        #expect(abs(Int(track.green) - Int(on.green)) <= 2 && abs(Int(track.red) - Int(on.red)) <= 2)
        // Thumb centre: white.
        let thumb = image[3 * (16 + 42), 3 * (16 + 10)]
        #expect(thumb.red >= 250 && thumb.green >= 250 && thumb.blue >= 250)
        // Far outside: the white window, untouched.
        #expect(image[3, 3] == .white)
    }

    @Test func aSettledSwitchSchedulesNoWork() throws {
        let control = LiquidSwitch()
        let simulator = try ComponentSimulator(component: control, framesPerSecond: 60, scale: 3, rendersFrames: false)
        let loop = simulator.runLoop
        var infos: [FrameInfo] = []
        _ = simulator.run(touches: TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.1), duration: 1.5)
        #expect(!control.isAnimating && loop.animations.count == 0)
        loop.compositor = try Compositor(size: loop.size, scale: loop.scale)
        loop.step(to: loop.currentTime + 1.0 / 60)
        #expect(control.renderCount == 1)
        let renders = control.renderCount
        loop.run(events: [], duration: 0.5) { infos.append($0) }
        #expect(infos.count == 30 && infos.allSatisfy(\.isIdle))
        #expect(control.renderCount == renders)
        #expect(loop.compositor?.statistics.wasIdle == true)
    }

    @Test func animatingFramesRenderOncePerFrameNotPerTile() throws {
        let control = LiquidSwitch()
        let simulator = try ComponentSimulator(component: control, framesPerSecond: 60, scale: 3)
        let before = control.renderCount
        let frames = simulator.run(touches: TouchScriptHelpers.tap(at: Point(offX, midY), time: 0.1), duration: 0.3)
        // The first frame renders once; then at most once per frame (the content spans 15 screen tiles).
        #expect(control.renderCount - before <= frames.count)
        #expect(control.renderCount - before >= 10)
    }
}

/// Taps in the switch's own coordinates.
private enum TouchScriptHelpers {
    static func tap(at location: Point, time: Double, duration: Double = 0.03) -> [Touch] {
        TouchScript.tap(at: location, time: time, duration: duration)
    }
}
