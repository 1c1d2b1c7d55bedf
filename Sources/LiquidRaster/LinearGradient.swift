import LiquidGeometry

/// A gradient along the line from `start` to `end` (in the coordinates of the shape it paints): `t = 0` at
/// `start`, `t = 1` at `end`, constant along lines perpendicular to it.
///
/// When `start == end` (or any coordinate is not finite) the paint draws nothing.
public struct LinearGradient: Hashable, Sendable {
    /// Where the gradient is at 0.
    public var start: Point
    /// Where the gradient is at 1.
    public var end: Point
    /// The colours from start to end.
    public var gradient: Gradient

    /// A gradient from `start` (0) to `end` (1).
    public init(start: Point, end: Point, gradient: Gradient) {
        self.start = start
        self.end = end
        self.gradient = gradient
    }
}
