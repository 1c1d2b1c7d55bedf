import LiquidGeometry
import LiquidMotion

/// How an animation moves from its start to its end: along a timing curve over a duration, or with a
/// spring that takes its own time.
///
/// Build one with ``curve(_:duration:)`` or ``spring(_:initialVelocity:)``; both validate their numbers,
/// so an animation never starts with a NaN, negative or infinite duration.
public struct AnimationTiming: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case curve(TimingCurve, duration: Double)
        case spring(Spring, initialVelocity: Double)
    }

    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// `curve` over `duration` seconds: the fraction of the change shown at elapsed time `t` is
    /// `curve.value(at: t / duration)`.
    /// - Throws: `LiquidError` (`.nonFinite` or `.outOfRange`) unless `duration` is finite and ≥ 0 (0 jumps
    ///   at the next frame).
    public static func curve(_ curve: TimingCurve = .easeInOut, duration: Double) throws(LiquidError) -> AnimationTiming {
        guard duration.isFinite, duration >= 0 else {
            throw .invalidParameter(name: "animation duration", value: duration,
                                    requirement: "must be finite and not negative (seconds)")
        }
        return AnimationTiming(.curve(curve, duration: duration))
    }

    /// `spring`, starting with `initialVelocity` (in units of the distance left to travel per second: 1
    /// covers that distance in a second at the initial speed) added to the velocity the property already
    /// has. A spring's duration is its natural one, ``Spring/settlingDuration``.
    /// - Throws: `LiquidError` (`.nonFinite`) when `initialVelocity` is not finite, or when the spring
    ///   never settles (no damping).
    public static func spring(_ spring: Spring, initialVelocity: Double = 0) throws(LiquidError) -> AnimationTiming {
        guard initialVelocity.isFinite else {
            throw .invalidParameter(name: "initial velocity", value: initialVelocity, requirement: "must be finite")
        }
        guard spring.settlingDuration.isFinite else {
            throw .invalidParameter(name: "damping ratio", value: spring.dampingRatio,
                                    requirement: "must be positive for an animation (an undamped spring never settles)")
        }
        return AnimationTiming(.spring(spring, initialVelocity: initialVelocity))
    }

    /// A curve timing written as a constant in code (components' own durations), without `try`.
    /// - Precondition: `duration` is finite and ≥ 0.
    package static func constant(_ curve: TimingCurve, duration: Double) -> AnimationTiming {
        precondition(duration.isFinite && duration >= 0, "a constant animation duration must be finite and ≥ 0")
        return AnimationTiming(.curve(curve, duration: duration))
    }

    /// 0.35 s ease-in-out.
    public static let `default` = AnimationTiming(.curve(.easeInOut, duration: 0.35))

    /// The duration in seconds: the curve's, or a spring's ``Spring/settlingDuration`` (so a caller can
    /// compute a duration factor).
    public var duration: Double {
        switch kind {
        case .curve(_, let duration): duration
        case .spring(let spring, _): spring.settlingDuration
        }
    }

    /// The same timing with springs that do not overshoot: each spring keeps its response and gets a
    /// damping ratio of at least 1 (what reduce motion asks for). Curves are unchanged.
    package var withoutOvershoot: AnimationTiming {
        guard case let .spring(spring, velocity) = kind, spring.dampingRatio < 1 else { return self }
        return AnimationTiming(.spring(.constant(response: spring.response, dampingRatio: 1), initialVelocity: velocity))
    }
}
