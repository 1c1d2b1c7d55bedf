import LiquidGeometry

/// An action on a run loop's frame clock, once or repeating. Make a one-shot timer with
/// ``UIRunLoop/schedule(at:_:)`` or ``UIRunLoop/schedule(after:_:)``, a repeating one with
/// ``init(on:firstFire:interval:action:)``.
///
/// The action runs during the first frame whose time reaches a fire time (within a nanosecond), before that
/// frame's animations and view passes, so whatever it changes shows in the same frame. A timer never reads a
/// wall clock and runs no task: a headless run that steps the loop to chosen times fires it at exactly the
/// first of those times at or after each fire time. A touch dispatched after a fire time does not fire it;
/// the next frame does.
///
/// Fire times of a repeating timer are `firstFire + k·interval` (no drift); the action is handed the
/// scheduled time, not the frame's. When a late frame passes several fire times, the timer fires once, for
/// the latest of them, and continues from the next (missed fires are coalesced).
///
/// Lifetime: the run loop keeps a one-shot timer until it fires or is invalidated, so a caller need not hold
/// it. A repeating timer is held only weakly by the run loop: it stops when its last owner lets it go (or
/// on ``invalidate()``), so a view that owns one cannot leak a timer that ticks forever.
@MainActor
public final class RunLoopTimer {
    /// Seconds between fires; 0 for a one-shot timer.
    public let interval: Double
    /// The run-loop time of the first fire, seconds.
    public let fireTime: Double
    /// The next time the action is due, or `nil` once the timer is spent or invalidated.
    public private(set) var nextFireTime: Double?
    /// `true` while the timer will fire again.
    public var isValid: Bool { nextFireTime != nil }

    private weak var loop: UIRunLoop?
    private var handle: AnimationDriver.Handle?
    private var action: (@MainActor (_ fireTime: Double) -> Void)?

    /// Schedules a timer on `runLoop` that first fires at run-loop time `firstFire`, then every `interval`
    /// seconds (never again when `interval` is 0), calling `action` with each scheduled fire time.
    /// - Throws: `LiquidError` naming the value for a non-finite `firstFire`, or an `interval` that is not
    ///   finite, negative, or shorter than a millisecond (0 excepted); nothing is scheduled then.
    public init(on runLoop: UIRunLoop, firstFire: Double, interval: Double,
                action: @escaping @MainActor (_ fireTime: Double) -> Void) throws(LiquidError) {
        guard firstFire.isFinite else { throw .nonFinite(name: "timer fire time", value: firstFire) }
        guard interval.isFinite, interval == 0 || interval >= 0.001 else {
            throw .invalidParameter(name: "timer interval", value: interval,
                                    requirement: "must be 0 (once) or at least 0.001 s")
        }
        self.interval = interval
        fireTime = firstFire
        nextFireTime = firstFire
        self.action = action
        loop = runLoop
        if interval == 0 {
            // Strong: the run loop keeps a one-shot timer alive until it fires.
            handle = runLoop.animations.add { time, _ in self.tick(time) }
        } else {
            handle = runLoop.animations.add { [weak self] time, _ in self?.tick(time) ?? false }
        }
    }

    private func tick(_ time: Double) -> Bool {
        guard let next = nextFireTime else { return false }
        guard time + GestureRecognizer.timeTolerance >= next else { return true }
        var fired = next
        if interval > 0 {
            let passed = ((time + GestureRecognizer.timeTolerance - next) / interval).rounded(.down)
            fired = next + passed * interval
            nextFireTime = fired + interval
        } else {
            nextFireTime = nil
            handle = nil
        }
        let body = action
        if nextFireTime == nil { action = nil }
        body?(fired)
        return nextFireTime != nil
    }

    /// Stops the timer: its action will not run again. No effect once it is spent.
    public func invalidate() {
        guard isValid else { return }
        nextFireTime = nil
        action = nil
        if let handle { loop?.animations.remove(handle) }
        handle = nil
    }
}

extension UIRunLoop {
    /// Runs `action` once, in the first frame whose time is at or after `time` (see ``RunLoopTimer``). A
    /// time already past fires on the next frame.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) naming the time unless it is finite; nothing is scheduled then.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) throws(LiquidError) -> RunLoopTimer {
        try RunLoopTimer(on: self, firstFire: time, interval: 0) { _ in action() }
    }

    /// Runs `action` once, `delay` seconds after ``currentTime`` on the run loop's clock (see
    /// ``RunLoopTimer``).
    ///
    /// - Throws: `LiquidError` naming the delay unless it is finite and not negative; nothing is scheduled then.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) throws(LiquidError) -> RunLoopTimer {
        guard delay.isFinite, delay >= 0 else {
            throw .invalidParameter(name: "timer delay", value: delay, requirement: "must be finite and not negative (seconds)")
        }
        return try schedule(at: currentTime + delay, action)
    }
}
