import LiquidGeometry

/// Where a flicked value would come to rest: the `project` helper from WWDC18 "Designing Fluid Interfaces".
///
/// Use it at the end of a gesture to choose a destination (the nearest PiP corner, a drawer state, an
/// angle) from where the content *would* coast, rather than from where the finger let go.
///
/// Units: values in points, velocities in points per second, rates per millisecond. With the default
/// ``Decay/Model/discrete`` model the travel is the talk's `(v/1000)·d/(1 − d)`: 499 pt for v = 1000 pt/s
/// at ``DecelerationRate/normal``.
public enum Projection {
    /// The distance, in points, that a value released with `velocity` (points per second) travels before
    /// it comes to rest. Same sign as `velocity`; 0 for 0.
    ///
    /// - Throws: `LiquidError` if `velocity` is NaN or ±∞, or so large that the distance overflows.
    public static func distance(
        velocity: Double, rate: DecelerationRate = .normal, model: Decay.Model = .discrete
    ) throws(LiquidError) -> Double {
        try Decay(initialValue: 0, initialVelocity: velocity, rate: rate, model: model).distance
    }

    /// The resting point, in points, of `value` released with `velocity` (points per second).
    ///
    /// - Throws: `LiquidError` if either input is NaN or ±∞, or the result would overflow.
    public static func project(
        _ value: Double, velocity: Double, rate: DecelerationRate = .normal, model: Decay.Model = .discrete
    ) throws(LiquidError) -> Double {
        try Decay(initialValue: value, initialVelocity: velocity, rate: rate, model: model).destination
    }

    /// The resting point of `point` released with `velocity` (points per second), each axis projected
    /// independently with the same rate.
    ///
    /// - Throws: `LiquidError` if any component is NaN or ±∞, or the result would overflow (the x axis
    ///   is checked first; the error names the parameter as the scalar form does).
    public static func project(
        _ point: Point, velocity: Vector2, rate: DecelerationRate = .normal, model: Decay.Model = .discrete
    ) throws(LiquidError) -> Point {
        Point(
            x: try project(point.x, velocity: velocity.x, rate: rate, model: model),
            y: try project(point.y, velocity: velocity.y, rate: rate, model: model))
    }
}
