import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// The touch response of interactive glass: a press spring (0 released → 1 pressed) that grows the shape
/// and lights the glow at the finger, and a stretch spring that pulls the shape toward a dragging finger.
/// Advanced in whole 1/120 s steps of the run loop's `FixedStepClock` (``clockTemplate``; see
/// ``AnimationDriver``), so it is the same at any frame rate and a late frame pauses it.
///
/// - Press: response 0.25 s, damping 0.6 (a slight overshoot); release: 0.45 s, damping 0.7. Under reduce
///   motion both are critically damped (no overshoot) and the stretch stays at zero.
/// - A release sooner than ``minimumPressDuration`` after the press is deferred until then, so a quick tap
///   still shows the swell.
/// - The stretch target is the finger's displacement since touch-down while pressed, zero otherwise; the
///   rendered stretch is then bounded by ``GlassInteraction/stretch(_:maximum:)``.
struct GlassPressMotion: Sendable {
    /// Relative growth at full press (within GlassInteraction's 0.04…0.10).
    var pressScale = 0.08
    /// Least time the press is shown, seconds.
    static let minimumPressDuration = 0.12

    private(set) var press: SpringAnimator<Double>
    private(set) var stretch: SpringAnimator<Vector2>
    /// Where the finger is (or last was), in the owner's coordinates.
    private(set) var touchPoint: Point?
    private var touchStart = Point(0, 0)
    private var pressedAt = 0.0
    private var pendingRelease: Double?
    /// The step clock while something moves (`nil` before the first touch).
    private var clock: FixedStepClock?
    /// The policy of the clock started at each new motion (the owner sets the run loop's).
    var clockTemplate = FixedStepClock.sixtyHertz
    private var reduceMotion: Bool

    init(reduceMotion: Bool = false) {
        self.reduceMotion = reduceMotion
        // Stepped one whole step at a time by the clock, so exact stepping is the fixed step.
        let stepping = SpringStepping.exact
        press = SpringAnimator(spring: Self.pressSpring(reduceMotion), value: 0, stepping: stepping, tolerance: .unit)
        stretch = SpringAnimator(spring: Self.stretchSpring(reduceMotion), value: .zero, stepping: stepping,
                                 tolerance: .points)
    }

    /// Whether nothing moves and no release is pending.
    var isSettled: Bool { press.isSettled && stretch.isSettled && pendingRelease == nil }

    /// The press progress (may overshoot 1 slightly).
    var progress: Double { press.value }

    /// The scale of the pressed shape and its content.
    var scale: Double { 1 + pressScale * (reduceMotion ? Swift.min(Swift.max(press.value, 0), 1) : press.value) }

    /// The interaction to render, with the touch point moved by `offset` into the container's space.
    func interaction(offset: Vector2) -> GlassInteraction {
        // At rest the touch point is dropped, so settled glass renders exactly like glass never touched.
        let resting = press.value == 0 && press.isSettled
        return GlassInteraction(pressProgress: press.value, pressScale: pressScale,
                                touchPoint: resting ? nil : touchPoint.map { $0 + offset }, dragOffset: stretch.value)
    }

    mutating func setReduceMotion(_ on: Bool) {
        guard on != reduceMotion else { return }
        reduceMotion = on
        press.setSpring(Self.pressSpring(on))
        stretch.setSpring(Self.stretchSpring(on))
        if on { stretch.retarget(to: .zero) }
    }

    /// The finger went down at `point` at `time`.
    mutating func begin(at point: Point, time: Double) {
        sync(time)
        touchStart = point
        touchPoint = point
        pressedAt = time
        pendingRelease = nil
        press.setSpring(Self.pressSpring(reduceMotion))
        press.retarget(to: 1)
        stretch.retarget(to: .zero)
    }

    /// The finger moved to `point`; `inside` says whether it still presses the glass.
    mutating func move(to point: Point, inside: Bool, time: Double) {
        sync(time)
        touchPoint = point
        if inside {
            if press.target != 1 || pendingRelease != nil {
                pendingRelease = nil
                press.setSpring(Self.pressSpring(reduceMotion))
                press.retarget(to: 1)
            }
            stretch.retarget(to: reduceMotion ? .zero : point - touchStart)
        } else {
            release(time: time, immediately: true)
        }
    }

    /// The finger lifted or was cancelled.
    mutating func end(time: Double) {
        sync(time)
        release(time: time, immediately: false)
    }

    private mutating func release(time: Double, immediately: Bool) {
        stretch.retarget(to: .zero)
        if !immediately, time - pressedAt < Self.minimumPressDuration {
            pendingRelease = pressedAt + Self.minimumPressDuration
            return
        }
        pendingRelease = nil
        press.setSpring(Self.releaseSpring(reduceMotion))
        press.retarget(to: 0)
    }

    /// Advances both springs to `time` (handling a deferred release on its exact time).
    mutating func advance(to time: Double) {
        if let due = pendingRelease, time >= due {
            step(to: due)
            pendingRelease = nil
            press.setSpring(Self.releaseSpring(reduceMotion))
            press.retarget(to: 0)
        }
        step(to: time)
    }

    /// Restarts the clock at `time` without advancing (after a pause with nothing moving).
    mutating func sync(_ time: Double) {
        if isSettled || clock == nil {
            var restarted = clockTemplate
            restarted.restart(at: time)
            clock = restarted
        } else {
            step(to: time)
        }
    }

    private mutating func step(to time: Double) {
        guard var c = clock else { return }
        for _ in 0..<c.advance(to: time) {
            press.advance(by: c.step)
            stretch.advance(by: c.step)
        }
        clock = c
    }

    private static func pressSpring(_ reduce: Bool) -> Spring {
        Spring.constant(response: 0.25, dampingRatio: reduce ? 1 : 0.6)
    }

    private static func releaseSpring(_ reduce: Bool) -> Spring {
        Spring.constant(response: 0.45, dampingRatio: reduce ? 1 : 0.7)
    }

    private static func stretchSpring(_ reduce: Bool) -> Spring {
        Spring.constant(response: 0.3, dampingRatio: reduce ? 1 : 0.7)
    }
}
