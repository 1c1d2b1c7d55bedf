/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit generator with one word of state, the same stream
/// for the same seed on every platform and Swift version, since it uses only wrapping integer arithmetic.
///
/// Not for cryptography. The standard library's `random(in:using:)` helpers are avoided on purpose (their
/// algorithm is not specified, so it could change between releases); ``unit()`` and ``uniform(_:)`` are
/// spelled out here instead.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits of the next word: every value a multiple of 2⁻⁵³.
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A double in `range` (the upper bound itself is never returned unless the range is one point).
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Whether an event of probability `p` happened.
    package mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }
}
