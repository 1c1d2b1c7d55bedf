import Testing
import TestSupport
@testable import LiquidRaster

/// The constant-colour source-over span (AVX2 kernel where this CPU takes it, portable Swift otherwise)
/// against the per-channel definition `s + round(d·(255 − αs) / 255)`, computed in floating point.
@Suite("Solid span source-over")
struct SolidSpanTests {
    /// A random valid premultiplied pixel (every colour channel at most alpha).
    private static func pixel(_ random: inout SeededRandom) -> UInt32 {
        let alpha = UInt32.random(in: 0...255, using: &random)
        var p = alpha << 24
        for shift in [0, 8, 16] as [UInt32] { p |= UInt32.random(in: 0...alpha, using: &random) << shift }
        return p
    }

    /// The definition, channel by channel (a product over 255 never ends in exactly one half, so rounding
    /// to nearest has no ties to break).
    private static func reference(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let keep = Double(255 - (source >> 24))
        var out: UInt32 = 0
        for shift in [0, 8, 16, 24] as [UInt32] {
            let d = Double((destination >> shift) & 0xFF), s = (source >> shift) & 0xFF
            out |= (s + UInt32((d * keep / 255).rounded())) << shift
        }
        return out
    }

    /// Lengths around the eight-pixel groups, both implementations, every byte against the definition;
    /// the extreme alphas (0 keeps the destination's share whole, 255 replaces it) are included.
    @Test(arguments: [KernelSet.automatic, .portable])
    func spansMatchTheDefinition(kernels: KernelSet) {
        var random = SeededRandom(seed: 4242)
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 203] {
            for trial in 0..<12 {
                var color = Self.pixel(&random)
                if trial == 0 { color = 0 }
                if trial == 1 { color = 0xFF00_80FF }
                let before = (0..<(count + 2)).map { _ in Self.pixel(&random) }
                var after = before
                after.withUnsafeMutableBufferPointer { buffer in
                    // Offset by one pixel so the kernel sees an unaligned start, and leave a guard pixel after.
                    SolidSpan.sourceOver(color, onto: buffer.baseAddress! + 1, count: count, kernels: kernels)
                }
                #expect(after[0] == before[0] && after[count + 1] == before[count + 1], "wrote outside the span")
                for i in 0..<count where after[i + 1] != Self.reference(color, before[i + 1]) {
                    Issue.record("count \(count), pixel \(i): \(after[i + 1]) for \(Self.reference(color, before[i + 1])) (AVX2 \(KernelSet.cpuHasAVX2))")
                    break
                }
            }
        }
    }
}
