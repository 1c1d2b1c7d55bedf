import LiquidGeometry

/// A gradient in circles around `center`: `t = distance / radius`, so `t = 0` at the centre and `t = 1` on
/// the circle of `radius` (in the coordinates of the shape it paints). A single centre, no focal point.
///
/// When the radius is not positive and finite (or the centre is not finite) the paint draws nothing.
public struct RadialGradient: Hashable, Sendable {
    /// The centre, where the gradient is at 0.
    public var center: Point
    /// The distance at which the gradient reaches 1.
    public var radius: Double
    /// The colours along the radius.
    public var gradient: Gradient

    /// A gradient from `center` (0) out to `radius` (1).
    public init(center: Point, radius: Double, gradient: Gradient) {
        self.center = center
        self.radius = radius
        self.gradient = gradient
    }
}
