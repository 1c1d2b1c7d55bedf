import LiquidGeometry

/// What fills the pixels a shape covers.
public enum Paint: Sendable {
    /// One straight colour (channels clamped to 0…1 when drawn).
    case solid(RGBA)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case image(ImagePaint)

    /// A solid colour; the natural spelling at call sites (`paint: .color(.white)`).
    public static func color(_ color: RGBA) -> Paint { .solid(color) }
}
