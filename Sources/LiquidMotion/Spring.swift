import LiquidGeometry
import RealModule

/// A damped harmonic spring: m·x″ = −k·(x − target) − c·x′.
///
/// A `Spring` is a pure value describing the physics; it holds no position. It is stored canonically as
/// mass, natural frequency ω₀ = √(k/m) and damping ratio ζ = c / (2√(k·m)), so every parameter family
/// converts losslessly (to rounding) and a requested ζ = 1 is exactly critical — never nudged into
/// bouncing by a round trip through stiffness and damping.
///
/// Four parameter families describe the same spring:
/// - design / UIKit: ``init(response:dampingRatio:mass:)``
/// - SwiftUI: ``init(duration:bounce:mass:)``
/// - Core Animation: ``init(mass:stiffness:damping:)``
/// - settling: ``init(settlingDuration:dampingRatio:mass:)``
///
/// Motion is evaluated in closed form (see `transition(over:)`): exact for any time step, continuous in ζ
/// across critical damping, and free of the overflow/underflow that naive over-damped formulas hit for
/// stiff springs over long times.
public struct Spring: Hashable, Sendable, CustomStringConvertible {
    /// Mass m (> 0). Only matters for converting to and from stiffness and damping.
    public let mass: Double
    /// Undamped natural angular frequency ω₀ = √(k/m), in radians per second (> 0).
    public let naturalFrequency: Double
    /// Damping ratio ζ (≥ 0): < 1 bounces, 1 is critical, > 1 is over-damped.
    public let dampingRatio: Double

    // MARK: Parameter families

    /// A spring from its period `response` (seconds, the period of the undamped oscillation) and damping
    /// ratio, as UIKit and design tools use: k = m·(2π/response)², c = 4π·ζ·m/response.
    /// - Throws: `LiquidError` if `response` or `mass` is not positive and finite, or `dampingRatio` is
    ///   negative or not finite, or the stiffness and damping they give are not finite (a response of
    ///   10⁻¹⁶⁰ s or less).
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(LiquidError) {
        try Self.require(response, "response", positive: true)
        try Self.require(dampingRatio, "damping ratio", positive: false)
        try Self.require(mass, "mass", positive: true)
        try Self.requireFiniteCoefficients(mass: mass, period: response, dampingRatio: dampingRatio, name: "response")
        self.init(uncheckedMass: mass, naturalFrequency: 2 * .pi / response, dampingRatio: dampingRatio)
    }

    /// A spring from SwiftUI's perceptual `duration` (seconds) and `bounce` in the open interval (−1, 1):
    /// ω₀ = 2π/duration; ζ = 1 − bounce for bounce ≥ 0, ζ = 1/(1 + bounce) for bounce < 0.
    /// - Throws: `LiquidError` if `duration`/`mass` are not positive and finite or `bounce` is outside
    ///   (−1, 1). (A bounce of 1 would need zero or negative damping: it is refused, never clamped.)
    public init(duration: Double = 0.5, bounce: Double = 0, mass: Double = 1) throws(LiquidError) {
        try Self.require(duration, "duration", positive: true)
        try Self.require(mass, "mass", positive: true)
        guard bounce.isFinite, bounce > -1, bounce < 1 else {
            throw .invalidParameter(name: "bounce", value: bounce,
                                    requirement: "must be in the open interval (-1, 1)")
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try Self.requireFiniteCoefficients(mass: mass, period: duration, dampingRatio: zeta, name: "duration")
        self.init(uncheckedMass: mass, naturalFrequency: 2 * .pi / duration, dampingRatio: zeta)
    }

    /// A spring from Core Animation's physical parameters.
    /// - Throws: `LiquidError` if `mass` or `stiffness` is not positive and finite, or `damping` is
    ///   negative or not finite.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(LiquidError) {
        try Self.require(mass, "mass", positive: true)
        try Self.require(stiffness, "stiffness", positive: true)
        try Self.require(damping, "damping", positive: false)
        let root = (stiffness * mass).squareRoot()
        self.init(uncheckedMass: mass, naturalFrequency: (stiffness / mass).squareRoot(),
                  dampingRatio: damping / (2 * root))
    }

    /// The spring with damping ratio `dampingRatio` whose unit step response stays within 0.001 of its
    /// target from `settlingDuration` seconds on (the exact definition of ``settlingDuration``).
    ///
    /// Settling time scales as 1/ω₀ for a fixed ζ, so this is exact: `Spring(settlingDuration: s, …)`
    /// has `settlingDuration == s` to rounding.
    /// - Throws: `LiquidError` if `settlingDuration`/`mass` are not positive and finite or
    ///   `dampingRatio` is not positive and finite (an undamped spring never settles).
    public init(settlingDuration: Double, dampingRatio: Double, mass: Double = 1) throws(LiquidError) {
        try Self.require(settlingDuration, "settling duration", positive: true)
        try Self.require(dampingRatio, "damping ratio", positive: true)
        try Self.require(mass, "mass", positive: true)
        let tau = SpringSettling.dimensionlessSettlingTime(dampingRatio: dampingRatio,
                                                           epsilon: SpringSettling.unitStepEpsilon)
        // A vanishing damping ratio makes τ (and with it the stiffness mω₀²) overflow: such a spring would
        // take forever to settle.
        let frequency = tau / settlingDuration
        guard frequency.isFinite, frequency > 0, (mass * frequency * frequency).isFinite else {
            throw .invalidParameter(name: "damping ratio", value: dampingRatio,
                                    requirement: "is too small for a spring that settles in \(settlingDuration) s")
        }
        self.init(uncheckedMass: mass, naturalFrequency: frequency, dampingRatio: dampingRatio)
    }

    /// A spring from a response and damping ratio written as constants in code, without `try`.
    ///
    /// Controls declare their springs this way (`static let chase = Spring.constant(response: 0.18,
    /// dampingRatio: 0.86)`), so library code needs no `try!`.
    /// - Precondition: `response` is positive and finite and `dampingRatio` is finite and ≥ 0. Values that
    ///   come from outside the program (files, command lines, users) go through the throwing
    ///   ``init(response:dampingRatio:mass:)`` instead, which reports a bad value rather than stopping.
    public static func constant(response: Double, dampingRatio: Double) -> Spring {
        precondition(response.isFinite && response > 0 && dampingRatio.isFinite && dampingRatio >= 0,
                     "Spring.constant needs a positive finite response and a finite damping ratio ≥ 0")
        return Spring(uncheckedMass: 1, naturalFrequency: 2 * .pi / response, dampingRatio: dampingRatio)
    }

    /// Inner initialiser: callers guarantee positive finite mass and ω₀, and finite ζ ≥ 0.
    init(uncheckedMass mass: Double, naturalFrequency: Double, dampingRatio: Double) {
        self.mass = mass
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
    }

    /// Throws, naming `name`, unless a spring of `period` seconds (ω₀ = 2π/period) has a finite stiffness
    /// m·ω₀² and damping 2·ζ·m·ω₀: a positive period can still be so short that they overflow.
    private static func requireFiniteCoefficients(mass: Double, period: Double, dampingRatio: Double,
                                                  name: String) throws(LiquidError) {
        let omega = 2 * .pi / period
        guard (mass * omega * omega).isFinite, (2 * dampingRatio * mass * omega).isFinite else {
            throw .invalidParameter(name: name, value: period, requirement: "is too short: the spring's stiffness would not be finite")
        }
    }

    private static func require(_ value: Double, _ name: String, positive: Bool) throws(LiquidError) {
        _ = try LiquidError.requireFinite(value, name)
        if positive {
            guard value.isFinite, value > 0 else {
                throw .invalidParameter(name: name, value: value, requirement: "must be positive and finite")
            }
        } else {
            guard value.isFinite, value >= 0 else {
                throw .invalidParameter(name: name, value: value, requirement: "must be zero or positive, and finite")
            }
        }
    }

    // MARK: Presets (SwiftUI's published values)

    /// Duration 0.5, bounce 0: critically damped, no overshoot.
    public static let smooth = Spring(uncheckedMass: 1, naturalFrequency: 4 * .pi, dampingRatio: 1)
    /// Duration 0.5, bounce 0.15.
    public static let snappy = Spring(uncheckedMass: 1, naturalFrequency: 4 * .pi, dampingRatio: 0.85)
    /// Duration 0.5, bounce 0.3.
    public static let bouncy = Spring(uncheckedMass: 1, naturalFrequency: 4 * .pi, dampingRatio: 0.7)
    /// SwiftUI's `.spring()`: response 0.5, damping fraction 0.825.
    public static let `default` = Spring(uncheckedMass: 1, naturalFrequency: 4 * .pi, dampingRatio: 0.825)
    /// SwiftUI's `.interactiveSpring()`: response 0.15, damping fraction 0.86 — for tracking a finger.
    public static let interactive = Spring(uncheckedMass: 1, naturalFrequency: 2 * .pi / 0.15, dampingRatio: 0.86)

    // MARK: Conversions

    /// Stiffness k = m·ω₀².
    public var stiffness: Double { mass * naturalFrequency * naturalFrequency }
    /// Damping coefficient c = 2·ζ·ω₀·m.
    public var damping: Double { 2 * dampingRatio * naturalFrequency * mass }
    /// Period of the undamped oscillation, 2π/ω₀ (UIKit's and SwiftUI's `response`).
    public var response: Double { 2 * .pi / naturalFrequency }
    /// SwiftUI's perceptual duration; equal to ``response``.
    public var duration: Double { response }
    /// SwiftUI's bounce: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when over-damped (negative).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// Decay rate of the envelope, λ = ζ·ω₀ (1/s).
    package var decayRate: Double { dampingRatio * naturalFrequency }

    /// The time after which the unit step response (displacement 1, velocity 0) stays within 0.001 of the
    /// target for good — computed exactly from the closed form, not from an envelope approximation.
    /// `.infinity` for an undamped spring.
    public var settlingDuration: Double {
        SpringSettling.dimensionlessSettlingTime(dampingRatio: dampingRatio,
                                                 epsilon: SpringSettling.unitStepEpsilon) / naturalFrequency
    }

    /// An estimate of `CASpringAnimation.settlingDuration`: for under-damped springs the time the envelope
    /// e^(−ζω₀t)/√(1−ζ²) falls to 8·10⁻⁴ (which reproduces Apple's documented 2.85 s for damping 5 and
    /// just over 1 s for damping 15, mass 1, stiffness 100); for ζ ≥ 1 the time the unit step response
    /// itself falls to 8·10⁻⁴. `.infinity` for an undamped spring.
    public var coreAnimationSettlingDuration: Double {
        let zeta = dampingRatio, eps = SpringSettling.coreAnimationEpsilon
        guard zeta > 0 else { return .infinity }
        if zeta < 1 {
            let amplitude = 1 / ((1 - zeta) * (1 + zeta)).squareRoot()
            return Swift.max(0, Double.log(amplitude / eps)) / decayRate
        }
        return SpringSettling.dimensionlessSettlingTime(dampingRatio: zeta, epsilon: eps) / naturalFrequency
    }

    // MARK: Closed-form motion

    /// The exact state-transition matrix over `t` seconds: for displacement x = value − target and
    /// velocity v, `(x(t), v(t)) = transition.apply(x0, v0)`.
    ///
    /// With λ = ζω₀ all three regimes share x(t) = (P + λQ)·x₀ + Q·v₀ and v(t) = −ω₀²Q·x₀ + (P − λQ)·v₀,
    /// where P = e^(−λt)·C(t), Q = e^(−λt)·S(t) and (C, S) are (cos ω_d t, sin(ω_d t)/ω_d) when
    /// under-damped, (1, t) when critical, (cosh μt, sinh(μt)/μ) when over-damped. P and Q are computed in
    /// forms that stay accurate as ω_d or μ → 0 (so results are continuous across ζ = 1) and never form
    /// ∞·0 for stiff, heavily damped springs.
    /// - Precondition: `t` is finite and ≥ 0 (time does not run backwards).
    @usableFromInline package func transition(over t: Double) -> SpringTransition {
        let w0 = naturalFrequency, zeta = dampingRatio
        let lambda = zeta * w0
        let p: Double, q: Double
        if zeta < 1 {
            let wd = w0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let envelope = Double.exp(-lambda * t)
            let phase = wd * t
            p = envelope * Double.cos(phase)
            // sin(ω_d t)/ω_d written as t·sinc(ω_d t): exact as ω_d → 0.
            q = envelope * t * Self.sinc(phase)
        } else if zeta == 1 {
            let envelope = Double.exp(-w0 * t)
            p = envelope
            q = envelope * t
        } else {
            let root = ((zeta - 1) * (zeta + 1)).squareRoot()
            let mu = w0 * root
            // Slow and fast decay rates λ ∓ μ; λ − μ = ω₀/(ζ + √(ζ²−1)) avoids cancellation.
            let slow = w0 / (zeta + root), fast = lambda + mu
            let eSlow = Double.exp(-slow * t), eFast = Double.exp(-fast * t)
            p = 0.5 * (eSlow + eFast)
            // e^(−λt)·sinh(μt)/μ = e^(−(λ−μ)t)·(1 − e^(−2μt))/(2μ); expm1 keeps it exact as μ → 0.
            let twoMuT = 2 * mu * t
            q = twoMuT == 0 ? eSlow * t : eSlow * -Double.expMinusOne(-twoMuT) / (2 * mu)
        }
        return SpringTransition(
            positionFromPosition: p + lambda * q,
            positionFromVelocity: q,
            velocityFromPosition: -w0 * w0 * q,
            velocityFromVelocity: p - lambda * q
        )
    }

    /// sin(x)/x, with its Taylor series near 0 (the series is exact to rounding for |x| < 1e-4).
    @inline(__always)
    private static func sinc(_ x: Double) -> Double {
        let x2 = x * x
        if abs(x) < 1e-4 { return 1 - x2 / 6 * (1 - x2 / 20) }
        return Double.sin(x) / x
    }

    /// The value at time `t` of a motion that starts at `start` with `initialVelocity` and is pulled toward
    /// `target`. Works for any ``AnimatableVector`` (scalars, points, sizes, rects, colours, pairs).
    public func value<V: AnimatableVector>(at t: Double, from start: V, to target: V,
                                           initialVelocity: V = .zero) -> V {
        let m = transition(over: t)
        let x0 = start - target
        return target + x0.scaled(by: m.positionFromPosition) + initialVelocity.scaled(by: m.positionFromVelocity)
    }

    /// The analytic velocity at time `t` of the motion described in ``value(at:from:to:initialVelocity:)``.
    public func velocity<V: AnimatableVector>(at t: Double, from start: V, to target: V,
                                              initialVelocity: V = .zero) -> V {
        let m = transition(over: t)
        let x0 = start - target
        return x0.scaled(by: m.velocityFromPosition) + initialVelocity.scaled(by: m.velocityFromVelocity)
    }

    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping), response: \(response), dampingRatio: \(dampingRatio))"
    }
}
