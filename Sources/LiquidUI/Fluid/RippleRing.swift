import LiquidGeometry
import LiquidRaster

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

    /// Draws `rings` (in the canvas's user space, points) into `canvas`.
    ///
    /// Measured reason for drawing them by hand: filling each ring's annulus with its radial gradient cost
    /// ~90 % of a full-screen ripple frame at 3× with eight waves (the annuli are wide: w·front), most of it
    /// shading gradients pixel by pixel and blending them ring after ring. Here each pixel row gets every
    /// ring's transmittance over the ring's span (four pixels at a time), then one blend. Under a rotation
    /// or shear the gradients are filled as paths.
    static func draw(_ rings: [RippleRing], into canvas: inout Canvas) {
        guard !rings.isEmpty else { return }
        let t = canvas.deviceTransform
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, t.isFinite else {
            for ring in rings { ring.fillGradient(into: &canvas) }
            return
        }
        let width = canvas.pixmap.width, height = canvas.pixmap.height
        let coverage = canvas.clipMask?.bytes
        var transmit = [Float](repeating: 1, count: width + 4)
        canvas.pixmap.withMutableView { view in
            transmit.withUnsafeMutableBufferPointer { buffer in
                let row = buffer.baseAddress!
                for py in 0..<height {
                    var low = width, high = 0
                    for ring in rings {
                        guard let (begin, end) = ring.accumulate(row: py, columns: width, transform: t, into: row)
                        else { continue }
                        low = Swift.min(low, begin)
                        high = Swift.max(high, end)
                    }
                    guard low < high else { continue }
                    blend(view.row(py), transmit: row, from: low, to: high,
                          coverage: coverage.map { ($0, py * width) })
                    for x in low..<high { row[x] = 1 }
                }
            }
        }
    }

    /// Multiplies `transmit[x]` by 1 − this ring's alpha at the centre of each pixel x of device row `py`
    /// where the ring may be above zero; returns the span touched, or `nil`.
    private func accumulate(row py: Int, columns: Int, transform t: AffineTransform,
                            into transmit: UnsafeMutablePointer<Float>) -> (Int, Int)? {
        let alpha = Self.peakAlpha * opacity
        guard alpha > 0 else { return nil }
        let radiusX = front * stretch.x, radiusY = front * stretch.y
        // Ring space: the ellipse becomes the unit circle.
        let v = ((Double(py) + 0.5 - t.ty) / t.d - centre.y) / radiusY
        let v2 = v * v
        guard v2 < 1 else { return nil }
        // Pixel x's centre lies at u = u0 + x·du.
        let du = 1 / (t.a * radiusX), u0 = ((0.5 - t.tx) / t.a - centre.x) / radiusX
        let reach = (1 - v2).squareRoot()
        let begin = Swift.max(0, Int(((-reach - u0) / du).rounded(.down)))
        let end = Swift.min(columns, Int(((reach - u0) / du).rounded(.up)) + 1)
        guard begin < end else { return nil }
        let inner = 1 - width
        // Pixels well inside the clear middle are skipped (alpha is zero there anyway).
        var holeBegin = end, holeEnd = end
        if inner * inner > v2 {
            let hole = (inner * inner - v2).squareRoot()
            holeBegin = Swift.max(begin, Int(((-hole - u0) / du).rounded(.up)) + 1)
            holeEnd = Swift.min(end, Int(((hole - u0) / du).rounded(.down)))
            if holeBegin >= holeEnd { holeBegin = end; holeEnd = end }
        }
        let rise = Float(1 / (0.8 * width)), fall = Float(1 / (0.2 * width))
        let constants = (u0: Float(u0), du: Float(du), v2: Float(v2), inner: Float(inner), rise: rise, fall: fall,
                         alpha: Float(alpha))
        Self.attenuate(transmit, from: begin, to: holeBegin, constants)
        Self.attenuate(transmit, from: holeEnd, to: end, constants)
        return (begin, end)
    }

    /// transmit[x] ·= 1 − alpha·clamp(min(rise·(ρ − inner), fall·(1 − ρ))), ρ = √((u0 + x·du)² + v²), for
    /// x in `from..<to`, four at a time (the buffer has room for three past the row).
    @inline(__always)
    private static func attenuate(_ transmit: UnsafeMutablePointer<Float>, from: Int, to: Int,
                                  _ k: (u0: Float, du: Float, v2: Float, inner: Float, rise: Float, fall: Float,
                                        alpha: Float)) {
        guard from < to else { return }
        let zero = SIMD4<Float>(repeating: 0), one = SIMD4<Float>(repeating: 1)
        var x = from
        var index = SIMD4<Float>(Float(from), Float(from + 1), Float(from + 2), Float(from + 3))
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
