#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidRaster

/// Paints one surface's glass into the destination, tile by tile (a ``SurfaceTileVisitor``).
///
/// Per pixel with merged distance d (pixels, negative inside) and outward normal n (central differences of
/// the field, or exact on straight sides): coverage `min(1, ½ − d)`; in the band, the frost sampled
/// bilinearly at p − n·offset(depth) (per channel with dispersion); deeper, the frost at p; then
/// ``GlassTone`` (saturation, wash and tint); white added for the Fresnel brightening
/// `fresnel·(1 − depth/bevel)³`, the rim `rim·(0.2 + 0.8·lit)·(1 − depth/rimWidth)²` (lit = (n·L)² on the lit
/// side, 0.4·(n·L)² opposite) and the touch glow; finally blended over the destination by
/// coverage × materialize. In the opaque accessibility modes the frost is replaced by a constant face and,
/// for increase contrast, the rim by a border.
struct GlassShader: SurfaceTileVisitor {
    let dst: MutablePixmapView
    /// The frosted backdrop and its origin in destination pixels (absent in the opaque modes).
    let frost: PixmapView?
    let frostX: Int, frostY: Int
    /// Opaque face colour (packed, tint already applied) for the accessibility modes.
    let face: UInt32?
    let tone: GlassTone
    let bevel: Float
    let bandLimit: Float
    /// Per-depth lookup, ``lutResolution`` entries per pixel of depth from 0 to `bandLimit` (+2): the
    /// refraction offsets (green/all, red, blue). Three planes of `lutCount` floats.
    let lut: UnsafeMutablePointer<Float>
    let lutCount: Int
    let dispersion: Bool
    let lightX: Float, lightY: Float
    let rimIntensity: Float, rimWidth: Float, fresnel: Float
    /// The Fresnel white at the outline (0 for an opaque face), 1/bevel and 1/rim width (0 when empty): the
    /// edge light `fresnel·u³ + rim·v²·(0.2 + 0.8·lit)` with u = 1 − depth/bevel, v = 1 − depth/rimWidth
    /// (each 0 beyond its width) is evaluated directly. (It was two more lookup planes; as arithmetic it is
    /// a dozen vector operations against four per-lane table reads in the eight-pixel band path. The
    /// tables' linear interpolation at ¼-pixel steps was within 4·10⁻⁴ of these polynomials.)
    let fresnelAmount: Float, inverseBevel: Float, inverseRimWidth: Float
    let borderColor: UInt32, borderAlpha: Float, borderWidth: Float
    let glows: [SurfacePlan.Glow]
    /// The glows as the band kernel reads them: x, y, radius, alpha per glow.
    let glowFloats: [Float]
    /// Materialize progress as an opacity.
    let opacity: Float
    /// Paint every band and interior pixel one at a time (no eight-pixel paths): the reference the
    /// eight-pixel paths must match byte for byte. Off except in tests.
    let perPixel: Bool

    init(dst: MutablePixmapView, frost: PixmapView?, frostX: Int, frostY: Int, face: UInt32?, tone: GlassTone,
         plan: SurfacePlan, bandLimit: Float, light: (Float, Float), rimIntensity: Float, rimWidth: Float,
         fresnel: Float, border: (color: UInt32, alpha: Float, width: Float), opacity: Float,
         perPixel: Bool = false) {
        self.dst = dst
        self.frost = frost
        self.frostX = frostX
        self.frostY = frostY
        self.face = face
        self.tone = tone
        self.bevel = plan.bevel
        self.bandLimit = bandLimit
        let count = Int(bandLimit * Float(Self.lutResolution)) + 2
        lutCount = count
        lut = UnsafeMutablePointer<Float>.allocate(capacity: 3 * count)
        let tables = [plan.table, plan.redTable ?? plan.table, plan.blueTable ?? plan.table]
        for i in 0..<count {
            let depth = Float(i) / Float(Self.lutResolution)
            for (plane, table) in tables.enumerated() {
                lut[plane * count + i] = table.offsets.withUnsafeBufferPointer { table.offset(atDepth: depth, $0.baseAddress!) }
            }
        }
        fresnelAmount = face == nil && plan.bevel > 0 ? fresnel : 0
        inverseBevel = plan.bevel > 0 ? 1 / plan.bevel : 0
        inverseRimWidth = rimWidth > 0 ? 1 / rimWidth : 0
        dispersion = plan.redTable != nil
        (lightX, lightY) = light
        self.rimIntensity = rimIntensity
        self.rimWidth = rimWidth
        self.fresnel = fresnel
        (borderColor, borderAlpha, borderWidth) = border
        glows = plan.glows
        glowFloats = plan.glows.flatMap { [$0.x, $0.y, $0.radius, $0.alpha] }
        self.opacity = opacity
        self.perPixel = perPixel
    }

    /// Depth lookup entries per pixel.
    static let lutResolution = 4

    /// Frees the lookup table (call once when done).
    func release() { lut.deallocate() }

    /// The depth lookup at `depth` (≥ 0, < bandLimit) in plane `plane`, interpolated linearly.
    @inline(__always)
    func lookup(_ plane: Int, _ fixed: Int) -> Float {
        let base = lut + plane * lutCount + (fixed >> 8)
        return base[0] + (base[1] - base[0]) * Float(fixed & 0xFF) * (1 / 256)
    }

    // MARK: Pieces

    @inline(__always)
    static func load(_ view: PixmapView, _ x: Int, _ y: Int) -> UInt32 {
        UnsafeRawPointer(view.row(y)).loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
    }

    /// Bilinear sample of the frost at (sx, sy) (frost pixel centres at integers), clamped to its edges,
    /// weights in 1/256.
    @inline(__always)
    static func sample(_ view: PixmapView, _ sx: Float, _ sy: Float) -> UInt32 {
        let cx = Swift.min(Swift.max(sx, 0), Float(view.width - 1))
        let cy = Swift.min(Swift.max(sy, 0), Float(view.height - 1))
        // Positions in 1/256 pixel: the integer part picks the pixels, the fraction is the weight.
        let px = PixelMath.roundedIndex(cx * 256), py = PixelMath.roundedIndex(cy * 256)
        let ix = px >> 8, iy = py >> 8
        let wx = UInt32(truncatingIfNeeded: px & 0xFF), wy = UInt32(truncatingIfNeeded: py & 0xFF)
        let ix1 = Swift.min(ix + 1, view.width - 1), iy1 = Swift.min(iy + 1, view.height - 1)
        let r0 = UnsafeRawPointer(view.row(iy)), r1 = UnsafeRawPointer(view.row(iy1))
        let top = PackedBlend.lerp(r0.loadUnaligned(fromByteOffset: 4 * ix, as: UInt32.self),
                                   r0.loadUnaligned(fromByteOffset: 4 * ix1, as: UInt32.self), wx)
        let bottom = PackedBlend.lerp(r1.loadUnaligned(fromByteOffset: 4 * ix, as: UInt32.self),
                                      r1.loadUnaligned(fromByteOffset: 4 * ix1, as: UInt32.self), wx)
        return PackedBlend.lerp(top, bottom, wy)
    }

    /// White from the touch glows at pixel (x, y).
    @inline(__always)
    func glowWhite(_ x: Int, _ y: Int) -> Float {
        var white: Float = 0
        let px = Float(x) + 0.5, py = Float(y) + 0.5
        for g in glows {
            let dx = px - g.x, dy = py - g.y
            let r2 = (dx * dx + dy * dy) / (g.radius * g.radius)
            if r2 < 1 { white += g.alpha * (1 - r2) * (1 - r2) }
        }
        return white
    }

    /// Whether any glow reaches row y.
    @inline(__always)
    func rowHasGlow(_ y: Int) -> Bool {
        let py = Float(y) + 0.5
        for g in glows where abs(py - g.y) < g.radius { return true }
        return false
    }

    /// The white (Fresnel + rim) and border amounts at `depth` with outward normal (nx, ny).
    @inline(__always)
    func edgeLight(depth: Float, nx: Float, ny: Float) -> (white: Float, border: Float) {
        let ndl = nx * lightX + ny * lightY
        let lit = ndl > 0 ? ndl * ndl : 0.4 * ndl * ndl
        let inside = Swift.max(depth, 0)
        let u = inside < bevel ? 1 - inside * inverseBevel : 0
        let v = inside < rimWidth ? 1 - inside * inverseRimWidth : 0
        let white = fresnelAmount * u * u * u + rimIntensity * v * v * (0.2 + 0.8 * lit)
        let border = borderAlpha > 0 ? Swift.min(Swift.max(borderWidth - Swift.max(depth, 0), 0), 1) * borderAlpha : 0
        return (white, border)
    }

    /// White, border and the coverage × opacity weight, finishing one pixel over `old`.
    @inline(__always)
    func finish(_ glass: UInt32, old: UInt32, white: Float, border: Float, weight: UInt32) -> UInt32 {
        var g = glass
        if white > 0 {
            g = PackedBlend.lerp(g, 0xFFFF_FFFF, UInt32(truncatingIfNeeded: PixelMath.roundedIndex(Swift.min(white, 1) * 256)))
        }
        if border > 0 { g = PackedBlend.lerp(g, borderColor, UInt32(truncatingIfNeeded: PixelMath.roundedIndex(border * 256))) }
        return weight >= 256 ? g : PackedBlend.lerp(old, g, weight)
    }

    // MARK: Visitor

    mutating func interior(y: Int, x0: Int, x1: Int) {
        let out = UnsafeMutableRawPointer(dst.row(y))
        let glow = !glows.isEmpty && rowHasGlow(y)
        let weight = UInt32(opacity * 256 + 0.5)
        if let face {
            for x in x0..<x1 {
                let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                let g = finish(face, old: old, white: glow ? glowWhite(x, y) : 0, border: 0, weight: weight)
                out.storeBytes(of: g, toByteOffset: 4 * x, as: UInt32.self)
            }
            return
        }
        guard let frost else { return }
        let source = UnsafeRawPointer(frost.row(y - frostY)) + 4 * (x0 - frostX)
        if tone.isIdentity && !glow && weight >= 256 && !perPixel {
            // The flat interior is a plain copy of the frost.
            (out + 4 * x0).copyMemory(from: source, byteCount: 4 * (x1 - x0))
            return
        }
        var x = x0
        if !perPixel {
            if glow {
                while x + 8 <= x1 {
                    shadeInterior8(source + 4 * (x - x0), x: x, out: out, weight: weight, white: glowWhite8(x, y))
                    x += 8
                }
            } else {
                while x + 8 <= x1 {
                    shadeInterior8(source + 4 * (x - x0), x: x, out: out, weight: weight)
                    x += 8
                }
            }
        }
        while x < x1 {
            let g = tone.apply(source.loadUnaligned(fromByteOffset: 4 * (x - x0), as: UInt32.self))
            let old = weight >= 256 ? 0 : out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            out.storeBytes(of: finish(g, old: old, white: glow ? glowWhite(x, y) : 0, border: 0, weight: weight),
                           toByteOffset: 4 * x, as: UInt32.self)
            x += 1
        }
    }

    #if canImport(CLiquidKernels)
    /// ``tone`` as the AVX2 kernels take it.
    var kernelTone: lk_glass_tone {
        lk_glass_tone(s: tone.s, t: tone.t, saturates: tone.saturates ? 1 : 0, keep: tone.overlay.keep,
                      rb: tone.overlay.rb, ga: tone.overlay.ga)
    }
    #endif

    /// Whether the eight-pixel paths apply: see-through glass without dispersion or a border (the opaque
    /// accessibility modes and dispersion take the per-pixel path), with a frost small enough for 32-bit
    /// byte offsets. Rows a touch glow reaches add the glow lane by lane (``glowWhite8(_:_:)``).
    var isVectorizable: Bool {
        guard let frost, face == nil, !dispersion, borderAlpha == 0, !perPixel else { return false }
        return frost.rowBytes * frost.height < Int(Int32.max)
    }

    mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) {
        let hasGlow = !glows.isEmpty
        let vector = isVectorizable
        #if canImport(CLiquidKernels)
        if vector, KernelSet.automatic.usesAVX2, w >= 8, let frost {
            mixedThroughKernel(x0: x0, y0: y0, w: w, h: h, field: field, stride: stride, frost: frost, hasGlow: hasGlow)
            return
        }
        #endif
        for j in 0..<h {
            let y = y0 + j
            let out = UnsafeMutableRawPointer(dst.row(y))
            let fc = field + (j + 1) * stride + 1
            let glowRow = hasGlow && rowHasGlow(y)
            var i = 0
            if vector, let frost {
                // Measured reason: a pressed glass button's glow (radius 40 pt) reaches every row of it, and
                // those rows went pixel by pixel: ui.button's glass band 2.5 ms a frame (see GlassShader+SIMD).
                while i + 8 <= w {
                    shadeBand8(fc + i, stride: stride, x: x0 + i, y: y, out: out, frost: frost, glowRow: glowRow)
                    i += 8
                }
            }
            shadeBand(fc, from: i, to: w, x0: x0, y: y, stride: stride, glowRow: glowRow, out: out)
        }
    }

    #if canImport(CLiquidKernels)
    /// ``mixed(x0:y0:w:h:field:stride:)``'s vector path in two AVX2 kernels over the whole tile: every row's
    /// groups of eight lanes worked out by `lk_glass_lanes_avx2` (the Float operations of
    /// ``bandLanes(_:stride:x:y:frostWidth:frostHeight:frostRowBytes:glowRow:)``, touch glows included), then
    /// blended by `lk_glass_band_avx2`, the kernel the baked replay uses (the bytes of
    /// ``applyBand(_:x:out:frost:)``); each row's last few pixels go one at a time.
    ///
    /// Measured reason (alternated rounds of 11- and 15-run medians): in Swift the lanes ran in SSE2 halves
    /// with a library square root, table read and tap load per lane. With the blend in the kernel a glass
    /// button frame took 0.95–0.97 of its time; with the lanes too (row by row), 0.87–0.93 of that again, and
    /// G2 rendered cold 0.80–0.87. One kernel call per row left the slider 1–3 % slower (its band tiles are
    /// a few groups wide), hence one call per tile.
    private func mixedThroughKernel(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int,
                                    frost: PixmapView, hasGlow: Bool) {
        let groups = w & ~7
        var cTone = kernelTone
        var geometry = lk_glass_geometry(
            opacity: opacity, bandLimit: bandLimit, steps: Float(Self.lutResolution * 256), lut: UnsafePointer(lut),
            frostX: Int32(frostX), frostY: Int32(frostY), frostWidth: Int32(frost.width), frostHeight: Int32(frost.height),
            frostRowBytes: Int32(frost.rowBytes), lightX: lightX, lightY: lightY, bevel: bevel, rimWidth: rimWidth,
            inverseBevel: inverseBevel, inverseRimWidth: inverseRimWidth, fresnelAmount: fresnelAmount,
            rimIntensity: rimIntensity)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: groups * h) { tap in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * groups * h) { packed in
                let tapBase = tap.baseAddress!, tapsBase = packed.baseAddress!, weightsBase = tapsBase + groups * h
                let first = field + stride + 1
                if lk_glass_lanes_avx2(first, Int32(stride), Int32(x0), Int32(y0), Int32(groups), Int32(h), &geometry,
                                       glowFloats, Int32(glows.count), tapBase, tapsBase, weightsBase) != 0 {
                    lk_glass_band_avx2(tapBase, tapsBase, weightsBase, Int32(groups), Int32(h), Int32(groups), frost.base,
                                       Int32(frost.rowBytes), dst.row(y0) + 4 * x0, dst.rowBytes, &cTone,
                                       KernelSet.automatic.usesAVX512 ? 1 : 0)
                }
                guard groups < w else { return }
                for j in 0..<h {
                    let y = y0 + j
                    shadeBand(first + j * stride, from: groups, to: w, x0: x0, y: y, stride: stride,
                              glowRow: hasGlow && rowHasGlow(y), out: UnsafeMutableRawPointer(dst.row(y)))
                }
            }
        }
    }
    #endif

    /// Pixels `from ..< to` of one row of a mixed tile, one at a time.
    func shadeBand(_ fc: UnsafePointer<Float>, from: Int, to: Int, x0: Int, y: Int, stride: Int, glowRow: Bool,
                   out: UnsafeMutableRawPointer) {
        let steps = Float(Self.lutResolution * 256)
        for i in from..<to {
            let d = fc[i]
            if d >= 0.5 { continue }
            let x = x0 + i
            let depth = -d
            let weight = UInt32(truncatingIfNeeded: PixelMath.roundedIndex(Swift.min(1, 0.5 - d) * opacity * 256))
            let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            var g: UInt32
            var light: (white: Float, border: Float) = (0, 0)
            if depth < bandLimit {
                let fixed = PixelMath.roundedIndex(Swift.max(depth, 0) * steps)
                let gx = fc[i + 1] - fc[i - 1], gy = fc[i + stride] - fc[i - stride]
                let length2 = gx * gx + gy * gy
                var nx: Float = 0, ny: Float = 0
                if length2 > 1e-12 {
                    let inverse = 1 / length2.squareRoot()
                    nx = gx * inverse
                    ny = gy * inverse
                }
                if let face {
                    g = face
                } else if let frost {
                    let sx = Float(x - frostX), sy = Float(y - frostY)
                    let offset = lookup(0, fixed)
                    g = Self.sample(frost, sx - nx * offset, sy - ny * offset)
                    if dispersion {
                        let redOffset = lookup(1, fixed), blueOffset = lookup(2, fixed)
                        let r = Self.sample(frost, sx - nx * redOffset, sy - ny * redOffset)
                        let b = Self.sample(frost, sx - nx * blueOffset, sy - ny * blueOffset)
                        let alpha = g >> 24
                        let rr = Swift.min(r & 0xFF, alpha), bb = Swift.min((b >> 16) & 0xFF, alpha)
                        g = (g & 0xFF00_FF00) | rr | (bb << 16)
                    }
                    g = tone.apply(g)
                } else {
                    continue
                }
                light = edgeLight(depth: depth, nx: nx, ny: ny)
            } else if let face {
                g = face
            } else if let frost {
                g = tone.apply(Self.load(frost, x - frostX, y - frostY))
            } else {
                continue
            }
            if glowRow { light.white += glowWhite(x, y) }
            out.storeBytes(of: finish(g, old: old, white: light.white, border: light.border, weight: weight),
                           toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    /// Straight sides: the depth, normal, refraction offset, edge light and weight are the same along a row
    /// (top and bottom sides) or a column (left and right sides), so they are computed once per line, and
    /// the bilinear sample reduces to a lerp between two frost rows (or columns) with a fixed weight.
    /// Measured reason (thread CPU time, medians of 15): without this path G1's band took 5.9 ms and its field
    /// 0.91 ms; with it 3.1 ms and 0.31 ms (149 k of G1's 220 k band pixels lie on the bar's straight sides).
    /// G2 (mostly circles): band 22.0 → 17.7 ms.
    ///
    /// Under a touch glow the line's edge light is kept unrounded and the glow added per pixel before the
    /// white is rounded, as the per-pixel path does (which is exactly what this path computes: on a straight
    /// side the field's normal is ±1 on one axis and 0 on the other, so its bilinear sample is this lerp).
    mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {
        guard !dispersion, face == nil, !perPixel, let frost else {
            // The general path handles the rarer cases.
            let stride = w + 2
            let field = UnsafeMutablePointer<Float>.allocate(capacity: stride * (h + 2))
            defer { field.deallocate() }
            for j in 0..<(h + 2) {
                for i in 0..<stride {
                    let c = vertical ? Float(x0 + i - 1) + 0.5 : Float(y0 + j - 1) + 0.5
                    field[j * stride + i] = abs(c - centre) - half
                }
            }
            mixed(x0: x0, y0: y0, w: w, h: h, field: field, stride: stride)
            return
        }
        let steps = Float(Self.lutResolution * 256)
        // Per line: the two frost lines to blend and their weight, the white weight of the edge light and the
        // coverage weight (0 for lines outside the surface).
        let count = vertical ? w : h
        withUnsafeTemporaryAllocation(of: StraightLine.self, capacity: count) { lines in
            for l in 0..<count {
                let c = vertical ? Float(x0 + l) + 0.5 : Float(y0 + l) + 0.5
                let signed = c - centre
                let d = abs(signed) - half
                let inside = d < 0.5
                let depth = -d
                let normal: Float = signed < 0 ? -1 : 1
                let band = inside && depth < bandLimit
                let fixed = band ? PixelMath.roundedIndex(Swift.max(depth, 0) * steps) : 0
                let offset = band ? lookup(0, fixed) : 0
                // Sample coordinate along the line's axis, in frost pixels.
                let base = vertical ? Float(x0 + l - frostX) : Float(y0 + l - frostY)
                let limit = Float((vertical ? frost.width : frost.height) - 1)
                let s = Swift.min(Swift.max(base - normal * offset, 0), limit)
                let position = PixelMath.roundedIndex(s * 256)
                let i0 = position >> 8
                let i1 = Swift.min(i0 + 1, Int(limit))
                let white = band ? edgeLight(depth: depth, nx: vertical ? normal : 0, ny: vertical ? 0 : normal).white : 0
                let cover = PixelMath.roundedIndex(Swift.min(Swift.max(0.5 - d, 0), 1) * opacity * 256)
                lines[l] = StraightLine(
                    first: Int32(i0), second: Int32(i1), weight: UInt32(truncatingIfNeeded: position & 0xFF),
                    white: white > 0 ? UInt32(truncatingIfNeeded: PixelMath.roundedIndex(Swift.min(white, 1) * 256)) : 0,
                    cover: inside ? UInt32(truncatingIfNeeded: cover) : 0, light: white)
            }
            if vertical {
                straightColumns(lines, x0: x0, y0: y0, w: w, h: h, frost: frost)
            } else {
                straightRows(lines, x0: x0, y0: y0, w: w, h: h, frost: frost)
            }
        }
    }

    /// One line of a straight-side tile: the frost lines `first` and `second` blended with `weight`
    /// (1/256), then white by `white` and the destination by `cover` (both 0…256).
    /// `light` is the edge light before rounding (0 off the band), for rows a glow reaches.
    #if canImport(CLiquidKernels)
    typealias StraightLine = lk_straight_line
    #else
    struct StraightLine {
        var first: Int32, second: Int32
        var weight: UInt32, white: UInt32, cover: UInt32
        var light: Float
    }
    #endif

    /// The white weight (0…256) of edge light `light` plus the glows at pixel (x, y), as the per-pixel path
    /// rounds it in `finish` (no white when the sum is not positive).
    @inline(__always)
    func glowedWhite(_ light: Float, _ x: Int, _ y: Int) -> UInt32 {
        let white = light + glowWhite(x, y)
        return white > 0 ? UInt32(truncatingIfNeeded: PixelMath.roundedIndex(Swift.min(white, 1) * 256)) : 0
    }

    /// ``glowedWhite(_:_:_:)`` for pixels x … x + 7 of row y, with each lane's own edge light.
    @inline(__always)
    func glowedWhite8(_ light: SIMD8<Float>, _ x: Int, _ y: Int) -> SIMD8<UInt32> {
        let one = SIMD8<Float>(repeating: 1)
        let white = light + glowWhite8(x, y)
        // A sum ≤ 0 rounds to 0 (both terms are ≥ 0, so it is +0 exactly): the same weight as no white.
        return SIMD8<UInt32>(truncatingIfNeeded:
            PixelMath.roundedIndices(Lanes.select(Lanes.less(one, white), one, white) * 256))
    }

    /// Top and bottom sides: each row blends two whole frost rows with one weight — contiguous loads.
    ///
    /// Where the CPU runs AVX2 the groups of eight go through `lk_glass_straight_rows_avx2` (the same blends
    /// and Float operations) and only each row's last few pixels through the loop below. Measured reason
    /// (5 alternated rounds of 15-run medians): the Swift form blends in SSE2 halves and adds a touch glow
    /// lane by lane; through the kernel G1 (the tab bar's glass, mostly straight sides) takes 0.73–0.84 of
    /// its time and a pressed glass button frame 0.84–0.92.
    private func straightRows(_ lines: UnsafeMutableBufferPointer<StraightLine>, x0: Int, y0: Int, w: Int, h: Int,
                              frost: PixmapView) {
        var first = 0
        #if canImport(CLiquidKernels)
        if KernelSet.automatic.usesAVX2, w >= 8 {
            var cTone = kernelTone
            lk_glass_straight_rows_avx2(lines.baseAddress!, Int32(w), Int32(h), frost.base, Int32(frost.rowBytes),
                                        Int32(x0 - frostX), dst.row(y0) + 4 * x0, dst.rowBytes, &cTone, Int32(x0),
                                        Int32(y0), glowFloats, Int32(glows.count))
            first = w & ~7
            if first == w { return }
        }
        #endif
        for j in 0..<h {
            let line = lines[j]
            guard line.cover > 0 else { continue }
            let out = UnsafeMutableRawPointer(dst.row(y0 + j)) + 4 * x0
            let r0 = UnsafeRawPointer(frost.row(Int(line.first))) + 4 * (x0 - frostX)
            let r1 = UnsafeRawPointer(frost.row(Int(line.second))) + 4 * (x0 - frostX)
            var i = first
            let weight = SIMD8<UInt32>(repeating: line.weight), white = SIMD8<UInt32>(repeating: line.white)
            let cover = SIMD8<UInt32>(repeating: line.cover)
            let y = y0 + j
            let glow = !glows.isEmpty && rowHasGlow(y)
            let light = SIMD8<Float>(repeating: line.light)
            while i + 8 <= w {
                let p = tone.apply(PackedBlend.lerp(Self.load8(r0, 4 * i), Self.load8(r1, 4 * i), weight))
                let g = PackedBlend.lerp(p, SIMD8(repeating: 0xFFFF_FFFF), glow ? glowedWhite8(light, x0 + i, y) : white)
                out.storeBytes(of: PackedBlend.lerp(Self.load8(out, 4 * i), g, cover), toByteOffset: 4 * i,
                               as: SIMD8<UInt32>.self)
                i += 8
            }
            while i < w {
                let p = tone.apply(PackedBlend.lerp(r0.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self),
                                                    r1.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), line.weight))
                let g = PackedBlend.lerp(p, 0xFFFF_FFFF, glow ? glowedWhite(line.light, x0 + i, y) : line.white)
                let old = out.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
                out.storeBytes(of: PackedBlend.lerp(old, g, line.cover), toByteOffset: 4 * i, as: UInt32.self)
                i += 1
            }
        }
    }

    /// Left and right sides: each column has its own two frost columns and weights, the same on every row.
    private func straightColumns(_ lines: UnsafeMutableBufferPointer<StraightLine>, x0: Int, y0: Int, w: Int,
                                 h: Int, frost: PixmapView) {
        var i = 0
        while i + 8 <= w {
            var first = SIMD8<Int32>(), second = SIMD8<Int32>()
            var weight = SIMD8<UInt32>(), white = SIMD8<UInt32>(), cover = SIMD8<UInt32>()
            var light = SIMD8<Float>()
            for k in 0..<8 {
                let line = lines[i + k]
                first[k] = line.first; second[k] = line.second
                weight[k] = line.weight; white[k] = line.white; cover[k] = line.cover
                light[k] = line.light
            }
            if cover != SIMD8() {
                for j in 0..<h {
                    let y = y0 + j
                    let row = SIMD8<Int32>(repeating: Int32(y - frostY))
                    let out = UnsafeMutableRawPointer(dst.row(y)) + 4 * (x0 + i)
                    let p = tone.apply(PackedBlend.lerp(Self.gather(frost, first, row), Self.gather(frost, second, row),
                                                        weight))
                    let lit = !glows.isEmpty && rowHasGlow(y) ? glowedWhite8(light, x0 + i, y) : white
                    let g = PackedBlend.lerp(p, SIMD8(repeating: 0xFFFF_FFFF), lit)
                    out.storeBytes(of: PackedBlend.lerp(Self.load8(out, 0), g, cover), as: SIMD8<UInt32>.self)
                }
            }
            i += 8
        }
        for l in i..<w {
            let line = lines[l]
            guard line.cover > 0 else { continue }
            for j in 0..<h {
                let y = y0 + j
                let row = UnsafeRawPointer(frost.row(y - frostY))
                let out = UnsafeMutableRawPointer(dst.row(y)) + 4 * (x0 + l)
                let p = tone.apply(PackedBlend.lerp(row.loadUnaligned(fromByteOffset: 4 * Int(line.first), as: UInt32.self),
                                                    row.loadUnaligned(fromByteOffset: 4 * Int(line.second), as: UInt32.self),
                                                    line.weight))
                let lit = !glows.isEmpty && rowHasGlow(y) ? glowedWhite(line.light, x0 + l, y) : line.white
                let g = PackedBlend.lerp(p, 0xFFFF_FFFF, lit)
                out.storeBytes(of: PackedBlend.lerp(out.loadUnaligned(as: UInt32.self), g, line.cover), as: UInt32.self)
            }
        }
    }
}
