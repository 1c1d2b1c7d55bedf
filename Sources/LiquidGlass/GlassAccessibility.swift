/// The accessibility settings glass honours. Rendering is a pure function of its inputs, so turning a mode
/// off restores exactly the pixels rendered before it was turned on.
///
/// - ``reduceTransparency``: the surface becomes an opaque fill of the average backdrop colour under the
///   shape (no blur, no refraction); tint and rim still apply.
/// - ``increaseContrast``: an opaque face (the average colour pushed toward white on light backdrops or
///   toward near-black on dark ones) and a stronger, darker rim (a contrasting border on dark faces).
/// - ``reduceMotion``: no overshoot or jiggle: press progress is clamped to 0…1 and drag stretch is off.
///   Controls also read it to pick non-bouncy springs.
public struct GlassAccessibility: OptionSet, Hashable, Sendable {
    /// The set as bits, one per mode.
    public let rawValue: UInt8
    /// The set whose bits are `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An opaque fill of the average backdrop colour under the shape (no blur, no refraction).
    public static let reduceTransparency = GlassAccessibility(rawValue: 1 << 0)
    /// An opaque, higher-contrast face and a stronger rim.
    public static let increaseContrast = GlassAccessibility(rawValue: 1 << 1)
    /// No overshoot or jiggle: press progress clamped to 0…1, no drag stretch.
    public static let reduceMotion = GlassAccessibility(rawValue: 1 << 2)
}
