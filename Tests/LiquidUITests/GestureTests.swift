import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

/// A 300 × 300 window with a 200 × 200 target at (50, 50).
@MainActor
private func makeWindow(fps: Double = 60) throws -> (UIRunLoop, View) {
    let root = View()
    let target = View(frame: Rect(x: 50, y: 50, width: 200, height: 200))
    root.addSubview(target)
    let loop = try UIRunLoop(root: root, size: Size(width: 300, height: 300), framesPerSecond: fps)
    return (loop, target)
}

/// Records a recognizer's states as its actions report them.
@MainActor
private func recordStates(of recognizer: GestureRecognizer) -> StateLog {
    let log = StateLog()
    recognizer.addAction { log.states.append($0.state) }
    return log
}

private final class StateLog {
    var states: [GestureRecognizerState] = []
}

@MainActor
@Suite("Gesture recognizers on scripted touches")
struct GestureTests {
    // MARK: Tap

    @Test func aQuickTapIsRecognized() throws {
        let (loop, target) = try makeWindow()
        let tap = TapGestureRecognizer()
        target.addGestureRecognizer(tap)
        let log = recordStates(of: tap)
        loop.run(events: TouchScript.tap(at: Point(100, 100), time: 0.1), duration: 0.5)
        #expect(tap.state == .recognized)
        #expect(log.states == [.recognized])
    }

    @Test func aTapThatMovesTooFarFails() throws {
        let (loop, target) = try makeWindow()
        let tap = TapGestureRecognizer()
        target.addGestureRecognizer(tap)
        let log = recordStates(of: tap)
        let events = [
            Touch(phase: .began, location: Point(100, 100), timestamp: 0.1),
            Touch(phase: .moved, location: Point(112, 100), timestamp: 0.12),
            Touch(phase: .ended, location: Point(100, 100), timestamp: 0.15),
        ]
        loop.run(events: events, duration: 0.5)
        #expect(tap.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test func aSmallWobbleStillTaps() throws {
        let (loop, target) = try makeWindow()
        let tap = TapGestureRecognizer()
        target.addGestureRecognizer(tap)
        let events = [
            Touch(phase: .began, location: Point(100, 100), timestamp: 0.1),
            Touch(phase: .moved, location: Point(106, 108), timestamp: 0.12),  // exactly 10 pt
            Touch(phase: .ended, location: Point(104, 103), timestamp: 0.15),
        ]
        loop.run(events: events, duration: 0.5)
        #expect(tap.state == .recognized)
    }

    @Test func aTapHeldTooLongFailsByTimeAlone() throws {
        let (loop, target) = try makeWindow()
        let tap = TapGestureRecognizer()
        target.addGestureRecognizer(tap)
        loop.dispatch(Touch(phase: .began, location: Point(100, 100), timestamp: 0))
        loop.step(to: 0.45)
        #expect(tap.state == .possible)
        loop.step(to: 0.55)
        #expect(tap.state == .failed, "no touch event needed: the frame tick fails it")
        loop.dispatch(Touch(phase: .ended, location: Point(100, 100), timestamp: 0.6))
        #expect(tap.state == .failed)
    }

    @Test func aDoubleTapNeedsBothTapsInTime() throws {
        let (loop, target) = try makeWindow()
        let tap = TapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        target.addGestureRecognizer(tap)
        let log = recordStates(of: tap)
        let taps = TouchScript.tap(at: Point(100, 100), time: 0) + TouchScript.tap(at: Point(103, 100), time: 0.25)
        loop.run(events: taps, duration: 0.6)
        #expect(log.states == [.recognized])
        #expect(tap.tapCount == 2)

        // Too slow: the second tap comes 0.5 s after the first lift. The first sequence fails on a tick,
        // and the late tap starts a new sequence that never completes.
        let slow = TapGestureRecognizer()
        slow.numberOfTapsRequired = 2
        let (loop2, target2) = try makeWindow()
        target2.addGestureRecognizer(slow)
        loop2.run(events: TouchScript.tap(at: Point(100, 100), time: 0), duration: 0.3)
        #expect(slow.state == .possible && slow.tapCount == 1)
        loop2.run(events: [], duration: 0.2)
        #expect(slow.state == .failed)
        loop2.run(events: TouchScript.tap(at: Point(100, 100), time: 0.6), duration: 0.2)
        #expect(slow.state == .possible && slow.tapCount == 1)
    }

    @Test func recognizersOnAncestorsSeeTouchesOnDescendants() throws {
        let (loop, target) = try makeWindow()
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        target.addSubview(child)
        let tap = TapGestureRecognizer()
        target.addGestureRecognizer(tap)
        loop.run(events: TouchScript.tap(at: Point(65, 65), time: 0), duration: 0.2)
        #expect(loop.root.hitTest(Point(65, 65)) === child)
        #expect(tap.state == .recognized)
        #expect(tap.location(in: target) == Point(15, 15))
    }

    // MARK: Pan

    @Test func aLinearDragAt500PointsPerSecondReportsItsTranslationAndVelocity() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        let log = recordStates(of: pan)
        var velocityWhileMoving = Vector2.zero
        pan.addAction { recognizer in
            if recognizer.state == .changed { velocityWhileMoving = pan.velocity }
        }
        // 250 pt in 0.5 s, sampled at 120 Hz.
        let drag = TouchScript.drag(from: Point(60, 150), to: Point(310, 150), start: 0, duration: 0.5)
        loop.run(events: drag, duration: 0.6)
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(pan.translation == Vector2(250, 0))
        #expect(abs(pan.velocity.x - 500) < 1e-6 && abs(pan.velocity.y) < 1e-6)
        #expect(abs(velocityWhileMoving.x - 500) < 1e-6)
        #expect(pan.state == .ended)
    }

    @Test func aPanBeginsAfterItsMinimumDistanceWithTranslationFromTouchDown() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        var translationAtBegin: Vector2?
        pan.addAction { if $0.state == .began { translationAtBegin = pan.translation } }
        loop.dispatch(Touch(phase: .began, location: Point(100, 100), timestamp: 0))
        loop.dispatch(Touch(phase: .moved, location: Point(105, 100), timestamp: 0.01))
        #expect(pan.state == .possible)
        loop.dispatch(Touch(phase: .moved, location: Point(110, 100), timestamp: 0.02))
        #expect(pan.state == .began)
        #expect(translationAtBegin == Vector2(10, 0))
    }

    @Test func aPanThatNeverMovesFarEnoughFails() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        let log = recordStates(of: pan)
        loop.run(events: TouchScript.drag(from: Point(100, 100), to: Point(105, 100), start: 0, duration: 0.1),
                 duration: 0.2)
        #expect(pan.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test func anInstantBeganPanBeginsOnTouchDown() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer(instantBegan: true)
        target.addGestureRecognizer(pan)
        let log = recordStates(of: pan)
        loop.dispatch(Touch(phase: .began, location: Point(100, 100), timestamp: 0))
        #expect(pan.state == .began)
        #expect(pan.translation == .zero)
        // A tap on a moving object: it ends without moving, with zero translation and velocity.
        loop.dispatch(Touch(phase: .ended, location: Point(100, 100), timestamp: 0.05))
        #expect(log.states == [.began, .ended])
        #expect(pan.translation == .zero && pan.velocity == .zero)
    }

    @Test func velocityDropsToZeroWhenTheFingerStops() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        let drag = TouchScript.drag(from: Point(60, 150), to: Point(160, 150), start: 0, duration: 0.2, lift: false)
        loop.run(events: drag, duration: 0.2)
        #expect(abs(pan.velocity.x - 500) < 1e-6)
        loop.step(to: 0.3)  // 100 ms later, no samples: the finger has stopped
        #expect(pan.velocity == .zero)
        #expect(pan.state == .changed)
    }

    @Test func aDragThatBrakesIsPaused() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        // 1000 pt/s for 0.1 s (100 pt), then nearly still.
        var events = TouchScript.drag(from: Point(60, 150), to: Point(160, 150), start: 0, duration: 0.1, lift: false)
        #expect(!pan.isPaused)
        for i in 1...24 {
            let location = Point(160 + 0.05 * Double(i), 150)
            events.append(Touch(phase: .moved, location: location, timestamp: 0.1 + Double(i) / 120))
        }
        var pausedWhileFast = false
        var pausedAfterBraking = false
        pan.addAction { _ in
            if pan.isPaused {
                if pan.latestTouch.map({ $0.timestamp <= 0.1 }) == true { pausedWhileFast = true }
                pausedAfterBraking = true
            }
        }
        loop.run(events: events, duration: 0.3)
        #expect(!pausedWhileFast)
        #expect(pausedAfterBraking)
        // Detection is from deceleration: once the finger has been slow for the whole history, it no
        // longer counts as a pause.
        #expect(!pan.isPaused)
    }

    @Test func translationInARotatedView() throws {
        let (loop, target) = try makeWindow()
        target.transform = AffineTransform(rotationAngle: .pi / 2)
        let pan = PanGestureRecognizer()
        target.addGestureRecognizer(pan)
        loop.run(events: TouchScript.drag(from: Point(150, 150), to: Point(150, 200), start: 0, duration: 0.1),
                 duration: 0.2)
        let local = pan.translation(in: target)
        #expect(abs(local.x - 50) < 1e-9 && abs(local.y) < 1e-9)
    }

    // MARK: Long press

    @Test func aLongPressBeginsAfterItsDurationWhileHeldStill() throws {
        let (loop, target) = try makeWindow()
        let press = LongPressGestureRecognizer()
        target.addGestureRecognizer(press)
        let log = recordStates(of: press)
        var beganAtFrame: Double?
        press.addAction { if $0.state == .began { beganAtFrame = loop.currentTime } }
        let events = [
            Touch(phase: .began, location: Point(100, 100), timestamp: 0.1),
            Touch(phase: .moved, location: Point(104, 100), timestamp: 0.3),  // within 10 pt
            Touch(phase: .moved, location: Point(130, 100), timestamp: 0.8),  // free to move once begun
            Touch(phase: .ended, location: Point(130, 100), timestamp: 0.9),
        ]
        var stateAt: [Int: GestureRecognizerState] = [:]
        loop.run(events: events, duration: 1) { frame in stateAt[frame.index] = press.state }
        // Frames at k/60: 0.6 is frame 36, the first at or after 0.1 + 0.5.
        #expect(stateAt[35] == .possible)
        #expect(stateAt[36] == .began)
        #expect(abs((beganAtFrame ?? 0) - 0.6) < 1e-9)
        #expect(press.beganTime.map { abs($0 - 0.6) < 1e-9 } == true)
        #expect(log.states == [.began, .changed, .ended])
    }

    @Test func aLongPressFailsIfReleasedEarly() throws {
        let (loop, target) = try makeWindow()
        let press = LongPressGestureRecognizer()
        target.addGestureRecognizer(press)
        let log = recordStates(of: press)
        loop.run(events: TouchScript.tap(at: Point(100, 100), time: 0, duration: 0.3), duration: 1)
        #expect(press.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test func aLongPressFailsIfMovedBeforeItBegins() throws {
        let (loop, target) = try makeWindow()
        let press = LongPressGestureRecognizer()
        target.addGestureRecognizer(press)
        let events = [
            Touch(phase: .began, location: Point(100, 100), timestamp: 0),
            Touch(phase: .moved, location: Point(100, 115), timestamp: 0.2),
        ]
        loop.run(events: events, duration: 1)
        #expect(press.state == .failed)
    }

    // MARK: Force

    @Test func forceActivatesAndConfirmsWithHysteresis() throws {
        let (loop, target) = try makeWindow()
        let force = ForceGestureRecognizer()
        target.addGestureRecognizer(force)
        let log = recordStates(of: force)
        var events: [ForceHysteresis.Event] = []
        force.onForceEvent = { events.append($0) }
        let forces = [0.2, 0.45, 0.5, 0.48, 0.49, 0.45, 0.41, 0.4, 0.45, 0.5]
        var script = [Touch(phase: .began, location: Point(100, 100), timestamp: 0, force: 0.1)]
        for (i, f) in forces.enumerated() {
            script.append(Touch(phase: .moved, location: Point(100, 100), timestamp: 0.05 * Double(i + 1), force: f))
        }
        script.append(Touch(phase: .ended, location: Point(100, 100), timestamp: 0.6, force: 0))
        loop.run(events: script, duration: 0.7)
        // 0.5 activates (light); 0.48 falls to ≤ 0.49 and confirms (medium, the toggle); 0.49 … 0.41 hold;
        // 0.4 re-arms; 0.45 stays idle; 0.5 activates again; lifting at 0.6 s confirms and re-arms.
        #expect(events == [.activated, .confirmed, .reset, .activated, .confirmed, .reset])
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(loop.haptics.events == [.impactLight, .impactMedium, .impactLight, .impactMedium])
        let times = loop.haptics.entries.map(\.time)
        #expect(zip(times, [0.15, 0.2, 0.5, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 })
    }

    @Test func aForceTouchThatNeverActivatesFails() throws {
        let (loop, target) = try makeWindow()
        let force = ForceGestureRecognizer()
        target.addGestureRecognizer(force)
        let script = TouchScript.drag(from: Point(100, 100), to: Point(101, 100), start: 0, duration: 0.1, force: 0.45)
        loop.run(events: script, duration: 0.2)
        #expect(force.state == .failed)
        #expect(loop.haptics.entries.isEmpty)
    }

    // MARK: Recognizers and the view's own touch handling

    @Test func aRecognizingPanTakesTheTouchFromTheView() throws {
        let (loop, _) = try makeWindow()
        let control = EventRecordingControl(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        loop.root.addSubview(control)
        let pan = PanGestureRecognizer()
        control.addGestureRecognizer(pan)
        loop.run(events: TouchScript.drag(from: Point(100, 100), to: Point(200, 100), start: 0, duration: 0.2),
                 duration: 0.3)
        // Moves of 4.2 and 8.3 pt stay with the control; at 12.5 pt the pan begins and takes the touch.
        #expect(control.events == [.touchDown, .dragInside, .dragInside, .cancel])
        #expect(pan.state == .ended)
    }

    @Test func aRecognizerThatDoesNotCancelLeavesTheViewItsTouch() throws {
        let (loop, _) = try makeWindow()
        let control = EventRecordingControl(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        loop.root.addSubview(control)
        let pan = PanGestureRecognizer(instantBegan: true)
        pan.cancelsTouchesInView = false
        control.addGestureRecognizer(pan)
        loop.run(events: TouchScript.tap(at: Point(100, 100), time: 0), duration: 0.2)
        #expect(control.events == [.touchDown, .touchUpInside])
        #expect(pan.state == .ended)
    }

    @Test func aLongPressTakesTheTouchAwayOnATick() throws {
        let (loop, _) = try makeWindow()
        let control = EventRecordingControl(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        loop.root.addSubview(control)
        control.addGestureRecognizer(LongPressGestureRecognizer())
        loop.run(events: [Touch(phase: .began, location: Point(100, 100), timestamp: 0)], duration: 0.4)
        #expect(control.isTracking)
        loop.run(events: [], duration: 0.2)
        #expect(!control.isTracking)
        #expect(control.events == [.touchDown, .cancel])
    }

    @Test func removingARecognizerMidGestureCancelsIt() throws {
        let (loop, target) = try makeWindow()
        let pan = PanGestureRecognizer(instantBegan: true)
        target.addGestureRecognizer(pan)
        let log = recordStates(of: pan)
        loop.dispatch(Touch(phase: .began, location: Point(100, 100), timestamp: 0))
        target.removeGestureRecognizer(pan)
        #expect(log.states == [.began, .cancelled])
        #expect(pan.view == nil)
    }

    @Test func theStateMachineRefusesIllegalTransitions() {
        let recognizer = GestureRecognizer()
        #expect(!recognizer.transition(to: .changed))
        #expect(recognizer.transition(to: .began))
        #expect(!recognizer.transition(to: .failed))
        #expect(recognizer.transition(to: .changed))
        #expect(recognizer.transition(to: .cancelled))
        #expect(!recognizer.transition(to: .began))
        #expect(recognizer.state == .cancelled)
    }
}
