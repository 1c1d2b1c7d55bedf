import LiquidGeometry

/// The soft outer shadow under a glass surface, all lengths in points.
///
/// The shadow is analytic: at signed distance `d` from the (offset) outline its alpha is
/// `opacity · ½·erfc(d / (radius·√2))` — exactly a Gaussian blur of standard deviation `radius` applied to a
/// straight edge, without running a blur. It is drawn only outside the glass (like CSS `box-shadow`).
public struct GlassShadow: Hashable, Sendable {
    /// Peak alpha of the shadow (its alpha right at the outline is half of it). 0 turns the shadow off.
    public var opacity: Double
    /// Standard deviation of the shadow's falloff, in points.
    public var radius: Double
    /// How far the shadow is shifted (points; positive y is down).
    public var offset: Vector2

    /// Defaults: opacity 0.16, radius 8 pt, offset (0, 2) pt — a soft, faint lift.
    public init(opacity: Double = 0.16, radius: Double = 8, offset: Vector2 = Vector2(0, 2)) {
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }

    /// No shadow.
    public static let none = GlassShadow(opacity: 0, radius: 0, offset: .zero)

    /// The same shadow after checking: opacity in 0…1, radius ≥ 0, everything finite.
    /// - Throws: `LiquidError` (`.outOfRange`) naming the field.
    public func validated() throws(LiquidError) -> GlassShadow {
        guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
            throw .invalidParameter("shadow opacity \(opacity) must lie in 0…1")
        }
        guard radius.isFinite, radius >= 0 else { throw .invalidParameter("shadow radius \(radius) must be finite and ≥ 0") }
        guard offset.isFinite else { throw .invalidParameter("shadow offset \(offset) must be finite") }
        return self
    }
}
