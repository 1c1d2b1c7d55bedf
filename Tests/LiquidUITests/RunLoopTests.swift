import LiquidGeometry
import LiquidMotion
import Observation
import Testing

@testable import LiquidUI

/// Logs each touch it receives with the number of frames run before it arrived.
private final class TouchLogView: View {
    var log: [(phase: TouchPhase, time: Double, framesBefore: Int)] = []

    override func touchBegan(_ touch: Touch) { record(touch) }
    override func touchMoved(_ touch: Touch) { record(touch) }
    override func touchEnded(_ touch: Touch) { record(touch) }
    override func touchCancelled(_ touch: Touch) { record(touch) }

    private func record(_ touch: Touch) {
        log.append((touch.phase, touch.timestamp, runLoop?.frameCount ?? -1))
    }
}

/// Moves toward a target with a fixed-step spring, laying itself out every animated frame.
private final class SpringView: View {
    var animator: SpringAnimator<Double>
    var layouts = 0
    var position: Double { animator.value }

    override init(frame: Rect = .zero) {
        let step = try! FixedStep(step: 1.0 / 120)
        animator = SpringAnimator(spring: .snappy, value: 0, stepping: .fixed(step))
        super.init(frame: frame)
    }

    func animate(to target: Double) {
        animator.retarget(to: target)
        addAnimation { [unowned self] _, delta in
            animator.advance(by: delta)
            setNeedsLayout()
            return !animator.isSettled
        }
    }

    override func layout() { layouts += 1 }
}

@MainActor
@Suite("Run loop")
struct RunLoopTests {
    @Test func framesFallAtTheFrameRate() throws {
        let loop = try UIRunLoop(root: View(), size: Size(width: 10, height: 10), framesPerSecond: 60)
        var frames: [FrameInfo] = []
        loop.run(events: [], duration: 0.1) { frames.append($0) }
        #expect(frames.map(\.index) == Array(0...6))
        #expect(zip(frames.map(\.time), (0...6).map { Double($0) / 60 }).allSatisfy { abs($0 - $1) < 1e-12 })
        #expect(frames[0].delta == 0)
        #expect(frames.dropFirst().allSatisfy { abs($0.delta - 1.0 / 60) < 1e-12 })
        // A second run continues without repeating the frame at its start.
        var more: [FrameInfo] = []
        loop.run(events: [], duration: 0.05) { more.append($0) }
        #expect(more.map(\.index) == [7, 8, 9])
        #expect(abs(more[2].time - 0.15) < 1e-12)
        #expect(loop.frameCount == 10)
    }

    @Test func eventsAreDeliveredInOrderBeforeTheFrameAtOrAfterThem() throws {
        let root = TouchLogView()
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100), framesPerSecond: 60)
        let events = [
            Touch(phase: .ended, location: Point(30, 10), timestamp: 0.05),  // out of order in the script
            Touch(phase: .began, location: Point(10, 10), timestamp: 0.01),
            Touch(phase: .moved, location: Point(20, 10), timestamp: 1.0 / 60),  // exactly on frame 1
            Touch(phase: .moved, location: Point(25, 10), timestamp: 0.02),
        ]
        var touchesPerFrame: [Int] = []
        let leftover = loop.run(events: events, duration: 0.1) { touchesPerFrame.append($0.touchesDispatched) }
        #expect(leftover.isEmpty)
        #expect(root.log.map(\.phase) == [.began, .moved, .moved, .ended])
        #expect(root.log.map(\.time) == [0.01, 1.0 / 60, 0.02, 0.05])
        // Frame k is at k/60: 0.01 and 1/60 precede frame 1, 0.02 frame 2, 0.05 frame 3.
        #expect(root.log.map(\.framesBefore) == [1, 1, 2, 3])
        #expect(touchesPerFrame == [0, 2, 1, 1, 0, 0, 0])
    }

    @Test func eventsAfterTheLastFrameAreReturned() throws {
        let root = TouchLogView()
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100))
        let late = Touch(phase: .began, location: Point(10, 10), timestamp: 0.5)
        let leftover = loop.run(events: [late], duration: 0.1)
        #expect(leftover == [late])
        #expect(root.log.isEmpty)
        loop.run(events: leftover, duration: 0.5)
        #expect(root.log.count == 1)
    }

    @Test func laterPhasesGoToTheViewTheTouchBeganOn() throws {
        let root = View()
        let left = TouchLogView(frame: Rect(x: 0, y: 0, width: 50, height: 100))
        let right = TouchLogView(frame: Rect(x: 50, y: 0, width: 50, height: 100))
        root.addSubview(left)
        root.addSubview(right)
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100))
        loop.dispatch(Touch(id: 1, phase: .began, location: Point(10, 10), timestamp: 0))
        loop.dispatch(Touch(id: 2, phase: .began, location: Point(60, 10), timestamp: 0))
        #expect(loop.activeTouchCount == 2)
        loop.dispatch(Touch(id: 1, phase: .moved, location: Point(90, 10), timestamp: 0.1))
        loop.dispatch(Touch(id: 1, phase: .ended, location: Point(90, 10), timestamp: 0.2))
        #expect(left.log.map(\.phase) == [.began, .moved, .ended])
        #expect(right.log.map(\.phase) == [.began])
        #expect(loop.activeTouchCount == 1)
        #expect(loop.view(forTouch: 2) === right)
        // Samples of unknown touches and non-finite samples are ignored.
        #expect(!loop.dispatch(Touch(id: 9, phase: .moved, location: Point(1, 1), timestamp: 0.3)))
        #expect(!loop.dispatch(Touch(id: 2, phase: .moved, location: Point(.nan, 1), timestamp: 0.3)))
        // A touch that begins again without ending cancels the old one first.
        loop.dispatch(Touch(id: 2, phase: .began, location: Point(10, 10), timestamp: 0.4))
        #expect(right.log.map(\.phase) == [.began, .cancelled])
        #expect(left.log.last?.phase == .began)
    }

    @Test func aTouchOnNothingIsDroppedQuietly() throws {
        let root = View()
        root.isUserInteractionEnabled = false
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100))
        #expect(loop.dispatch(Touch(phase: .began, location: Point(10, 10), timestamp: 0)))
        #expect(loop.activeTouchCount == 0)
        #expect(!loop.dispatch(Touch(phase: .ended, location: Point(10, 10), timestamp: 0.1)))
    }

    @Test func idleFramesDoNoWork() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        let loop = try UIRunLoop(root: view, size: Size(width: 100, height: 50))
        var composites = 0
        loop.composite = { layer in
            #expect(layer === view.layer)
            composites += 1
        }
        let first = loop.step(to: 0)
        #expect((first.propertiesUpdated, first.layoutsRun, first.displaysRun) == (1, 1, 1))
        let idle = loop.step(to: 1.0 / 60)
        #expect(idle.isIdle)
        model.text = "changed"
        let busy = loop.step(to: 2.0 / 60)
        #expect((busy.propertiesUpdated, busy.layoutsRun, busy.displaysRun) == (1, 0, 0))
        #expect(composites == 3)
    }

    @Test func resizingTheWindowLaysOutTheRoot() throws {
        let model = PassCountingModel()
        let view = PassCountingView(model: model)
        let loop = try UIRunLoop(root: view, size: Size(width: 100, height: 50))
        #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 50))
        loop.step(to: 0)
        loop.size = Size(width: 200, height: 50)
        let frame = loop.step(to: 0.1)
        #expect(frame.layoutsRun == 1)
        #expect(view.bounds.width == 200)
    }

    @Test func springAnimationsAdvanceEachFrameUntilSettled() throws {
        let view = SpringView()
        let loop = try UIRunLoop(root: view, size: Size(width: 100, height: 100), framesPerSecond: 60)
        loop.step(to: 0)
        view.animate(to: 100)
        #expect(loop.animations.isAnimating)
        var positions: [Double] = []
        loop.run(events: [], duration: 2) { _ in positions.append(view.position) }
        #expect(positions.count == 120)
        #expect(positions[0] > 0 && positions[0] < positions[10])
        #expect(!loop.animations.isAnimating)
        #expect(view.position == 100)
        let layouts = view.layouts
        let idle = loop.step(to: 2.1)
        #expect(idle.isIdle)
        #expect(view.layouts == layouts)
        // The fixed-step spring reaches the same value whatever the frame rate.
        let view30 = SpringView()
        let loop30 = try UIRunLoop(root: view30, size: Size(width: 100, height: 100), framesPerSecond: 30)
        loop30.step(to: 0)
        view30.animate(to: 100)
        var at30: [Double] = []
        loop30.run(events: [], duration: 0.5) { _ in at30.append(view30.position) }
        #expect(abs(at30[14] - positions[29]) < 1e-9, "both at t = 0.5 s")
    }

    @Test func animationCallbacksCanBeRemoved() {
        let driver = AnimationDriver()
        var runs = 0
        let handle = driver.add { _, _ in
            runs += 1
            return true
        }
        driver.advance(time: 0, delta: 0)
        driver.remove(handle)
        driver.advance(time: 1, delta: 1)
        #expect(runs == 1)
        #expect(driver.count == 0)
    }

    @Test func aTickSourceDrivesFrames() throws {
        let loop = try UIRunLoop(root: View(), size: Size(width: 10, height: 10))
        let source = ManualTickSource()
        loop.drive(from: source)
        source.run(frames: 3, interval: 0.02)
        #expect(loop.frameCount == 3)
        #expect(abs(loop.currentTime - 0.06) < 1e-12)
        loop.stopDriving()
        source.advance(by: 0.02)
        #expect(loop.frameCount == 3)
    }

    @Test func timeNeverRunsBackwards() throws {
        let loop = try UIRunLoop(root: View(), size: Size(width: 10, height: 10), startTime: 5)
        let frame = loop.step(to: 1)
        #expect(frame.time == 5)
        #expect(loop.step(to: .nan).time == 5)
        #expect(loop.step(to: 6).delta == 1)
    }

    @Test func invalidParametersAreRejected() {
        #expect(throws: LiquidError.self) {
            try UIRunLoop(root: View(), size: Size(width: -1, height: 10))
        }
        #expect(throws: LiquidError.self) {
            try UIRunLoop(root: View(), size: Size(width: 1, height: 10), scale: 0)
        }
        #expect(throws: LiquidError.self) {
            try UIRunLoop(root: View(), size: Size(width: 1, height: 10), framesPerSecond: .infinity)
        }
        let parent = View()
        let child = View()
        parent.addSubview(child)
        #expect(throws: LiquidError(.invalidState, "the run loop's root view must not have a superview")) {
            try UIRunLoop(root: child, size: Size(width: 1, height: 10))
        }
    }

    @Test func theHapticLogIsObservable() throws {
        let loop = try UIRunLoop(root: View(), size: Size(width: 10, height: 10))
        let fired = FiredFlag()
        withObservationTracking {
            _ = loop.haptics.entries
        } onChange: {
            fired.set()
        }
        loop.root.playHaptic(.notificationSuccess)
        #expect(fired.value)
        #expect(loop.haptics.events == [.notificationSuccess])
    }
}

private final class FiredFlag: @unchecked Sendable {
    private(set) var value = false
    func set() { value = true }
}
