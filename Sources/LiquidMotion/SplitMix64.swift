import RealModule

/// A tiny, fast, seeded pseudo-random generator (SplitMix64) for reproducible synthetic input.
///
/// The same seed gives the same sequence on every platform and Swift version: ``uniform()`` and
/// ``gaussian()`` are computed here from the raw 64-bit outputs, never through the standard library's
/// `random(in:using:)`, whose algorithm is not part of its contract. Not for anything that needs
/// unpredictability.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed` alone.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniformly distributed in [0, 1), on a grid of 2⁻⁵³.
    package mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A double uniformly distributed in [`lower`, `upper`).
    package mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * uniform()
    }

    /// A double uniformly distributed in `range` (its upper bound is never returned unless the range is
    /// one point).
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        uniform(range.lowerBound, range.upperBound)
    }

    /// Whether an event of probability `p` happened.
    package mutating func chance(_ p: Double) -> Bool {
        uniform() < p
    }

    /// A whole number uniformly distributed in 0..<`count` (`count` ≥ 1), by rejection so no value is
    /// favoured.
    package mutating func index(below count: Int) -> Int {
        precondition(count >= 1, "index(below:) needs a positive count")
        let bound = UInt64(count)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let bits = next()
            if bits < limit { return Int(bits % bound) }
        }
    }

    /// A standard normal deviate (mean 0, standard deviation 1) by the Box–Muller transform; always finite.
    package mutating func gaussian() -> Double {
        // 1 − uniform() is in (0, 1], so the logarithm is finite.
        let radius = (-2 * Double.log(1 - uniform())).squareRoot()
        return radius * Double.cos(2 * Double.pi * uniform())
    }
}
