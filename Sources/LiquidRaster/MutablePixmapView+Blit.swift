#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry

/// The pixel-aligned and stretched blits: an image drawn onto pixels directly, without the canvas's general
/// image shader (which samples every pixel of a shape bilinearly, about 40 ns a pixel).
///
/// All three keep every pixel a valid premultiplied colour and touch only the overlap of the source's
/// footprint with this view.
extension MutablePixmapView {
    /// Source-over of `source` with its top-left pixel at (`x`, `y`) of this view, each source pixel scaled
    /// by the coverage of `clip` (a mask of this view's size; `nil` lets everything through).
    ///
    /// Per pixel, with clip coverage c, source s and destination d: `round((s·c·255 + d·(255² − αs·c)) / 255²)`
    /// per channel — the exact result rounded to nearest. Where c = 255 (every pixel without a clip) that
    /// equals `s + round(d·(255 − αs)/255)`, computed two channels per multiply; an opaque source is a copy
    /// and a transparent one leaves the destination as it is.
    ///
    /// Where the CPU runs AVX2 (`kernels` `.automatic` or `.avx2`), the runs of full coverage go eight
    /// pixels at a time through `lk_over_span` (the same rounding, the same bytes); partly covered pixels
    /// stay here. Measured reason: the compositor blits a control's pre-rendered image into every damaged
    /// tile through this loop, pixel by pixel — about a tenth of a dragged tab bar frame (perf).
    /// - Complexity: O(overlap).
    package func drawAligned(_ source: PixmapView, x: Int, y: Int, clip: ClipMask?, kernels: KernelSet = .automatic) {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let overlap = target.intersection(PixelRect(x: x, y: y, width: source.width, height: source.height)),
              !overlap.isEmpty
        else { return }
        precondition(clip.map { $0.width == width && $0.height == height } ?? true, "the clip must be the view's size")
        let avx2: Int32 = kernels.usesAVX2 ? 1 : 0
        let clipBytes = clip?.storage ?? []
        clipBytes.withUnsafeBufferPointer { mask in
            for row in overlap.y..<overlap.maxY {
                let s = source.row(row - y) + 4 * (overlap.x - x), d = self.row(row) + 4 * overlap.x
                guard let m = mask.isEmpty ? nil : mask.baseAddress! + row * width + overlap.x else {
                    Self.sourceOverRun(s, count: overlap.width, into: d, avx2: avx2)
                    continue
                }
                var i = 0
                while i < overlap.width {
                    let c = m[i]
                    var end = i + 1
                    while end < overlap.width, (m[end] == 255) == (c == 255), (m[end] == 0) == (c == 0) { end += 1 }
                    if c == 255 {
                        Self.sourceOverRun(s + 4 * i, count: end - i, into: d + 4 * i, avx2: avx2)
                    } else if c != 0 {
                        for k in i..<end {
                            let sp = UnsafeRawPointer(s + 4 * k).loadUnaligned(as: UInt32.self)
                            if sp < 0x0100_0000 { continue }   // alpha 0: nothing to draw
                            let dp = UnsafeMutableRawPointer(d + 4 * k)
                            dp.storeBytes(of: PackedPixel.sourceOver(sp, dp.loadUnaligned(as: UInt32.self),
                                                                     coverage: UInt32(m[k])), as: UInt32.self)
                        }
                    }
                    i = end
                }
            }
        }
    }

    /// `count` source pixels composited source-over onto `out` at full coverage: `lk_over_span` (its AVX2
    /// part when `avx2` is 1), or the same arithmetic here without the C kernels.
    @inline(__always)
    private static func sourceOverRun(_ source: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>,
                                      avx2: Int32) {
        #if canImport(CLiquidKernels)
        lk_over_span(source, Int32(truncatingIfNeeded: count), avx2, out)
        #else
        for k in 0..<count {
            let sp = UnsafeRawPointer(source + 4 * k).loadUnaligned(as: UInt32.self)
            if sp < 0x0100_0000 { continue }
            let dp = UnsafeMutableRawPointer(out + 4 * k)
            if sp >> 24 != 255 { dp.storeBytes(of: PackedPixel.sourceOver(sp, dp.loadUnaligned(as: UInt32.self)), as: UInt32.self) }
            else { dp.storeBytes(of: sp, as: UInt32.self) }
        }
        #endif
    }

    /// Blends `source` with its top-left pixel at (`x`, `y`) of this view with `mode`, the source scaled by
    /// `opacity` (0…1): ``PixelMath/blend(_:source:mode:coverage:)`` per pixel of the overlap, so the result
    /// equals ``composite(_:mode:opacity:mask:)`` over the overlap. Transparent source pixels are skipped
    /// when `mode` leaves the destination unchanged under them (every mode but `.copy` and `.destinationIn`).
    package func blend(_ source: PixmapView, x: Int, y: Int, mode: BlendMode, opacity: Float) {
        let target = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let overlap = target.intersection(PixelRect(x: x, y: y, width: source.width, height: source.height)),
              !overlap.isEmpty, opacity > 0 || mode == .copy || mode == .destinationIn
        else { return }
        let skipsTransparent = mode != .copy && mode != .destinationIn
        let scale = opacity / 255
        for row in overlap.y..<overlap.maxY {
            let s = source.row(row - y), d = self.row(row)
            for column in overlap.x..<overlap.maxX {
                let sp = s + 4 * (column - x)
                if skipsTransparent && sp[3] == 0 { continue }
                PixelMath.blend(d + 4 * column, source: PixelMath.load(sp) * scale, mode: mode, coverage: 1)
            }
        }
    }

    /// Stretches `source` over `rect` — device pixels of this view, fractional edges allowed — sampling it
    /// bilinearly (pixel centres map to pixel centres, edges clamped) and blending each pixel with `mode`,
    /// scaled by `opacity` (0…1) and by the fraction of the pixel that `rect` covers.
    ///
    /// Per pixel with coverage c and sampled source s (times `opacity`):
    /// ``PixelMath/blend(_:source:mode:coverage:)``, i.e. `d + c·(B(s, d) − d)` with B the mode's W3C formula,
    /// rounded to nearest, colour clamped to alpha. Transparent samples are skipped (so use a mode that a
    /// transparent source leaves unchanged: `.normal`, `.multiply`, `.screen`, …). Pixels outside `rect` are
    /// untouched; an empty, non-finite or fully outside `rect` does nothing.
    ///
    /// Where the CPU runs AVX2 (`kernels` `.automatic` or `.avx2`), `.normal`, `.multiply` and `.screen`
    /// take eight pixels of a row at a time in `lk_stretch_row_avx2`, the same arithmetic lane by lane (the
    /// same bytes); the rest of a row stays here. With AVX-512 (`.automatic` on CPUs that have it) the
    /// whole row goes sixteen at a time through `lk_stretch_row_avx512`, again the same bytes. Measured
    /// reason: stretching the switch thumb's shadow and shading pixel by pixel in `SIMD4<Float>` was over
    /// half of a dragged switch frame at 3×.
    package func stretch(_ source: PixmapView, over rect: Rect, mode: BlendMode, opacity: Double,
                         kernels: KernelSet = .automatic) {
        guard rect.isFinite, rect.width > 0, rect.height > 0, opacity.isFinite, opacity > 0,
              source.width > 0, source.height > 0
        else { return }
        let x0 = rect.minX, x1 = rect.maxX, y0 = rect.minY, y1 = rect.maxY
        // Clamped conversions: a rect far off the view (1e300, or wholly past an edge) makes empty ranges,
        // not a trap.
        let firstColumn = Checked.clamped(x0, to: 0...width, rounding: .down)
        let firstRow = Checked.clamped(y0, to: 0...height, rounding: .down)
        let columns = firstColumn..<Swift.max(Checked.clamped(x1, to: 0...width, rounding: .up), firstColumn)
        let rows = firstRow..<Swift.max(Checked.clamped(y1, to: 0...height, rounding: .up), firstRow)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let kx = Double(source.width) / (x1 - x0), ky = Double(source.height) / (y1 - y0)
        let strength = Float(Swift.min(opacity, 1)) / 255
        // Per column: the two source columns, the weight of the second, and the coverage.
        let samples = columns.map { column -> (Int, Int, Float, Float) in
            let u = Swift.min(Swift.max((Double(column) + 0.5 - x0) * kx - 0.5, 0), Double(source.width - 1))
            let u0 = Int(u), u1 = Swift.min(u0 + 1, source.width - 1)
            let cover = Swift.min(Double(column + 1), x1) - Swift.max(Double(column), x0)
            return (u0, u1, Float(u - Double(u0)), Float(Swift.min(Swift.max(cover, 0), 1)))
        }
        #if canImport(CLiquidKernels)
        // The kernel's modes: 0 normal, 1 multiply, 2 screen.
        let kernelMode: Int32? = !kernels.usesAVX2 ? nil
            : mode == .normal ? 0 : mode == .multiply ? 1 : mode == .screen ? 2 : nil
        // The samples as columns of their own, as the kernel reads them.
        let u0s = kernelMode == nil ? [] : samples.map { Int32(truncatingIfNeeded: $0.0) }
        let u1s = kernelMode == nil ? [] : samples.map { Int32(truncatingIfNeeded: $0.1) }
        let fxs = kernelMode == nil ? [] : samples.map(\.2), covers = kernelMode == nil ? [] : samples.map(\.3)
        #endif
        // In row bands over ``WorkerPool/shared`` (each job writes only its own rows; each pixel is computed
        // alone, so the bytes do not depend on the worker count), at least 16 K pixels a band. Measured
        // reason: the switch thumb's shadow and shading stretches (20–40 K pixels each) ran on one core
        // inside the switch's drawing update while the second idled.
        nonisolated(unsafe) let shared = (source: source, destination: self)
        WorkerPool.shared.forEachBand(rows.count, minimum: Swift.max(16_384 / columns.count, 1)) { _, band in
            let source = shared.source, destination = shared.destination
            for row in (firstRow + band.lowerBound)..<(firstRow + band.upperBound) {
                let v = Swift.min(Swift.max((Double(row) + 0.5 - y0) * ky - 0.5, 0), Double(source.height - 1))
                let v0 = Int(v), v1 = Swift.min(v0 + 1, source.height - 1)
                let fy = Float(v - Double(v0))
                let coverY = Float(Swift.min(Swift.max(Swift.min(Double(row + 1), y1) - Swift.max(Double(row), y0), 0), 1))
                let top = source.row(v0), bottom = source.row(v1), out = destination.row(row)
                var done = 0
                #if canImport(CLiquidKernels)
                if let kernelMode {
                    let count = Int32(truncatingIfNeeded: samples.count)
                    done = Int(kernels.usesAVX512
                        ? lk_stretch_row_avx512(out + 4 * columns.lowerBound, top, bottom, Int32(source.width), u0s, u1s,
                                                fxs, covers, count, fy, coverY, strength, kernelMode)
                        : lk_stretch_row_avx2(out + 4 * columns.lowerBound, top, bottom, u0s, u1s, fxs, covers, count,
                                              fy, coverY, strength, kernelMode))
                }
                #endif
                for index in done..<samples.count {
                    let column = columns.lowerBound + index
                    let (u0, u1, fx, coverX) = samples[index]
                    let a = PixelMath.load(top + 4 * u0), b = PixelMath.load(top + 4 * u1)
                    let c = PixelMath.load(bottom + 4 * u0), d = PixelMath.load(bottom + 4 * u1)
                    let upper = a + (b - a) * fx, lower = c + (d - c) * fx
                    let s = (upper + (lower - upper) * fy) * strength
                    if s[3] <= 0 { continue }
                    PixelMath.blend(out + 4 * column, source: s, mode: mode, coverage: coverX * coverY)
                }
            }
        }
    }
}

extension Pixmap {
    /// ``MutablePixmapView/stretch(_:over:mode:opacity:)`` of `image` onto this pixmap, in place.
    package mutating func stretch(_ image: Pixmap, over rect: Rect, mode: BlendMode, opacity: Double,
                                  kernels: KernelSet = .automatic) {
        image.withView { source in
            withMutableView { $0.stretch(source, over: rect, mode: mode, opacity: opacity, kernels: kernels) }
        }
    }
}
