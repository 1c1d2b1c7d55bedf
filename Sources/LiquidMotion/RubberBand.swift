import LiquidGeometry
import RealModule

/// Resistance past a boundary: content keeps following the finger, but less and less the further it is
/// pulled, never moving more than ``dimension`` points past the edge.
///
/// The curve is UIScrollView's: for an overscroll of `x` points past the edge, the content is displaced
///
///     b(x) = (1 − 1/(|x|·c/d + 1))·d·sign(x)
///
/// with `c` the ``coefficient`` (0.55 by default) and `d` the ``dimension`` of the view along the axis,
/// in points. Examples: `b(100) = 51.46…` for `d = 800`; `b(−x) = −b(x)`; `b` is strictly increasing,
/// has slope `c` at 0 and approaches `±d` without reaching it. ``overscroll(forOffset:)`` is its exact
/// inverse on `(−d, d)`.
///
/// The power form `sign(x)·|x|^p` from WWDC18 "Designing Fluid Interfaces" is available as the static
/// ``power(_:exponent:)`` with its inverse ``inversePower(_:exponent:)``.
///
/// Every function rejects NaN and ±∞ inputs with `LiquidError` (`.nonFinite`); a `RubberBand`
/// value always has a finite positive dimension and coefficient.
public struct RubberBand: Hashable, Sendable {
    /// UIScrollView's coefficient, 0.55: the slope of the curve at the edge.
    public static let defaultCoefficient = 0.55
    /// The exponent of the power form used in WWDC18, 0.7.
    public static let defaultExponent = 0.7

    /// The view's size along the rubber-banded axis, in points: the asymptote of the displacement.
    /// Finite and positive.
    public let dimension: Double
    /// The slope of the curve at the edge (dimensionless). Finite and positive.
    public let coefficient: Double

    /// Creates a rubber band for a view `dimension` points long.
    ///
    /// - Throws: `LiquidError` unless `dimension` and `coefficient` are finite and positive.
    public init(dimension: Double, coefficient: Double = RubberBand.defaultCoefficient) throws(LiquidError) {
        self.dimension = try RubberBand.requirePositive(dimension, "rubber-band dimension")
        self.coefficient = try RubberBand.requirePositive(coefficient, "rubber-band coefficient")
    }

    /// The displacement, in points, for an overscroll of `overscroll` points past the edge.
    ///
    /// Odd (`b(−x) = −b(x)`), strictly increasing, with `|b(x)| < dimension` for every finite `x`
    /// (rounding may give exactly `±dimension` for overscrolls beyond about 10¹⁶·dimension).
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for NaN or ±∞.
    public func offset(forOverscroll overscroll: Double) throws(LiquidError) -> Double {
        let x = try LiquidError.requireFinite(overscroll, "overscroll")
        // u/(u + 1) equals 1 − 1/(u + 1) but keeps full relative precision for small u.
        let u = abs(x) * coefficient / dimension
        let fraction = u.isFinite ? u / (u + 1) : 1
        return Double(signOf: x, magnitudeOf: dimension * fraction)
    }

    /// The overscroll, in points, that produces a displacement of `offset` points: the exact inverse of
    /// ``offset(forOverscroll:)``, `x = d·|b| / (c·(d − |b|))·sign(b)`.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for NaN or ±∞, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) when `|offset| ≥ dimension` (no finite
    ///   overscroll reaches the asymptote) or the overscroll would overflow.
    public func overscroll(forOffset offset: Double) throws(LiquidError) -> Double {
        let b = try LiquidError.requireFinite(offset, "rubber-banded offset")
        let magnitude = abs(b)
        guard magnitude < dimension else {
            throw .invalidParameter(
                name: "rubber-banded offset", value: b,
                requirement: "must be smaller in magnitude than the dimension \(dimension)")
        }
        let x = dimension * magnitude / (coefficient * (dimension - magnitude))
        guard x.isFinite else {
            throw .invalidParameter(
                name: "rubber-banded offset", value: b,
                requirement: "must be far enough from the dimension \(dimension) for a finite overscroll")
        }
        return Double(signOf: b, magnitudeOf: x)
    }

    /// `value` if it lies in `range`, otherwise the range's nearer bound plus the rubber-banded overscroll.
    ///
    /// Continuous and strictly increasing in `value`, with slope 1 inside the range and ``coefficient`` just
    /// past either bound; the result never leaves `range` by ``dimension`` or more. A bound may be infinite
    /// (`-.infinity...0` bands only the top).
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) if `value` is NaN or ±∞.
    public func clamp(_ value: Double, to range: ClosedRange<Double>) throws(LiquidError) -> Double {
        let v = try LiquidError.requireFinite(value, "value")
        if v < range.lowerBound {
            return range.lowerBound - (try offset(forOverscroll: range.lowerBound - v))
        }
        if v > range.upperBound {
            return range.upperBound + (try offset(forOverscroll: v - range.upperBound))
        }
        return v
    }

    /// The inverse of ``clamp(_:to:)``: the raw value that `clamped` came from. Useful when a gesture
    /// catches content mid-bounce and has to continue from the finger position that would show it.
    ///
    /// - Throws: `LiquidError` if `clamped` is NaN or ±∞, or lies ``dimension`` or more outside `range`.
    public func unclamp(_ clamped: Double, from range: ClosedRange<Double>) throws(LiquidError) -> Double {
        let v = try LiquidError.requireFinite(clamped, "value")
        if v < range.lowerBound {
            return range.lowerBound - (try overscroll(forOffset: range.lowerBound - v))
        }
        if v > range.upperBound {
            return range.upperBound + (try overscroll(forOffset: v - range.upperBound))
        }
        return v
    }

    /// One-shot form of ``clamp(_:to:)``: rubber-bands `value` past `range` for a view `dimension` points
    /// long.
    ///
    /// - Throws: `LiquidError` if `dimension` or `coefficient` is not finite and positive, or `value`
    ///   is NaN or ±∞.
    public static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double,
        coefficient: Double = RubberBand.defaultCoefficient
    ) throws(LiquidError) -> Double {
        try RubberBand(dimension: dimension, coefficient: coefficient).clamp(value, to: range)
    }

    /// The power form `sign(x)·|x|^p` (points in, points out), with `p = 0.7` by default.
    ///
    /// Odd, strictly increasing, and unbounded (unlike the UIScrollView form it has no asymptote); for
    /// `|x| > 1` it grows more slowly than `x`.
    ///
    /// - Throws: `LiquidError` if `x` is NaN or ±∞, or `exponent` is not in `(0, 1]`.
    public static func power(_ x: Double, exponent: Double = RubberBand.defaultExponent) throws(LiquidError) -> Double {
        let value = try LiquidError.requireFinite(x, "overscroll")
        let p = try requireExponent(exponent)
        return Double(signOf: value, magnitudeOf: Double.pow(abs(value), p))
    }

    /// The exact inverse of ``power(_:exponent:)``: `sign(y)·|y|^(1/p)`.
    ///
    /// - Throws: `LiquidError` if `y` is NaN or ±∞, `exponent` is not in `(0, 1]`, or the result overflows.
    public static func inversePower(_ y: Double, exponent: Double = RubberBand.defaultExponent) throws(LiquidError) -> Double {
        let value = try LiquidError.requireFinite(y, "rubber-banded offset")
        let p = try requireExponent(exponent)
        let magnitude = Double.pow(abs(value), 1 / p)
        guard magnitude.isFinite else {
            throw .invalidParameter(
                name: "rubber-banded offset", value: value,
                requirement: "must be small enough for a finite overscroll with exponent \(p)")
        }
        return Double(signOf: value, magnitudeOf: magnitude)
    }

    private static func requirePositive(_ value: Double, _ name: String) throws(LiquidError) -> Double {
        let checked = try LiquidError.requireFinite(value, name)
        guard checked > 0 else {
            throw .invalidParameter(name: name, value: checked, requirement: "must be positive")
        }
        return checked
    }

    private static func requireExponent(_ exponent: Double) throws(LiquidError) -> Double {
        let p = try LiquidError.requireFinite(exponent, "rubber-band exponent")
        guard p > 0, p <= 1 else {
            throw .invalidParameter(
                name: "rubber-band exponent", value: p, requirement: "must be in (0, 1]")
        }
        return p
    }
}
