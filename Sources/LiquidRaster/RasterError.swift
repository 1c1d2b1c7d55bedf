/// Why the raster engine refused an input or an operation.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pixmap size was zero, negative, non-finite, or absurd (over 16 384 per side or 256 megapixels).
    case invalidSize(String)
    /// A filter or paint parameter was out of range or not finite; the payload names it.
    case invalidParameter(String)
    /// An image file could not be decoded (not a PNG, truncated, corrupt) or encoded.
    case image(String)
    /// A font could not be found or rendered.
    case font(String)
    /// Reading or writing a file failed.
    case io(String)

    public var description: String {
        switch self {
        case .invalidSize(let s), .invalidParameter(let s), .image(let s), .font(let s), .io(let s): return s
        }
    }
}
