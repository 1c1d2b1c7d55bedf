import LiquidMotion

/// The four springs of a ``LiquidSwitch`` and the fixed-step clock that advances them (the figures of the
/// published back-port the switch re-creates):
/// 1. **position** — the thumb centre's x (response 0.4 s, damping ratio 0.75). Dragging moves its target;
///    the thumb chases it.
/// 2. **scale** — the thumb's scale (press: 0.2 / 0.6, release: 0.5 / 0.6). A release is held back until
///    the thumb has been scaled up for ``minimumPressDuration``, so a quick tap still shows the growth.
/// 3. **jiggle** — the thumb's stretch (0.5 / 0.4). Every step its target follows the position spring's
///    speed: `1 + 0.1 · min(|v| / 250 pt/s, 1)`, so 1 at rest and 1.1 from 250 pt/s on. Updated after the
///    position, within the same step.
/// 4. **color** — the fraction (0 off … 1 on) of the on colour composited over the off colour
///    (response 0.3 s, critically damped: a colour must not overshoot).
///
/// Time: the springs advance in whole steps of ``step`` (1/120 s) counted by a `FixedStepClock` from the
/// moment the motion (re)started, under the hosting run loop's motion policy (``AnimationDriver``): the
/// simulated time after a frame is `start + k·step` for the largest k with that time not after the frame,
/// no leftover is interpolated, and a late frame pauses the motion rather than skipping ahead. Each
/// spring is a `SpringAnimator` advanced by exactly one step at a time, which keeps the update order
/// (position, then jiggle) inside every step.
///
/// Reduce motion: position and scale springs become critically damped (same responses), the jiggle
/// stays exactly 1, so nothing overshoots or wobbles.
///
/// Guarantees: deterministic (a pure function of the calls and times given); ``isSettled`` becomes `true`
/// only when every spring has snapped exactly onto its target and no release is pending, and a settled
/// motion does no work.
struct LiquidSwitchMotion {
    /// The fixed integration step, seconds (the run loop clocks' step).
    static let step = FixedStepClock.defaultStep
    /// Least time the thumb stays scaled up after a press, seconds.
    static let minimumPressDuration = 0.2
    /// The speed (pt/s) at which the jiggle target reaches its maximum.
    static let jiggleSpeed = 250.0
    /// The largest jiggle target (the stretch at full speed).
    static let maximumJiggle = 1.1

    /// The back-port's springs, and the colour spring (the back-port gives none: critically damped, 0.3 s).
    static let positionSpring = Spring.constant(response: 0.4, dampingRatio: 0.75)
    static let pressSpring = Spring.constant(response: 0.2, dampingRatio: 0.6)
    static let releaseSpring = Spring.constant(response: 0.5, dampingRatio: 0.6)
    static let jiggleSpring = Spring.constant(response: 0.5, dampingRatio: 0.4)
    static let colorSpring = Spring.constant(response: 0.3, dampingRatio: 1)

    /// Settle bounds: positions within 0.01 pt (a thirtieth of a pixel at 3×), slower than 0.5 pt/s.
    static let positionTolerance = SettleTolerance.constant(value: 0.01, velocity: 0.5)

    private(set) var position: SpringAnimator<Double>
    private(set) var scale: SpringAnimator<Double>
    private(set) var jiggle: SpringAnimator<Double>
    private(set) var color: SpringAnimator<Double>

    /// Critically damped springs and no jiggle (see the type's overview).
    private(set) var reduceMotion: Bool
    /// The thumb scale while pressed.
    private(set) var pressedScale: Double
    /// When the current press began (simulated seconds), `nil` when not pressed.
    private(set) var pressStart: Double?
    /// When a deferred release takes effect, if one is pending.
    private(set) var pendingRelease: Double?

    /// Counts the steps (replaced by the run loop's clock when the motion starts).
    private var clock = FixedStepClock.sixtyHertz

    /// Springs at rest: the thumb at `thumbX`, unscaled, colour `colorFraction`.
    init(thumbX: Double, colorFraction: Double, pressedScale: Double, reduceMotion: Bool) {
        // Stepped one whole step at a time by the clock, so exact stepping is the fixed step.
        let fixed = SpringStepping.exact
        self.reduceMotion = reduceMotion
        self.pressedScale = pressedScale
        position = SpringAnimator(spring: Self.positionSpring, value: thumbX, stepping: fixed,
                                  tolerance: Self.positionTolerance)
        scale = SpringAnimator(spring: Self.pressSpring, value: 1, stepping: fixed)
        jiggle = SpringAnimator(spring: Self.jiggleSpring, value: 1, stepping: fixed)
        color = SpringAnimator(spring: Self.colorSpring, value: colorFraction, stepping: fixed)
        applyDamping()
    }

    /// The time the motion has been simulated up to.
    var time: Double { clock.time }

    /// Whether every spring rests on its target and no release is pending.
    var isSettled: Bool {
        position.isSettled && scale.isSettled && jiggle.isSettled && color.isSettled && pendingRelease == nil
    }

    /// The colour fraction clamped to 0…1.
    var colorFraction: Double { Swift.min(Swift.max(color.value, 0), 1) }

    // MARK: Commands

    /// Replaces the step clock (call with a clock started now when the motion starts from rest).
    mutating func restartClock(_ newClock: FixedStepClock) {
        clock = newClock
    }

    /// Moves the position target (the thumb chases it).
    mutating func movePosition(to x: Double) {
        if position.target != x { position.retarget(to: x) }
    }

    /// Moves the colour target (0 off, 1 on).
    mutating func moveColor(to fraction: Double) {
        if color.target != fraction { color.retarget(to: fraction) }
    }

    /// Scales the thumb up (press spring) from `time` on; cancels a pending release.
    mutating func press(at time: Double) {
        pendingRelease = nil
        pressStart = time
        scale.setSpring(Self.spring(Self.pressSpring, reduceMotion: reduceMotion))
        scale.retarget(to: pressedScale)
    }

    /// Scales the thumb back down (release spring) at `time`, or at the end of the minimum pressed time
    /// if that is later.
    mutating func release(at time: Double) {
        guard let start = pressStart else { return }
        pressStart = nil
        let due = start + Self.minimumPressDuration
        if time + 1e-9 >= due {
            releaseNow()
        } else {
            pendingRelease = due
        }
    }

    /// Jumps every spring to rest: thumb at `thumbX`, unscaled, no jiggle, colour `colorFraction`.
    mutating func jump(thumbX: Double, colorFraction: Double) {
        pressStart = nil
        pendingRelease = nil
        position.jump(to: thumbX)
        scale.jump(to: 1)
        jiggle.jump(to: 1)
        color.jump(to: colorFraction)
    }

    /// Switches reduce motion on or off (takes effect on the running springs at once).
    mutating func setReduceMotion(_ on: Bool) {
        guard on != reduceMotion else { return }
        reduceMotion = on
        applyDamping()
    }

    /// Changes the pressed scale (a new size); a pressed thumb retargets to it.
    mutating func setPressedScale(_ value: Double) {
        guard value != pressedScale else { return }
        pressedScale = value
        if pressStart != nil { scale.retarget(to: value) }
    }

    // MARK: Stepping

    /// Simulates every whole step due at `time` (see the type's overview); returns how many ran.
    @discardableResult
    mutating func advance(to time: Double) -> Int {
        let steps = clock.advance(to: time)
        let first = clock.stepsTaken - steps
        for k in 0..<steps { stepOnce(at: clock.time(ofStep: first + k + 1)) }
        return steps
    }

    /// One step ending at `now`: pending release, position, then jiggle from the new velocity, scale, colour.
    private mutating func stepOnce(at now: Double) {
        if let due = pendingRelease, now + 1e-9 >= due {
            releaseNow()
        }
        position.advance(by: Self.step)
        if !reduceMotion {
            let speed = Swift.min(abs(position.velocity) / Self.jiggleSpeed, 1)
            let target = 1 + (Self.maximumJiggle - 1) * speed
            if jiggle.target != target { jiggle.retarget(to: target) }
            jiggle.advance(by: Self.step)
        }
        scale.advance(by: Self.step)
        color.advance(by: Self.step)
    }

    private mutating func releaseNow() {
        pendingRelease = nil
        scale.setSpring(Self.spring(Self.releaseSpring, reduceMotion: reduceMotion))
        scale.retarget(to: 1)
    }

    private mutating func applyDamping() {
        position.setSpring(Self.spring(Self.positionSpring, reduceMotion: reduceMotion))
        let scaleSpring = pressStart != nil ? Self.pressSpring : Self.releaseSpring
        scale.setSpring(Self.spring(scaleSpring, reduceMotion: reduceMotion))
        if reduceMotion { jiggle.jump(to: 1) }
    }

    /// `spring`, critically damped (same response) under reduce motion.
    private static func spring(_ spring: Spring, reduceMotion: Bool) -> Spring {
        guard reduceMotion, spring.dampingRatio < 1 else { return spring }
        return (try? Spring(response: spring.response, dampingRatio: 1)) ?? spring
    }
}
