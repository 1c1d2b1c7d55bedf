import LiquidGeometry
import LiquidMotion

/// An interruptible animation of layer properties that can be started, paused, scrubbed, reversed and
/// continued with new timing — the shape of a drawer that follows the finger, is caught mid-flight and
/// thrown back.
///
/// The animator owns one number, its progress: 0 shows every property at its start value, 1 at its end
/// value, and each property shows `start + (end − start)·progress` (a spring's overshoot shows as
/// progress past its end). ``timing`` moves the progress toward the end it is heading to (1, or 0 when
/// ``isReversed``).
///
/// Life cycle (as UIKit's property animator): an animator is created ``State-swift.enum/inactive``;
/// ``addAnimations(_:)`` runs a block whose animatable changes become the animator's properties (they keep
/// showing their start values); ``startAnimation()``, ``pauseAnimation()`` or scrubbing with
/// ``setFractionComplete(_:)`` make it ``State-swift.enum/active``. When the progress reaches its end the
/// properties land exactly on their end (or start) values, the completions run with the position, and
/// the animator is inactive again. ``stopAnimation(withoutFinishing:)`` leaves every property where it is.
///
/// The animator runs on the frame clock of the run loop whose tree holds its layers, so a headless run is
/// exact and repeatable. Properties of layers outside any run loop's tree take their end values at once,
/// and an animator without any hosted property finishes at once when started.
@MainActor
public final class PropertyAnimator {
    /// Where an animator is in its life cycle.
    public enum State: Hashable, Sendable {
        /// Not started, or finished; properties show their model values.
        case inactive
        /// Started, paused or scrubbed: the animator owns its properties.
        case active
        /// Stopped by ``PropertyAnimator/stopAnimation(withoutFinishing:)`` with `false`, waiting for
        /// ``PropertyAnimator/finishAnimation(at:)``.
        case stopped
    }

    /// Where an animation ended.
    public enum Position: Hashable, Sendable {
        case start
        case end
        /// Wherever the properties were when it was stopped.
        case current
    }

    /// The timing the animator was created with.
    public let timing: AnimationTiming
    /// ``timing``'s duration in seconds (a spring's natural duration), for computing duration factors.
    public var duration: Double { timing.duration }
    /// The life-cycle state.
    public private(set) var state: State = .inactive
    /// Whether the progress is moving (started or continued, not paused).
    public private(set) var isRunning = false
    /// The progress: 0 at the start values, 1 at the end values; a spring may carry it briefly past its end.
    public private(set) var fractionComplete = 0.0
    /// Whether the progress heads back to 0. Changing it while running turns the motion around from the
    /// presented state: a spring keeps its velocity; a curve starts a new segment over the proportional
    /// share of ``duration``.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, isRunning else { return }
            turnAround()
        }
    }

    private enum Motion {
        /// `from → to` along `curve` over `duration` seconds, `elapsed` seconds in at `lastTime`.
        case curve(TimingCurve, from: Double, to: Double, duration: Double, elapsed: Double, lastTime: Double)
        /// A spring on the progress and its step clock (`nil` while paused).
        case spring(SpringAnimator<Double>, clock: FixedStepClock?)
    }

    private var motion: Motion?
    private var progressVelocity = 0.0
    private var currentTiming: AnimationTiming
    private var tracks: [PropertyTrack] = []
    private var completions: [@MainActor (Position) -> Void] = []
    private var engine: LayerAnimationEngine?

    /// An inactive animator that will move with `timing`.
    public init(timing: AnimationTiming = .default) {
        self.timing = timing
        currentTiming = timing
    }

    private var endProgress: Double { isReversed ? 0 : 1 }

    // MARK: - Building

    /// Runs `changes` and makes each animatable layer property it changes one of the animator's properties,
    /// from the value it presented to its new value (see ``View/animate(_:delay:_:completion:)`` for what
    /// animates). The properties keep showing their start values until the progress moves. Added while
    /// active, a property covers the rest of the progress, from the present fraction to the end.
    /// - Throws: `LiquidError` (`.invalidState`) when the animator is stopped.
    public func addAnimations(_ changes: () -> Void) throws(LiquidError) {
        guard state != .stopped else {
            throw LiquidError(.invalidState, "a stopped animator takes no new animations; finish it first")
        }
        let transaction = AnimationTransaction()
        transaction.record(changes)
        for move in transaction.moves() {
            let track = PropertyTrack(layer: move.layer, origin: move.before, target: move.target, from: move.from,
                                      to: move.to, motion: .driven(progressStart: fractionComplete))
            track.onInterrupt = { [weak self] track in self?.tracks.removeAll { $0 === track } }
            move.layer.animationTracks[track.property] = track
            tracks.append(track)
            engine = engine ?? move.engine
        }
    }

    /// Adds a block to run once when the animation finishes, with where it finished.
    public func addCompletion(_ completion: @escaping @MainActor (Position) -> Void) {
        completions.append(completion)
    }

    // MARK: - Running

    /// Starts (or resumes after a pause or a scrub) moving the progress toward its end with ``timing``;
    /// from a paused curve it resumes where it paused, from a scrub it covers the rest of the progress in
    /// the proportional share of ``duration``. Does nothing while running.
    /// - Throws: `LiquidError` (`.invalidState`) when the animator is stopped.
    public func startAnimation() throws(LiquidError) {
        guard state != .stopped else {
            throw LiquidError(.invalidState, "a stopped animator cannot start; finish it first")
        }
        guard !isRunning else { return }
        state = .active
        guard let engine else {
            complete(at: .end)
            return
        }
        if motion == nil { motion = makeMotion(currentTiming, duration: abs(endProgress - fractionComplete) * currentTiming.duration, extraVelocity: 0) }
        resume(engine)
    }

    /// Stops the progress where it is presented now (within the latest frame): the properties hold still
    /// and its velocity is dropped. Pausing an inactive animator makes it active at progress 0.
    /// - Throws: `LiquidError` (`.invalidState`) when the animator is stopped.
    public func pauseAnimation() throws(LiquidError) {
        guard state != .stopped else {
            throw LiquidError(.invalidState, "a stopped animator cannot pause; finish it first")
        }
        state = .active
        guard isRunning else { return }
        isRunning = false
        progressVelocity = 0
        if case .spring(var spring, _) = motion {
            spring.retarget(to: endProgress, velocity: 0)
            motion = .spring(spring, clock: nil)
        }
        engine?.remove(self)
        show()
    }

    /// Scrubs: shows the properties at progress `fraction`, pausing the animator. The next start or
    /// continue moves on from there.
    /// - Throws: `LiquidError` (`.nonFinite` or `.outOfRange`) unless `fraction` is in 0…1;
    ///   (`.invalidState`) while running (pause first) or when stopped.
    public func setFractionComplete(_ fraction: Double) throws(LiquidError) {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else {
            throw .invalidParameter(name: "fractionComplete", value: fraction, requirement: "must be between 0 and 1")
        }
        guard state != .stopped, !isRunning else {
            throw LiquidError(.invalidState, isRunning
                ? "pause the animator before setting fractionComplete"
                : "a stopped animator cannot be scrubbed; finish it first")
        }
        state = .active
        fractionComplete = fraction
        progressVelocity = 0
        motion = nil
        show()
    }

    /// Continues toward the end with new timing (or the current one when `timing` is `nil`): a curve runs
    /// over `timing.duration × durationFactor` seconds from the present progress; a spring starts from
    /// the present progress and velocity plus its initial velocity (relative to the progress left) and
    /// takes its own time, so `durationFactor` does not apply to it.
    /// - Throws: `LiquidError` (`.nonFinite` or `.outOfRange`) naming `durationFactor` unless it is finite
    ///   and ≥ 0; (`.invalidState`) when the animator is stopped.
    public func continueAnimation(with timing: AnimationTiming? = nil, durationFactor: Double = 1) throws(LiquidError) {
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw .invalidParameter(name: "durationFactor", value: durationFactor, requirement: "must be finite and not negative")
        }
        guard state != .stopped else {
            throw LiquidError(.invalidState, "a stopped animator cannot continue; finish it first")
        }
        state = .active
        let next = timing ?? currentTiming
        currentTiming = next
        guard let engine else {
            complete(at: isReversed ? .start : .end)
            return
        }
        motion = makeMotion(next, duration: next.duration * durationFactor, extraVelocity: progressVelocity)
        resume(engine)
    }

    /// Stops the animation with every property where it is presented. With `withoutFinishing` `true` the
    /// animator lets go of its properties (they keep their present values) and becomes inactive without
    /// running its completions; with `false` it becomes ``State-swift.enum/stopped`` until
    /// ``finishAnimation(at:)``.
    public func stopAnimation(withoutFinishing: Bool) {
        isRunning = false
        motion = nil
        progressVelocity = 0
        engine?.remove(self)
        if withoutFinishing {
            release()
            state = .inactive
            completions.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator at `position` (its start or end values, or where the properties are)
    /// and runs its completions with it.
    /// - Throws: `LiquidError` (`.invalidState`) unless the animator is stopped.
    public func finishAnimation(at position: Position) throws(LiquidError) {
        guard state == .stopped else {
            throw LiquidError(.invalidState, "only a stopped animator can be finished (stop it without finishing first)")
        }
        complete(at: position)
    }

    // MARK: - Frames

    /// Advances a running animator to run-loop time `time` (called by the engine once per frame).
    func advance(to time: Double) {
        guard isRunning, let current = motion else { return }
        var done = false
        switch current {
        case let .curve(curve, from, to, duration, elapsed, lastTime):
            let now = elapsed + Swift.max(0, time - lastTime)
            let f = duration > 0 ? now / duration : 1
            if f >= 1 {
                fractionComplete = to
                progressVelocity = 0
                done = true
            } else {
                fractionComplete = from + (to - from) * curve.value(at: f)
                progressVelocity = (to - from) * curve.slope(at: f) / duration
                motion = .curve(curve, from: from, to: to, duration: duration, elapsed: now, lastTime: time)
            }
        case .spring(var spring, var clock):
            if clock == nil { clock = engine?.makeClock(start: time) }
            if var c = clock {
                for _ in 0..<c.advance(to: time) { spring.advance(by: c.step) }
                clock = c
            }
            motion = .spring(spring, clock: clock)
            fractionComplete = spring.value
            progressVelocity = spring.velocity
            done = spring.isSettled || !spring.value.isFinite
        }
        if done {
            complete(at: endProgress == 1 ? .end : .start)
        } else {
            show()
        }
    }

    // MARK: - Private

    private func makeMotion(_ timing: AnimationTiming, duration: Double, extraVelocity: Double) -> Motion {
        let effective = engine?.reducesMotion == true ? timing.withoutOvershoot : timing
        let now = engine?.now ?? 0
        switch effective.kind {
        case .curve(let curve, _):
            return .curve(curve, from: fractionComplete, to: endProgress, duration: duration, elapsed: 0, lastTime: now)
        case let .spring(spring, initialVelocity):
            let velocity = extraVelocity + initialVelocity.progressVelocity * (endProgress - fractionComplete)
            let animator = SpringAnimator(spring: spring, value: fractionComplete, target: endProgress, velocity: velocity,
                                          stepping: .exact, tolerance: .constant(value: 1e-4, velocity: 1e-3))
            return .spring(animator, clock: engine?.makeClock(start: now))
        }
    }

    private func resume(_ engine: LayerAnimationEngine) {
        isRunning = true
        switch motion {
        case let .curve(curve, from, to, duration, elapsed, _):
            motion = .curve(curve, from: from, to: to, duration: duration, elapsed: elapsed, lastTime: engine.now)
        case .spring(let spring, let clock):
            motion = .spring(spring, clock: clock ?? engine.makeClock(start: engine.now))
        case nil:
            break
        }
        engine.add(self)
    }

    private func turnAround() {
        switch motion {
        case .spring(var spring, let clock):
            spring.retarget(to: endProgress)
            motion = .spring(spring, clock: clock)
        case .curve(let curve, _, _, _, _, _):
            let span = abs(endProgress - fractionComplete) * timing.duration
            let now = engine?.now ?? 0
            motion = .curve(curve, from: fractionComplete, to: endProgress, duration: span, elapsed: 0, lastTime: now)
        case nil:
            break
        }
    }

    private func show() {
        for track in tracks { track.show(progress: fractionComplete, progressVelocity: progressVelocity) }
    }

    /// Lets go of every property (they keep their present values).
    private func release() {
        let owned = tracks
        tracks.removeAll()
        for track in owned { track.end(interrupted: false) }
    }

    private func complete(at position: Position) {
        for track in tracks {
            switch position {
            case .end: track.land()
            case .start: track.returnToOrigin()
            case .current: break
            }
        }
        if position != .current { fractionComplete = position == .end ? 1 : 0 }
        isRunning = false
        motion = nil
        progressVelocity = 0
        engine?.remove(self)
        release()
        state = .inactive
        let finished = completions
        completions.removeAll()
        for completion in finished { completion(position) }
    }
}
