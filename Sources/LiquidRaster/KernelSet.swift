#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// Which implementation LiquidRaster's hottest loops run: the hand-written C kernels (AVX2, chosen at run
/// time on x86-64 CPUs that have it) or the portable Swift code. Both compute the same bytes; the choice is
/// exposed so that tests can run the portable fallback on a machine where the C kernels would be taken,
/// and compare the two.
///
/// Without the `CLiquidKernels` target (or off x86-64, or on a CPU without AVX2) `.automatic` is the
/// portable code.
package enum KernelSet: Sendable, Hashable {
    /// The fastest implementation this CPU runs.
    case automatic
    /// The portable Swift code only.
    case portable

    /// Whether this choice runs the AVX2 kernels on this machine.
    package var usesAVX2: Bool { self == .automatic && Self.cpuHasAVX2 }

    /// Whether the C kernels are built in and the CPU (and OS) run AVX2; probed once.
    package static let cpuHasAVX2: Bool = {
        #if canImport(CLiquidKernels)
        return lk_has_avx2() != 0
        #else
        return false
        #endif
    }()
}
