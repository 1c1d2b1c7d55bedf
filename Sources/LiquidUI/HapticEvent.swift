/// A haptic feedback event: part of a control's output, recorded in a ``HapticLog`` so that headless runs
/// and traces can assert it (there is no motor to drive).
public enum HapticEvent: String, Hashable, Sendable, CaseIterable {
    /// A light impact (a small element snapping into place).
    case impactLight
    /// A medium impact (a firmer collision, e.g. a force-press activation).
    case impactMedium
    /// A selection tick (a value or selection changed).
    case selection
    /// A task succeeded.
    case notificationSuccess
    /// A task failed.
    case notificationError
}
