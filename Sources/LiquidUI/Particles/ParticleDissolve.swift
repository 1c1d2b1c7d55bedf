/// The numbers and formulas of the particle dissolve, in one place (the store steps with them; tests
/// and docs quote them).
///
/// A dissolving item becomes one particle per non-transparent pixel of its image. From a seeded
/// generator each particle draws, in this order, a direction angle uniform in [0, 2π), a speed uniform in
/// [``minimumSpeed``, ``maximumSpeed``) pt/s and a lifetime uniform in [``minimumLifetime``,
/// ``maximumLifetime``) s. A window sweeps over the columns during the first ``sweepDuration`` seconds
/// (``particleFraction(column:phase:)``); each step of `dt` seconds, with `pf` that fraction,
/// moves a live particle by `offset += v·dt·pf`, then `v.y += gravity·dt·pf`, `lifetime −= dt·pf`.
/// A particle is drawn with ``alpha(lifetime:)``; the item is removed once its phase (seconds since it
/// began, counted in steps) reaches ``removalPhase``.
package enum ParticleDissolve {
    /// Slowest initial speed, points per second.
    package static let minimumSpeed = 42.0
    /// Fastest initial speed (exclusive), points per second.
    package static let maximumSpeed = 84.0
    /// Shortest lifetime, seconds.
    package static let minimumLifetime = 0.7
    /// Longest lifetime (exclusive), seconds.
    package static let maximumLifetime = 1.5
    /// Downward acceleration, points per second squared (y grows downwards).
    package static let gravity = 120.0
    /// How long the window takes to cross the item, seconds.
    package static let sweepDuration = 0.8
    /// The lifetime below which a particle fades, seconds.
    package static let fadeLifetime = 0.3
    /// The phase at which an item is removed, seconds.
    package static let removalPhase = 4.0

    /// `clamp(phase, 0, 0.8) / 0.8`: how far the sweep has gone (NaN counts as 0).
    package static func effectFraction(phase: Double) -> Double {
        guard phase > 0 else { return 0 }
        return Swift.min(phase, sweepDuration) / sweepDuration
    }

    /// `(1 − f)·(−0.8) + f`: the window's position in column fractions.
    package static func windowPosition(phase: Double) -> Double {
        let f = effectFraction(phase: phase)
        return (1 - f) * -0.8 + f
    }

    /// `1 − clamp(x − windowPosition, 0, 0.8) / 0.8` for the column fraction `x` (column / columns, so
    /// the left column is 0): 0 ahead of the window, 1 behind it. The left column starts first.
    package static func particleFraction(column x: Double, phase: Double) -> Double {
        let d = Swift.min(Swift.max(x - windowPosition(phase: phase), 0), 0.8)
        return 1 - d / 0.8
    }

    /// `min(0.3, lifetime) / 0.3`, and 0 for a dead particle (lifetime ≤ 0 or NaN).
    package static func alpha(lifetime: Double) -> Double {
        guard lifetime > 0 else { return 0 }
        return Swift.min(fadeLifetime, lifetime) / fadeLifetime
    }
}
