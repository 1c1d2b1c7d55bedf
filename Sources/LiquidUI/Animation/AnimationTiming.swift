import LiquidGeometry
import LiquidMotion

/// How an animation moves from its start to its end: along a timing curve over a duration, or with a
/// spring that takes its own time.
///
/// Build one with ``curve(_:duration:)`` or ``spring(_:initialVelocity:)`` (one initial velocity for every
/// animated number, or one per axis of a position); all validate their numbers, so an animation never
/// starts with a NaN, negative or infinite duration or velocity.
public struct AnimationTiming: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case curve(TimingCurve, duration: Double)
        case spring(Spring, initialVelocity: InitialVelocity)
    }

    /// A spring's initial velocity, in units of the distance left to travel per second.
    package enum InitialVelocity: Hashable, Sendable {
        /// The same relative velocity for every animated number.
        case uniform(Double)
        /// One relative velocity per axis of a position (a frame's origin, a transform's translation, an
        /// anchor point); every other number starts without one.
        case perAxis(Vector2)

        /// The added velocity, per second, of a move of `property` that covers `distance`.
        func velocity(covering distance: AnimationVector, of property: AnimatableProperty) -> AnimationVector {
            switch self {
            case .uniform(let v):
                return distance.scaled(by: v)
            case .perAxis(let v):
                guard property.isPositioned else { return .zero }
                var lanes = SIMD8<Double>()
                lanes[0] = distance.lanes[0] * v.x
                lanes[1] = distance.lanes[1] * v.y
                return AnimationVector(lanes)
            }
        }

        /// The relative velocity of one progress number (a property animator's): a uniform velocity, or 0
        /// for a per-axis one, which no single number can carry.
        var progressVelocity: Double {
            switch self {
            case .uniform(let v): v
            case .perAxis: 0
            }
        }
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
        return AnimationTiming(.spring(spring, initialVelocity: .uniform(initialVelocity)))
    }

    /// `spring` with one initial velocity per axis, for moving a position: `initialVelocity.x` for the
    /// horizontal and `initialVelocity.y` for the vertical, each in units of the distance left on its own
    /// axis per second (a flick's velocity divided by the distance each axis still has to go; see
    /// `GestureMath.relativeVelocity`). It applies to a layer's `frame` (its origin; the size starts
    /// without added velocity), `transform` (its translation; rotation, scales and shear start without)
    /// and `anchorPoint`; every other property starts with only the velocity it already had, as with an
    /// initial velocity of 0. A ``PropertyAnimator``, whose properties share one progress number, starts
    /// that progress without added velocity.
    ///
    /// An axis that has no distance left gets no added velocity on that axis, whatever its component.
    /// - Throws: `LiquidError` (`.nonFinite`) when a component of `initialVelocity` is not finite, or when
    ///   the spring never settles (no damping).
    public static func spring(_ spring: Spring, initialVelocity: Vector2) throws(LiquidError) -> AnimationTiming {
        for (axis, value) in [("x", initialVelocity.x), ("y", initialVelocity.y)] where !value.isFinite {
            throw .invalidParameter(name: "initial velocity \(axis)", value: value, requirement: "must be finite")
        }
        let timing = try AnimationTiming.spring(spring)
        guard case .spring(let checked, _) = timing.kind else { return timing }
        return AnimationTiming(.spring(checked, initialVelocity: .perAxis(initialVelocity)))
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
