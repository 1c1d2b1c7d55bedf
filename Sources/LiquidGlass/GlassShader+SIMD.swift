import LiquidRaster

/// Eight pixels at a time: the band, straight-side and interior paths of see-through glass.
///
/// Every step repeats the scalar path's arithmetic in the same order — the same Float operations for the
/// geometry (the normal, the depth lookups, the sample position), the same integer blends
/// (``PackedBlend``'s 16-bit-lane forms, ``GlassTone``'s 32-bit-lane saturation) — so the pixels are
/// bit-identical to ``GlassShader``'s per-pixel code; only the data layout changes.
///
/// Measured reason (callgrind instruction counts; thread CPU time on one core, medians of 21 at load ≈ 9):
/// the per-pixel band spent ~400 instructions per band pixel, packing and unpacking one pixel at a time and
/// branching per pixel; with eight lanes sharing every vector operation (only the refraction lookup and
/// the bilinear taps stay per lane) G2's band went 19.9 → 8.1 ms and G1's 3.2 → 1.3 ms.
extension GlassShader {
    /// Lanes 0…7 as floats.
    static let laneOffsets = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)

    /// ``lookup(_:_:)`` per lane.
    @inline(__always)
    func lookup(_ plane: Int, _ fixed: SIMD8<Int32>) -> SIMD8<Float> {
        let table = lut + plane * lutCount
        let index = fixed &>> 8
        var lower = SIMD8<Float>(), upper = SIMD8<Float>()
        for k in 0..<8 {
            let base = table + Int(index[k])
            lower[k] = base[0]
            upper[k] = base[1]
        }
        return lower + (upper - lower) * SIMD8<Float>(fixed & 0xFF) * (1 / 256)
    }

    /// The frost pixels at columns `x` of rows `y` (indices already inside the frost).
    @inline(__always)
    static func gather(_ frost: PixmapView, _ x: SIMD8<Int32>, _ y: SIMD8<Int32>) -> SIMD8<UInt32> {
        let base = UnsafeRawPointer(frost.base)
        var out = SIMD8<UInt32>()
        for k in 0..<8 {
            out[k] = base.loadUnaligned(fromByteOffset: Int(y[k]) &* frost.rowBytes &+ 4 &* Int(x[k]), as: UInt32.self)
        }
        return out
    }

    /// The four bilinear taps of eight lanes: byte offsets of the top-left tap, plus `right` (0 or 4) and
    /// `down` (0 or the row stride) — one offset extraction per lane instead of one per tap.
    @inline(__always)
    static func gatherTaps(_ frost: PixmapView, offset: SIMD8<Int32>, right: SIMD8<Int32>, down: SIMD8<Int32>)
        -> (SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>, SIMD8<UInt32>) {
        let base = UnsafeRawPointer(frost.base)
        var p00 = SIMD8<UInt32>(), p10 = SIMD8<UInt32>(), p01 = SIMD8<UInt32>(), p11 = SIMD8<UInt32>()
        for k in 0..<8 {
            let top = base + Int(offset[k]), bottom = top + Int(down[k])
            let dx = Int(right[k])
            p00[k] = top.loadUnaligned(as: UInt32.self)
            p10[k] = top.loadUnaligned(fromByteOffset: dx, as: UInt32.self)
            p01[k] = bottom.loadUnaligned(as: UInt32.self)
            p11[k] = bottom.loadUnaligned(fromByteOffset: dx, as: UInt32.self)
        }
        return (p00, p10, p01, p11)
    }

    @inline(__always)
    static func load8(_ p: UnsafeRawPointer, _ offset: Int) -> SIMD8<UInt32> {
        p.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
    }

    /// What eight band pixels of a mixed tile need from the geometry, once the field has been read: the
    /// byte offset of each lane's top-left bilinear tap in the frost (`tap`), the tap weights and edge
    /// flags (`taps`: x weight in bits 0–7, y weight in bits 8–15, bit 16 set when the right tap is the next
    /// column, bit 17 when the lower tap is the next row), and the weights (`weights`: coverage × opacity in
    /// bits 0–15, the edge light's white in bits 16–31, both 0…256). It depends on the surface, the
    /// material, the pixel position and the frost's size and origin — never on the frost's pixels — so a
    /// ``GlassBake`` can keep it while only the backdrop changes.
    struct BandLanes {
        var tap: SIMD8<Int32>
        var taps: SIMD8<UInt32>
        var weights: SIMD8<UInt32>
    }

    /// Pixels x … x + 7 of row y of a mixed tile; `fc` points at x's field value (the tile's field has a
    /// one-pixel ring, rows `stride` apart). Same result as ``shadeBand(_:from:to:x0:y:stride:glowRow:out:)``.
    @inline(__always)
    func shadeBand8(_ fc: UnsafePointer<Float>, stride: Int, x: Int, y: Int, out: UnsafeMutableRawPointer,
                    frost: PixmapView, glowRow: Bool = false) {
        guard let lanes = bandLanes(fc, stride: stride, x: x, y: y, frostWidth: frost.width,
                                    frostHeight: frost.height, frostRowBytes: frost.rowBytes,
                                    glowRow: glowRow) else { return }
        applyBand(lanes, x: x, out: out, frost: frost)
    }

    /// The geometry half of ``shadeBand8(_:stride:x:y:out:frost:glowRow:)``: `nil` when no lane is inside
    /// the surface (the pixels stay as they are). With `glowRow` the touch glows' white is added to every
    /// lane's edge light, as the scalar path adds ``glowWhite(_:_:)``.
    @inline(__always)
    func bandLanes(_ fc: UnsafePointer<Float>, stride: Int, x: Int, y: Int, frostWidth: Int, frostHeight: Int,
                   frostRowBytes: Int, glowRow: Bool = false) -> BandLanes? {
        let zero = SIMD8<Float>(), one = SIMD8<Float>(repeating: 1)
        let raw = UnsafeRawPointer(fc)
        let d = raw.loadUnaligned(as: SIMD8<Float>.self)
        let inside = Lanes.less(d, SIMD8(repeating: 0.5))
        guard Lanes.any(inside) else { return nil }
        let depth = -d
        let coverage = Lanes.select(Lanes.less(one, 0.5 - d), one, 0.5 - d)
        let weight = SIMD8<UInt32>(truncatingIfNeeded: PixelMath.roundedIndices(coverage * opacity * 256) & inside)
        let band = inside & Lanes.less(depth, SIMD8(repeating: bandLimit))
        let steps = Float(Self.lutResolution * 256)
        let bandDepth = Lanes.select(band & ~Lanes.less(depth, zero), depth, zero)
        let fixed = PixelMath.roundedIndices(bandDepth * steps)
        // The normal from central differences, as the scalar path (1/√ per lane: a vector √ compiles to
        // per-lane library calls).
        let gx = (raw + 4).loadUnaligned(as: SIMD8<Float>.self) - (raw - 4).loadUnaligned(as: SIMD8<Float>.self)
        let gy = (raw + 4 * stride).loadUnaligned(as: SIMD8<Float>.self)
            - (raw - 4 * stride).loadUnaligned(as: SIMD8<Float>.self)
        let length2 = gx * gx + gy * gy
        var root = SIMD8<Float>(repeating: 1)
        for k in 0..<8 where length2[k] > 1e-12 { root[k] = length2[k].squareRoot() }
        let inverse = Lanes.select(Lanes.less(SIMD8(repeating: 1e-12), length2), 1 / root, zero)
        let nx = gx * inverse, ny = gy * inverse
        // Refraction: the frost sampled bilinearly at p − n·offset (interior lanes: offset 0, the pixel itself).
        let offset = Lanes.select(band, lookup(0, fixed), zero)
        let sx = SIMD8<Float>(repeating: Float(x - frostX)) + Self.laneOffsets
        let sy = SIMD8<Float>(repeating: Float(y - frostY))
        let cx = Lanes.clamp(sx - nx * offset, 0, Float(frostWidth - 1))
        let cy = Lanes.clamp(sy - ny * offset, 0, Float(frostHeight - 1))
        let px = PixelMath.roundedIndices(cx * 256), py = PixelMath.roundedIndices(cy * 256)
        let ix = px &>> 8, iy = py &>> 8
        // The right and lower taps clamp to the last column and row (as the scalar sample).
        let lastX = SIMD8<Int32>(repeating: Int32(frostWidth - 1)), lastY = SIMD8<Int32>(repeating: Int32(frostHeight - 1))
        let right = SIMD8<UInt32>(truncatingIfNeeded: Lanes.less(ix, lastX) & 1)
        let down = SIMD8<UInt32>(truncatingIfNeeded: Lanes.less(iy, lastY) & 1)
        let tap = iy &* Int32(frostRowBytes) &+ ix &<< 2
        let wx = SIMD8<UInt32>(truncatingIfNeeded: px & 0xFF), wy = SIMD8<UInt32>(truncatingIfNeeded: py & 0xFF)
        // Edge light (band lanes only, as ``edgeLight(depth:nx:ny:)``).
        let ndl = nx * lightX + ny * lightY
        let lit = Lanes.select(Lanes.less(zero, ndl), ndl * ndl, 0.4 * ndl * ndl)
        let u = Lanes.select(Lanes.less(bandDepth, SIMD8(repeating: bevel)), 1 - bandDepth * inverseBevel, zero)
        let v = Lanes.select(Lanes.less(bandDepth, SIMD8(repeating: rimWidth)), 1 - bandDepth * inverseRimWidth, zero)
        let light = fresnelAmount * u * u * u + rimIntensity * v * v * (0.2 + 0.8 * lit)
        var white = Lanes.select(band, light, zero)
        if glowRow { white += glowWhite8(x, y) }
        // 0…256: the light is ≥ 0 (rim intensity and Fresnel are validated non-negative) and clamped to 1.
        let whiteWeight = SIMD8<UInt32>(truncatingIfNeeded:
            PixelMath.roundedIndices(Lanes.select(Lanes.less(one, white), one, white) * 256))
        return BandLanes(tap: tap, taps: wx | wy &<< 8 | right &<< 16 | down &<< 17,
                         weights: weight | whiteWeight &<< 16)
    }

    /// The pixel half of ``shadeBand8(_:stride:x:y:out:frost:)``: the four taps blended, toned, lit and
    /// blended over the destination by coverage (a lane of coverage 0 keeps its pixel exactly).
    @inline(__always)
    func applyBand(_ lanes: BandLanes, x: Int, out: UnsafeMutableRawPointer, frost: PixmapView) {
        let wx = lanes.taps & 0xFF, wy = (lanes.taps &>> 8) & 0xFF
        let right = SIMD8<Int32>(truncatingIfNeeded: (lanes.taps &>> 16) & 1) &<< 2
        let down = SIMD8<Int32>(truncatingIfNeeded: (lanes.taps &>> 17) & 1) &* Int32(frost.rowBytes)
        let (p00, p10, p01, p11) = Self.gatherTaps(frost, offset: lanes.tap, right: right, down: down)
        let top = PackedBlend.lerp(p00, p10, wx), bottom = PackedBlend.lerp(p01, p11, wx)
        var g = tone.apply(PackedBlend.lerp(top, bottom, wy))
        g = PackedBlend.lerp(g, SIMD8(repeating: 0xFFFF_FFFF), lanes.weights &>> 16)
        let old = Self.load8(out, 4 * x)
        out.storeBytes(of: PackedBlend.lerp(old, g, lanes.weights & 0xFFFF), toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
    }

    /// One lane of ``applyBand(_:x:out:frost:)`` (the same integer blends, one pixel): for the lanes of a
    /// row's last, partial group of eight.
    @inline(__always)
    func applyBand(tap: Int32, taps: UInt32, weights: UInt32, x: Int, out: UnsafeMutableRawPointer,
                   frost: PixmapView) {
        let cover = weights & 0xFFFF
        guard cover > 0 else { return }
        let top = UnsafeRawPointer(frost.base) + Int(tap)
        let right = Int((taps >> 16) & 1) * 4, bottom = top + Int((taps >> 17) & 1) * frost.rowBytes
        let wx = taps & 0xFF, wy = (taps >> 8) & 0xFF
        let upper = PackedBlend.lerp(top.loadUnaligned(as: UInt32.self),
                                     top.loadUnaligned(fromByteOffset: right, as: UInt32.self), wx)
        let lower = PackedBlend.lerp(bottom.loadUnaligned(as: UInt32.self),
                                     bottom.loadUnaligned(fromByteOffset: right, as: UInt32.self), wx)
        var g = tone.apply(PackedBlend.lerp(upper, lower, wy))
        g = PackedBlend.lerp(g, 0xFFFF_FFFF, weights >> 16)
        let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
        out.storeBytes(of: PackedBlend.lerp(old, g, cover), toByteOffset: 4 * x, as: UInt32.self)
    }

    /// ``glowWhite(_:_:)`` for pixels x … x + 7 of row y: the same Float operations in the same order per
    /// lane (a glow that does not reach a lane adds +0, which leaves the sum as it is).
    @inline(__always)
    func glowWhite8(_ x: Int, _ y: Int) -> SIMD8<Float> {
        var white = SIMD8<Float>()
        // Float(x) + k is exact (|x| < 2²⁴), so each lane's centre is Float(x + k) + 0.5 as in the scalar path.
        let px = (SIMD8<Float>(repeating: Float(x)) + Self.laneOffsets) + 0.5
        let py = Float(y) + 0.5
        for g in glows {
            let dx = px - g.x, dy = py - g.y
            let r2 = (dx * dx + dy * dy) / (g.radius * g.radius)
            let add = g.alpha * (1 - r2) * (1 - r2)
            white += Lanes.select(Lanes.less(r2, SIMD8(repeating: 1)), add, SIMD8())
        }
        return white
    }

    /// Interior pixels x … x + 7 of a row lit by the touch glows' `white`: toned, whitened and blended with
    /// `weight` (0…256) in the order of the scalar path's `finish`.
    @inline(__always)
    func shadeInterior8(_ source: UnsafeRawPointer, x: Int, out: UnsafeMutableRawPointer, weight: UInt32,
                        white: SIMD8<Float>) {
        let one = SIMD8<Float>(repeating: 1)
        let whiteWeight = SIMD8<UInt32>(truncatingIfNeeded:
            PixelMath.roundedIndices(Lanes.select(Lanes.less(one, white), one, white) * 256))
        let g = PackedBlend.lerp(tone.apply(Self.load8(source, 0)), SIMD8(repeating: 0xFFFF_FFFF), whiteWeight)
        let result = weight >= 256 ? g : PackedBlend.lerp(Self.load8(out, 4 * x), g, SIMD8(repeating: weight))
        out.storeBytes(of: result, toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
    }

    /// Interior pixels x … x + 7 of a row: the toned frost pixels `source`, blended with `weight` (0…256).
    @inline(__always)
    func shadeInterior8(_ source: UnsafeRawPointer, x: Int, out: UnsafeMutableRawPointer, weight: UInt32) {
        let g = tone.apply(Self.load8(source, 0))
        let result = weight >= 256 ? g : PackedBlend.lerp(Self.load8(out, 4 * x), g, SIMD8(repeating: weight))
        out.storeBytes(of: result, toByteOffset: 4 * x, as: SIMD8<UInt32>.self)
    }
}
