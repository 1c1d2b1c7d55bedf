import LiquidGeometry

/// The toast's clock-driven half: it throttles events into the ``ToastMachine`` and hides an error toast
/// when its time is up. It is plain arithmetic on the times it is given — a test passes any times it
/// likes; ``Toast`` passes its run loop's.
///
/// Throttling, with a window of ``window`` (0.25 s, one slide's duration):
/// - an event that comes ``window`` or more after the last applied change applies at once;
/// - an event sooner than that waits: it replaces any event already waiting, and the one waiting when the
///   window ends (last applied change + ``window``) applies then;
/// - an event that would change nothing (it leads to the state shown, see ``ToastMachine``) is ignored
///   when it applies, and does not count as a change.
///
/// Entering the error icon state at time `t` sets a deadline at `t +` ``errorTimeout``; at the deadline
/// the machine gets ``ToastMachine/Event/timeout`` (which hides the toast if it still shows that error).
/// Any other applied change clears the deadline. Deadlines due at the same time apply the waiting event
/// first.
public struct ToastScheduler: Hashable, Sendable {
    /// The throttling window, seconds.
    public static let window = 0.25
    /// Deadlines within a nanosecond of a time are due at it (frame times are sums of fractions).
    static let tolerance = 1e-9

    /// How long an error toast stays, seconds (3 by default).
    public let errorTimeout: Double
    /// The machine the events go to.
    public private(set) var machine = ToastMachine()
    /// The event waiting for the window to end, if any.
    public private(set) var pending: ToastMachine.Event?
    /// When the latest change applied, `nil` before any.
    public private(set) var lastChange: Double?
    /// When the error toast shown hides itself, `nil` when none is shown.
    public private(set) var hideTime: Double?

    /// A scheduler whose error toasts stay 3 seconds.
    public init() {
        errorTimeout = 3
    }

    /// A scheduler whose error toasts stay `errorTimeout` seconds.
    ///
    /// - Throws: `LiquidError` unless `errorTimeout` is finite and positive.
    public init(errorTimeout: Double) throws(LiquidError) {
        guard errorTimeout.isFinite, errorTimeout > 0 else {
            throw .invalidParameter(name: "toast error timeout", value: errorTimeout,
                                    requirement: "must be finite and positive (seconds)")
        }
        self.errorTimeout = errorTimeout
    }

    /// The state shown.
    public var state: ToastState { machine.state }

    /// When the waiting event applies, `nil` when none waits.
    public var pendingTime: Double? { pending == nil ? nil : (lastChange ?? 0) + Self.window }

    /// The next time ``advance(to:)`` has work, `nil` when nothing is due.
    public var nextDeadline: Double? {
        switch (pendingTime, hideTime) {
        case (let p?, let h?): Swift.min(p, h)
        case (let p?, nil): p
        case (nil, let h?): h
        case (nil, nil): nil
        }
    }

    /// Takes `event` at time `time` (non-finite times are taken as the last change's time): applies it at
    /// once when the window allows, else leaves it waiting. Returns the transitions that changed
    /// something (none or one).
    public mutating func receive(_ event: ToastMachine.Event, at time: Double) -> [ToastMachine.Transition] {
        let now = time.isFinite ? time : (lastChange ?? 0)
        var changes = advance(to: now)
        if let last = lastChange, now < last + Self.window - Self.tolerance {
            pending = event
        } else if let change = apply(event, at: now) {
            changes.append(change)
        }
        return changes
    }

    /// Applies whatever is due at or before `time`, in time order; returns the transitions that changed
    /// something.
    public mutating func advance(to time: Double) -> [ToastMachine.Transition] {
        var changes: [ToastMachine.Transition] = []
        guard time.isFinite else { return changes }
        while let due = nextDeadline, due <= time + Self.tolerance {
            if let waiting = pending, let at = pendingTime, at <= due {
                pending = nil
                if let change = apply(waiting, at: at) { changes.append(change) }
            } else {
                hideTime = nil
                if let change = apply(.timeout, at: due) { changes.append(change) }
            }
        }
        return changes
    }

    /// Runs `event` through the machine at `time`; returns the transition unless it was ignored.
    private mutating func apply(_ event: ToastMachine.Event, at time: Double) -> ToastMachine.Transition? {
        let transition = machine.handle(event)
        guard transition.effect != .ignored else { return nil }
        lastChange = time
        if case .icon(.error, _, _) = transition.to {
            hideTime = time + errorTimeout
        } else {
            hideTime = nil
        }
        return transition
    }
}
