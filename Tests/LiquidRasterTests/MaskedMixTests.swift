import Testing
import TestSupport
@testable import LiquidRaster

/// The weighted mix toward another image (AVX2 kernel where this CPU takes it, portable Swift otherwise)
/// against its definition computed in floating point: round((a·(255 − w) + b·w) / 255) per channel where the
/// weight w is not 0 and the pixel is not transparent, the pixel unchanged elsewhere.
@Suite("Masked mix toward an image")
struct MaskedMixTests {
    /// A random valid premultiplied pixel (every colour channel at most alpha).
    private static func pixel(_ random: inout SeededRandom) -> UInt32 {
        let alpha = UInt32.random(in: 0...255, using: &random)
        var p = alpha << 24
        for shift in [0, 8, 16] as [UInt32] { p |= UInt32.random(in: 0...alpha, using: &random) << shift }
        return p
    }

    /// The definition, channel by channel (a sum over 255 never ends in exactly one half, so rounding to
    /// nearest has no ties to break).
    private static func reference(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        guard w != 0, a >> 24 != 0 else { return a }
        var out: UInt32 = 0
        for shift in [0, 8, 16, 24] as [UInt32] {
            let x = Double((a >> shift) & 0xFF), y = Double((b >> shift) & 0xFF)
            out |= UInt32(((x * Double(255 - w) + y * Double(w)) / 255).rounded()) << shift
        }
        return out
    }

    /// Lengths around the eight-pixel groups, both implementations, every pixel against the definition, with
    /// weights of 0 and 255, transparent pixels, and groups where every weight is 0.
    @Test(arguments: [KernelSet.automatic, .portable])
    func mixesMatchTheDefinition(kernels: KernelSet) {
        var random = SeededRandom(seed: 777)
        for count in [0, 1, 7, 8, 9, 16, 17, 33, 130] {
            for trial in 0..<10 {
                var pixels = (0..<count).map { _ in Self.pixel(&random) }
                let toward = (0..<count).map { _ in Self.pixel(&random) }
                let weights: [UInt32] = (0..<count).map { i in
                    let w: UInt32 = switch trial {
                    case 0: 0
                    case 1: 255
                    default: (i / 8) % 3 == 0 ? 0 : UInt32.random(in: 0...255, using: &random)
                    }
                    // Only the top byte weighs; the rest is noise the mix must ignore.
                    return w << 24 | UInt32.random(in: 0...0xFF_FFFF, using: &random)
                }
                if trial == 2 { for i in pixels.indices where i % 3 == 0 { pixels[i] = 0 } }
                let expected = (0..<count).map { Self.reference(pixels[$0], toward[$0], weights[$0] >> 24) }
                pixels.withUnsafeMutableBytes { out in
                    toward.withUnsafeBytes { t in
                        weights.withUnsafeBytes { w in
                            guard let base = out.baseAddress, let tb = t.baseAddress, let wb = w.baseAddress else { return }
                            MaskedMix.mix(base, toward: tb, weights: wb, count: count, kernels: kernels)
                        }
                    }
                }
                #expect(pixels == expected, "\(kernels) count \(count) trial \(trial)")
            }
        }
    }
}
