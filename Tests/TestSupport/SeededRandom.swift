import Foundation

/// A small, fast, repeatable random generator (SplitMix64) for property loops in tests.
///
/// The same seed gives the same sequence on every machine, so a failing case can be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed double in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// A log-uniformly distributed double in `range` (both bounds positive): good for stiffnesses and scales.
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        precondition(range.lowerBound > 0)
        let lo = log(range.lowerBound), hi = log(range.upperBound)
        return exp(Double.random(in: lo...hi, using: &self))
    }
}

