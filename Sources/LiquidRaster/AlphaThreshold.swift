import LiquidGeometry

/// Turns alpha into a shape of one colour: pixels whose alpha reaches `threshold` become `color`, the rest
/// transparent — the second half of the metaball ("goo") effect. With an `edgeWidth` the step is a
/// smoothstep over `[threshold − edgeWidth/2, threshold + edgeWidth/2]`, which anti-aliases the new edge.
///
/// Guarantees: the output depends only on each pixel's alpha (the input colour is discarded); a pixel with
/// smoothstep weight s becomes `color` with its alpha multiplied by s, premultiplied and rounded to
/// nearest (exactly the ``PremultipliedRGBA8/init(_:)`` of that straight colour). The hard threshold
/// compares `alpha/255 ≥ threshold` exactly.
/// - Complexity: O(width·height), one table look-up per pixel.
public struct AlphaThreshold: Sendable, Hashable {
    /// Alpha level (0…1) where the output switches on.
    public let threshold: Double
    /// Width (0…1) of the smooth transition; 0 is a hard step.
    public let edgeWidth: Double
    /// The straight colour of the result.
    public let color: RGBA

    /// - Throws: `LiquidError` (`.outOfRange`) naming `threshold` or `edgeWidth` when not finite or
    ///   outside 0…1, or `color` when a channel is not finite.
    public init(threshold: Double, edgeWidth: Double = 0, color: RGBA = RGBA(red: 0, green: 0, blue: 0)) throws(LiquidError) {
        guard threshold.isFinite, threshold >= 0, threshold <= 1 else {
            throw .invalidParameter("threshold \(threshold) must lie in 0…1")
        }
        guard edgeWidth.isFinite, edgeWidth >= 0, edgeWidth <= 1 else {
            throw .invalidParameter("edge width \(edgeWidth) must lie in 0…1")
        }
        guard color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite else {
            throw .invalidParameter("threshold color \(color) has a non-finite channel")
        }
        self.threshold = threshold
        self.edgeWidth = edgeWidth
        self.color = color
    }

    /// The weight (0…1) of the output colour for an input alpha in 0…1.
    package func weight(alpha: Double) -> Double {
        if edgeWidth == 0 { return alpha >= threshold ? 1 : 0 }
        let low = threshold - edgeWidth / 2
        return smoothstep((alpha - low) / edgeWidth)
    }

    /// The output pixel (packed as ``PremultipliedRGBA8/packed``) for each input alpha level 0…255.
    package func lookupTable() -> [UInt32] {
        (0...255).map { level in
            let s = weight(alpha: Double(level) / 255)
            if s == 0 { return 0 }
            var c = color
            c.alpha *= s
            return PremultipliedRGBA8(c).packed
        }
    }

    /// Thresholds the pixels of `view` in place, in row bands over ``WorkerPool/shared`` (each pixel is
    /// computed alone, so the bytes do not depend on the worker count).
    public func apply(to view: MutablePixmapView) {
        apply(to: view, pool: WorkerPool.shared)
    }

    /// ``apply(to:)`` over `pool`.
    package func apply(to view: MutablePixmapView, pool: WorkerPool) {
        let table = lookupTable()
        table.withUnsafeBufferPointer { lut in
            // Each job reads and writes only its own rows.
            nonisolated(unsafe) let shared = (view: view, lut: lut)
            pool.forEachBand(view.height, minimum: 16) { _, rows in
                for y in rows {
                    let row = UnsafeMutableRawPointer(shared.view.row(y))
                    for x in 0..<shared.view.width {
                        let a = row.load(fromByteOffset: 4 * x + 3, as: UInt8.self)
                        row.storeBytes(of: shared.lut[Int(a)], toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// A thresholded copy of `pixmap`.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        var copy = pixmap
        copy.withMutableView { apply(to: $0) }
        return copy
    }
}
