/// The one way LiquidKit turns a `Double` from outside into a number, size, count or index: checked
/// against a documented range first, so no conversion can trap and no out-of-range value passes silently.
///
/// Guarantees:
/// - Nothing here traps or allocates for any input (NaN, ±∞, ±0, subnormals, 1e300, values beyond Int64).
/// - A refusal is a ``LiquidError`` naming the value (`name`), quoting it, and stating the range:
///   `blur sigma must be between 0 and 1e+06; got 1e+300`.
/// - An accepted integer is the rounded value and lies in the range.
package enum Checked {
    /// Device pixels far off any canvas (2⁴⁰): where a clamped pixel coordinate stops when only "off the
    /// canvas" matters (a text origin, a stroke box, a drawing offset at 1e300). Differences of two such
    /// values stay far inside Int's range.
    package static let farPixels = 1 << 40

    /// How a double becomes an integer.
    package enum Rounding: Sendable {
        /// Toward −∞ (a pixel index from a coordinate).
        case down
        /// Toward +∞ (a pixel size that must cover an extent, a count of frames).
        case up
        /// To the nearest integer, halves away from zero.
        case nearest
    }

    /// `value` if it is finite and in `range`; otherwise a ``LiquidError`` naming it.
    package static func number(_ value: Double, _ name: String, in range: ClosedRange<Double>) throws(LiquidError) -> Double {
        guard value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "must be a finite number")
        }
        guard range.contains(value) else {
            throw .invalidParameter(name: name, value: value, requirement: requirement(range))
        }
        return value
    }

    /// `value` if it is finite and in `range` with the lower bound excluded (a positive scale, a duration
    /// that must be more than 0); otherwise a ``LiquidError`` naming it.
    package static func number(_ value: Double, _ name: String, above lower: Double, through upper: Double) throws(LiquidError) -> Double {
        guard value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "must be a finite number")
        }
        guard value > lower, value <= upper else {
            throw .invalidParameter(name: name, value: value,
                                    requirement: "must be more than \(text(lower)) and at most \(text(upper))")
        }
        return value
    }

    /// `value` rounded by `rounding` as an `Int`, if `value` is finite and the rounded value lies in `range`;
    /// otherwise a ``LiquidError`` naming it. The comparison happens in `Double`, before any conversion.
    package static func integer(_ value: Double, _ name: String, in range: ClosedRange<Int>,
                               rounding: Rounding = .nearest) throws(LiquidError) -> Int {
        guard value.isFinite else {
            throw .invalidParameter(name: name, value: value, requirement: "must be a finite number")
        }
        let rounded = round(value, rounding)
        // Both bounds are exactly representable or rounded outward, so an in-range double converts.
        guard rounded >= Double(range.lowerBound), rounded <= Double(range.upperBound),
              let integer = Int(exactly: rounded), range.contains(integer) else {
            throw .invalidParameter(name: name, value: value,
                                    requirement: "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return integer
    }

    /// `a × b` if it does not overflow and is at most `limit`; otherwise a ``LiquidError`` naming `name`
    /// (a pixel count from a width and a height, a sample count from a duration and a rate).
    package static func product(_ a: Int, _ b: Int, _ name: String, atMost limit: Int) throws(LiquidError) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow, product <= limit, a >= 0, b >= 0 else {
            throw LiquidError(.outOfRange, "\(name) \(a) × \(b) is more than the limit of \(limit)", subject: name)
        }
        return product
    }

    /// `value` rounded by `rounding` and clamped into `range`, for values already known to be meaningful
    /// but possibly huge (a coordinate far off the canvas becomes the nearest edge). NaN gives the lower
    /// bound. Never traps.
    package static func clamped(_ value: Double, to range: ClosedRange<Int>, rounding: Rounding = .nearest) -> Int {
        guard !value.isNaN else { return range.lowerBound }
        let rounded = round(value, rounding)
        if rounded <= Double(range.lowerBound) { return range.lowerBound }
        if rounded >= Double(range.upperBound) { return range.upperBound }
        return Int(rounded)  // strictly inside a range of Ints, so representable
    }

    private static func round(_ value: Double, _ rounding: Rounding) -> Double {
        switch rounding {
        case .down: value.rounded(.down)
        case .up: value.rounded(.up)
        case .nearest: value.rounded(.toNearestOrAwayFromZero)
        }
    }

    /// `must be between a and b`, the bounds written as briefly as they round-trip.
    private static func requirement(_ range: ClosedRange<Double>) -> String {
        if range.upperBound == .infinity { return "must be at least \(text(range.lowerBound))" }
        if range.lowerBound == -.infinity { return "must be at most \(text(range.upperBound))" }
        return "must be between \(text(range.lowerBound)) and \(text(range.upperBound))"
    }

    /// `12` rather than `12.0` for whole numbers of a readable size; Swift's shortest form otherwise.
    private static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
