import LiquidGeometry

/// A gradient in circles around `center`: `t = distance / radius`, so `t = 0` at the centre and `t = 1` on
/// the circle of `radius` (in the coordinates of the shape it paints). A single centre, no focal point.
///
/// When the radius is not positive and finite (or the centre is not finite) the paint draws nothing.
public struct RadialGradient: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    public var gradient: Gradient

    public init(center: Point, radius: Double, gradient: Gradient) {
        self.center = center
        self.radius = radius
        self.gradient = gradient
    }
}
