import LiquidGeometry

/// The metaball ("goo") filter in one pass: a Gaussian blur of the alpha channel followed by an
/// ``AlphaThreshold``, so shapes closer than about the blur radius fuse like droplets.
///
/// Guarantee: the result equals ``GaussianBlur`` (same σ and edge mode) followed by the threshold, up to
/// the blur's own accuracy on alpha (≤ 3 levels worst, ≤ 0.5 mean), because the fused path computes the
/// same blurred alpha (rounded to 8 bits) and looks the output up in the same table. It is faster because
/// only alpha is blurred and the full-size image is read once and written once.
/// - Complexity: O(width·height) for σ ≥ 2.5; O(width·height·σ) below.
public struct Goo: Sendable, Hashable {
    /// The blur of the alpha channel.
    public let blur: GaussianBlur
    /// The threshold applied to the blurred alpha.
    public let threshold: AlphaThreshold

    /// The filter made of `blur` (only its σ and edge mode are used, on alpha) and `threshold`.
    public init(blur: GaussianBlur, threshold: AlphaThreshold) {
        self.blur = blur
        self.threshold = threshold
    }

    /// Blur σ and threshold parameters in one call.
    /// - Throws: `LiquidError` (`.outOfRange`) as ``GaussianBlur/init(sigma:edgeMode:)`` and
    ///   ``AlphaThreshold/init(threshold:edgeWidth:color:)`` do.
    public init(sigma: Double, threshold: Double = 0.5, edgeWidth: Double = 0,
                color: RGBA = RGBA(red: 0, green: 0, blue: 0), edgeMode: EdgeMode = .transparent) throws(LiquidError) {
        self.blur = try GaussianBlur(sigma: sigma, edgeMode: edgeMode)
        self.threshold = try AlphaThreshold(threshold: threshold, edgeWidth: edgeWidth, color: color)
    }

    /// Applies the filter to `view` in place.
    public func apply(to view: MutablePixmapView) {
        apply(to: view, workspace: BlurWorkspace())
    }

    /// Applies the filter to `view` in place, using `workspace` for scratch memory.
    ///
    /// Every stage runs in row bands over `pool` (``WorkerPool/shared`` by default); each band computes
    /// exactly what the single pass computes for its rows, so the bytes do not depend on the worker count.
    package func apply(to view: MutablePixmapView, workspace: BlurWorkspace, pool: WorkerPool = WorkerPool.shared) {
        guard view.width > 0, view.height > 0 else { return }
        let table = threshold.lookupTable()
        table.withUnsafeBufferPointer { lut in
            let lookup = lut.baseAddress!
            let f = blur.plan.factor
            if blur.sigma == 0 {
                threshold.apply(to: view, pool: pool)
            } else if f == 1 {
                let w = view.width, h = view.height
                let image = workspace.small.reserve(w * h), output = workspace.smallOut.reserve(w * h)
                // Each job reads and writes only its own rows.
                nonisolated(unsafe) let shared = (view: view, image: image, output: output, lookup: lookup)
                let minimum = SeparableFloatBlur.minimumBandRows
                pool.forEachBand(h, minimum: minimum) { _, rows in
                    for y in rows {
                        let row = shared.view.row(y)
                        for x in 0..<w { shared.image[y * w + x] = Float(row[4 * x + 3]) }
                    }
                }
                SeparableFloatBlur.run(image: image, output: output, width: w, height: h, channels: 1,
                                       sigma: blur.sigma, edgeMode: blur.edgeMode, row: workspace.row,
                                       zeros: workspace.zeros, pool: pool, workspace: workspace)
                pool.forEachBand(h, minimum: minimum) { _, rows in
                    for y in rows {
                        let row = UnsafeMutableRawPointer(shared.view.row(y))
                        for x in 0..<w {
                            let level = Swift.min(Swift.max(Int(shared.output[y * w + x] + 0.5), 0), 255)
                            row.storeBytes(of: shared.lookup[level], toByteOffset: 4 * x, as: UInt32.self)
                        }
                    }
                }
            } else {
                let (wp, hp) = ReducedBlur.paddedSize(width: view.width, height: view.height, factor: f)
                let reduced = workspace.small.reserve(wp * hp), blurred = workspace.smallOut.reserve(wp * hp)
                ReducedBlur.reduce(view, factor: f, channels: 1, edgeMode: blur.edgeMode, into: reduced,
                                   workspace: workspace, pool: pool)
                SeparableFloatBlur.run(image: reduced, output: blurred, width: wp, height: hp, channels: 1,
                                       sigma: blur.plan.reducedSigma, edgeMode: blur.edgeMode,
                                       row: workspace.row, zeros: workspace.zeros, pool: pool, workspace: workspace)
                ReducedBlur.enlargeAlpha(blurred, factor: f, into: view, lookup: lookup, workspace: workspace,
                                         pool: pool)
            }
        }
    }

    /// A filtered copy of `pixmap`.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        var copy = pixmap
        copy.withMutableView { apply(to: $0) }
        return copy
    }
}
