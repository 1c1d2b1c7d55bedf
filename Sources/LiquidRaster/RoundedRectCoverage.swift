#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry

/// Exact analytic coverage of an axis-aligned rectangle with circular corners, in pixel coordinates: the
/// fast path behind ``Canvas/fillRoundedRect(_:cornerRadii:style:paint:)`` and ``Canvas/fillRect(_:paint:)``.
///
/// A pixel's coverage is `area(pixel ∩ rect) − Σ area(pixel ∩ corner cut-out)`, where a corner's cut-out is
/// its `r × r` square minus the quarter disc. The rectangle term is separable (horizontal overlap × vertical
/// overlap); the quarter-disc term integrates the circle in closed form,
/// `∫ √(r² − u²) du = (u·√(r² − u²) + r²·asin(u/r)) / 2`. So every pixel is exact up to `Double` rounding and
/// the 1/255 quantisation, and rows that miss the corners are three calls: a left edge pixel, one solid
/// span, a right edge pixel. The pixels an arc crosses are computed by the `lk_rrect_runs` kernel, which
/// states that arithmetic once for every path (eight pixels at a time with AVX-512).
struct RoundedRectCoverage {
    let x0: Double, y0: Double, x1: Double, y1: Double
    /// Radii: top-left, top-right, bottom-right, bottom-left (already clamped to fit).
    let tl: Double, tr: Double, br: Double, bl: Double

    /// `rect` in pixels (standardized, finite) and circular radii in pixels.
    init(rect: Rect, radii: CornerRadii) {
        let r = rect.standardized
        let c = radii.clamped(toFit: r.size)
        x0 = r.minX
        y0 = r.minY
        x1 = r.maxX
        y1 = r.maxY
        tl = Swift.max(c.topLeft, 0)
        tr = Swift.max(c.topRight, 0)
        br = Swift.max(c.bottomRight, 0)
        bl = Swift.max(c.bottomLeft, 0)
    }

    /// The overlap of `[a, a + 1]` with `[lo, hi]`.
    @inline(__always)
    static func overlap(_ a: Double, _ lo: Double, _ hi: Double) -> Double {
        Swift.max(0, Swift.min(a + 1, hi) - Swift.max(a, lo))
    }

    /// Reports the coverage of every pixel inside `width × height` to `sink`.
    /// `kernels` picks the corner kernel's code path (the bytes are the same for each).
    func rasterize<Sink: CoverageSink>(width: Int, height: Int, into sink: inout Sink, kernels: KernelSet = .automatic) {
        guard x1 > x0, y1 > y0, x0 < Double(width), y0 < Double(height), x1 > 0, y1 > 0 else { return }
        // Corner rows are gathered and their arc pixels computed together (`CornerBatch`), in buffers that
        // hold a row of the canvas (or 4096 pixels) and a few dozen rows' pieces.
        withUnsafeTemporaryAllocation(of: CornerBatch.Piece.self, capacity: CornerBatch.pieceCapacity) { pieces in
            withUnsafeTemporaryAllocation(of: CornerBatch.Run.self, capacity: CornerBatch.pieceCapacity) { runs in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width + 4096) { bytes in
                    var batch = CornerBatch(shape: self, pieces: pieces, runs: runs, bytes: bytes, kernels: kernels)
                    rasterizeRows(width: width, height: height, batch: &batch, into: &sink)
                }
            }
        }
    }

    /// `rasterize`'s rows; every row that is not a corner row first hands the gathered ones on, so the sink
    /// still sees rows in order.
    private func rasterizeRows<Sink: CoverageSink>(width: Int, height: Int, batch: inout CornerBatch, into sink: inout Sink) {
        let w = Double(width)
        // Clamped conversions: a rect may reach far off the canvas (1e300) without trapping.
        let rowStart = Checked.clamped(y0, to: 0...height, rounding: .down)
        let rowEnd = Checked.clamped(y1, to: 0...height, rounding: .up)
        let colStart = Checked.clamped(x0, to: 0...width, rounding: .down)
        let colEnd = Checked.clamped(x1, to: 0...width, rounding: .up)
        guard rowEnd > rowStart, colEnd > colStart else { return }
        let topBand = y0 + Swift.max(tl, tr), bottomBand = y1 - Swift.max(bl, br)
        // Pixels whose horizontal overlap with the rect is complete.
        let innerStart = Swift.max(Checked.clamped(x0, to: 0...width, rounding: .up), colStart)
        let innerEnd = Swift.min(Checked.clamped(x1, to: 0...width, rounding: .down), colEnd)
        for py in rowStart..<rowEnd {
            let y = Double(py)
            let coverY = RoundedRectCoverage.overlap(y, y0, y1)
            if coverY <= 0 { continue }
            let inCorners = y < topBand || y + 1 > bottomBand
            if !inCorners {
                batch.flush(into: &sink)
                // Left partial pixel, solid interior, right partial pixel.
                if innerStart > innerEnd {
                    // The rect lies within one column.
                    let c = RoundedRectCoverage.quantize(RoundedRectCoverage.overlap(Double(colStart), x0, x1) * coverY)
                    if c > 0 { sink.blitSpan(y: py, x: colStart, count: 1, coverage: c) }
                    continue
                }
                if innerStart > colStart {
                    let c = RoundedRectCoverage.quantize(RoundedRectCoverage.overlap(Double(colStart), x0, x1) * coverY)
                    if c > 0 { sink.blitSpan(y: py, x: colStart, count: 1, coverage: c) }
                }
                if innerEnd > innerStart {
                    let c = RoundedRectCoverage.quantize(coverY)
                    if c > 0 { sink.blitSpan(y: py, x: innerStart, count: innerEnd - innerStart, coverage: c) }
                }
                if colEnd > innerEnd, innerEnd >= innerStart, Double(innerEnd) < w {
                    let c = RoundedRectCoverage.quantize(RoundedRectCoverage.overlap(Double(innerEnd), x0, x1) * coverY)
                    if c > 0 { sink.blitSpan(y: py, x: innerEnd, count: 1, coverage: c) }
                }
                continue
            }
            // A corner row: exact per-pixel coverage only where the arcs cross the row, zero outside them,
            // one solid span between them. Measured on W7: evaluating the cut-outs for every pixel of the
            // corner squares instead made this path 3× slower than the general rasterizer.
            let (leftFrom, leftTo) = arcColumns(y, left: true, colStart, colEnd)
            let (rightFrom, rightTo) = arcColumns(y, left: false, colStart, colEnd)
            batch.makeRoom(pixels: Swift.max(rightTo - leftFrom, 0), into: &sink)
            if leftTo >= rightFrom {
                batch.addRun(y: py, from: leftFrom, to: rightTo, sides: 3)
            } else {
                // Apart, the runs are each left of where the other side's cut-outs begin (see `arcColumns`):
                // each needs only its own side's two corners.
                batch.addRun(y: py, from: leftFrom, to: leftTo, sides: 1)
                let c = RoundedRectCoverage.quantize(coverY)
                if c > 0 { batch.addSpan(y: py, x: leftTo, count: rightFrom - leftTo, coverage: c) }
                batch.addRun(y: py, from: rightFrom, to: rightTo, sides: 2)
            }
        }
        batch.flush(into: &sink)
    }

    /// The columns of row `y` (clamped to `colStart ..< colEnd`) that need exact per-pixel coverage on one
    /// side: from the first column the shape reaches to the first column fully inside horizontally. Columns
    /// outside that range are either empty (beyond the arc) or covered by the full row height. On the other
    /// side of the range's far end the side's cut-outs are zero.
    private func arcColumns(_ y: Double, left: Bool, _ colStart: Int, _ colEnd: Int) -> (Int, Int) {
        let top = left ? tl : tr, bottom = left ? bl : br
        // The row's band within the rect: a first or last row only partly inside (W7's rects start on half
        // pixels) still lies in one corner square, and needs only the columns its arc crosses rather than
        // the whole-width fallback below.
        let ya = Swift.max(y, y0), yb = Swift.min(y + 1, y1)
        // The one corner whose square holds the whole band, if there is one.
        var radius = 0.0, centerY = 0.0
        if yb <= y0 + top, yb <= y1 - bottom {
            radius = top
            centerY = y0 + top
        } else if ya >= y1 - bottom, ya >= y0 + top {
            radius = bottom
            centerY = y1 - bottom
        }
        // Several corners, or a band that leaves the corner square: evaluate the whole corner width.
        // A column from a coordinate, then moved by `step`, within colStart … colEnd. The clamped conversion
        // (one column of slack for the step) keeps a corner far off the canvas (1e300) from trapping.
        func column(_ v: Double, _ rounding: Checked.Rounding, step: Int = 0) -> Int {
            let c = Checked.clamped(v, to: (colStart - 1)...(colEnd + 1), rounding: rounding) + step
            return Swift.min(Swift.max(c, colStart), colEnd)
        }
        guard radius > 0 else {
            let reach = Swift.max(top, bottom)
            if left { return (colStart, column(x0 + reach, .up, step: 1)) }
            return (column(x1 - reach, .down, step: -1), colEnd)
        }
        // The arc's horizontal extent over the band: nearest and farthest vertical distance from its centre.
        let near = Swift.max(Swift.min(abs(ya - centerY), abs(yb - centerY)), 0)
        let far = Swift.max(abs(ya - centerY), abs(yb - centerY))
        let r2 = radius * radius
        let wide = (r2 - Swift.min(near * near, r2)).squareRoot()
        let narrow = (r2 - Swift.min(far * far, r2)).squareRoot()
        if left {
            let cx = x0 + radius
            return (column(cx - wide, .down), column(cx - narrow, .up))
        }
        let cx = x1 - radius
        return (column(cx + narrow, .down), column(cx + wide, .up))
    }

    /// Corner rows waiting for their arc pixels: the rows' pieces in order (kernel runs and solid spans),
    /// computed together by `lk_rrect_runs` and then handed to the sink.
    ///
    /// Measured reason: the per-pixel Swift loop with a libm `atan2` per arc pixel was half of W7 (64 rounded
    /// rects, `raster.w7.rrects`); a run is only two to six pixels, so one kernel call per run stayed bound
    /// by each call's chain of square roots and quotients. Gathered, the arc pixels of all corner rows are
    /// computed eight at a time and the chains of successive groups overlap. W7 (`raster.w7.rrects`, 51-run
    /// medians, three alternated pairs): 0.81–0.84 ms before, 0.81–0.84 with one AVX-512 call per run,
    /// 0.55 ms gathered.
    private struct CornerBatch {
        struct Piece {
            /// `count` pixels of row `y` from `x`: from the kernel's output at `offset`, or all `coverage`.
            var y, x, count, offset: Int
            var coverage: UInt8
            var isRun: Bool
        }
        typealias Run = lk_rrect_run

        /// Room for the pieces of a flush (three per corner row at most).
        static let pieceCapacity = 96

        let shape: RoundedRectCoverage
        let pieces: UnsafeMutableBufferPointer<Piece>
        let runs: UnsafeMutableBufferPointer<Run>
        let bytes: UnsafeMutableBufferPointer<UInt8>
        let kernels: KernelSet
        var pieceCount = 0, runCount = 0, byteCount = 0

        init(shape: RoundedRectCoverage, pieces: UnsafeMutableBufferPointer<Piece>, runs: UnsafeMutableBufferPointer<Run>,
             bytes: UnsafeMutableBufferPointer<UInt8>, kernels: KernelSet) {
            self.shape = shape
            self.pieces = pieces
            self.runs = runs
            self.bytes = bytes
            self.kernels = kernels
        }

        /// Flushes unless a corner row of up to `pixels` kernel pixels (at most the canvas width) still fits.
        mutating func makeRoom<Sink: CoverageSink>(pixels: Int, into sink: inout Sink) {
            if pieceCount + 3 > pieces.count || byteCount + pixels > bytes.count { flush(into: &sink) }
        }

        mutating func addRun(y: Int, from: Int, to: Int, sides: Int32) {
            guard to > from else { return }
            runs[runCount] = lk_rrect_run(y: Int32(truncatingIfNeeded: y), from: Int32(truncatingIfNeeded: from),
                                          to: Int32(truncatingIfNeeded: to), sides: sides)
            runCount += 1
            pieces[pieceCount] = Piece(y: y, x: from, count: to - from, offset: byteCount, coverage: 0, isRun: true)
            pieceCount += 1
            byteCount += to - from
        }

        mutating func addSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
            guard count > 0 else { return }
            pieces[pieceCount] = Piece(y: y, x: x, count: count, offset: 0, coverage: coverage, isRun: false)
            pieceCount += 1
        }

        /// Computes the runs' pixels and hands every piece to `sink` in order.
        mutating func flush<Sink: CoverageSink>(into sink: inout Sink) {
            guard pieceCount > 0 else { return }
            #if canImport(CLiquidKernels)
            if runCount > 0 {
                var rect = shape.kernelShape
                lk_rrect_runs(&rect, runs.baseAddress!, Int32(runCount), kernels.usesAVX512 ? 2 : 0, bytes.baseAddress!, nil)
            }
            #endif
            for piece in pieces[0..<pieceCount] {
                if piece.isRun {
                    sink.blitCells(y: piece.y, x: piece.x, count: piece.count, coverage: bytes.baseAddress! + piece.offset)
                } else {
                    sink.blitSpan(y: piece.y, x: piece.x, count: piece.count, coverage: piece.coverage)
                }
            }
            pieceCount = 0
            runCount = 0
            byteCount = 0
        }
    }

    #if canImport(CLiquidKernels)
    /// This shape as the corner kernel takes it.
    var kernelShape: lk_rrect { lk_rrect(x0: x0, y0: y0, x1: x1, y1: y1, tl: tl, tr: tr, br: br, bl: bl) }
    #endif

    /// What the corner kernel computes for pixels `from ..< to` of row `py` with both sides' corners: the
    /// areas and the quantised levels (for tests).
    func kernelAreas(row py: Int, from: Int, to: Int, kernels: KernelSet = .automatic) -> (areas: [Double], levels: [UInt8]) {
        guard to > from else { return ([], []) }
        var areas = [Double](repeating: 0, count: to - from), levels = [UInt8](repeating: 0, count: to - from)
        #if canImport(CLiquidKernels)
        var shape = kernelShape
        var run = lk_rrect_run(y: Int32(truncatingIfNeeded: py), from: Int32(truncatingIfNeeded: from),
                               to: Int32(truncatingIfNeeded: to), sides: 3)
        levels.withUnsafeMutableBufferPointer { out in
            areas.withUnsafeMutableBufferPointer { a in
                lk_rrect_runs(&shape, &run, 1, kernels.usesAVX512 ? 2 : 0, out.baseAddress!, a.baseAddress)
            }
        }
        #endif
        return (areas, levels)
    }

    @inline(__always)
    static func quantize(_ coverage: Double) -> UInt8 {
        UInt8(Swift.min(Swift.max(coverage, 0), 1) * 255 + 0.5)
    }
}
