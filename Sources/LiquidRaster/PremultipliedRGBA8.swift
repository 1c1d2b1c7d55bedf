import LiquidGeometry

/// An 8-bit premultiplied colour: each of red, green and blue is already multiplied by alpha, so a valid
/// value has `red, green, blue ≤ alpha`. This is the pixel format of ``Pixmap``.
///
/// Straight (un-premultiplied) colours are `RGBA` (Double components); the two never mix implicitly:
/// convert with ``init(_:)`` and ``straight``.
public struct PremultipliedRGBA8: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, already multiplied by alpha (never above it).
    public var red: UInt8
    /// The green channel, already multiplied by alpha (never above it).
    public var green: UInt8
    /// The blue channel, already multiplied by alpha (never above it).
    public var blue: UInt8
    /// The opacity, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// - Precondition: `red`, `green`, `blue` ≤ `alpha` (checked in debug builds).
    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        assert(red <= alpha && green <= alpha && blue <= alpha, "premultiplied components must not exceed alpha")
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Premultiplies and quantises a straight colour (components clamped to 0…1, rounded to nearest).
    public init(_ color: RGBA) {
        let c = color.clamped()
        let a = c.alpha
        func q(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }
        self.init(red: Swift.min(q(c.red * a), q(a)), green: Swift.min(q(c.green * a), q(a)),
                  blue: Swift.min(q(c.blue * a), q(a)), alpha: q(a))
    }

    /// Fully transparent.
    public static let transparent = PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 255)
    /// Opaque white.
    public static let white = PremultipliedRGBA8(red: 255, green: 255, blue: 255, alpha: 255)

    /// The straight colour this pixel represents (fully transparent pixels give `RGBA.clear`).
    public var straight: RGBA {
        guard alpha > 0 else { return .clear }
        let a = Double(alpha)
        return RGBA(red: Double(red) / a, green: Double(green) / a, blue: Double(blue) / a, alpha: a / 255)
    }

    /// The four bytes in memory order R, G, B, A packed into a little-endian `UInt32`.
    @inlinable package var packed: UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
    }

    @inlinable
    package init(packed: UInt32) {
        self.red = UInt8(truncatingIfNeeded: packed)
        self.green = UInt8(truncatingIfNeeded: packed >> 8)
        self.blue = UInt8(truncatingIfNeeded: packed >> 16)
        self.alpha = UInt8(truncatingIfNeeded: packed >> 24)
    }

    public var description: String { "premultiplied(\(red), \(green), \(blue), \(alpha))" }
}
