import LiquidGeometry

/// When a motion counts as finished, in the animated value's own units.
///
/// A motion is settled when both its distance from the target and its speed are within these bounds
/// (Euclidean norms over all components). Settled animators snap exactly onto their target and stop
/// consuming time, so an idle frame costs nothing.
public struct SettleTolerance: Hashable, Sendable {
    /// Largest distance from the target that counts as arrived (value units).
    public var value: Double
    /// Largest speed that counts as at rest (value units per second).
    public var velocity: Double

    /// - Throws: `LiquidError` unless both tolerances are positive and finite.
    public init(value: Double, velocity: Double) throws(LiquidError) {
        guard value.isFinite, value > 0 else {
            throw .invalidParameter(name: "settle tolerance", value: value, requirement: "must be positive and finite")
        }
        guard velocity.isFinite, velocity > 0 else {
            throw .invalidParameter(name: "settle velocity tolerance", value: velocity,
                                    requirement: "must be positive and finite")
        }
        self.value = value
        self.velocity = velocity
    }

    /// A tolerance written as constants in code, without `try`.
    /// - Precondition: both bounds are positive and finite (values from outside the program go through
    ///   the throwing ``init(value:velocity:)``).
    public static func constant(value: Double, velocity: Double) -> SettleTolerance {
        precondition(value.isFinite && value > 0 && velocity.isFinite && velocity > 0,
                     "SettleTolerance.constant needs positive finite bounds")
        return SettleTolerance(unchecked: value, velocity: velocity)
    }

    private init(unchecked value: Double, velocity: Double) {
        self.value = value
        self.velocity = velocity
    }

    /// For positions and lengths in points: within 0.5 pt, slower than 5 pt/s.
    public static let points = SettleTolerance(unchecked: 0.5, velocity: 5)
    /// For unit-range values (opacity, scale, progress, colour): within 0.001, slower than 0.01 per second.
    public static let unit = SettleTolerance(unchecked: 1e-3, velocity: 1e-2)
}
