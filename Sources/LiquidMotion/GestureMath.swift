import LiquidGeometry
import RealModule

/// Small pieces of arithmetic that turn the end of a gesture into the start of an animation, from
/// WWDC18 "Designing Fluid Interfaces".
public enum GestureMath {
    /// The default cap on `relativeVelocity(_:from:to:limit:)`, in 1/s: 100 means covering the whole
    /// remaining distance in a hundredth of a second, far beyond any real flick (the drawer demo caps at
    /// about 30).
    public static let defaultRelativeVelocityLimit = 100.0

    /// A gesture's velocity expressed relative to the distance a spring still has to cover, for use as
    /// the spring's initial velocity when the spring animates a unit progress from 0 to 1.
    ///
    /// `velocity` is in points per second, `current` and `target` in points; the result is in 1/s
    /// (fractions of the remaining distance per second): `velocity / (target − current)`.
    ///
    /// Guarantees: the result is finite and `|result| ≤ limit`.
    /// - It is exactly 0 when `target == current` (nothing to animate, whatever the velocity).
    /// - When the distance is tiny compared with the velocity, the quotient is clamped to `±limit`,
    ///   keeping its sign (a flick towards a target a hair away saturates rather than exploding).
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) if an input is NaN or ±∞, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) unless `limit` is positive (it may be
    ///   `+∞`, in which case only overflow to ±∞ is clamped, to ±`Double.greatestFiniteMagnitude`).
    public static func relativeVelocity(
        _ velocity: Double, from current: Double, to target: Double,
        limit: Double = GestureMath.defaultRelativeVelocityLimit
    ) throws(LiquidError) -> Double {
        let v = try LiquidError.requireFinite(velocity, "velocity")
        let from = try LiquidError.requireFinite(current, "current value")
        let to = try LiquidError.requireFinite(target, "target value")
        guard !limit.isNaN, limit > 0 else {
            throw .invalidParameter(name: "relative velocity limit", value: limit, requirement: "must be positive")
        }
        let distance = to - from
        guard distance != 0 else { return 0 }
        guard distance.isFinite else { return 0 }  // the distance overflows: any finite velocity is ~0 of it
        let bound = min(limit, .greatestFiniteMagnitude)
        let quotient = v / distance
        return min(max(quotient, -bound), bound)
    }

    /// Per-axis ``relativeVelocity(_:from:to:limit:)`` for a 2-D gesture (the PiP demo's spring takes
    /// one relative velocity per axis).
    ///
    /// - Throws: as the scalar form.
    public static func relativeVelocity(
        _ velocity: Vector2, from current: Point, to target: Point,
        limit: Double = GestureMath.defaultRelativeVelocityLimit
    ) throws(LiquidError) -> Vector2 {
        Vector2(
            x: try relativeVelocity(velocity.x, from: current.x, to: target.x, limit: limit),
            y: try relativeVelocity(velocity.y, from: current.y, to: target.y, limit: limit))
    }

    /// The candidate nearest to `point` (Euclidean distance), or `nil` when there are no candidates.
    ///
    /// Always returns one of the candidates unchanged: ties go to the earliest, and a NaN `point` (or NaN
    /// distances) never makes the result invalid — it then returns the first candidate.
    ///
    /// - Complexity: O(n) in the number of candidates.
    public static func nearest<Candidates: Sequence>(to point: Point, among candidates: Candidates) -> Point?
    where Candidates.Element == Point {
        var best: Point?
        var bestDistance = Double.infinity
        for candidate in candidates {
            let distance = candidate.distanceSquared(to: point)
            if best == nil || distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// The signed angle, in radians within −π…π, that turns the direction of `from` onto the direction of
    /// `to` (positive turns +x toward +y), from their cross and dot products. 0 when either vector is
    /// zero or not finite. Summing it over successive directions of a turning finger gives the angle
    /// turned, unwrapped across ±π, as long as each step turns less than half a turn.
    public static func turn(from: Vector2, to: Vector2) -> Double {
        let cross = from.cross(to), dot = from.dot(to)
        guard cross.isFinite, dot.isFinite, cross != 0 || dot != 0 else { return 0 }
        return Double.atan2(y: cross, x: dot)
    }

    /// The candidate angle closest to `projected` modulo 2π, expressed as the equivalent angle (candidate
    /// plus a whole number of turns) nearest to `projected`; `nil` when there are no candidates.
    ///
    /// Angles are in radians. The result `r` satisfies `|r − projected| ≤ π` (up to rounding) and
    /// `r = c + 2πk` for a candidate `c` and an integer `k`, so animating from the current angle toward
    /// `r` ends on a valid angle and, when `projected` is the current angle plus a short projection,
    /// turns the short way. A hard flick whose projection spans several turns keeps those turns.
    /// Ties (two candidates equally close) go to the earliest; a candidate exactly half a turn away is
    /// expressed on either side. Non-finite candidates are skipped; a non-finite `projected` returns the
    /// first finite candidate unchanged.
    ///
    /// - Complexity: O(n) in the number of candidates.
    public static func nearestAngle<Candidates: Sequence>(to projected: Double, among candidates: Candidates) -> Double?
    where Candidates.Element == Double {
        let turn = 2 * Double.pi
        var best: Double?
        var bestDistance = Double.infinity
        for candidate in candidates where candidate.isFinite {
            guard projected.isFinite else { return candidate }
            let turns = ((projected - candidate) / turn).rounded()
            let equivalent = candidate + turns * turn
            let distance = abs(equivalent - projected)
            if best == nil || distance < bestDistance {
                best = equivalent
                bestDistance = distance
            }
        }
        return best
    }
}
