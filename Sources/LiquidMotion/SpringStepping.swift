/// How a ``SpringAnimator`` turns frame time into simulation time.
public enum SpringStepping: Hashable, Sendable {
    /// Advance by exactly each frame's duration.
    case exact
    /// Advance in whole fixed steps from an accumulator (see ``FixedStep``).
    case fixed(FixedStep)
}
