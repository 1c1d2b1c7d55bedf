/// A key press a ``WindowHost`` hands to its ``WindowHost/onKey`` handler.
///
/// The host keeps Escape (it closes the window) and Shift (it presses the finger with full force) for
/// itself; these are the other keys it reports.
public enum WindowKey: Hashable, Sendable {
    /// Tab.
    case tab
    /// Shift-Tab (also the `ISO_Left_Tab` key some keyboards send for it).
    case shiftTab
    /// A digit key, 0…9.
    case digit(Int)
}
