import RealModule

/// Exact settling times of the unit step response, in units of 1/ω₀.
///
/// The unit step response starts at displacement 1 with zero velocity. Its settling time for a band ε is
/// the last instant at which |x(t)| = ε: after it the motion stays inside the band for good. Because the
/// time scales as 1/ω₀ at a fixed ζ, it is computed once with ω₀ = 1 and divided by the real ω₀.
enum SpringSettling {
    /// The band SwiftUI's `settlingDuration` uses for a unit step.
    static let unitStepEpsilon = 1e-3
    /// The envelope level that reproduces Apple's documented `CASpringAnimation.settlingDuration` figures.
    static let coreAnimationEpsilon = 8e-4

    /// ω₀·T for damping ratio `zeta` and band `epsilon` (0 < ε < 1); `.infinity` for ζ = 0.
    static func dimensionlessSettlingTime(dampingRatio zeta: Double, epsilon: Double) -> Double {
        guard zeta > 0 else { return .infinity }
        let spring = Spring(uncheckedMass: 1, naturalFrequency: 1, dampingRatio: zeta)
        // |x(t)| with x(0) = 1, v(0) = 0.
        func magnitude(_ t: Double) -> Double { abs(spring.transition(over: t).positionFromPosition) }

        if zeta < 1 {
            // Extrema of x sit where v = 0: t_n = nπ/ω_d, and there |x(t_n)| = e^(−ζ·t_n) exactly.
            // The last extremum above ε is n* = ⌈q⌉ − 1 with q = ln(1/ε)·ω_d/(ζπ). Between t_n* and the next
            // zero of x, |x| falls monotonically from that peak through ε — the crossing we want; every
            // later peak is ≤ ε.
            let wd = ((1 - zeta) * (1 + zeta)).squareRoot()
            let q = Double.log(1 / epsilon) * wd / (zeta * .pi)
            let n = Swift.max(0, q.rounded(.up) - 1)
            let peak = n * .pi / wd
            // x = e^(−ζt)·√(1 + ζ²/ω_d²)·cos(ω_d t − φ) with φ = atan(ζ/ω_d): its first zero after t_n is
            // at (nπ + π/2 + φ)/ω_d.
            let zero = (n * .pi + .pi / 2 + Double.atan(zeta / wd)) / wd
            return bisect(lower: peak, upper: zero) { magnitude($0) > epsilon }
        }
        // Critical and over-damped: x falls monotonically from 1 to 0. Bracket, then bisect.
        var upper = 1.0
        while magnitude(upper) > epsilon { upper *= 2 }
        return bisect(lower: 0, upper: upper) { magnitude($0) > epsilon }
    }

    /// The boundary between `lower` (where `isAbove` holds) and `upper` (where it does not), to the last bit.
    private static func bisect(lower: Double, upper: Double, isAbove: (Double) -> Bool) -> Double {
        var lo = lower, hi = upper
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if isAbove(mid) { lo = mid } else { hi = mid }
        }
        return 0.5 * (lo + hi)
    }
}
