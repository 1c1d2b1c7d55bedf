/// How far the sweep of a dissolve has carried each column of its item, in closed form.
///
/// Every particle of a column takes the same steps `k = dt·pf` (``ParticleDissolve/particleFraction(column:phase:)``
/// depends on the column and the phase alone), so the step rule `offset += v·k; v.y += gravity·k;
/// lifetime −= k` sums to a particle's state after n steps from its initial velocity (vx₀, vy₀) and
/// lifetime l₀ and two numbers of its column:
/// - the column's **travel** K = Σ kⱼ: offset x = vx₀·K, lifetime = l₀ − K, velocity y = vy₀ + gravity·K;
/// - its **fall** G = Σ Kⱼ₋₁·kⱼ (the travel before each step times that step): offset y = vy₀·K + gravity·G.
///
/// So a step costs one update per column, not one per particle, and the particles' columns stay as they
/// were made. The sums are kept in `Double`, so a particle's position is the formulas' to `Float` rounding
/// once, where stepping each particle in `Float` would round at every step. A particle is live while
/// l₀ − K > 0: K never decreases, so once dead it stays dead (where the step rule would stop moving it,
/// its stored state keeps going, but a dead particle is neither drawn nor counted).
package struct DissolveSweep: Hashable, Sendable {
    /// Each column's travel K, seconds of full-speed motion.
    package private(set) var travel: [Double]
    /// Each column's fall G, seconds squared.
    package private(set) var fall: [Double]

    /// A sweep over `columns` columns that has not started (every travel and fall 0).
    package init(columns: Int) {
        travel = Array(repeating: 0, count: columns)
        fall = Array(repeating: 0, count: columns)
    }

    /// The number of columns.
    package var columns: Int { travel.count }

    /// One step of `dt` seconds whose phase (at the step's end) is `phase`.
    package mutating func advance(by dt: Double, phase: Double) {
        let n = travel.count
        travel.withUnsafeMutableBufferPointer { travel in
            fall.withUnsafeMutableBufferPointer { fall in
                for c in 0..<n {
                    let k = dt * ParticleDissolve.particleFraction(column: Double(c) / Double(n), phase: phase)
                    fall[c] += travel[c] * k
                    travel[c] += k
                }
            }
        }
    }

    /// Sets every column's travel and fall (for tests that place particles directly).
    package mutating func set(travel k: Double, fall g: Double) {
        for c in travel.indices { travel[c] = k; fall[c] = g }
    }
}
