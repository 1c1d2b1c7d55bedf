import LiquidGeometry

/// Exact analytic coverage of an axis-aligned rectangle with circular corners, in pixel coordinates: the
/// fast path behind ``Canvas/fillRoundedRect(_:cornerRadii:style:paint:)`` and ``Canvas/fillRect(_:paint:)``.
///
/// A pixel's coverage is `area(pixel ∩ rect) − Σ area(pixel ∩ corner cut-out)`, where a corner's cut-out is
/// its `r × r` square minus the quarter disc. The rectangle term is separable (horizontal overlap × vertical
/// overlap); the quarter-disc term integrates the circle in closed form,
/// `∫ √(r² − u²) du = (u·√(r² − u²) + r²·asin(u/r)) / 2`. So every pixel is exact up to `Double` rounding and
/// the 1/255 quantisation, and rows that miss the corners are three calls: a left edge pixel, one solid
/// span, a right edge pixel.
///
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

    /// The area of `{(u, v) : a ≤ u ≤ b, c ≤ v ≤ d, u, v ≥ 0, u² + v² ≤ r²}`, for `0 ≤ a ≤ b`, `0 ≤ c ≤ d`.
    static func quarterDiscArea(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ r: Double) -> Double {
        guard c < r, a < r, b > a, d > c else { return 0 }
        let r2 = r * r
        // h(u) = √(r² − u²) falls from r to 0; it equals c at uc and d at ud.
        let uc = (r2 - c * c).squareRoot()
        let ud = d >= r ? 0 : (r2 - d * d).squareRoot()
        var area = 0.0
        // u in [a, min(b, ud)]: the disc covers the full height d − c.
        let full = Swift.min(b, ud) - a
        if full > 0 { area += (d - c) * full }
        // u in [max(a, ud), min(b, uc)]: the disc covers h(u) − c.
        let lo = Swift.max(a, ud), hi = Swift.min(b, uc)
        if hi > lo {
            // ∫ h = ½·(u·h(u) + r²·asin(u/r)) between lo and hi. The difference of the two arcsines is one
            // angle, atan2(sin, cos) of the difference (well conditioned everywhere, unlike asin near 1).
            // Measured reason: two asin calls per arc pixel were about a fifth of W7's corner work.
            let hHi = Swift.max(r2 - hi * hi, 0).squareRoot(), hLo = Swift.max(r2 - lo * lo, 0).squareRoot()
            let angle = Double.atan2(y: hi * hLo - lo * hHi, x: hHi * hLo + hi * lo)
            area += 0.5 * (hi * hHi - lo * hLo + r2 * angle) - c * (hi - lo)
        }
        return area
    }

    /// The area of pixel `[px, px+1] × [py, py+1]` cut away by the corner whose arc centre is `(cx, cy)`,
    /// radius `r`, with `sx`, `sy` = ±1 pointing from the centre toward the sharp corner.
    @inline(__always)
    static func cutout(_ px: Double, _ py: Double, _ cx: Double, _ cy: Double, _ r: Double, _ sx: Double, _ sy: Double)
        -> Double
    {
        guard r > 0 else { return 0 }
        // The pixel in the corner frame: u, v ≥ 0 toward the sharp corner; the corner square is [0, r]².
        let ua = Swift.max(Swift.min(sx > 0 ? px - cx : cx - (px + 1), r), 0)
        let ub = Swift.max(Swift.min(sx > 0 ? px + 1 - cx : cx - px, r), 0)
        let va = Swift.max(Swift.min(sy > 0 ? py - cy : cy - (py + 1), r), 0)
        let vb = Swift.max(Swift.min(sy > 0 ? py + 1 - cy : cy - py, r), 0)
        guard ub > ua, vb > va else { return 0 }
        let r2 = r * r
        // Most pixels of a corner square lie wholly inside or wholly outside the disc: no integral needed.
        if ub * ub + vb * vb <= r2 { return 0 }
        if ua * ua + va * va >= r2 { return (ub - ua) * (vb - va) }
        return (ub - ua) * (vb - va) - quarterDiscArea(ua, ub, va, vb, r)
    }

    /// Reports the coverage of every pixel inside `width × height` to `sink`.
    func rasterize<Sink: CoverageSink>(width: Int, height: Int, into sink: inout Sink, scratch: UnsafeMutablePointer<UInt8>) {
        guard x1 > x0, y1 > y0, x0 < Double(width), y0 < Double(height), x1 > 0, y1 > 0 else { return }
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
            if leftTo >= rightFrom {
                pixelRun(py, leftFrom, rightTo, coverY, left: true, right: true, into: &sink, scratch: scratch)
            } else {
                // Apart, the runs are each left of where the other side's cut-outs begin (see `arcColumns`):
                // each needs only its own side's two corners.
                pixelRun(py, leftFrom, leftTo, coverY, left: true, right: false, into: &sink, scratch: scratch)
                let c = RoundedRectCoverage.quantize(coverY)
                if c > 0 { sink.blitSpan(y: py, x: leftTo, count: rightFrom - leftTo, coverage: c) }
                pixelRun(py, rightFrom, rightTo, coverY, left: false, right: true, into: &sink, scratch: scratch)
            }
        }
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

    /// Per-pixel coverage for columns `from ..< to` of row `py`, subtracting the cut-outs of the left and/or
    /// right corners.
    private func pixelRun<Sink: CoverageSink>(
        _ py: Int, _ from: Int, _ to: Int, _ coverY: Double, left: Bool, right: Bool, into sink: inout Sink,
        scratch: UnsafeMutablePointer<UInt8>
    ) {
        guard to > from else { return }
        let y = Double(py)
        for px in from..<to {
            let x = Double(px)
            var area = RoundedRectCoverage.overlap(x, x0, x1) * coverY
            if left {
                area -= RoundedRectCoverage.cutout(x, y, x0 + tl, y0 + tl, tl, -1, -1)
                area -= RoundedRectCoverage.cutout(x, y, x0 + bl, y1 - bl, bl, -1, 1)
            }
            if right {
                area -= RoundedRectCoverage.cutout(x, y, x1 - tr, y0 + tr, tr, 1, -1)
                area -= RoundedRectCoverage.cutout(x, y, x1 - br, y1 - br, br, 1, 1)
            }
            scratch[px - from] = RoundedRectCoverage.quantize(area)
        }
        sink.blitCells(y: py, x: from, count: to - from, coverage: scratch)
    }

    @inline(__always)
    static func quantize(_ coverage: Double) -> UInt8 {
        UInt8(Swift.min(Swift.max(coverage, 0), 1) * 255 + 0.5)
    }
}
