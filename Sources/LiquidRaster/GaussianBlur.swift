import LiquidGeometry

/// A Gaussian blur of premultiplied RGBA8 pixels, in place.
///
/// Guarantees:
/// - σ = 0 leaves every pixel unchanged, bit for bit.
/// - Edges follow ``EdgeMode`` (`.clamp` repeats the edge pixel, `.transparent` reads transparent black).
/// - Premultiplication is preserved: every output has red, green, blue ≤ alpha.
/// - Accuracy against the exact result (the sampled Gaussian of radius ≥ 4σ, normalised, convolved in Double):
///   mean absolute error ≤ 0.5 and maximum error ≤ 3 levels per channel, on noise and on hard edges, both
///   edge modes, σ from 0.5 to 60 and σ larger than the image (tested). Measured on 96×80 images: mean
///   0.25–0.26, max ≤ 1.1 levels (rounding alone gives 0.25 / 0.5).
///
/// How: for σ < 2.5 a direct separable convolution in Float at full size. For larger σ the image is
/// tent-reduced by a power-of-two factor f ≤ 8 (σ/f ≥ 1.25), blurred there with the variance the reduction
/// and the cubic B-spline enlargement add taken out, and enlarged again (see `BlurPlan`). Measured reason:
/// the full-size work is then one read and one write of each pixel whatever σ is, in 16-bit integer SIMD —
/// 1170×2532 in ~2.6 ms (σ = 10) and ~2.9 ms (σ = 30) on one core with SSE2, ~2.0 and ~2.3 ms where the
/// AVX2 kernels run (enlargement and reduced convolution; fastest runs on a loaded machine), where
/// OpenCV's 3-pass box blur takes ~12–13 ms; 1170×250 at σ = 10 in ~0.2 ms against OpenCV's ~0.8 ms. In place on purpose: an out-of-place
/// variant (reading one 11.85 MB image, writing another) measured slower on 1170×2532 (3.6 vs 2.6 ms),
/// its destination falling out of cache while the source is reduced.
///
/// - Complexity: O(width·height) for σ ≥ 2.5 (independent of σ up to σ ≈ 10·8); O(width·height·σ) below.
public struct GaussianBlur: Sendable, Hashable {
    /// Standard deviation in pixels (≥ 0, finite).
    public let sigma: Double
    /// What the blur reads beyond the image edges.
    public let edgeMode: EdgeMode
    let plan: BlurPlan
    /// Whether the blur runs at full resolution (a small σ), on four float channels per pixel, rather than on
    /// an image reduced by 2, 4 or 8: what its scratch memory grows with.
    package var runsAtFullResolution: Bool { sigma > 0 && plan.factor == 1 }

    /// - Throws: `LiquidError` (`.outOfRange`) naming `sigma` when it is negative, NaN or infinite.
    public init(sigma: Double, edgeMode: EdgeMode = .clamp) throws(LiquidError) {
        try self.init(sigma: sigma, edgeMode: edgeMode, minimumReducedSigma: BlurPlan.defaultMinimumReducedSigma)
    }

    /// As ``init(sigma:edgeMode:)`` with a chosen σ/f ratio for the reduced path (tuning and benchmarks).
    package init(sigma: Double, edgeMode: EdgeMode, minimumReducedSigma: Double) throws(LiquidError) {
        guard sigma.isFinite, sigma >= 0 else {
            throw .invalidParameter("blur sigma \(sigma) must be finite and ≥ 0")
        }
        self.sigma = sigma
        self.edgeMode = edgeMode
        self.plan = BlurPlan(sigma: sigma, minimumReducedSigma: minimumReducedSigma)
    }

    /// A blur whose σ is known valid (finite and ≥ 0) by construction, without `try`.
    /// - Precondition: `sigma` is finite and ≥ 0.
    package init(validSigma sigma: Double, edgeMode: EdgeMode) {
        precondition(sigma.isFinite && sigma >= 0, "GaussianBlur(validSigma:) needs a finite σ ≥ 0")
        self.sigma = sigma
        self.edgeMode = edgeMode
        self.plan = BlurPlan(sigma: sigma, minimumReducedSigma: BlurPlan.defaultMinimumReducedSigma)
    }

    /// Blurs the pixels of `view` in place, using `workspace` for scratch memory.
    package func apply(to view: MutablePixmapView, workspace: BlurWorkspace) {
        apply(to: view, workspace: workspace, kernels: .automatic)
    }

    /// As `apply(to:workspace:)` with a chosen implementation: `.portable` forces the Swift code even
    /// where the AVX2 kernels would run (tests compare the two; they write the same bytes).
    ///
    /// Every stage runs in row bands over `pool` (``WorkerPool/shared`` by default); each band computes
    /// exactly what the single pass computes for its rows, so the bytes do not depend on the worker count.
    package func apply(to view: MutablePixmapView, workspace: BlurWorkspace, kernels: KernelSet,
                       pool: WorkerPool = WorkerPool.shared) {
        guard sigma > 0, view.width > 0, view.height > 0 else { return }
        if plan.factor == 1 {
            applyDirect(to: view, workspace: workspace, kernels: kernels, pool: pool)
        } else {
            let f = plan.factor
            let (wp, hp) = ReducedBlur.paddedSize(width: view.width, height: view.height, factor: f)
            let count = wp * hp * 4
            let reduced = workspace.small.reserve(count)
            let blurred = workspace.smallOut.reserve(count)
            ReducedBlur.reduce(view, factor: f, channels: 4, edgeMode: edgeMode, into: reduced,
                               workspace: workspace, pool: pool, kernels: kernels)
            SeparableFloatBlur.run(image: reduced, output: blurred, width: wp, height: hp, channels: 4,
                                   sigma: plan.reducedSigma, edgeMode: edgeMode, row: workspace.row, zeros: workspace.zeros,
                                   kernels: kernels, pool: pool, workspace: workspace)
            ReducedBlur.enlarge(blurred, factor: f, into: view, workspace: workspace, kernels: kernels, pool: pool)
        }
    }

    /// The blur of `source` written to `destination` (the same size; the two must not overlap): exactly the
    /// bytes of copying `source` into `destination` and blurring that in place. On the reduced path the
    /// copy is skipped — the reduction reads `source` and the enlargement writes `destination` — which
    /// saves a read and a write of every pixel (the glass frost blurs straight out of the backdrop).
    package func apply(from source: PixmapView, to destination: MutablePixmapView, workspace: BlurWorkspace) {
        precondition(source.width == destination.width && source.height == destination.height,
                     "blur source and destination differ in size")
        guard sigma > 0, plan.factor > 1, destination.width > 0, destination.height > 0 else {
            for y in 0..<destination.height {
                UnsafeMutableRawPointer(destination.row(y)).copyMemory(from: source.row(y), byteCount: 4 * source.width)
            }
            apply(to: destination, workspace: workspace)
            return
        }
        let f = plan.factor
        let (wp, hp) = ReducedBlur.paddedSize(width: destination.width, height: destination.height, factor: f)
        let count = wp * hp * 4
        let reduced = workspace.small.reserve(count)
        let blurred = workspace.smallOut.reserve(count)
        // The reduction only reads its view.
        let readable = MutablePixmapView(base: UnsafeMutablePointer(mutating: source.base), width: source.width,
                                         height: source.height, rowBytes: source.rowBytes)
        ReducedBlur.reduce(readable, factor: f, channels: 4, edgeMode: edgeMode, into: reduced, workspace: workspace)
        SeparableFloatBlur.run(image: reduced, output: blurred, width: wp, height: hp, channels: 4,
                               sigma: plan.reducedSigma, edgeMode: edgeMode, row: workspace.row, zeros: workspace.zeros,
                               kernels: .automatic)
        ReducedBlur.enlarge(blurred, factor: f, into: destination, workspace: workspace, kernels: .automatic)
    }

    /// Blurs the pixels of `view` in place with a temporary workspace.
    public func apply(to view: MutablePixmapView) {
        apply(to: view, workspace: BlurWorkspace())
    }

    /// A blurred copy of `pixmap`.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        applied(to: pixmap, workspace: BlurWorkspace())
    }

    /// A blurred copy of `pixmap`, using `workspace` for scratch memory.
    package func applied(to pixmap: Pixmap, workspace: BlurWorkspace) -> Pixmap {
        var copy = pixmap
        copy.withMutableView { apply(to: $0, workspace: workspace) }
        return copy
    }

    /// The direct path: the whole view converted to floats, convolved, rounded back.
    private func applyDirect(to view: MutablePixmapView, workspace: BlurWorkspace, kernels: KernelSet,
                             pool: WorkerPool) {
        let w = view.width, h = view.height, n = 4 * w
        let image = workspace.small.reserve(n * h)
        let output = workspace.smallOut.reserve(n * h)
        // Each job converts only its own rows (in and out).
        nonisolated(unsafe) let shared = (view: view, image: image, output: output)
        pool.forEachBand(h, minimum: SeparableFloatBlur.minimumBandRows) { _, rows in
            for y in rows {
                let src = shared.view.row(y), dst = shared.image + y * n
                for i in 0..<n { dst[i] = Float(src[i]) }
            }
        }
        SeparableFloatBlur.run(image: image, output: output, width: w, height: h, channels: 4, sigma: sigma,
                               edgeMode: edgeMode, row: workspace.row, zeros: workspace.zeros, kernels: kernels,
                               pool: pool, workspace: workspace)
        pool.forEachBand(h, minimum: SeparableFloatBlur.minimumBandRows) { _, rows in
            for y in rows {
                let src = shared.output + y * n, dst = shared.view.row(y)
                for i in 0..<n {
                    let v = Swift.min(Swift.max(src[i] + 0.5, 0), 255)
                    dst[i] = UInt8(v)
                }
            }
        }
    }
}
