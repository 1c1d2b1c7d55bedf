/// Why a geometric value was refused at construction.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A coordinate, length or radius was NaN or infinite; the payload names the offending value.
    case nonFinite(String)
    /// A size, radius or tolerance was negative (or zero where a positive value is required).
    case negative(String)
    /// A value was finite and non-negative but outside what the operation accepts.
    case outOfRange(String)
    /// Text that should describe a value (such as a hex colour) could not be parsed; the payload quotes it.
    case malformed(String)

    public var description: String {
        switch self {
        case .nonFinite(let what): return "\(what) is not finite (NaN or infinity)"
        case .negative(let what): return "\(what) must not be negative"
        case .outOfRange(let what): return "\(what) is out of range"
        case .malformed(let what): return "\(what) is malformed"
        }
    }
}
