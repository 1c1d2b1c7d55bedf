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
    let dst: PixmapView
    /// The frosted backdrop and its origin in destination pixels (absent in the opaque modes).
    let frost: PixmapView?
    let frostX: Int, frostY: Int
    /// Opaque face colour (packed, tint already applied) for the accessibility modes.
    let face: UInt32?
    let tone: GlassTone
    let bevel: Float
    let bandLimit: Float
    /// Per-depth lookup, ``lutResolution`` entries per pixel of depth from 0 to `bandLimit` (+2): the
    /// refraction offsets (green/all, red, blue), the Fresnel white and the rim profile `rim·(1 − depth/w)²`.
    /// Five planes of `lutCount` floats.
    let lut: UnsafeMutablePointer<Float>
    let lutCount: Int
    let dispersion: Bool
    let lightX: Float, lightY: Float
    let rimIntensity: Float, rimWidth: Float, fresnel: Float
    let borderColor: UInt32, borderAlpha: Float, borderWidth: Float
    let glows: [SurfacePlan.Glow]
    /// Materialize progress as an opacity.
    let opacity: Float

    init(dst: PixmapView, frost: PixmapView?, frostX: Int, frostY: Int, face: UInt32?, tone: GlassTone,
         plan: SurfacePlan, bandLimit: Float, light: (Float, Float), rimIntensity: Float, rimWidth: Float,
         fresnel: Float, border: (color: UInt32, alpha: Float, width: Float), opacity: Float) {
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
        lut = UnsafeMutablePointer<Float>.allocate(capacity: 5 * count)
        let tables = [plan.table, plan.redTable ?? plan.table, plan.blueTable ?? plan.table]
        for i in 0..<count {
            let depth = Float(i) / Float(Self.lutResolution)
            for (plane, table) in tables.enumerated() {
                lut[plane * count + i] = table.offsets.withUnsafeBufferPointer { table.offset(atDepth: depth, $0.baseAddress!) }
            }
            let bevel = plan.bevel
            let u = bevel > 0 && depth < bevel && face == nil ? 1 - depth / bevel : 0
            lut[3 * count + i] = fresnel * u * u * u
            let v = depth < rimWidth ? 1 - depth / rimWidth : 0
            lut[4 * count + i] = rimIntensity * v * v
        }
        dispersion = plan.redTable != nil
        (lightX, lightY) = light
        self.rimIntensity = rimIntensity
        self.rimWidth = rimWidth
        self.fresnel = fresnel
        (borderColor, borderAlpha, borderWidth) = border
        glows = plan.glows
        self.opacity = opacity
    }

    /// Depth lookup entries per pixel.
    static let lutResolution = 4

    /// Frees the lookup table (call once when done).
    func release() { lut.deallocate() }

    /// `round(v)` for 0 ≤ v < 2²²: adding 1.5·2²³ leaves the rounded integer in the low mantissa bits.
    /// Measured reason: Swift's checked `Int(Float)` / `UInt32(Float)` conversions add a range check and trap
    /// per conversion; replacing them (with the depth lookup table below) took G2's band from 20.6 to
    /// 17.9 ms.
    @inline(__always)
    static func roundedIndex(_ v: Float) -> Int {
        Int(truncatingIfNeeded: (v + 12_582_912).bitPattern & 0x3F_FFFF)
    }

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
        let px = roundedIndex(cx * 256), py = roundedIndex(cy * 256)
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

    /// The white (Fresnel + rim) and border amounts at `depth` (fixed point, 1/256 of a lookup step) with
    /// outward normal (nx, ny).
    @inline(__always)
    func edgeLight(fixed: Int, depth: Float, nx: Float, ny: Float) -> (white: Float, border: Float) {
        let ndl = nx * lightX + ny * lightY
        let lit = ndl > 0 ? ndl * ndl : 0.4 * ndl * ndl
        let white = lookup(3, fixed) + lookup(4, fixed) * (0.2 + 0.8 * lit)
        let border = borderAlpha > 0 ? Swift.min(Swift.max(borderWidth - Swift.max(depth, 0), 0), 1) * borderAlpha : 0
        return (white, border)
    }

    /// White, border and the coverage × opacity weight, finishing one pixel over `old`.
    @inline(__always)
    func finish(_ glass: UInt32, old: UInt32, white: Float, border: Float, weight: UInt32) -> UInt32 {
        var g = glass
        if white > 0 {
            g = PackedBlend.lerp(g, 0xFFFF_FFFF, UInt32(truncatingIfNeeded: Self.roundedIndex(Swift.min(white, 1) * 256)))
        }
        if border > 0 { g = PackedBlend.lerp(g, borderColor, UInt32(truncatingIfNeeded: Self.roundedIndex(border * 256))) }
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
        if tone.isIdentity && !glow && weight >= 256 {
            // The flat interior is a plain copy of the frost.
            (out + 4 * x0).copyMemory(from: source, byteCount: 4 * (x1 - x0))
            return
        }
        for x in x0..<x1 {
            let g = tone.apply(source.loadUnaligned(fromByteOffset: 4 * (x - x0), as: UInt32.self))
            let old = weight >= 256 ? 0 : out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            out.storeBytes(of: finish(g, old: old, white: glow ? glowWhite(x, y) : 0, border: 0, weight: weight),
                           toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int) {
        let hasGlow = !glows.isEmpty
        let steps = Float(Self.lutResolution * 256)
        for j in 0..<h {
            let y = y0 + j
            let out = UnsafeMutableRawPointer(dst.row(y))
            let fc = field + (j + 1) * stride + 1
            let glowRow = hasGlow && rowHasGlow(y)
            for i in 0..<w {
                let d = fc[i]
                if d >= 0.5 { continue }
                let x = x0 + i
                let depth = -d
                let weight = UInt32(truncatingIfNeeded: Self.roundedIndex(Swift.min(1, 0.5 - d) * opacity * 256))
                let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                var g: UInt32
                var light: (white: Float, border: Float) = (0, 0)
                if depth < bandLimit {
                    let fixed = Self.roundedIndex(Swift.max(depth, 0) * steps)
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
                    light = edgeLight(fixed: fixed, depth: depth, nx: nx, ny: ny)
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
    }

    /// Straight sides: the depth, normal, refraction offset, edge light and weight are the same along a row
    /// (top and bottom sides) or a column (left and right sides), so they are computed once per line, and
    /// the bilinear sample reduces to a lerp between two frost rows (or columns) with a fixed weight.
    /// Measured reason (thread CPU time, medians of 15): without this path G1's band took 5.9 ms and its field
    /// 0.91 ms; with it 3.1 ms and 0.31 ms (149 k of G1's 220 k band pixels lie on the bar's straight sides).
    /// G2 (mostly circles): band 22.0 → 17.7 ms.
    mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {
        guard !dispersion, face == nil, glows.isEmpty, let frost else {
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
        // Per line: the two frost lines to blend, their weight, the edge light, the coverage weight and
        // whether the line is inside at all.
        let count = vertical ? w : h
        withUnsafeTemporaryAllocation(of: (Int, Int, UInt32, Float, UInt32, Bool).self, capacity: count) { lines in
            for l in 0..<count {
                let c = vertical ? Float(x0 + l) + 0.5 : Float(y0 + l) + 0.5
                let signed = c - centre
                let d = abs(signed) - half
                let inside = d < 0.5
                let depth = -d
                let normal: Float = signed < 0 ? -1 : 1
                let band = inside && depth < bandLimit
                let fixed = band ? Self.roundedIndex(Swift.max(depth, 0) * steps) : 0
                let offset = band ? lookup(0, fixed) : 0
                // Sample coordinate along the line's axis, in frost pixels.
                let base = vertical ? Float(x0 + l - frostX) : Float(y0 + l - frostY)
                let limit = Float((vertical ? frost.width : frost.height) - 1)
                let s = Swift.min(Swift.max(base - normal * offset, 0), limit)
                let position = Self.roundedIndex(s * 256)
                let i0 = position >> 8
                let i1 = Swift.min(i0 + 1, Int(limit))
                let wgt = UInt32(truncatingIfNeeded: position & 0xFF)
                let light = band ? edgeLight(fixed: fixed, depth: depth, nx: vertical ? normal : 0, ny: vertical ? 0 : normal)
                    : (white: Float(0), border: Float(0))
                let cover = UInt32(truncatingIfNeeded: Self.roundedIndex(Swift.min(Swift.max(0.5 - d, 0), 1) * opacity * 256))
                lines[l] = (i0, i1, wgt, light.white, cover, inside)
            }
            for j in 0..<h {
                let y = y0 + j
                let out = UnsafeMutableRawPointer(dst.row(y))
                if vertical {
                    let row = UnsafeRawPointer(frost.row(y - frostY))
                    for i in 0..<w {
                        let line = lines[i]
                        guard line.5 else { continue }
                        let x = x0 + i
                        let p = PackedBlend.lerp(row.loadUnaligned(fromByteOffset: 4 * line.0, as: UInt32.self),
                                                 row.loadUnaligned(fromByteOffset: 4 * line.1, as: UInt32.self), line.2)
                        let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        out.storeBytes(of: finish(tone.apply(p), old: old, white: line.3, border: 0, weight: line.4),
                                       toByteOffset: 4 * x, as: UInt32.self)
                    }
                } else {
                    let line = lines[j]
                    guard line.5 else { continue }
                    let r0 = UnsafeRawPointer(frost.row(line.0)) + 4 * (x0 - frostX)
                    let r1 = UnsafeRawPointer(frost.row(line.1)) + 4 * (x0 - frostX)
                    for i in 0..<w {
                        let x = x0 + i
                        let p = PackedBlend.lerp(r0.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self),
                                                 r1.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self), line.2)
                        let old = out.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                        out.storeBytes(of: finish(tone.apply(p), old: old, white: line.3, border: 0, weight: line.4),
                                       toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
            }
        }
    }
}
