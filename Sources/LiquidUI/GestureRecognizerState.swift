/// The state machine of a ``GestureRecognizer``.
///
/// Continuous gestures (pan, long press, force) go `possible → began → changed* → ended | cancelled`;
/// discrete ones (tap) go `possible → recognized` (``recognized`` is ``ended``). Either kind may go
/// `possible → failed`. ``ended``, ``cancelled`` and ``failed`` are final: the recognizer stays there
/// until its next touch begins, when it resets to ``possible``.
public enum GestureRecognizerState: Hashable, Sendable, CaseIterable {
    /// Watching touches; nothing recognized yet.
    case possible
    /// A continuous gesture was recognized.
    case began
    /// A continuous gesture continued (moved, or its force changed).
    case changed
    /// A continuous gesture finished, or a discrete gesture was recognized.
    case ended
    /// A recognized continuous gesture was cancelled.
    case cancelled
    /// The touches turned out not to be this gesture.
    case failed

    /// A discrete gesture's success: the same state as ``ended``.
    public static let recognized = GestureRecognizerState.ended

    /// Whether the state is final (``ended``, ``cancelled`` or ``failed``).
    public var isFinal: Bool {
        self == .ended || self == .cancelled || self == .failed
    }

    /// Whether the recognizer has recognized its gesture (``began``, ``changed`` or ``ended``).
    public var isRecognized: Bool {
        self == .began || self == .changed || self == .ended
    }

    /// Whether the state machine allows going from `self` to `next`.
    ///
    /// Allowed: `possible → began | ended | failed`, `began | changed → changed | ended | cancelled`.
    package func canTransition(to next: GestureRecognizerState) -> Bool {
        switch (self, next) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed):
            return true
        case (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            return true
        default:
            return false
        }
    }
}
