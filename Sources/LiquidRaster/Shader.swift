import LiquidGeometry

/// A paint prepared for one draw call: colours premultiplied and packed, gradients turned into lookup tables
/// and every coordinate mapping inverted once, so the per-pixel work is a few multiply-adds.
///
/// Pixels are sampled at their centres `(x + 0.5, y + 0.5)` in device space.
enum Shader {
    /// One packed premultiplied colour.
    case solid(UInt32)
    /// `t = t0 + dtx·x + dty·y` at pixel centres, looked up in `table`.
    case linear(table: [UInt32], t0: Double, dtx: Double, dty: Double, spread: SpreadMode)
    /// `t = |inverse(p)| ` with `inverse` mapping device pixels to a unit-radius frame around the centre.
    case radial(table: [UInt32], inverse: AffineTransform, spread: SpreadMode)
    /// Bilinear sampling: `inverse` maps device pixels to image pixels.
    case image(ImageSampler, inverse: AffineTransform, opacity: UInt32)

    /// Prepares `paint` for drawing through `transform` (paint coordinates → device pixels), or `nil` when the
    /// paint draws nothing (non-invertible mapping, degenerate gradient, non-finite values).
    init?(_ paint: Paint, transform: AffineTransform) {
        switch paint {
        case .solid(let color):
            guard color.isFinite else { return nil }
            self = .solid(PremultipliedRGBA8(color).packed)
        case .linearGradient(let g):
            let d = g.end - g.start
            let lengthSquared = d.lengthSquared
            guard g.start.isFinite, g.end.isFinite, lengthSquared > 0, lengthSquared.isFinite,
                  let inverse = transform.inverted()
            else { return nil }
            // t(p) = (inverse(p) − start)·d / |d|², an affine function of the device position.
            let ux = d.x / lengthSquared, uy = d.y / lengthSquared
            let dtx = inverse.a * ux + inverse.b * uy
            let dty = inverse.c * ux + inverse.d * uy
            let origin = inverse.apply(to: Point(0.5, 0.5)) - g.start
            let t0 = origin.x * ux + origin.y * uy
            guard dtx.isFinite, dty.isFinite, t0.isFinite else { return nil }
            self = .linear(table: g.gradient.lookupTable(), t0: t0, dtx: dtx, dty: dty, spread: g.gradient.spread)
        case .radialGradient(let g):
            guard g.center.isFinite, g.radius.isFinite, g.radius > 0 else { return nil }
            let unit = AffineTransform(a: g.radius, b: 0, c: 0, d: g.radius, tx: g.center.x, ty: g.center.y)
            guard let inverse = unit.concatenating(transform).inverted() else { return nil }
            self = .radial(table: g.gradient.lookupTable(), inverse: inverse, spread: g.gradient.spread)
        case .image(let p):
            guard !p.opacity.isNaN else { return nil }
            let toPoints = AffineTransform(scale: 1 / p.image.scale)
            guard let inverse = toPoints.concatenating(p.transform).concatenating(transform).inverted() else {
                return nil
            }
            let opacity = UInt32((Swift.min(Swift.max(p.opacity, 0), 1) * 255).rounded())
            self = .image(ImageSampler(p.image), inverse: inverse, opacity: opacity)
        }
    }

    /// Writes the colours of pixels `x ..< x + count` of row `y` into `output`.
    func shade(y: Int, x: Int, count: Int, into output: UnsafeMutablePointer<UInt32>) {
        switch self {
        case .solid(let color):
            output.update(repeating: color, count: count)
        case .linear(let table, let t0, let dtx, let dty, let spread):
            table.withUnsafeBufferPointer { lut in
                var t = t0 + dtx * Double(x) + dty * Double(y)
                for i in 0..<count {
                    output[i] = lut[Shader.index(t, spread)]
                    t += dtx
                }
            }
        case .radial(let table, let inverse, let spread):
            table.withUnsafeBufferPointer { lut in
                var p = inverse.apply(to: Point(Double(x) + 0.5, Double(y) + 0.5))
                let step = Vector2(inverse.a, inverse.b)
                for i in 0..<count {
                    output[i] = lut[Shader.index((p.x * p.x + p.y * p.y).squareRoot(), spread)]
                    p += step
                }
            }
        case .image(let sampler, let inverse, let opacity):
            var p = inverse.apply(to: Point(Double(x) + 0.5, Double(y) + 0.5))
            if inverse.b == 0 {
                sampler.sampleRow(u: p.x, du: inverse.a, v: p.y - 0.5, count: count, opacity: opacity, into: output)
                return
            }
            let step = Vector2(inverse.a, inverse.b)
            for i in 0..<count {
                let s = sampler.sample(p.x - 0.5, p.y - 0.5)
                output[i] = opacity == 255 ? s : PackedPixel.scale(s, opacity)
                p += step
            }
        }
    }

    /// The lookup-table index for `t` after spreading, rounded to the nearest of the 256 entries.
    @inline(__always)
    static func index(_ t: Double, _ spread: SpreadMode) -> Int {
        let u: Double
        if spread == .pad {
            // The common case without a function call; NaN compares false and lands on 0.
            u = t > 0 ? (t < 1 ? t : 1) : 0
        } else {
            u = Gradient.spread(t, spread)
        }
        return Int(u * Double(Gradient.tableSize - 1) + 0.5)
    }
}

/// Bilinear sampling of a premultiplied pixmap, coordinates in image pixels (pixel centres at `i + 0.5`
/// appear as integer `i` after the caller's −0.5 shift), clamped to the edge.
struct ImageSampler: Sendable {
    let pixels: [UInt32]
    let width: Int
    let height: Int

    init(_ image: Pixmap) {
        width = image.width
        height = image.height
        // The bytes R, G, B, A of each pixel read as one little-endian word (r | g << 8 | b << 16 | a << 24).
        // Measured reason (perf, `ui.slider.dragged`): packing byte by byte was 4 % of the frame, which
        // draws the thumb's shadow image through this sampler every frame.
        let count = image.width * image.height
        pixels = image.bytes.withUnsafeBytes { raw in
            [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                for i in 0..<count {
                    buffer[i] = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self))
                }
                initialized = count
            }
        }
    }

    /// The bilinear blend of the four pixels around `(u, v)`; weights are quantised to 1/256.
    func sample(_ u: Double, _ v: Double) -> UInt32 {
        guard u.isFinite, v.isFinite else { return 0 }
        let maxX = Double(width - 1), maxY = Double(height - 1)
        let cu = Swift.min(Swift.max(u, 0), maxX), cv = Swift.min(Swift.max(v, 0), maxY)
        let x0 = Int(cu), y0 = Int(cv)
        let x1 = Swift.min(x0 + 1, width - 1), y1 = Swift.min(y0 + 1, height - 1)
        let fx = UInt32(truncatingIfNeeded: PixelMath.roundedHalfAway((cu - Double(x0)) * 256))
        let fy = UInt32(truncatingIfNeeded: PixelMath.roundedHalfAway((cv - Double(y0)) * 256))
        return pixels.withUnsafeBufferPointer { p in
            let top = ImageSampler.lerp(p[y0 * width + x0], p[y0 * width + x1], fx)
            let bottom = ImageSampler.lerp(p[y1 * width + x0], p[y1 * width + x1], fx)
            return ImageSampler.lerp(top, bottom, fy)
        }
    }

    /// The pixels of a row whose image row does not change along it (an unrotated, unskewed mapping):
    /// pixel `i` is `sample(u_i − 0.5, v)` scaled by `opacity`, where `u_0 = u` and `u_{i+1} = u_i + du` —
    /// the same sums and the same bytes as stepping ``sample(_:_:)`` along the row, with the row's clamping
    /// and vertical weight worked out once. Measured reason (perf, `ui.slider.dragged`): the thumb's
    /// shadow, drawn scaled through this sampler every frame, was a fifth of the frame.
    func sampleRow(u: Double, du: Double, v: Double, count: Int, opacity: UInt32, into output: UnsafeMutablePointer<UInt32>) {
        guard v.isFinite else {
            output.update(repeating: 0, count: count)
            return
        }
        let maxX = Double(width - 1)
        let cv = Swift.min(Swift.max(v, 0), Double(height - 1))
        let y0 = Int(cv), y1 = Swift.min(y0 + 1, height - 1)
        let fy = UInt32(truncatingIfNeeded: PixelMath.roundedHalfAway((cv - Double(y0)) * 256))
        pixels.withUnsafeBufferPointer { p in
            let top = p.baseAddress! + y0 * width, bottom = p.baseAddress! + y1 * width
            var position = u
            for i in 0..<count {
                let u = position - 0.5
                position += du
                guard u.isFinite else { output[i] = 0; continue }
                let cu = Swift.min(Swift.max(u, 0), maxX)
                let x0 = Int(cu), x1 = Swift.min(x0 + 1, width - 1)
                let fx = UInt32(truncatingIfNeeded: PixelMath.roundedHalfAway((cu - Double(x0)) * 256))
                let s = ImageSampler.lerp(ImageSampler.lerp(top[x0], top[x1], fx), ImageSampler.lerp(bottom[x0], bottom[x1], fx), fy)
                output[i] = opacity == 255 ? s : PackedPixel.scale(s, opacity)
            }
        }
    }

    /// `a + (b − a)·f/256` per channel, exact at `f = 0` and `f = 256`; a convex combination, so a
    /// premultiplied input gives a premultiplied output.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 - f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }
}
