/// Why a ``WindowHost`` could not open its window.
///
/// Every description is one line that names what is wrong and what would fix it.
public enum WindowError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `DISPLAY` is unset or empty (`display` is `nil`), or names a server that cannot be reached.
    case noDisplay(display: String?)
    /// The X server offers no visual the window can draw with (it needs 24- or 32-bit TrueColor with
    /// 32-bit pixels), or refuses a window or image of the size asked for.
    case unsupportedDisplay(String)

    public var description: String {
        switch self {
        case .noDisplay(nil):
            return "no X display (set DISPLAY to a running X server, e.g. DISPLAY=:0, or run under xvfb-run)"
        case .noDisplay(let name?):
            return "no X display (set DISPLAY to a running X server; cannot open DISPLAY=\(name))"
        case .unsupportedDisplay(let reason):
            return reason
        }
    }
}
