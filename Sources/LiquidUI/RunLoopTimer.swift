import LiquidGeometry

/// A one-shot action on a run loop's frame clock, made by ``UIRunLoop/schedule(at:_:)`` or
/// ``UIRunLoop/schedule(after:_:)``.
///
/// The action runs during the first frame whose time reaches ``fireTime`` (within a nanosecond), before
/// that frame's animations and view passes, so whatever it changes shows in the same frame. A timer never
/// reads a wall clock and runs no task: a headless run that steps the loop to chosen times fires it at
/// exactly the first of those times at or after ``fireTime``. A touch dispatched after the fire time does
/// not fire it; the next frame does.
@MainActor
public final class RunLoopTimer {
    /// The run-loop time the action is due, seconds.
    public let fireTime: Double
    /// `true` until the action has run or the timer is invalidated.
    public private(set) var isValid = true

    private weak var loop: UIRunLoop?
    private var handle: AnimationDriver.Handle?
    private var action: (@MainActor () -> Void)?

    fileprivate init(fireTime: Double, loop: UIRunLoop, action: @escaping @MainActor () -> Void) {
        self.fireTime = fireTime
        self.loop = loop
        self.action = action
    }

    fileprivate func start() {
        guard let loop else { return }
        // The run loop keeps the timer (through this callback) until it fires or is invalidated, so a
        // caller need not hold it.
        handle = loop.animations.add { time, _ in
            guard self.isValid else { return false }
            guard time >= self.fireTime - GestureRecognizer.timeTolerance else { return true }
            self.fire()
            return false
        }
    }

    private func fire() {
        let body = action
        isValid = false
        action = nil
        handle = nil
        body?()
    }

    /// Stops the timer: its action will not run. No effect once it has run.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
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
        guard time.isFinite else { throw .nonFinite(name: "timer fire time", value: time) }
        let timer = RunLoopTimer(fireTime: time, loop: self, action: action)
        timer.start()
        return timer
    }

    /// Runs `action` once, `delay` seconds after ``currentTime`` on the run loop's clock (see
    /// ``RunLoopTimer``).
    ///
    /// - Throws: `LiquidError` (`.nonFinite` or `.outOfRange`) naming the delay unless it is finite and not
    ///   negative; nothing is scheduled then.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) throws(LiquidError) -> RunLoopTimer {
        guard delay.isFinite, delay >= 0 else {
            throw .invalidParameter(name: "timer delay", value: delay, requirement: "must be finite and not negative (seconds)")
        }
        return try schedule(at: currentTime + delay, action)
    }
}
