import LiquidGeometry

/// A blur whose strength varies per pixel, driven by a mask: coverage 0 leaves the pixel sharp, coverage 1
/// blurs it with ``maximumSigma``, coverage m in between with σ ≈ m·σmax. This is the final softening of
/// the goo path (edges blurred, centre sharp) and the progressive blur under bars.
///
/// Approximation: the image is blurred at `levels` evenly spaced σ (0, σmax/(L−1), …, σmax) and each pixel
/// blends the two levels around m·σmax linearly. At m = 0, at m = 1 and at every level σ the result is that
/// level exactly (σ = 0 is the untouched pixel); between levels it is a cross-fade of two Gaussians rather
/// than one Gaussian. Measured on a full-contrast hard edge against the exact blur at m·σmax (independent
/// of σmax): at most 5 levels between two blurred levels (L = 3…8), but up to 38 levels (L = 4) or 13
/// levels (L = 8) in the first interval, where the sharp image is cross-faded with the first blurred level.
/// Smooth content gives much smaller errors. The mask is read per pixel, so a sharp mask edge gives a sharp
/// transition.
/// - Complexity: (L − 1) blurs plus one blend pass; memory for L − 1 blurred copies.
package struct VariableBlur: Sendable, Hashable {
    package let maximumSigma: Double
    package let edgeMode: EdgeMode
    /// Number of σ levels including σ = 0 (2…16).
    package let levels: Int

    /// - Throws: `LiquidError` (`.outOfRange`) naming `maximumSigma` (negative or not finite) or
    ///   `levels` (outside 2…16).
    package init(maximumSigma: Double, edgeMode: EdgeMode = .clamp, levels: Int = 4) throws(LiquidError) {
        guard maximumSigma.isFinite, maximumSigma >= 0 else {
            throw .invalidParameter("variable blur maximum sigma \(maximumSigma) must be finite and ≥ 0")
        }
        guard (2...16).contains(levels) else {
            throw .invalidParameter("variable blur levels \(levels) must lie in 2…16")
        }
        self.maximumSigma = maximumSigma
        self.edgeMode = edgeMode
        self.levels = levels
    }

    /// Blurs `view` in place with the per-pixel strength in `mask` (same size).
    /// - Throws: `LiquidError` (`.outOfRange`) when the mask's size differs from the view's.
    package func apply(to view: MutablePixmapView, mask: CoverageMask,
                      workspace: BlurWorkspace = BlurWorkspace()) throws(LiquidError) {
        guard mask.width == view.width, mask.height == view.height else {
            throw .invalidSize("a \(mask.width)×\(mask.height) mask does not match the \(view.width)×\(view.height) image")
        }
        guard maximumSigma > 0, view.width > 0, view.height > 0 else { return }
        let w = view.width, h = view.height
        // Level 0 is the view itself; levels 1…L−1 are blurred copies.
        var copies: [[UInt8]] = []
        copies.reserveCapacity(levels - 1)
        for k in 1..<levels {
            var bytes = [UInt8](repeating: 0, count: 4 * w * h)
            bytes.withUnsafeMutableBufferPointer { buffer in
                let copy = MutablePixmapView(base: buffer.baseAddress!, width: w, height: h, rowBytes: 4 * w)
                copy.copy(from: view.readOnly)
                // σ is finite and ≥ 0 by construction.
                let blur = GaussianBlur(validSigma: maximumSigma * Double(k) / Double(levels - 1), edgeMode: edgeMode)
                blur.apply(to: copy, workspace: workspace)
            }
            copies.append(bytes)
        }
        let steps = Float(levels - 1)
        for y in 0..<h {
            let out = view.row(y)
            for x in 0..<w {
                let position = Float(mask[x, y]) / 255 * steps
                let k = Swift.min(Int(position), levels - 2)
                let t = position - Float(k)
                if k == 0 && t == 0 { continue }
                let p = out + 4 * x
                let lower: SIMD4<Float> = k == 0 ? PixelMath.load(p) : Self.pixel(copies[k - 1], 4 * (y * w + x))
                let upper = Self.pixel(copies[k], 4 * (y * w + x))
                // (1 − t)·a + t·b with t ≥ 0: monotone, so colour never rounds above alpha.
                PixelMath.store(PixelMath.premultipliedBytes((1 - t) * lower + t * upper), p)
            }
        }
    }

    @inline(__always)
    private static func pixel(_ bytes: [UInt8], _ i: Int) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4<UInt8>(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]))
    }
}
