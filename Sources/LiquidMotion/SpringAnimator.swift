/// Animates a value toward a target with a ``Spring``, frame by frame, and can be interrupted at any moment.
///
/// Guarantees:
/// - Exact: each frame applies the spring's closed-form transition, so the state after any sequence of
///   frames equals the analytic solution at the summed time, at any frame rate (1/30, 1/240, irregular).
/// - Interruptible: ``retarget(to:)`` and ``setSpring(_:)`` keep the presented value and velocity, so motion
///   stays continuous (C¹) through every change; ``setVelocity(_:)`` hands over a gesture's velocity.
/// - Settles in the value's own units (``SettleTolerance``) and then snaps exactly onto the target and stops
///   doing work until the next change.
///
/// ``Stepping/exact`` advances by each frame's real duration. ``Stepping/fixed(_:)`` advances in whole
/// steps from an accumulator and presents the exact state at the leftover time; see ``FixedStep`` for its
/// catch-up cap and dropped-frame pause.
public struct SpringAnimator<Value: AnimatableVector>: Sendable {
    public typealias Stepping = SpringStepping

    public private(set) var spring: Spring
    public private(set) var target: Value
    /// The presented value.
    public private(set) var value: Value
    /// The presented velocity, in value units per second.
    public private(set) var velocity: Value
    /// Whether the motion has come to rest on its target (then ``advance(by:)`` does nothing).
    public private(set) var isSettled: Bool
    /// The settle test's bounds.
    public var tolerance: SettleTolerance
    public let stepping: Stepping
    /// Frame time that was not simulated: time beyond the catch-up cap, or the excess of a dropped frame
    /// under ``FixedStep/pausesOnDroppedFrame``. Always 0 in exact mode.
    public private(set) var discardedTime: Double = 0

    // Fixed-step state: the state at the last whole step and the time accumulated since it.
    private var stepValue: Value
    private var stepVelocity: Value
    private var accumulator: Double = 0
    // Transition over one fixed step (fixed mode) — recomputed only when the spring changes.
    private var stepTransition: SpringTransition?
    // The last frame's duration and transition (exact mode): displays repeat the same interval, so most
    // frames reuse it instead of evaluating exp/sin/cos again.
    private var lastDelta: Double = -1
    private var lastTransition = SpringTransition(positionFromPosition: 1, positionFromVelocity: 0,
                                                  velocityFromPosition: 0, velocityFromVelocity: 1)

    /// Creates an animator at `value` moving toward `target` (default: `value`, i.e. at rest).
    public init(spring: Spring, value: Value, target: Value? = nil, velocity: Value = .zero,
                stepping: Stepping = .exact, tolerance: SettleTolerance = .unit) {
        self.spring = spring
        self.value = value
        self.target = target ?? value
        self.velocity = velocity
        self.stepping = stepping
        self.tolerance = tolerance
        self.stepValue = value
        self.stepVelocity = velocity
        self.isSettled = value == (target ?? value) && velocity == .zero
        if case .fixed(let fixed) = stepping { stepTransition = spring.transition(over: fixed.step) }
    }

    /// Moves the target, keeping the current value and velocity.
    public mutating func retarget(to newTarget: Value) {
        rebase()
        target = newTarget
        isSettled = value == target && velocity == .zero
    }

    /// Moves the target and replaces the velocity (e.g. with a gesture's release velocity).
    public mutating func retarget(to newTarget: Value, velocity newVelocity: Value) {
        rebase()
        target = newTarget
        setPresented(value: value, velocity: newVelocity)
        isSettled = value == target && velocity == .zero
    }

    /// Replaces the velocity, keeping value and target.
    public mutating func setVelocity(_ newVelocity: Value) {
        retarget(to: target, velocity: newVelocity)
    }

    /// Changes the spring mid-flight, keeping value and velocity.
    public mutating func setSpring(_ newSpring: Spring) {
        rebase()
        spring = newSpring
        lastDelta = -1
        if case .fixed(let fixed) = stepping { stepTransition = newSpring.transition(over: fixed.step) }
    }

    /// Jumps to `newValue` and rests there (target = value, zero velocity).
    public mutating func jump(to newValue: Value) {
        target = newValue
        setPresented(value: newValue, velocity: .zero)
        isSettled = true
    }

    /// Advances the motion by a frame of `dt` seconds.
    /// - Precondition: `dt` is finite and ≥ 0. (Frame clocks in this module never produce anything else.)
    public mutating func advance(by dt: Double) {
        precondition(dt.isFinite && dt >= 0, "SpringAnimator.advance(by:) needs a finite, non-negative frame time; got \(dt)")
        guard !isSettled, dt > 0 else { return }
        switch stepping {
        case .exact:
            if dt != lastDelta {
                lastDelta = dt
                lastTransition = spring.transition(over: dt)
            }
            let next = lastTransition.apply(displacement: value - target, velocity: velocity)
            value = target + next.displacement
            velocity = next.velocity
        case .fixed(let fixed):
            advanceFixed(by: dt, fixed)
        }
        settleIfAtRest()
    }

    private mutating func advanceFixed(by dt: Double, _ fixed: FixedStep) {
        var credited = dt
        if fixed.pausesOnDroppedFrame && dt > 1.5 * fixed.step {
            credited = fixed.step
            discardedTime += dt - credited
        }
        accumulator += credited
        let due = (accumulator / fixed.step).rounded(.down)
        accumulator -= due * fixed.step
        if accumulator < 0 { accumulator = 0 }
        var steps = Int(Swift.min(due, Double(Int.max / 2)))
        if steps > fixed.maxCatchUpSteps {
            discardedTime += Double(steps - fixed.maxCatchUpSteps) * fixed.step
            steps = fixed.maxCatchUpSteps
        }
        let m = stepTransition ?? spring.transition(over: fixed.step)
        var x = stepValue - target, v = stepVelocity
        for _ in 0..<steps { (x, v) = m.apply(displacement: x, velocity: v) }
        stepValue = target + x
        stepVelocity = v
        if accumulator > 0 {
            // Present the exact state at the leftover time rather than a linear blend of two steps.
            let rest = spring.transition(over: accumulator).apply(displacement: x, velocity: v)
            value = target + rest.displacement
            velocity = rest.velocity
        } else {
            value = stepValue
            velocity = stepVelocity
        }
    }

    /// Makes the presented state the integration state (fixed mode): later changes then start exactly from
    /// what is on screen, so value and velocity stay continuous.
    private mutating func rebase() {
        stepValue = value
        stepVelocity = velocity
        accumulator = 0
    }

    private mutating func setPresented(value newValue: Value, velocity newVelocity: Value) {
        value = newValue
        velocity = newVelocity
        rebase()
    }

    private mutating func settleIfAtRest() {
        let tol = tolerance
        guard (value - target).magnitudeSquared <= tol.value * tol.value,
              velocity.magnitudeSquared <= tol.velocity * tol.velocity else { return }
        setPresented(value: target, velocity: .zero)
        isSettled = true
    }
}
