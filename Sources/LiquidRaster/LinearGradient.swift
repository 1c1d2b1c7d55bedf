import LiquidGeometry

/// A gradient along the line from `start` to `end` (in the coordinates of the shape it paints): `t = 0` at
/// `start`, `t = 1` at `end`, constant along lines perpendicular to it.
///
/// When `start == end` (or any coordinate is not finite) the paint draws nothing.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var gradient: Gradient

    public init(start: Point, end: Point, gradient: Gradient) {
        self.start = start
        self.end = end
        self.gradient = gradient
    }
}
