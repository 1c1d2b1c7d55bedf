#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// A run of pixels mixed toward another image by per-pixel weights: the tab bar's ink turning the tint colour
/// under its lens, where the goo's alpha is the weight.
///
/// Every pixel with a non-zero weight that is not transparent becomes
/// ``PackedPixel/mix(_:_:_:)`` of itself toward the other pixel; the rest are left as they are — exactly,
/// whichever implementation runs.
package enum MaskedMix {
    /// Mixes `pixels[i]` toward `toward[i]` by the top byte (alpha) of `weights[i]`, for `i` in `0 ..< count`.
    ///
    /// Measured reason for the AVX2 kernel: the per-pixel Swift loop was 6 % of a dragged tab bar's frame
    /// (perf, `ui.tabbar.dragged`); the kernel mixes eight pixels with 16-bit multiplies and skips groups
    /// with no weight.
    @inline(__always)
    package static func mix(_ pixels: UnsafeMutableRawPointer, toward: UnsafeRawPointer, weights: UnsafeRawPointer,
                            count: Int, kernels: KernelSet = .automatic) {
        var start = 0
        #if canImport(CLiquidKernels)
        if count >= 8, count <= Int(Int32.max), kernels.usesAVX2 {
            start = Int(lk_mix_toward_avx2(pixels.assumingMemoryBound(to: UInt32.self),
                                           toward.assumingMemoryBound(to: UInt32.self),
                                           weights.assumingMemoryBound(to: UInt32.self), Int32(truncatingIfNeeded: count)))
        }
        #endif
        for x in start..<Swift.max(count, start) {
            let m = weights.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) >> 24
            let n = pixels.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            if m == 0 || n >> 24 == 0 { continue }
            let k = toward.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            pixels.storeBytes(of: PackedPixel.mix(n, k, m), toByteOffset: 4 * x, as: UInt32.self)
        }
    }
}
