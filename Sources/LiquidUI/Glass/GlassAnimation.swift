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

    /// Runs `body` with ``current`` set to `animation`, restoring the previous value afterwards.
    @MainActor static func perform<R>(_ animation: GlassAnimation?, _ body: () throws -> R) rethrows -> R {
        let previous = current
        current = animation
        defer { current = previous }
        return try body()
    }
}

/// Runs `body` so that the glass changes it makes animate with `animation` instead of jumping: setting
/// ``GlassEffectView/isGlassEnabled``, ``GlassContainerView/isGlassEnabled`` or a style to / from
/// `identity` ramps materialize between 0 and 1; moving, resizing or re-cornering a ``GlassEffectView``
/// inside a ``GlassContainerView`` morphs its shape (`GlassMorph`). Passing `nil` runs `body` without
/// animation even inside an outer call. Views outside a run loop jump to the end state.
@MainActor
public func withGlassAnimation<R>(_ animation: GlassAnimation? = .default, _ body: () throws -> R) rethrows -> R {
    try GlassAnimation.perform(animation, body)
}
