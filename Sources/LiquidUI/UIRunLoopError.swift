/// Why a ``UIRunLoop`` could not be created.
public enum UIRunLoopError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A parameter was NaN, infinite or out of range.
    case invalidParameter(name: String, value: Double, requirement: String)
    /// The root view already has a superview.
    case rootHasSuperview

    public var description: String {
        switch self {
        case .invalidParameter(let name, let value, let requirement):
            return "invalid \(name) \(value): \(requirement)"
        case .rootHasSuperview:
            return "the run loop's root view must not have a superview"
        }
    }
}
