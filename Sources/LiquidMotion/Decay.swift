import LiquidGeometry
import RealModule

/// A value coasting to rest after a flick, the way a scroll view decelerates.
///
/// Units: values in points (or any unit of length), times in seconds, velocities in points per second;
/// the ``rate`` is per millisecond.
///
/// Two models are offered; both are closed-form, so ``value(at:)`` and ``velocity(at:)`` are exact for any
/// time and independent of the frame rate.
///
/// - ``Model/discrete``: UIScrollView's stepping as described in WWDC18 "Designing Fluid Interfaces".
///   Every millisecond the velocity is first multiplied by `d`, then the position advances by the
///   velocity for that millisecond. After `n` milliseconds
///   `x(n) = x0 + (v0/1000)·d·(1 − dⁿ)/(1 − d)`; fractional milliseconds use the continuous extension
///   `dⁿ = d^(1000·t)`, which agrees with the stepping exactly at whole milliseconds. The value comes to
///   rest at `x0 + (v0/1000)·d/(1 − d)`: 499 pt for v0 = 1000 pt/s and d = 0.998.
/// - ``Model/continuous``: the exact solution of `v' = 1000·ln(d)·v`, that is
///   `x(t) = x0 + v0·(d^(1000t) − 1)/(1000·ln d)`, coming to rest at `x0 − v0/(1000·ln d)`:
///   ≈ 499.5 pt for the same input.
///
/// Both are `x(t) = x0 + D·(1 − e^(−k·t))` with `k = −1000·ln d` (see `DecelerationRate.decayConstant`)
/// and `D` the total ``distance``; only `D` differs between the models.
///
/// A `Decay` is a validated value: its initializer rejects non-finite inputs and inputs whose travel
/// distance would overflow, so every property below is finite.
public struct Decay: Hashable, Sendable {
    /// Which deceleration law the value follows.
    public enum Model: Hashable, Sendable {
        /// UIScrollView / WWDC18: velocity multiplied by `d` every millisecond, position stepped per millisecond.
        case discrete
        /// Exponential decay `v(t) = v0·d^(1000·t)`, integrated exactly.
        case continuous
    }

    /// Where the value starts, in points.
    public let initialValue: Double
    /// The velocity the value is released with, in points per second.
    public let initialVelocity: Double
    /// How fast the velocity decays.
    public let rate: DecelerationRate
    /// Which deceleration law is used.
    public let model: Model
    /// The total travel `destination − initialValue`, in points; same sign as ``initialVelocity``.
    public let distance: Double

    /// Creates a decay starting at `initialValue` (points) with `initialVelocity` (points per second).
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) if either input is NaN or ±∞;
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) if the resulting destination would not
    ///   be finite (an enormous velocity with a rate very close to 1).
    public init(
        initialValue: Double = 0, initialVelocity: Double,
        rate: DecelerationRate = .normal, model: Model = .discrete
    ) throws(LiquidError) {
        self.initialValue = try LiquidError.requireFinite(initialValue, "initial value")
        self.initialVelocity = try LiquidError.requireFinite(initialVelocity, "initial velocity")
        self.rate = rate
        self.model = model
        let travel = initialVelocity * Decay.distancePerVelocity(rate: rate, model: model)
        guard travel.isFinite, (initialValue + travel).isFinite else {
            throw .invalidParameter(
                name: "initial velocity", value: initialVelocity,
                requirement: "must be small enough for the destination to be finite at rate \(rate.perMillisecond)")
        }
        self.distance = travel
    }

    /// How far a unit velocity (1 pt/s) travels before coming to rest, in seconds: the factor between
    /// initial velocity and total distance. Positive and finite for every valid rate.
    static func distancePerVelocity(rate: DecelerationRate, model: Model) -> Double {
        let d = rate.perMillisecond
        switch model {
        case .discrete:
            return d / (1000 * (1 - d))
        case .continuous:
            return 1 / rate.decayConstant
        }
    }

    /// The point where the value comes to rest, `initialValue + distance`, in points.
    public var destination: Double { initialValue + distance }

    /// The value at `time` seconds after release, in points.
    ///
    /// Exact for both models (see the type's documentation). Times at or before 0 give
    /// ``initialValue``; `+∞` gives ``destination``; NaN gives NaN.
    public func value(at time: Double) -> Double {
        if time.isNaN { return .nan }
        guard time > 0 else { return initialValue }
        // 1 − e^(−kt) computed as −expm1(−kt): accurate for small t.
        return initialValue - distance * Double.expMinusOne(-rate.decayConstant * time)
    }

    /// The velocity at `time` seconds after release, in points per second: the exact derivative of
    /// ``value(at:)``, `D·k·e^(−k·t)`.
    ///
    /// For ``Model/continuous`` this is `v0·d^(1000·t)` and equals ``initialVelocity`` at `t = 0`. For
    /// ``Model/discrete`` the first millisecond's step already carries the factor `d`, so the derivative at
    /// release is `v0·d·ln(1/d)/(1 − d)`: 0.999·v0 for ``DecelerationRate/normal``, 0.995·v0 for
    /// ``DecelerationRate/fast``. Times at or before 0 are treated as 0; `+∞` gives 0; NaN gives NaN.
    public func velocity(at time: Double) -> Double {
        if time.isNaN { return .nan }
        let k = rate.decayConstant
        return distance * k * Double.exp(-k * max(time, 0))
    }

    /// The time, in seconds, after which the value stays within `threshold` points of ``destination``.
    ///
    /// Closed form for both models: `ln(|D|/threshold)/k`, and 0 when `|D| ≤ threshold` (already within).
    /// For the continuous model this is the often-quoted `ln(−1000·ln d·ε/|v0|)/(1000·ln d)` (a formula
    /// sometimes described as the time until the *speed* drops below ε; it is in fact the time until the
    /// remaining distance `|v(t)|/k` does — see ``duration(velocityThreshold:)`` for the speed).
    /// The remaining distance shrinks monotonically, so the value never leaves the band afterwards.
    ///
    /// - Throws: `LiquidError` unless `threshold` is finite and positive.
    public func duration(threshold: Double) throws(LiquidError) -> Double {
        let epsilon = try Decay.requirePositive(threshold, "distance threshold")
        let magnitude = abs(distance)
        guard magnitude > epsilon else { return 0 }
        return (Double.log(magnitude) - Double.log(epsilon)) / rate.decayConstant
    }

    /// The time, in seconds, after which the speed stays below `threshold` points per second.
    ///
    /// Closed form for both models: `ln(|D|·k/threshold)/k` with `|D|·k` the speed of ``velocity(at:)`` at
    /// release (`|v0|` for the continuous model). 0 when the speed is already at or below `threshold`.
    ///
    /// - Throws: `LiquidError` unless `threshold` is finite and positive.
    public func duration(velocityThreshold threshold: Double) throws(LiquidError) -> Double {
        let epsilon = try Decay.requirePositive(threshold, "velocity threshold")
        let k = rate.decayConstant
        let speed = abs(distance) * k
        guard speed > epsilon else { return 0 }
        return (Double.log(speed) - Double.log(epsilon)) / k
    }

    /// The initial velocity, in points per second, with which a value released at `start` comes to rest
    /// exactly at `destination` (both in points): the inverse of ``destination``.
    ///
    /// `v0 = 1000·(destination − start)·(1 − d)/d` for the discrete model and
    /// `v0 = −1000·ln(d)·(destination − start)` for the continuous one; 0 when the two points are equal.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for NaN or ±∞ inputs, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) if the distance is so large that the
    ///   velocity would overflow.
    public static func velocity(
        toReach destination: Double, from start: Double,
        rate: DecelerationRate = .normal, model: Model = .discrete
    ) throws(LiquidError) -> Double {
        let end = try LiquidError.requireFinite(destination, "destination")
        let begin = try LiquidError.requireFinite(start, "start value")
        let travel = end - begin
        guard travel.isFinite else {
            throw .invalidParameter(
                name: "destination", value: end, requirement: "must be a finite distance from the start \(begin)")
        }
        let velocity = travel / distancePerVelocity(rate: rate, model: model)
        guard velocity.isFinite else {
            throw .invalidParameter(
                name: "destination", value: end,
                requirement: "must be reachable with a finite velocity at rate \(rate.perMillisecond)")
        }
        return velocity
    }

    private static func requirePositive(_ value: Double, _ name: String) throws(LiquidError) -> Double {
        let checked = try LiquidError.requireFinite(value, name)
        guard checked > 0 else {
            throw .invalidParameter(name: name, value: checked, requirement: "must be positive")
        }
        return checked
    }
}
