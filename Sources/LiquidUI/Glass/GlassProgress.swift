import LiquidMotion

/// A value (materialize, morph progress) that either rests or moves toward a target with a
/// ``GlassAnimation``, advanced by run-loop time. Deterministic: springs step in the whole 1/120 s steps of the
/// run loop's `FixedStepClock` (see ``AnimationDriver``) and timing curves are evaluated at the elapsed
/// time, so the value at a given time does not depend on frame rate.
struct GlassProgress: Sendable {
    /// The presented value.
    private(set) var value: Double
    /// Where the value is going.
    private(set) var target: Double
    private var spring: SpringAnimator<Double>?
    private var timing: (start: Double, from: Double, duration: Double, curve: TimingCurve)?
    /// The spring's step clock while a spring runs.
    private var clock: FixedStepClock?

    init(_ value: Double) {
        self.value = value
        target = value
    }

    /// Whether the value rests on its target.
    var isSettled: Bool { spring == nil && timing == nil }

    /// Rests at `newValue` at once.
    mutating func jump(to newValue: Double) {
        value = newValue
        target = newValue
        spring = nil
        timing = nil
        clock = nil
    }

    /// Starts moving toward `newTarget` at `clock`'s start (its ``FixedStepClock/time``) with `animation`,
    /// continuing from the present value (and, for a spring already moving, its velocity).
    mutating func animate(to newTarget: Double, with animation: GlassAnimation, clock: FixedStepClock) {
        target = newTarget
        let time = clock.time
        self.clock = clock
        switch animation {
        case .spring(let s):
            let velocity = spring?.velocity ?? 0
            timing = nil
            spring = SpringAnimator(spring: s, value: value, target: newTarget, velocity: velocity,
                                    stepping: .exact, tolerance: .unit)
            if spring?.isSettled == true { jump(to: newTarget) }
        case .timing(let duration, let curve):
            spring = nil
            guard duration.isFinite, duration > 0, value != newTarget else {
                jump(to: newTarget)
                return
            }
            timing = (time, value, duration, curve)
        }
    }

    /// Advances to `time` (seconds on the run loop's clock; earlier times do nothing).
    mutating func advance(to time: Double) {
        if var s = spring, var c = clock {
            // Whole steps only (exact stepping by one step is the fixed step).
            for _ in 0..<c.advance(to: time) { s.advance(by: c.step) }
            clock = c
            if s.isSettled {
                jump(to: s.target)
            } else {
                value = s.value
                spring = s
            }
        } else if let t = timing {
            let fraction = (time - t.start) / t.duration
            if fraction >= 1 {
                jump(to: target)
            } else {
                value = t.from + (target - t.from) * t.curve.value(at: Swift.max(0, fraction))
            }
        }
    }
}
