import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

/// The C kernels of the blur (the tent reduction, the reduced image's float convolution and the 16-bit
/// enlargement), AVX-512 and AVX2 where this CPU takes them, against the portable Swift fallback: the same
/// bytes.
@Suite("Accelerated blur kernels")
struct AcceleratedBlurTests {
    /// Both paths of ``GaussianBlur`` (direct below σ 2.5; reduced by 2, 4 and 8 above), both edge modes,
    /// widths around the 8-, 32- and 64-byte groups (rows of 12…396 bytes; 96 bytes take one 64-byte and
    /// one 32-byte step), and a region of a larger image (rows with padding).
    @Test(arguments: [0.8, 2, 4, 7, 12, 30])
    func acceleratedAndPortableBlursAgree(sigma: Double) throws {
        for (w, h, seed) in [(3, 4, 1), (7, 9, 2), (8, 8, 3), (24, 21, 6), (33, 17, 4), (99, 40, 5)] as [(Int, Int, UInt64)] {
            let image = FilterTestImages.noise(width: w, height: h, seed: 700 + seed)
            for edgeMode in EdgeMode.allCases {
                let blur = try GaussianBlur(sigma: sigma, edgeMode: edgeMode)
                var fast = image, avx2 = image, portable = image
                fast.withMutableView { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .automatic) }
                avx2.withMutableView { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .avx2) }
                portable.withMutableView { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .portable) }
                #expect(fast == portable && avx2 == portable,
                        "σ \(sigma) \(w)×\(h) \(edgeMode) (AVX2: \(KernelSet.cpuHasAVX2), AVX-512: \(KernelSet.cpuHasAVX512))")
            }
        }
        var big = FilterTestImages.noise(width: 120, height: 50, seed: 710)
        var portableBig = big
        let rect = PixelRect(x: 9, y: 4, width: 101, height: 41)
        let blur = try GaussianBlur(sigma: sigma)
        big.withMutableRegion(rect) { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .automatic) }
        portableBig.withMutableRegion(rect) { blur.apply(to: $0, workspace: BlurWorkspace(), kernels: .portable) }
        #expect(big == portableBig, "σ \(sigma) region")
    }
}
