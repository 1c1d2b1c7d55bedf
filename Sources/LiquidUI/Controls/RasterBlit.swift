import LiquidGeometry
import LiquidRaster

/// The two pixel paths a ``LiquidSwitch`` frame spends its time in, written directly on the pixels instead
/// of through the canvas's general image shader (which samples every pixel of a shape bilinearly, about
/// 40 ns a pixel — the switch's image covers some 30 screen tiles at 3×).
///
/// - ``composite(_:onto:x:y:)``: a pixel-aligned source-over blit through the canvas's clip;
/// - ``stretch(_:over:onto:mode:opacity:)``: a bilinear stretch of a small baked image (shading, shadow)
///   over a fractional device rectangle, blended normal, multiply or screen.
///
/// Both are exact where it is cheap to be (a blit with full clip coverage of an opaque or transparent
/// source is a copy or nothing) and always leave valid premultiplied pixels.
enum RasterBlit {
    /// How ``stretch(_:over:onto:mode:opacity:)`` blends.
    enum Mode {
        /// Source-over.
        case normal
        /// W3C multiply on premultiplied colour.
        case multiply
        /// W3C screen.
        case screen
    }

    /// Source-over of `image` onto `canvas`'s pixels with the image's top-left pixel at device pixel
    /// (`x`, `y`) of the canvas's pixmap, scaled by the canvas's clip mask; the overlap only.
    ///
    /// Per pixel, with the source s scaled by the clip coverage (rounded to nearest) and destination d:
    /// `s + d·(255 − αs)/255`, each product rounded to nearest (exact integer arithmetic). Transparent
    /// source pixels are skipped, so only the image's ink costs blending.
    static func composite(_ image: Pixmap, onto canvas: inout Canvas, x: Int, y: Int) {
        let target = canvas.pixmap.bounds
        guard let overlap = target.intersection(PixelRect(x: x, y: y, width: image.width, height: image.height)),
              !overlap.isEmpty
        else { return }
        let clip = canvas.clipMask
        let clipBytes = clip?.bytes ?? []
        let clipWidth = clip?.width ?? 0
        image.withView { source in
            canvas.pixmap.withMutableView { destination in
                clipBytes.withUnsafeBufferPointer { mask in
                    for row in overlap.y..<overlap.maxY {
                        let s = UnsafeRawPointer(source.row(row - y)), d = UnsafeMutableRawPointer(destination.row(row))
                        let m = mask.isEmpty ? nil : mask.baseAddress! + row * clipWidth
                        for column in overlap.x..<overlap.maxX {
                            var sp = s.loadUnaligned(fromByteOffset: 4 * (column - x), as: UInt32.self)
                            if sp == 0 { continue }
                            if let m {
                                let c = UInt32(m[column])
                                if c == 0 { continue }
                                if c != 255 { sp = scale(sp, c) }
                            }
                            let alpha = sp >> 24
                            if alpha != 255 {
                                let dp = d.loadUnaligned(fromByteOffset: 4 * column, as: UInt32.self)
                                sp &+= scale(dp, 255 - alpha)
                            }
                            d.storeBytes(of: sp, toByteOffset: 4 * column, as: UInt32.self)
                        }
                    }
                }
            }
        }
    }

    /// Every channel of the packed pixel `p` times `k / 255`, rounded to nearest (exact).
    @inline(__always)
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// Stretches `image` over `rect` — device pixels of `pixmap`, fractional edges allowed — sampling it
    /// bilinearly (pixel centres map to pixel centres, edges clamped) and blending each pixel with `mode`,
    /// scaled by `opacity` (0…1) and by the fraction of the pixel that `rect` covers.
    ///
    /// Per pixel with coverage c, sampled source s (times `opacity`) and destination d, all premultiplied
    /// in 0…1: `d + c·(B(s, d) − d)` with B the mode's W3C formula; rounded to nearest, colour clamped to
    /// alpha. Pixels outside `rect` are untouched; an empty, non-finite or fully outside `rect` does nothing.
    static func stretch(_ image: Pixmap, over rect: Rect, onto pixmap: inout Pixmap, mode: Mode, opacity: Double) {
        guard rect.isFinite, rect.width > 0, rect.height > 0, opacity.isFinite, opacity > 0,
              image.width > 0, image.height > 0
        else { return }
        let x0 = rect.minX, x1 = rect.maxX, y0 = rect.minY, y1 = rect.maxY
        let columns = Swift.max(Int(x0.rounded(.down)), 0)..<Swift.min(Int(x1.rounded(.up)), pixmap.width)
        let rows = Swift.max(Int(y0.rounded(.down)), 0)..<Swift.min(Int(y1.rounded(.up)), pixmap.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let kx = Double(image.width) / (x1 - x0), ky = Double(image.height) / (y1 - y0)
        let strength = Float(Swift.min(opacity, 1)) / 255
        // Per column: the two source columns, the weight of the second, and the coverage.
        let samples = columns.map { column -> (Int, Int, Float, Float) in
            let u = Swift.min(Swift.max((Double(column) + 0.5 - x0) * kx - 0.5, 0), Double(image.width - 1))
            let u0 = Int(u), u1 = Swift.min(u0 + 1, image.width - 1)
            let cover = Swift.min(Double(column + 1), x1) - Swift.max(Double(column), x0)
            return (u0, u1, Float(u - Double(u0)), Float(Swift.min(Swift.max(cover, 0), 1)))
        }
        image.withView { source in
            pixmap.withMutableView { destination in
                for row in rows {
                    let v = Swift.min(Swift.max((Double(row) + 0.5 - y0) * ky - 0.5, 0), Double(image.height - 1))
                    let v0 = Int(v), v1 = Swift.min(v0 + 1, image.height - 1)
                    let fy = Float(v - Double(v0))
                    let coverY = Float(Swift.min(Swift.max(Swift.min(Double(row + 1), y1) - Swift.max(Double(row), y0), 0), 1))
                    let top = source.row(v0), bottom = source.row(v1), out = destination.row(row)
                    for (index, column) in columns.enumerated() {
                        let (u0, u1, fx, coverX) = samples[index]
                        let a = pixel(top, u0), b = pixel(top, u1), c = pixel(bottom, u0), d = pixel(bottom, u1)
                        let upper = a + (b - a) * fx, lower = c + (d - c) * fx
                        let s = (upper + (lower - upper) * fy) * strength
                        if s[3] <= 0 { continue }
                        blend(out + 4 * column, source: s, coverage: coverX * coverY, mode: mode)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func pixel(_ row: UnsafeMutablePointer<UInt8>, _ x: Int) -> SIMD4<Float> {
        let p = row + 4 * x
        return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
    }

    /// Blends premultiplied `s` (0…1) onto the pixel at `p` with coverage `k`.
    @inline(__always)
    private static func blend(_ p: UnsafeMutablePointer<UInt8>, source s: SIMD4<Float>, coverage k: Float, mode: Mode) {
        let d = SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
        let sa = s[3], da = d[3]
        var b: SIMD4<Float>
        switch mode {
        case .normal: b = s + d * (1 - sa)
        case .multiply: b = s * (1 - da) + d * (1 - sa) + s * d
        case .screen: b = s + d - s * d
        }
        b[3] = sa + da - sa * da
        let r = d + (b - d) * k
        let alpha = Swift.min(Swift.max(r[3], 0), 1)
        p[3] = UInt8(alpha * 255 + 0.5)
        let limit = Float(p[3]) / 255
        for i in 0..<3 { p[i] = UInt8(Swift.min(Swift.max(r[i], 0), limit) * 255 + 0.5) }
    }
}
