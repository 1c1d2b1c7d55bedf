import LiquidMotion

/// A value that rests, or moves toward a target along a timing curve or with a spring: the one piece of
/// motion arithmetic behind every animation in LiquidUI — layer properties in animation blocks, glass
/// materializing and morphing.
///
/// Deterministic: a curve is evaluated at the elapsed run-loop time, and a spring is stepped in the whole
/// fixed steps of a `FixedStepClock` made by the run loop's ``AnimationDriver``, so the value at a given
/// time does not depend on the frame rate.
///
/// A moving value may belong to an ``AnimationGroup`` (the animation block that started it): the group is
/// told once when the motion lands (finished) or is replaced, jumped or abandoned (interrupted).
@MainActor
struct AnimatedValue<Value: AnimatableVector> {
    private enum Motion {
        /// `from → target` along `curve`, from run-loop time `start`, over `duration` seconds.
        case curve(TimingCurve, from: Value, start: Double, duration: Double)
        /// A spring stepped in the clock's whole steps (nothing moves before the clock's start).
        case spring(SpringAnimator<Value>, clock: FixedStepClock)
    }

    /// The presented value.
    private(set) var value: Value
    /// The presented velocity, per second.
    private(set) var velocity: Value = .zero
    /// Where the value rests or is going.
    private(set) var target: Value
    /// When a spring counts as settled (then it snaps onto its target).
    private let tolerance: SettleTolerance
    private var motion: Motion?
    private var group: AnimationGroup?
    /// The run-loop time of the latest ``advance(to:)``.
    private var lastTime: Double?
    /// Whether the motion is held (see ``pause()``).
    private(set) var isPaused = false

    /// A value at `value`, moving at `velocity` per second (a spring started next takes it over); springs
    /// settle within `tolerance`.
    init(_ value: Value, velocity: Value = .zero, tolerance: SettleTolerance = .unit) {
        self.value = value
        self.velocity = velocity
        target = value
        self.tolerance = tolerance
    }

    /// Whether the value rests on its target.
    var isSettled: Bool { motion == nil }

    /// Rests at `newValue` at once (a motion under way ends interrupted).
    mutating func jump(to newValue: Value) {
        value = newValue
        target = newValue
        velocity = .zero
        motion = nil
        isPaused = false
        leaveGroup(interrupted: true)
    }

    /// Starts moving from the presented value toward `newTarget` with `timing`, from run-loop time `start`.
    ///
    /// A spring takes over the present velocity plus `addedVelocity` — by default `timing`'s uniform
    /// initial velocity times the distance left (a per-axis one adds nothing to a single number) — so
    /// value and velocity stay continuous; a curve starts from the presented value.
    /// `clock` steps a spring; it should start at `start`. A motion under way ends interrupted; the new one
    /// joins `group`. A motion that would not move (already at the target, at rest) lands at once.
    mutating func animate(to newTarget: Value, with timing: AnimationTiming, start: Double,
                                  clock: FixedStepClock, group newGroup: AnimationGroup? = nil,
                                  addedVelocity: Value? = nil) {
        leaveGroup(interrupted: true)
        target = newTarget
        isPaused = false
        lastTime = nil
        switch timing.kind {
        case let .curve(curve, duration):
            guard value != newTarget else { return land() }
            velocity = .zero
            motion = .curve(curve, from: value, start: start, duration: duration)
        case let .spring(spring, initialVelocity):
            let start = velocity + (addedVelocity ?? (newTarget - value).scaled(by: initialVelocity.progressVelocity))
            let animator = SpringAnimator(spring: spring, value: value, target: newTarget, velocity: start,
                                          stepping: .exact, tolerance: tolerance)
            guard !animator.isSettled else { return land() }
            velocity = start
            motion = .spring(animator, clock: clock)
        }
        group = newGroup
        group?.join()
    }

    /// Advances to run-loop time `time` (earlier times do nothing); returns whether the value rests.
    @discardableResult
    mutating func advance(to time: Double) -> Bool {
        guard !isPaused else { return motion == nil }
        lastTime = time
        switch motion {
        case nil:
            return true
        case let .curve(curve, from, start, duration):
            let fraction = duration > 0 ? (time - start) / duration : (time >= start ? 1 : 0)
            // A frame on the end up to rounding (1.2 − 1.0 < 0.2 in binary) lands, rather than showing the
            // end a frame early without finishing and holding it one frame more.
            if fraction >= 1 || time - start >= duration - GestureRecognizer.timeTolerance {
                land()
                return true
            }
            let f = Swift.max(0, fraction)
            value = from + (target - from).scaled(by: curve.value(at: f))
            velocity = fraction > 0 ? (target - from).scaled(by: curve.slope(at: f) / duration) : .zero
            return false
        case .spring(var spring, var clock):
            for _ in 0..<clock.advance(to: time) { spring.advance(by: clock.step) }
            // A spring that left the finite numbers cannot come back: land rather than show nonsense. (x − x
            // is 0 for every finite x and NaN for ±∞ and NaN, so this tests each component exactly.)
            if spring.isSettled || (spring.value - spring.value).magnitudeSquared.isNaN {
                land()
                return true
            }
            value = spring.value
            velocity = spring.velocity
            motion = .spring(spring, clock: clock)
            return false
        }
    }

    /// Holds the motion where the latest frame showed it, dropping its velocity (a spring keeps its
    /// target; a curve keeps how far along it was). Frames do nothing until ``resume(at:clock:)``.
    mutating func pause() {
        guard motion != nil, !isPaused else { return }
        isPaused = true
        velocity = .zero
        if case .spring(var spring, let clock) = motion {
            spring.retarget(to: target, velocity: .zero)
            motion = .spring(spring, clock: clock)
        }
    }

    /// Lets a held motion go on from run-loop time `time`: a curve continues from where it was held, a
    /// spring is stepped by `clock` (which should start at `time`).
    mutating func resume(at time: Double, clock newClock: FixedStepClock) {
        guard isPaused else { return }
        isPaused = false
        switch motion {
        case let .curve(curve, from, start, duration):
            let elapsed = Swift.max(0, (lastTime ?? start) - start)
            motion = .curve(curve, from: from, start: time - elapsed, duration: duration)
        case .spring(let spring, _):
            motion = .spring(spring, clock: newClock)
        case nil:
            break
        }
        lastTime = time
    }

    /// Turns the motion toward `newTarget` from where it is shown: a spring keeps its velocity; a curve
    /// starts a new segment at run-loop time `time` lasting `curveDuration` seconds. A value at rest stays
    /// at rest (use ``animate(to:with:start:clock:group:)``).
    mutating func retarget(to newTarget: Value, at time: Double, curveDuration: Double) {
        switch motion {
        case .spring(var spring, let clock):
            spring.retarget(to: newTarget)
            motion = .spring(spring, clock: clock)
        case .curve(let curve, _, _, _):
            velocity = .zero
            motion = .curve(curve, from: value, start: time, duration: curveDuration)
        case nil:
            return
        }
        target = newTarget
    }

    /// Abandons the motion where it is shown (the value stays; the group hears of an interruption).
    mutating func stop() {
        target = value
        velocity = .zero
        motion = nil
        isPaused = false
        leaveGroup(interrupted: true)
    }

    /// Rests exactly on the target and tells the group it finished.
    private mutating func land() {
        value = target
        velocity = .zero
        motion = nil
        isPaused = false
        leaveGroup(interrupted: false)
    }

    private mutating func leaveGroup(interrupted: Bool) {
        guard let finished = group else { return }
        group = nil
        finished.leave(interrupted: interrupted)
    }
}
