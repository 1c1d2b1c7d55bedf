#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry

/// Compositing a source view or a solid colour onto a destination view with a ``BlendMode``.
///
/// Semantics (all modes): the source is first scaled by `opacity` (like a layer's opacity), then blended
/// with the destination. For `.normal` this is the familiar source-over of `opacity·source`.
///
/// Accuracy: within ±1 level of the exact (real-valued) result for valid premultiplied inputs; plain
/// source-over (opacity 1, no mask) is exact to rounding. Outputs are always valid premultiplied pixels.
extension MutablePixmapView {
    /// Composites `source` (the same size as this view) onto this view.
    /// - Throws: `LiquidError` (`.outOfRange`) when sizes differ (of the views or the mask);
    ///   `LiquidError` (`.outOfRange`) naming `opacity` when it is not in 0…1.
    /// - Complexity: O(width·height); about 1 ns/pixel for plain source-over.
    /// Composites `source` onto this view where `mask` covers it (everywhere for `nil`). `kernels:
    /// .portable` keeps plain source-over in Swift (the same bytes; for tests).
    /// - Throws: as ``composite(_:mode:opacity:)``, and when the mask's size differs.
    package func composite(_ source: PixmapView, mode: BlendMode = .normal, opacity: Double = 1,
                          mask: CoverageMask? = nil, kernels: KernelSet = .automatic) throws(LiquidError) {
        guard source.width == width, source.height == height else {
            throw .invalidSize("cannot composite a \(source.width)×\(source.height) source onto a \(width)×\(height) destination")
        }
        try Compositing.validate(opacity: opacity, mask: mask, width: width, height: height)
        // In row bands over ``WorkerPool/shared`` for large areas: each job reads and writes only its own
        // rows, and each pixel is computed alone, so the bytes do not depend on the worker count.
        nonisolated(unsafe) let shared = (source: source, destination: self, mask: mask)
        let width = self.width
        if mode == .normal, opacity == 1, mask == nil {
            #if canImport(CLiquidKernels)
            // Where the CPU runs AVX2, each row goes through `lk_over_span`: the same arithmetic eight pixels a
            // step in 256-bit registers, with the same skips (transparent groups left alone, opaque ones
            // copied). Measured reason: the Swift loop below compiles to 128-bit halves, and this composite
            // was a tenth of an animating tab bar frame (perf, `ui.tabbar.animating`).
            if kernels.usesAVX2 {
                WorkerPool.shared.forEachBand(height, minimum: Self.minimumBandRows(width: width)) { _, rows in
                    for y in rows {
                        lk_over_span(shared.source.row(y), Int32(truncatingIfNeeded: width), 1, shared.destination.row(y))
                    }
                }
                return
            }
            #endif
            WorkerPool.shared.forEachBand(height, minimum: Self.minimumBandRows(width: width)) { _, rows in
                for y in rows {
                    let s = UnsafeRawPointer(shared.source.row(y)), d = UnsafeMutableRawPointer(shared.destination.row(y))
                    // Eight pixels at a time: groups wholly transparent in the source are skipped (source-over
                    // of a zero pixel is exact), wholly opaque ones copied (as `sourceOver` returns the
                    // source), the rest blended in eight lanes with the same arithmetic. Measured reason: the glass
                    // layer's output — opaque glass in a transparent margin — was a tenth of a dragged glass
                    // button's frame here (perf, ui.button.dragged).
                    var x = 0
                    while x + 8 <= width {
                        let group = s.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                        if group == SIMD8() {
                            x += 8
                            continue
                        }
                        if (group & 0xFF00_0000) == SIMD8(repeating: 0xFF00_0000) {
                            d.storeBytes(of: group, toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                            x += 8
                            continue
                        }
                        let old = d.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                        d.storeBytes(of: Compositing.sourceOver(group, old), toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
                        x += 8
                    }
                    for x in x..<width {
                        let sp = s.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        let dp = d.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        d.storeBytes(of: Compositing.sourceOver(sp, dp), toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
            }
            return
        }
        let scale = Float(opacity) / 255
        WorkerPool.shared.forEachBand(height, minimum: Self.minimumBandRows(width: width)) { _, rows in
            for y in rows {
                let s = shared.source.row(y), d = shared.destination.row(y)
                for x in 0..<width {
                    let coverage: Float = shared.mask.map { Float($0.base[y * $0.rowBytes + x * $0.pixelStride]) / 255 } ?? 1
                    if coverage == 0 { continue }
                    let sv = PixelMath.load(s + 4 * x) * scale
                    PixelMath.blend(d + 4 * x, source: sv, mode: mode, coverage: coverage)
                }
            }
        }
    }

    /// Rows per band of a split composite: about 64 K pixels, so small composites stay on one thread.
    static func minimumBandRows(width: Int) -> Int {
        Swift.max(65_536 / Swift.max(width, 1), 1)
    }

    /// Composites the solid premultiplied `color` onto this view (everywhere, or where `mask` covers).
    /// - Throws: as ``composite(_:mode:opacity:mask:)``.
    package func composite(color: PremultipliedRGBA8, mode: BlendMode = .normal, opacity: Double = 1,
                          mask: CoverageMask? = nil) throws(LiquidError) {
        try Compositing.validate(opacity: opacity, mask: mask, width: width, height: height)
        if mode == .normal, opacity == 1, mask == nil {
            let sp = color.packed
            for y in 0..<height {
                let d = UnsafeMutableRawPointer(row(y))
                for x in 0..<width {
                    let dp = d.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    d.storeBytes(of: Compositing.sourceOver(sp, dp), toByteOffset: 4 * x, as: UInt32.self)
                }
            }
            return
        }
        let sv = SIMD4<Float>(SIMD4<UInt8>(color.red, color.green, color.blue, color.alpha)) * (Float(opacity) / 255)
        for y in 0..<height {
            let d = row(y)
            for x in 0..<width {
                let coverage: Float = mask.map { Float($0.base[y * $0.rowBytes + x * $0.pixelStride]) / 255 } ?? 1
                if coverage == 0 { continue }
                PixelMath.blend(d + 4 * x, source: sv, mode: mode, coverage: coverage)
            }
        }
    }
}

extension Pixmap {
    /// Composites `source` (the same size) onto this pixmap: the source is scaled by `opacity`, then blended
    /// with `mode` by the W3C compositing formulas (`.normal` is source-over).
    ///
    /// Accuracy: within ±1 level of the exact result; plain source-over at opacity 1 is exact to rounding.
    /// - Throws: `LiquidError` (`.outOfRange`) when the sizes differ or `opacity` is not in 0…1.
    public mutating func composite(_ source: Pixmap, mode: BlendMode = .normal, opacity: Double = 1) throws(LiquidError) {
        try withMutableView { (destination) throws(LiquidError) in
            try source.withView { (sourceView) throws(LiquidError) in
                try destination.composite(sourceView, mode: mode, opacity: opacity)
            }
        }
    }
}
