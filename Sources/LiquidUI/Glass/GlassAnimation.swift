import LiquidMotion

/// How a glass change animates when it is made inside ``withGlassAnimation(_:_:)``: turning glass on or off
/// (materialize / dematerialize), changing its style to or from `identity`, or changing the shape of a
/// piece of glass in a ``GlassContainerView`` (an identity-based morph).
///
/// - ``spring(_:)``: the progress follows a LiquidMotion spring advanced in fixed 1/120 s steps, so the
///   motion is the same at any frame rate. A critically damped spring (`Spring.smooth`, the default)
///   ramps monotonically; a bouncier one overshoots (materialize is clamped to 0…1 when rendering).
/// - ``timing(duration:curve:)``: the progress follows a cubic-Bézier timing curve over a fixed duration.
public enum GlassAnimation: Hashable, Sendable {
    /// Spring-driven progress.
    case spring(Spring)
    /// Progress along `curve` over `duration` seconds (a non-positive or non-finite duration jumps).
    case timing(duration: Double, curve: TimingCurve)

    /// The default: `Spring.smooth` (0.5 s response, critically damped — no overshoot).
    public static let `default` = GlassAnimation.spring(.smooth)
    /// A 0.35 s ease-in-out curve.
    public static let easeInOut = GlassAnimation.timing(duration: 0.35, curve: .easeInOut)

    /// The animation of the innermost ``withGlassAnimation(_:_:)`` being run, if any.
    @MainActor public private(set) static var current: GlassAnimation?

    /// Whether a ``withGlassAnimation(_:_:)`` is running (its animation, even `nil`, then overrides an
    /// enclosing `View.animate` block's for glass changes).
    @MainActor static private(set) var isInScope = false

    /// Runs `body` with ``current`` set to `animation`, restoring the previous value afterwards.
    @MainActor static func perform<R>(_ animation: GlassAnimation?, _ body: () throws -> R) rethrows -> R {
        let previous = (current, isInScope)
        current = animation
        isInScope = true
        defer { (current, isInScope) = previous }
        return try body()
    }

    /// The same motion as an animation-layer request; `nil` (a jump) for a curve whose duration is not
    /// positive and finite, or a spring that never settles.
    @MainActor var request: AnimationRequest? {
        switch self {
        case .spring(let spring):
            return (try? AnimationTiming.spring(spring)).map { AnimationRequest(timing: $0) }
        case .timing(let duration, let curve):
            guard duration.isFinite, duration > 0 else { return nil }
            return (try? AnimationTiming.curve(curve, duration: duration)).map { AnimationRequest(timing: $0) }
        }
    }
}

/// Runs `body` so that the glass changes it makes animate with `animation` instead of jumping: setting
/// ``GlassEffectView/isGlassEnabled``, ``GlassContainerView/isGlassEnabled`` or a style to / from
/// `identity` ramps materialize between 0 and 1; moving, resizing or re-cornering a ``GlassEffectView``
/// inside a ``GlassContainerView`` morphs its shape (`GlassMorph`). Passing `nil` runs `body` without
/// animation even inside an outer call (or an enclosing `View.animate` block). Views outside a run loop
/// jump to the end state. Under the run loop's reduce motion, springs do not overshoot.
///
/// The same glass changes made inside `View.animate(_:delay:_:completion:)` animate with that block's
/// timing and delay, and the block's completion waits for them; this function is the way to animate glass
/// without a completion. Both move the glass with the same arithmetic on the same frame clock, so a
/// spring here and the same spring in a block give identical frames.
@MainActor
public func withGlassAnimation<R>(_ animation: GlassAnimation? = .default, _ body: () throws -> R) rethrows -> R {
    try GlassAnimation.perform(animation, body)
}
