/// Why glass could not be rendered or a glass value is invalid. Each case names the offending input.
public enum GlassError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter is NaN, infinite or outside its documented range.
    case invalidParameter(String)
    /// The backdrop and destination pixmaps differ in size or scale.
    case sizeMismatch(String)

    public var description: String {
        switch self {
        case .invalidParameter(let detail): "invalid glass parameter: \(detail)"
        case .sizeMismatch(let detail): "glass size mismatch: \(detail)"
        }
    }
}
