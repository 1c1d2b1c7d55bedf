import LiquidGeometry
import LiquidRaster
#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// The faint bright ring that follows one ripple's wave front, and the drawing of several at once.
///
/// A ring is a radial gradient — clear, clear, white at alpha 0.02·``opacity``, clear at stops 0, 1 − w,
/// 1 − 0.2w, 1 (w = ``width``) — over the ellipse of radii ``front``·``stretch`` around ``centre``, so its
/// alpha at normalised elliptical radius ρ is 0.02·opacity·max(0, min((ρ − (1 − w))/(0.8w), (1 − ρ)/(0.2w))).
///
/// Guarantees: ``draw(_:into:)`` changes only pixels where some ring's alpha is above zero, and only within
/// the canvas's clip; it writes the exact composite of all the rings (white over the pixels, combined as
/// successive source-over layers would be) rounded once per channel, where drawing each ring's gradient
/// in turn rounds after each ring and quantises the gradient's colours: the two differ by at most one
/// level per ring covering a pixel.
struct RippleRing {
    /// The wave's start, points.
    let centre: Point
    /// The radius along the shorter axis, points (positive).
    let front: Double
    /// w: 1 when the wave starts, down to 0.4 once it has travelled the shorter side.
    let width: Double
    /// 0…1: fades in over the first 15 % of the shorter side.
    let opacity: Double
    /// Scale of the ellipse per axis: (width, height) of the view over its shorter side.
    let stretch: (x: Double, y: Double)

    /// The peak alpha of the gradient at opacity 1.
    static let peakAlpha = 0.02

    /// The ring of a wave whose front has travelled `front` points in a view of `size`, or `nil` when the
    /// front has not left the centre or the size is empty.
    init?(centre: Point, front: Double, in size: Size) {
        let shorter = Swift.min(size.width, size.height)
        guard front > 0, front.isFinite, shorter > 0, centre.isFinite else { return nil }
        let progress = front / shorter
        self.centre = centre
        self.front = front
        width = 1 - 0.6 * Swift.min(progress, 1)
        opacity = Swift.min(Swift.max(progress / 0.15, 0), 1)
        stretch = (size.width / shorter, size.height / shorter)
    }

    /// Draws `rings` (in the canvas's user space, points) into `canvas`, where they cover `area` (user space;
    /// by default the canvas). `layout` keeps the rings' spans per pixel row between calls, so that the
    /// tiles of one frame lay them out once: give the same object and area for every tile of a frame (it
    /// lays itself out anew when the rings, the area, the scale or the sub-pixel placement differ). A
    /// pixel's value does not depend on the tile it is drawn in.
    ///
    /// Measured reason for drawing them by hand: filling each ring's annulus with its radial gradient cost
    /// ~90 % of a full-screen ripple frame at 3× with eight waves (the annuli are wide: w·front), most of it
    /// shading gradients pixel by pixel and blending them ring after ring. Here each pixel row gets every
    /// ring's transmittance over the ring's span (eight pixels at a time), then one blend. Measured reason
    /// for the layout: at 64-pixel tiles every ring's span was worked out again for each of the ~20 tiles
    /// across a row. Under a rotation or shear the gradients are filled as paths.
    static func draw(_ rings: [RippleRing], into canvas: inout Canvas, area: Rect? = nil, layout: Layout? = nil) {
        guard !rings.isEmpty else { return }
        let t = canvas.deviceTransform
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, t.isFinite else {
            for ring in rings { ring.fillGradient(into: &canvas) }
            return
        }
        let width = canvas.pixmap.width, height = canvas.pixmap.height
        // Device pixel (x, y) of this canvas is (x − shiftX, y − shiftY) of the layout's grid. The
        // translation is taken to 2⁻²⁰ pixel first, so tiles whose transforms differ by an integer and
        // rounding noise share one layout.
        func split(_ v: Double) -> (Int, Double) {
            let q = (v * 1_048_576).rounded() / 1_048_576, whole = q.rounded(.down)
            return (Int(whole), q - whole)
        }
        guard abs(t.tx) < 1e9, abs(t.ty) < 1e9 else { return }
        let (shiftX, fx) = split(t.tx), (shiftY, fy) = split(t.ty)
        let layout = layout ?? Layout()
        // The grid rows the area spans (grid row m lies at device row m + shiftY of this canvas).
        var rows = -shiftY...(height - shiftY)
        if let area, area.isFinite {
            let top = (area.minY * t.d + fy).rounded(.down), bottom = (area.maxY * t.d + fy).rounded(.up)
            if top > -1e9, bottom < 1e9, top <= bottom { rows = Int(top)...Int(bottom) }
        }
        layout.prepare(rings, scale: (t.a, t.d), fraction: (fx, fy), rows: rows)
        let coverage = canvas.clipMask?.bytes
        var transmit = [Float](repeating: 1, count: width + 8)
        canvas.pixmap.withMutableView { view in
            transmit.withUnsafeMutableBufferPointer { buffer in
                let row = buffer.baseAddress!
                layout.rings.withUnsafeBufferPointer { rings in
                for py in 0..<height {
                    let m = py - shiftY
                    var low = width, high = 0
                    for i in rings.indices {
                        let ring = rings[i]
                        guard let span = ring.span(row: m) else { continue }
                        let begin = Swift.max(0, Int(span.begin) + shiftX), end = Swift.min(width, Int(span.end) + shiftX)
                        guard begin < end else { continue }
                        let holeBegin = Swift.min(Swift.max(Int(span.holeBegin) + shiftX, begin), end)
                        let holeEnd = Swift.min(Swift.max(Int(span.holeEnd) + shiftX, holeBegin), end)
                        ring.attenuate(row, from: begin, to: holeBegin, shift: shiftX, v2: span.v2)
                        ring.attenuate(row, from: holeEnd, to: end, shift: shiftX, v2: span.v2)
                        low = Swift.min(low, begin)
                        high = Swift.max(high, end)
                    }
                    guard low < high else { continue }
                    blend(view.row(py), transmit: row, from: low, to: high,
                          coverage: coverage.map { ($0, py * width) })
                    (row + low).update(repeating: 1, count: high - low)
                }
                }
            }
        }
    }

    /// The rings' spans on each pixel row of a device grid whose pixel (0, 0) holds the user-space point
    /// where a canvas transform's translation lands, rounded down; kept while the rings, the scale and the
    /// translation's fractions stay.
    final class Layout {
        /// One ring laid out: its constants and, per row, where it may be above zero.
        struct Ring {
            struct Span {
                var begin: Int32, holeBegin: Int32, holeEnd: Int32, end: Int32
                var v2: Float
            }
            let u0: Float, du: Float, inner: Float, rise: Float, fall: Float, alpha: Float
            let firstRow: Int
            let spans: [Span]

            func span(row m: Int) -> Span? {
                let i = m - firstRow
                return i >= 0 && i < spans.count ? spans[i] : nil
            }

            /// transmit[x] ·= 1 − this ring's alpha at pixel x (grid column x − shift) for x in from..<to.
            func attenuate(_ transmit: UnsafeMutablePointer<Float>, from: Int, to: Int, shift: Int, v2: Float) {
                guard from < to else { return }
                #if canImport(CLiquidKernels)
                lk_ring_attenuate(transmit + from, Int32(from - shift), Int32(to - from), u0, du, v2, inner, rise, fall,
                                  alpha, KernelSet.cpuHasAVX2 ? 1 : 0)
                #else
                RippleRing.attenuate(transmit, from: from, to: to, shift: shift,
                                     (u0: u0, du: du, v2: v2, inner: inner, rise: rise, fall: fall, alpha: alpha))
                #endif
            }
        }

        private(set) var rings: [Ring] = []
        private var key: [Double] = []

        init() {}

        /// Lays `rings` out for a canvas of `scale` device pixels per point whose user origin lies at
        /// `fraction` of grid pixel (0, 0), over the grid rows `rows`, unless that is what it holds already.
        func prepare(_ rings: [RippleRing], scale: (x: Double, y: Double), fraction: (x: Double, y: Double),
                     rows: ClosedRange<Int>) {
            var key = [scale.x, scale.y, fraction.x, fraction.y, Double(rows.lowerBound), Double(rows.upperBound)]
            for ring in rings {
                key += [ring.centre.x, ring.centre.y, ring.front, ring.width, ring.opacity, ring.stretch.x, ring.stretch.y]
            }
            guard key != self.key else { return }
            self.key = key
            // Every ring is laid out over the rows of its ellipse within `rows`, a row to spare each side.
            let band = (rows.lowerBound - 1)...(rows.upperBound + 1)
            self.rings = rings.map { $0.laidOut(scale: scale, fraction: fraction, rows: band) }
        }
    }

    /// This ring's spans over grid rows `rows` (see ``Layout``).
    private func laidOut(scale: (x: Double, y: Double), fraction: (x: Double, y: Double),
                         rows: ClosedRange<Int>) -> Layout.Ring {
        let (a, d) = scale, (fx, fy) = fraction
        let alpha = Self.peakAlpha * opacity
        let radiusX = front * stretch.x, radiusY = front * stretch.y
        let inner = 1 - width
        // Grid column n's centre lies at u = u0 + n·du in ring space (the ellipse is the unit circle there).
        let du = 1 / (a * radiusX), u0 = ((0.5 - fx) / a - centre.x) / radiusX
        // The rows the ellipse spans, within `rows`.
        let top = Swift.max(rows.lowerBound, Int(((centre.y - radiusY) * d + fy - 0.5).rounded(.down)) - 1)
        let bottom = Swift.min(rows.upperBound, Int(((centre.y + radiusY) * d + fy - 0.5).rounded(.up)) + 1)
        var spans: [Layout.Ring.Span] = []
        if alpha > 0, top <= bottom {
            spans.reserveCapacity(bottom - top + 1)
            for m in top...bottom {
                let v = ((Double(m) + 0.5 - fy) / d - centre.y) / radiusY
                let v2 = v * v
                guard v2 < 1 else {
                    spans.append(.init(begin: 0, holeBegin: 0, holeEnd: 0, end: 0, v2: 1))
                    continue
                }
                let reach = (1 - v2).squareRoot()
                let begin = Self.column(((-reach - u0) / du).rounded(.down))
                let end = Self.column(((reach - u0) / du).rounded(.up) + 1)
                // Pixels well inside the clear middle are skipped (alpha is zero there anyway).
                var holeBegin = end, holeEnd = end
                if inner * inner > v2 {
                    let hole = (inner * inner - v2).squareRoot()
                    holeBegin = Swift.max(begin, Self.column(((-hole - u0) / du).rounded(.up) + 1))
                    holeEnd = Swift.min(end, Self.column(((hole - u0) / du).rounded(.down)))
                    if holeBegin >= holeEnd { holeBegin = end; holeEnd = end }
                }
                spans.append(.init(begin: begin, holeBegin: holeBegin, holeEnd: holeEnd, end: end, v2: Float(v2)))
            }
        }
        return Layout.Ring(u0: Float(u0), du: Float(du), inner: Float(inner), rise: Float(1 / (0.8 * width)),
                           fall: Float(1 / (0.2 * width)), alpha: Float(alpha), firstRow: top, spans: spans)
    }

    /// A grid column, limited to ±2²⁸ so far-off spans stay representable.
    private static func column(_ value: Double) -> Int32 {
        Int32(Swift.min(Swift.max(value, -268_435_456), 268_435_456))
    }

    /// transmit[x] ·= 1 − alpha·clamp(min(rise·(ρ − inner), fall·(1 − ρ))), ρ = √((u0 + n·du)² + v²) with
    /// n = x − shift, for x in `from..<to`, four at a time (the buffer has room for three past the row): the
    /// arithmetic of the C kernel, where there is none.
    @inline(__always)
    private static func attenuate(_ transmit: UnsafeMutablePointer<Float>, from: Int, to: Int, shift: Int,
                                  _ k: (u0: Float, du: Float, v2: Float, inner: Float, rise: Float, fall: Float,
                                        alpha: Float)) {
        guard from < to else { return }
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        var x = from
        let n = from - shift
        var index = SIMD4<Float>(Float(n), Float(n + 1), Float(n + 2), Float(n + 3))
        while x < to {
            let u = SIMD4<Float>(repeating: k.u0) + index * k.du
            let rho = (u * u + SIMD4(repeating: k.v2)).squareRoot()
            var ramp = pointwiseMin((rho - SIMD4(repeating: k.inner)) * k.rise, (one - rho) * k.fall)
            ramp = pointwiseMin(pointwiseMax(ramp, zero), one)
            let p = UnsafeMutableRawPointer(transmit + x)
            var current = p.loadUnaligned(as: SIMD4<Float>.self)
            let next = current * (one - ramp * k.alpha)
            // Lanes past `to` keep their value (they belong to the next span or the padding).
            let live = Int32(to - x)
            let mask = SIMD4<Int32>(0, 1, 2, 3) .< SIMD4(repeating: live)
            current.replace(with: next, where: mask)
            p.storeBytes(of: current, as: SIMD4<Float>.self)
            x += 4
            index += 4
        }
    }

    /// White at alpha 1 − transmit[x] over pixels `from..<to` of a premultiplied row, scaled by the clip's
    /// coverage (its bytes and the row's first index) when there is one.
    private static func blend(_ pixels: UnsafeMutablePointer<UInt8>, transmit: UnsafePointer<Float>, from: Int,
                              to: Int, coverage: ([UInt8], Int)?) {
        #if canImport(CLiquidKernels)
        if let (bytes, start) = coverage {
            bytes.withUnsafeBufferPointer {
                lk_ring_blend(pixels, transmit, $0.baseAddress! + start, Int32(from), Int32(to), KernelSet.cpuHasAVX2 ? 1 : 0)
            }
        } else {
            lk_ring_blend(pixels, transmit, nil, Int32(from), Int32(to), KernelSet.cpuHasAVX2 ? 1 : 0)
        }
        #else
        for x in from..<to {
            var a = 1 - transmit[x]
            if let (bytes, start) = coverage { a *= Float(bytes[start + x]) / 255 }
            // Below half a level on every channel: nothing to write.
            guard a * 255 >= 0.5 else { continue }
            let p = pixels + 4 * x
            for c in 0..<4 {
                let d = Float(p[c])
                p[c] = UInt8(d + a * (255 - d) + 0.5)
            }
        }
        #endif
    }

    /// This ring filled as its annulus with its radial gradient (any transform).
    private func fillGradient(into canvas: inout Canvas) {
        let white = RGBA(red: 1, green: 1, blue: 1, alpha: Self.peakAlpha * opacity)
        let clear = RGBA(red: 1, green: 1, blue: 1, alpha: 0)
        guard let gradient = try? Gradient(stops: [GradientStop(0, clear), GradientStop(1 - width, clear),
                                                   GradientStop(1 - 0.2 * width, white), GradientStop(1, clear)])
        else { return }
        canvas.save()
        canvas.translate(x: centre.x, y: centre.y)
        canvas.scale(x: stretch.x, y: stretch.y)
        var annulus = Path()
        annulus.addCircle(center: .zero, radius: front)
        if width < 1 { annulus.addCircle(center: .zero, radius: (1 - width) * front) }
        canvas.fill(annulus, paint: .radialGradient(RadialGradient(center: .zero, radius: front, gradient: gradient)),
                    rule: .evenOdd)
        canvas.restore()
    }
}
