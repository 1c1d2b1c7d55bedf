import LiquidGeometry

/// A 4×5 colour matrix with SVG `feColorMatrix` semantics: on un-premultiplied colour in 0…1,
/// `[r' g' b' a'] = M · [r g b a 1]`, each result clamped to 0…1, then premultiplied and rounded.
///
/// Guarantees: ``identity`` leaves every pixel unchanged bit for bit; results are within ±1 level of the
/// Double evaluation of the same formula; fully transparent pixels count as r = g = b = 0.
/// - Complexity: O(width·height).
public struct ColorMatrix: Sendable, Hashable {
    /// The 20 coefficients, row-major: rows r', g', b', a'; columns r, g, b, a, offset.
    public let values: [Double]

    /// - Throws: `LiquidError` (`.outOfRange`) naming `values` unless there are 20 finite numbers.
    public init(_ values: [Double]) throws(LiquidError) {
        guard values.count == 20 else {
            throw .invalidParameter("color matrix values: \(values.count) given, 20 needed (4 rows × 5)")
        }
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw .invalidParameter("color matrix values[\(bad)] = \(values[bad]) is not finite")
        }
        self.values = values
    }

    private init(trusted values: [Double]) { self.values = values }

    /// The matrix that leaves every colour unchanged.
    public static let identity = ColorMatrix(trusted: [1, 0, 0, 0, 0,
                                                       0, 1, 0, 0, 0,
                                                       0, 0, 1, 0, 0,
                                                       0, 0, 0, 1, 0])

    /// The SVG "goo" matrix: colour kept, `α' = 18α − 7` (clamped), which hardens a blurred alpha into a
    /// crisp shape with a thin anti-aliased rim (α' crosses 0…1 over α ∈ [7/18, 8/18]).
    public static let goo = ColorMatrix(trusted: [1, 0, 0, 0, 0,
                                                  0, 1, 0, 0, 0,
                                                  0, 0, 1, 0, 0,
                                                  0, 0, 0, 18, -7])

    /// SVG `saturate`: 0 is greyscale, 1 the identity, above 1 oversaturates (e.g. 1.4 for frosted glass).
    /// - Throws: `LiquidError` (`.outOfRange`) naming `saturation` when negative or not finite.
    public static func saturation(_ s: Double) throws(LiquidError) -> ColorMatrix {
        guard s.isFinite, s >= 0 else { throw .invalidParameter("saturation \(s) must be finite and ≥ 0") }
        return ColorMatrix(trusted: [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0, 0,
                                     0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0, 0,
                                     0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0, 0,
                                     0, 0, 0, 1, 0])
    }

    /// Applies the matrix to the pixels of `view` in place, in row bands over ``WorkerPool/shared`` (each
    /// pixel is computed alone, so the bytes do not depend on the worker count).
    public func apply(to view: MutablePixmapView) {
        if self == .identity { return }
        // Each job reads and writes only its own rows.
        nonisolated(unsafe) let shared = view
        WorkerPool.shared.forEachBand(view.height, minimum: 16) { _, rows in
            applyRows(shared.region(PixelRect(x: 0, y: rows.lowerBound, width: shared.width, height: rows.count)))
        }
    }

    /// The matrix applied to every row of `view`.
    private func applyRows(_ view: MutablePixmapView) {
        let m = values.map(Float.init)
        let c0 = SIMD4<Float>(m[0], m[5], m[10], m[15]), c1 = SIMD4<Float>(m[1], m[6], m[11], m[16])
        let c2 = SIMD4<Float>(m[2], m[7], m[12], m[17]), c3 = SIMD4<Float>(m[3], m[8], m[13], m[18])
        let offset = SIMD4<Float>(m[4], m[9], m[14], m[19])
        for y in 0..<view.height {
            let row = view.row(y)
            for x in 0..<view.width {
                let p = row + 4 * x
                let a = Float(p[3]) / 255
                let inverse: Float = p[3] > 0 ? 1 / Float(p[3]) : 0
                let r = Float(p[0]) * inverse, g = Float(p[1]) * inverse, b = Float(p[2]) * inverse
                var out = c0 * r + c1 * g + c2 * b + c3 * a + offset
                out = PixelMath.clamp(out, 0, 1)
                let alpha = out[3] * 255
                let premultiplied = SIMD4<Float>(out[0] * alpha, out[1] * alpha, out[2] * alpha, alpha)
                PixelMath.store(PixelMath.premultipliedBytes(premultiplied), p)
            }
        }
    }

    /// A copy of `pixmap` with the matrix applied.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        var copy = pixmap
        copy.withMutableView { apply(to: $0) }
        return copy
    }
}
