#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// Which implementation LiquidRaster's hottest loops run: the hand-written C kernels (AVX2, and AVX-512 for
/// the mesh warp, the clamped remap, the stretched blit, the blur's tent reduction, the ripple's rings,
/// rounded-rect corners, analytic goo, the banded edge softening, the baked shading and the glass shadow,
/// chosen at run time on x86-64 CPUs that have them) or the portable code. All compute the same bytes; the choice is exposed so that
/// tests can run each path on a machine where a faster one would be taken, and compare them.
///
/// Without the `CLiquidKernels` target (or off x86-64, or on a CPU without AVX2) `.automatic` is the
/// portable code.
package enum KernelSet: Sendable, Hashable {
    /// The fastest implementation this CPU runs.
    case automatic
    /// The AVX2 kernels where the CPU runs them, never the AVX-512 ones (elsewhere the portable code).
    case avx2
    /// The portable code only.
    case portable

    /// Whether this choice runs the AVX2 kernels on this machine.
    package var usesAVX2: Bool { self != .portable && Self.cpuHasAVX2 }

    /// Whether this choice runs the AVX-512 kernels on this machine.
    package var usesAVX512: Bool { self == .automatic && Self.cpuHasAVX512 }

    /// The `vector` argument of the C kernels that take one: 2 for AVX-512, 1 for AVX2, 0 for portable.
    package var vectorLevel: Int32 { usesAVX512 ? 2 : usesAVX2 ? 1 : 0 }

    /// Whether the C kernels are built in and the CPU (and OS) run AVX2; probed once.
    package static let cpuHasAVX2: Bool = {
        #if canImport(CLiquidKernels)
        return lk_has_avx2() != 0
        #else
        return false
        #endif
    }()

    /// Whether the C kernels are built in and the CPU (and OS) run AVX2 and AVX-512 (F, BW, VL); probed once.
    package static let cpuHasAVX512: Bool = {
        #if canImport(CLiquidKernels)
        return lk_has_avx512() != 0
        #else
        return false
        #endif
    }()
}
