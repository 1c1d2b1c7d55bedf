#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidRaster

/// The final softening of a hard goo edge: a variable blur whose strength comes from a mask generated
/// from the image's own alpha — full strength along the edges, none in the centre or far outside.
///
/// The mask: the alpha is blurred with σ (= ``sigma``·scale pixels; a sampled Gaussian over ±3σ, edges
/// clamped) and each blurred value b is turned into an estimated distance to the edge, |d| = σ·|Φ⁻¹(b)|
/// (exact for a straight hard edge, where the blurred alpha is Φ(d/σ)). The mask is 1 for |d| ≤ σ, falls
/// linearly to 0 at |d| = 2.5σ and is 0 beyond — in particular wherever b < Φ(−2.5) ≈ 0.006 or
/// b > 0.994. The variable blur then blurs each pixel with about σ·mask (``VariableBlur``'s levels).
///
/// Guarantees:
/// - Pixels with mask 0 are left bit for bit untouched: the centre of any shape wider than about 5.5σ
///   (its blurred alpha stays above 0.994) and everything more than 3σ away from any content. Changes are
///   confined to a band about 2.5σ either side of each edge.
/// - σ = 0 leaves the image unchanged. The output is valid premultiplied colour.
/// - The workspace's buffers are reused between calls (``apply(to:scale:workspace:)`` additionally lets
///   ``VariableBlur`` allocate its level copies per call).
/// - Complexity: O(pixels·σ) for the mask's alpha-only blur, plus the softening blurs.
package struct EdgeSoftening: Sendable, Hashable {
    /// Maximum blur σ in points, reached along the edge.
    package let sigma: Double
    /// σ levels of the variable blur (2…16, including the sharp level); see ``VariableBlur``.
    package let levels: Int

    /// - Throws: `LiquidError` (`.outOfRange`) naming `sigma` (negative or not finite) or `levels`
    ///   (outside 2…16).
    package init(sigma: Double, levels: Int = 3) throws(LiquidError) {
        guard sigma.isFinite, sigma >= 0 else {
            throw .invalidParameter("edge softening sigma \(sigma) must be finite and ≥ 0")
        }
        guard (2...16).contains(levels) else {
            throw .invalidParameter("edge softening levels \(levels) must lie in 2…16")
        }
        self.sigma = sigma
        self.levels = levels
    }

    /// The back-ported switch's softening: σ = 1 pt.
    package static let liquidSwitch = EdgeSoftening(trustedSigma: 1)
    /// The back-ported tab bar's softening: σ = 2 pt.
    package static let tabBar = EdgeSoftening(trustedSigma: 2)

    /// A softening whose σ is a constant written in code, without `try` (three levels).
    /// - Precondition: `sigma` is finite and ≥ 0 (values from outside the program go through the throwing
    ///   ``init(sigma:levels:)``).
    package static func constant(sigma: Double) -> EdgeSoftening {
        precondition(sigma.isFinite && sigma >= 0, "EdgeSoftening.constant needs a finite σ ≥ 0")
        return EdgeSoftening(trustedSigma: sigma)
    }

    private init(trustedSigma: Double) {
        sigma = trustedSigma
        levels = 3
    }

    /// Scratch memory kept between calls. Not `Sendable`; use one per rendering thread.
    package final class Workspace {
        /// Float planes (alpha, temporary, blurred levels, a padded row), grown on demand.
        var floats: [Float] = []
        /// The mask bytes of the general path.
        var mask: [UInt8] = []
        /// Per 8-pixel block: whether the banded path computes it (blend), and whether it needs the
        /// horizontal pass.
        var blocks: [UInt8] = []
        /// Per-column running counts for the vertical dilation of the block map.
        var counts: [Int32] = []
        let blur = BlurWorkspace()
        /// An empty workspace; buffers grow on first use.
        package init() {}
    }

    // MARK: General path

    /// Softens the edges of `view` in place (any colours); `scale` is the view's pixels per point.
    /// The blur is ``VariableBlur`` with ``levels`` levels, edges clamped.
    /// - Throws: `LiquidError` (`.outOfRange`) when `scale` is not positive and finite.
    package func apply(to view: MutablePixmapView, scale: Double, workspace: Workspace) throws(LiquidError) {
        guard let sigmaPixels = try pixelSigma(scale: scale, view: view.readOnly) else { return }
        let w = view.width, h = view.height
        try fillMask(of: view.readOnly, sigmaPixels: sigmaPixels, workspace: workspace)
        let blur = try VariableBlur(maximumSigma: sigmaPixels, edgeMode: .clamp, levels: levels)
        let mask = workspace.mask
        let blurWorkspace = workspace.blur
        let failure: LiquidError? = mask.withUnsafeBufferPointer { bytes in
            do throws(LiquidError) {
                try blur.apply(to: view, mask: CoverageMask(base: bytes.baseAddress!, width: w, height: h, rowBytes: w),
                               workspace: blurWorkspace)
            } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// The edge mask for `view`, row-major, one byte per pixel (255 = full softening): what both
    /// softening paths use. For inspection and tests; allocates the returned array.
    /// - Throws: `LiquidError` (`.outOfRange`) when `scale` is not positive and finite.
    package func edgeMask(of view: PixmapView, scale: Double, workspace: Workspace = Workspace()) throws(LiquidError) -> [UInt8] {
        guard let sigmaPixels = try pixelSigma(scale: scale, view: view) else {
            return [UInt8](repeating: 0, count: view.width * view.height)
        }
        try fillMask(of: view, sigmaPixels: sigmaPixels, workspace: workspace)
        return Array(workspace.mask.prefix(view.width * view.height))
    }

    // MARK: Single-colour path

    /// Softens `view` like ``apply(to:scale:workspace:)`` when every pixel is `color` at some alpha (the
    /// output of a ``GooLayer`` pass), blurring the alpha channel alone.
    ///
    /// Guarantees: the same mask as the general path and the same blend between the two σ levels around
    /// mask·σ, computed on alpha only; since blurring is linear, for such an image this matches the general
    /// path up to the kernels' small differences (this path uses the sampled Gaussian over ±3σ) and
    /// rounding. Each changed pixel becomes `color` at the blended alpha, premultiplied and rounded to
    /// nearest (exactly ``PremultipliedRGBA8/init(_:)`` of that straight colour); mask-0 pixels are
    /// untouched bit for bit. If the precondition does not hold, changed pixels take `color` (the image
    /// stays valid premultiplied colour).
    ///
    /// Only the band that can change is computed: pixels farther than the mask blur's radius from every
    /// edge pixel (a partly covered pixel, or one whose alpha differs from a neighbour's) see a uniform
    /// window, so their mask is 0; the blurs and the blend run over 8-pixel blocks within that radius of
    /// an edge only, each block computed with exactly the arithmetic of a whole-plane pass. The result
    /// is byte for byte that of ``applyEverywhere(toSingleColor:color:scale:workspace:)``, which blurs
    /// every pixel (tested).
    /// - Throws: `LiquidError` (`.outOfRange`) when `scale` is not positive and finite.
    /// - Complexity: O(pixels) to find the edges, plus O(band pixels·σ) for `levels − 1` alpha-only
    ///   separable blurs (the top one doubles as the mask's blur) and the blend; no allocation after the
    ///   first call at a size.
    /// - Parameters:
    ///   - kernels: `.portable` runs the band's blurs and blend in Swift only (the same bytes; for tests).
    ///   - pool: the workers the passes split their rows over (the same bytes for any worker count).
    package func apply(toSingleColor view: MutablePixmapView, color: RGBA, scale: Double, workspace: Workspace,
                       kernels: KernelSet = .automatic, pool: WorkerPool = .shared) throws(LiquidError) {
        guard let sigmaPixels = try pixelSigma(scale: scale, view: view.readOnly) else { return }
        applyInBand(toSingleColor: view, color: color, sigmaPixels: sigmaPixels, workspace: workspace, kernelSet: kernels,
                    pool: pool)
    }

    /// ``apply(toSingleColor:color:scale:workspace:)`` computed over every pixel: the reference the banded
    /// computation is tested against (same pixels, more work).
    /// - Throws: `LiquidError` (`.outOfRange`) when `scale` is not positive and finite.
    package func applyEverywhere(toSingleColor view: MutablePixmapView, color: RGBA, scale: Double,
                                 workspace: Workspace) throws(LiquidError) {
        guard let sigmaPixels = try pixelSigma(scale: scale, view: view.readOnly) else { return }
        let w = view.width, h = view.height, n = w * h, levels = self.levels
        let kernels = (1..<levels).map { FloatPlaneBlur.kernel(sigma: sigmaPixels * Double($0) / Double(levels - 1)) }
        let straight = color.clamped()
        let table: [UInt32] = (0...255).map { PremultipliedRGBA8(straight.withAlpha(Double($0) / 255)).packed }
        let steps = Self.levelSteps(levels: levels)
        let pool = WorkerPool.shared
        withPlanes(count: levels + 1, width: w, height: h, kernels: kernels, workspace: workspace,
                   rowsPerPlane: pool.workerCount) { planes, row in
            let alpha = planes, temporary = planes + n, blurred = planes + 2 * n
            // Each job of these loops reads and writes only its own rows (of the planes and of the view);
            // the blurs split themselves the same way. Bytes do not depend on the worker count.
            nonisolated(unsafe) let shared = (view: view, alpha: alpha, blurred: blurred)
            pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
                Self.extractAlpha(of: shared.view.readOnly, rows: rows, into: shared.alpha)
            }
            for (k, kernel) in kernels.enumerated() {
                FloatPlaneBlur.run(source: alpha, destination: blurred + k * n, width: w, height: h,
                                 kernel: kernel, temporary: temporary, row: row, pool: pool)
            }
            // The top level is blurred with σ: the mask's own blur.
            Self.distanceTable.withUnsafeBufferPointer { distance in
                table.withUnsafeBufferPointer { lut in
                  steps.withUnsafeBufferPointer { stepBuffer in
                    nonisolated(unsafe) let tables = (distance: distance, lut: lut, steps: stepBuffer.baseAddress!)
                    pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
                        let alpha = shared.alpha, blurred = shared.blurred
                        let top = blurred + (levels - 2) * n
                        for y in rows {
                            let out = UnsafeMutableRawPointer(shared.view.row(y))
                            for x in 0..<w {
                                let i = y &* w &+ x
                                guard let level = Self.softenedLevel(at: i, alpha: alpha, blurred: blurred, top: top,
                                                                     planeSize: n, steps: tables.steps,
                                                                     distance: tables.distance) else { continue }
                                out.storeBytes(of: tables.lut[level], toByteOffset: 4 * x, as: UInt32.self)
                            }
                        }
                    }
                  }
                }
            }
        }
    }

    // MARK: Mask

    /// σ in pixels, or `nil` when there is nothing to do. - Throws: for a bad scale.
    func pixelSigma(scale: Double, view: PixmapView) throws(LiquidError) -> Double? {
        guard scale.isFinite, scale > 0 else { throw .invalidParameter("scale \(scale) must be positive and finite") }
        let sigmaPixels = sigma * scale
        guard sigmaPixels > 0, view.width > 0, view.height > 0 else { return nil }
        return sigmaPixels
    }

    /// Fills `workspace.mask` (width·height bytes) with the edge mask of `view`.
    private func fillMask(of view: PixmapView, sigmaPixels: Double, workspace: Workspace) throws(LiquidError) {
        let w = view.width, h = view.height, n = w * h
        let kernel = FloatPlaneBlur.kernel(sigma: sigmaPixels)
        var mask = workspace.mask
        workspace.mask = []
        if mask.count < n { mask = [UInt8](repeating: 0, count: n) }
        mask.withUnsafeMutableBufferPointer { bytes in
            withPlanes(count: 3, width: w, height: h, kernels: [kernel], workspace: workspace) { planes, row in
                Self.extractAlpha(of: view, into: planes)
                FloatPlaneBlur.run(source: planes, destination: planes + 2 * n, width: w, height: h, kernel: kernel,
                                 temporary: planes + n, row: row)
                Self.distanceTable.withUnsafeBufferPointer { distance in
                    for i in 0..<n { bytes[i] = Self.maskValue(planes[2 * n + i], distance) }
                }
            }
        }
        workspace.mask = mask
    }

    /// Runs `body` with `count` planes of width·height floats and `rowsPerPlane` padded rows (one per band
    /// of a split blur), from the workspace.
    func withPlanes(count: Int, width: Int, height: Int, kernels: [[Float]], workspace: Workspace,
                            rowsPerPlane: Int = 1,
                            _ body: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void) {
        let n = width * height
        let needed = count * n + rowsPerPlane * (width + (kernels.map(\.count).max() ?? 0))
        var floats = workspace.floats
        workspace.floats = []
        if floats.count < needed { floats = [Float](repeating: 0, count: needed) }
        floats.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress!, buffer.baseAddress! + count * n)
        }
        workspace.floats = floats
    }

    /// The alpha bytes of `view` (rows `rows`, all by default) as floats 0…255, row-major.
    ///
    /// Eight pixels at a time as whole words (alpha is the top byte of a packed pixel). Measured reason:
    /// inlined into a band job the per-byte loop stayed scalar and took 4 % of a dragged switch frame.
    @inline(never)
    static func extractAlpha(of view: PixmapView, rows: Range<Int>? = nil, into alpha: UnsafeMutablePointer<Float>) {
        let w = view.width, whole = w - w % 8
        for y in rows ?? 0..<view.height {
            let pixels = UnsafeRawPointer(view.row(y)), out = alpha + y * w
            var x = 0
            while x < whole {
                let words = pixels.loadUnaligned(fromByteOffset: 4 &* x, as: SIMD8<UInt32>.self) &>> 24
                UnsafeMutableRawPointer(out + x).storeBytes(of: SIMD8<Float>(SIMD8<Int32>(truncatingIfNeeded: words)),
                                                            as: SIMD8<Float>.self)
                x &+= 8
            }
            while x < w {
                out[x] = Float(pixels.load(fromByteOffset: 4 &* x &+ 3, as: UInt8.self))
                x &+= 1
            }
        }
    }

    /// The softened alpha level of pixel `i`, or `nil` where the mask is 0 and the pixel keeps its bytes: the
    /// mask picks a position between the unblurred alpha and the blurred levels, and the level is their
    /// linear blend there, rounded. The one place both the whole-image and the banded passes compute it.
    /// `steps` is ``levelSteps(levels:)``.
    @inline(__always)
    static func softenedLevel(at i: Int, alpha: UnsafePointer<Float>, blurred: UnsafePointer<Float>,
                              top: UnsafePointer<Float>, planeSize n: Int, steps: UnsafePointer<LevelStep>,
                              distance: UnsafeBufferPointer<UInt8>) -> Int? {
        let m = maskValue(top[i], distance)
        if m == 0 { return nil }
        let step = steps[Int(m)]
        let k = Int(step.k), t = step.t
        let lower = k == 0 ? alpha[i] : blurred[(k - 1) * n + i]
        let upper = blurred[k * n + i]
        // Clamped before the conversion: for a finite value the same level as converting first and
        // clamping the integer (truncation is monotone and 0 and 255 are whole), with a simpler check.
        return Int(Swift.min(Swift.max((1 - t) * lower + t * upper + 0.5, 0), 255))
    }

    /// Where a mask byte places a pixel between the levels: the pair (k, k + 1) it blends (level 0 is
    /// the unblurred alpha) and the weight t of the upper one.
    struct LevelStep {
        var k: Int32
        var t: Float
    }

    /// The ``LevelStep`` of every mask byte 0…255 for `levels` levels: position m/255·(levels − 1),
    /// k its whole part (at most levels − 2), t the rest. Measured reason for a table: computing these
    /// per pixel was most of the blend's time in the goo switch frame.
    static func levelSteps(levels: Int) -> [LevelStep] {
        (0...255).map { m in
            let position = Float(m) / 255 * Float(levels - 1)
            let k = Swift.min(Int(position), levels - 2)
            return LevelStep(k: Int32(k), t: position - Float(k))
        }
    }

    /// The mask byte for a blurred alpha (0…255) via ``distanceTable``.
    @inline(__always)
    static func maskValue(_ blurred: Float, _ table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let index = Int(Swift.min(Swift.max(blurred, 0), 255) * (Float(tableSteps) / 255) + 0.5)
        return table[index]
    }

    /// Distance from the edge (in σ) up to which the mask is 1.
    static let fullBand = 1.0
    /// Distance from the edge (in σ) where the mask reaches 0.
    static let outerBand = 2.5
    /// Table resolution over blurred alpha 0…1.
    package static let tableSteps = 4096

    /// ``distanceTable`` as 32-bit words (the AVX2 blend gathers from it).
    static let distanceWords: [Int32] = distanceTable.map { Int32($0) }

    /// The mask for blurred alpha b = i / ``tableSteps``: ``bisectedMask(_:)`` of b, which is 0 beyond
    /// ``outerBand`` and 255 within ``fullBand``. Only the alphas whose |Φ⁻¹| lies between 0.9 and 2.6 are
    /// bisected; the others are outside [Φ(−2.6), Φ(2.6)] (mask 0) or inside [Φ(−0.9), Φ(0.9)] (mask 255), a
    /// tenth of a σ clear of the band's ends (tested: every entry equals the bisection's). Measured reason:
    /// bisecting all 4097 entries cost about 5 ms, paid on the first softened frame of a run; a process that
    /// renders one goo switch frame now ends 4.5–5.5 ms sooner (medians of 11 runs).
    package static let distanceTable: [UInt8] = {
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
        let outerLow = phi(-(outerBand + 0.1)), outerHigh = phi(outerBand + 0.1)
        let innerLow = phi(-(fullBand - 0.1)), innerHigh = phi(fullBand - 0.1)
        return (0...tableSteps).map { i -> UInt8 in
            let b = Double(i) / Double(tableSteps)
            if b < outerLow || b > outerHigh { return 0 }
            if b > innerLow && b < innerHigh { return 255 }
            return bisectedMask(b)
        }
    }()

    /// The mask for blurred alpha b (0…1): |z| = |Φ⁻¹(b)| by bisection on Φ(z) = ½·erfc(−z/√2) (80 halvings
    /// of [−40, 40]), then 1 for |z| ≤ ``fullBand``, linear to 0 at ``outerBand``, as a byte.
    package static func bisectedMask(_ b: Double) -> UInt8 {
        var lo = -40.0, hi = 40.0
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if 0.5 * erfc(-mid / 2.0.squareRoot()) < b { lo = mid } else { hi = mid }
        }
        let distance = abs((lo + hi) / 2)
        let m = Swift.min(Swift.max((outerBand - distance) / (outerBand - fullBand), 0), 1)
        return UInt8((m * 255).rounded())
    }
}
