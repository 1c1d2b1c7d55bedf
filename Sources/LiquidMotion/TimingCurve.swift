import LiquidGeometry

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as in CSS `cubic-bezier()` and
/// `CAMediaTimingFunction`: maps the elapsed fraction of an animation's duration (progress) to the
/// fraction of the change applied.
///
/// The control points are `(x1, y1)` and `(x2, y2)`. The initializer requires `x1` and `x2` in [0, 1],
/// which makes the curve's x(s) non-decreasing, so every progress has exactly one value; the y
/// coordinates may lie outside [0, 1] (overshoot). All four are finite.
///
/// ``value(at:)`` solves `x(s) = progress` for the curve parameter `s` with Newton's method and falls back
/// to bisection, which always converges because x(s) is continuous and monotone on [0, 1] with
/// x(0) = 0 and x(1) = 1. The solution satisfies `|x(s) − progress| ≤ solverTolerance` (1e-9, well inside
/// the 1e-6 that animation needs).
public struct TimingCurve: Hashable, Sendable {
    /// The first control point's x, in [0, 1].
    public let x1: Double
    /// The first control point's y (any finite value).
    public let y1: Double
    /// The second control point's x, in [0, 1].
    public let x2: Double
    /// The second control point's y (any finite value).
    public let y2: Double

    /// The largest `|x(s) − progress|` that ``value(at:)`` and ``slope(at:)`` accept.
    package static let solverTolerance = 1e-9

    /// Straight line: value equals progress.
    public static let linear = TimingCurve(unchecked: 0, 0, 1, 1)
    /// Slow start: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(unchecked: 0.42, 0, 1, 1)
    /// Slow end: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(unchecked: 0, 0, 0.58, 1)
    /// Slow start and end: (0.42, 0, 0.58, 1).
    public static let easeInOut = TimingCurve(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's default timing function and CSS `ease`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve(unchecked: 0.25, 0.1, 0.25, 1)

    /// Creates a curve with control points `(x1, y1)` and `(x2, y2)`.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for NaN or ±∞, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) when `x1` or `x2` is outside [0, 1].
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(LiquidError) {
        for (name, value) in [("timing curve x1", x1), ("timing curve x2", x2)] {
            _ = try LiquidError.requireFinite(value, name)
            guard value >= 0, value <= 1 else {
                throw .invalidParameter(name: name, value: value, requirement: "must be between 0 and 1")
            }
        }
        self.x1 = x1
        self.y1 = try LiquidError.requireFinite(y1, "timing curve y1")
        self.x2 = x2
        self.y2 = try LiquidError.requireFinite(y2, "timing curve y2")
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The fraction of the change at `progress`. Progress is clamped to [0, 1], so the result is exactly
    /// 0 at or before the start and exactly 1 at or after the end; NaN gives NaN.
    public func value(at progress: Double) -> Double {
        if progress.isNaN { return .nan }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return TimingCurve.evaluate(parameter(forProgress: progress), y1, y2, derivative: 0)
    }

    /// The slope `dvalue/dprogress` at `progress` (clamped to [0, 1]); NaN gives NaN.
    ///
    /// Where the curve's dx/ds vanishes (for example at the start of ``easeOut``, whose first control point
    /// is the origin) the slope is the limit, taken from the first derivative pair that is not negligible
    /// (|·| > 1e-12; the tangent direction of the curve); a vertical tangent gives ±∞.
    public func slope(at progress: Double) -> Double {
        if progress.isNaN { return .nan }
        let s = parameter(forProgress: progress)
        // Derivatives below `negligible` are rounding noise of a true zero (the control values are O(1)).
        let negligible = 1e-12
        for order in 1...3 {
            let dx = TimingCurve.evaluate(s, x1, x2, derivative: order)
            let dy = TimingCurve.evaluate(s, y1, y2, derivative: order)
            if abs(dx) > negligible { return dy / dx }
            if abs(dy) > negligible { return dy > 0 ? .infinity : -.infinity }
        }
        // Unreachable for a valid curve: x(s) runs from 0 to 1, so some derivative of x is non-zero.
        return 0
    }

    /// The curve parameter `s` in [0, 1] at which the curve's x equals `progress` (clamped to [0, 1]),
    /// to within `solverTolerance`: `|x(s) − progress| ≤ 1e-9`. Exactly 0 and 1 at the ends; NaN gives NaN.
    ///
    /// Newton's method from `s = progress` (a few iterations, usually enough); if it stalls on a flat
    /// derivative or leaves [0, 1], bisection on [0, 1], which halves the bracket each step and so ends
    /// within 64 steps.
    public func parameter(forProgress progress: Double) -> Double {
        if progress.isNaN { return .nan }
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        let tolerance = TimingCurve.solverTolerance
        var s = progress
        for _ in 0..<8 {
            let error = TimingCurve.evaluate(s, x1, x2, derivative: 0) - progress
            if abs(error) <= tolerance { return s }
            let slope = TimingCurve.evaluate(s, x1, x2, derivative: 1)
            guard abs(slope) > 1e-9 else { break }
            s -= error / slope
            guard s >= 0, s <= 1 else { break }
        }
        var low = 0.0
        var high = 1.0
        s = 0.5
        for _ in 0..<64 {
            s = 0.5 * (low + high)
            let x = TimingCurve.evaluate(s, x1, x2, derivative: 0)
            if abs(x - progress) <= tolerance { return s }
            if x < progress { low = s } else { high = s }
        }
        return s
    }

    /// One coordinate of the Bézier with end points 0 and 1 and control values `c1`, `c2`, or its
    /// `derivative`-th derivative (0…3) with respect to s, in power form:
    /// `f(s) = ((a·s + b)·s + c)·s` with `c = 3·c1`, `b = 3·(c2 − c1) − c`, `a = 1 − c − b`.
    private static func evaluate(_ s: Double, _ c1: Double, _ c2: Double, derivative: Int) -> Double {
        let c = 3 * c1
        let b = 3 * (c2 - c1) - c
        let a = 1 - c - b
        switch derivative {
        case 0: return ((a * s + b) * s + c) * s
        case 1: return (3 * a * s + 2 * b) * s + c
        case 2: return 6 * a * s + 2 * b
        default: return 6 * a
        }
    }
}
