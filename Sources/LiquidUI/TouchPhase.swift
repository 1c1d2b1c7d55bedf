/// Where a touch is in its life: it begins, moves any number of times, and ends or is cancelled.
public enum TouchPhase: Hashable, Sendable, CaseIterable {
    /// The finger came down.
    case began
    /// The finger moved (or its force changed) while down.
    case moved
    /// The finger lifted.
    case ended
    /// The system took the touch away (e.g. an incoming call, or the window lost focus).
    case cancelled

    /// Whether this phase is the touch's last (``ended`` or ``cancelled``).
    public var isFinal: Bool { self == .ended || self == .cancelled }
}
