import LiquidGeometry

/// A colour animates component-wise in straight (un-premultiplied) alpha. Springs may overshoot outside
/// 0…1; use `RGBA.clamped()` before drawing.
extension RGBA: AnimatableVector {
    /// All components zero.
    public static var zero: RGBA { RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
    /// Componentwise sum.
    @inlinable public static func + (a: RGBA, b: RGBA) -> RGBA {
        RGBA(red: a.red + b.red, green: a.green + b.green, blue: a.blue + b.blue, alpha: a.alpha + b.alpha)
    }
    /// Componentwise difference.
    @inlinable public static func - (a: RGBA, b: RGBA) -> RGBA {
        RGBA(red: a.red - b.red, green: a.green - b.green, blue: a.blue - b.blue, alpha: a.alpha - b.alpha)
    }
    /// Every component multiplied by the factor.
    @inlinable public func scaled(by f: Double) -> RGBA {
        RGBA(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }
    /// The sum of the squares of the components.
    @inlinable public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
}
