import Foundation
import LiquidGeometry
import LiquidRaster

extension ParticleRasterizer {
    /// Draws an emitter's live, born particles: each as its group's sprite, scaled by the particle's scale,
    /// turned about its centre by its rotation, sampled bilinearly at device pixel centres (premultiplied,
    /// the atlas border reading as transparent), times the particle's alpha, composited source-over.
    /// Each particle's drawn pixels (their bounding box) are appended to `pieces`.
    ///
    /// The arithmetic, exactly (all of it ``PackedBlend``'s): the sample position is in 16.16 fixed point
    /// and its fractions f, g are its bits 8…15 (0…255); the sample is
    /// `PackedBlend.lerp(lerp(t00, t10, f), lerp(t01, t11, f), g)` (rounded to nearest); a particle of alpha
    /// α < 1 scales it by `PackedBlend.scaledTruncating` with a = round(256·α); it lands by
    /// `PackedBlend.overTruncating` — the same truncating scale and source-over as the dissolve's particles.
    ///
    /// Each row is clipped to the span where the sample lies on the sprite before the inner loop, which
    /// then steps the sample position in 16.16 fixed point (its drift over a row stays below 0.01 texel
    /// for any sprite under 600 device pixels across); samples whose four texels are all clear are skipped.
    /// Where eight samples in a row all lie on the sprite, they are taken at once with ``PackedBlend``'s
    /// eight-lane forms (the same arithmetic, bit for bit; only the four texel loads stay per lane), and
    /// eight opaque results are stored without reading the destination. The sprite (with its border) is
    /// first copied out of the atlas into a buffer of its own width: a turned sprite's samples walk across
    /// its rows, which in the atlas lie 8 KiB apart, a page each.
    static func drawSprites(_ group: ParticleGroup, _ motion: BallisticMotion, of store: ParticleStore,
                            into target: MutablePixmapView, origin: Point, scale: Double, box: inout Box,
                            pieces: inout [PixelRect]) {
        let region = group.atlasRect
        let spriteWidth = region.width - 2, spriteHeight = region.height - 2
        guard spriteWidth > 0, spriteHeight > 0 else { return }
        let width = target.width, height = target.height
        let stride = target.rowBytes / 4
        let pixels = UnsafeMutableRawPointer(target.base).assumingMemoryBound(to: UInt32.self)
        let atlasWidth = ParticleStore.atlasWidth
        let homeX = scale * (group.frame.minX - origin.x), homeY = scale * (group.frame.minY - origin.y)
        // Rows of the compact copy, texels apart.
        let pitch = region.width
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        guard group.range.contains(where: { store.lifetime[$0] > 0 }) else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: region.width * region.height) { copy in
            store.texels.withUnsafeBufferPointer { texels in
                for row in 0..<region.height {
                    let from = texels.baseAddress! + (region.y + row) * atlasWidth + region.x
                    (copy.baseAddress! + row * pitch).initialize(from: from, count: pitch)
                }
            }
            // Texel (0, 0) of the sprite, inside the one-texel border.
            let corner = UnsafePointer(copy.baseAddress! + pitch + 1)
            for i in group.range {
                guard group.phase >= motion.birthTime(ofParticle: i - group.start) - ParticleStore.phaseTolerance else { continue }
                let alpha = motion.alpha(lifetime: Double(store.lifetime[i]))
                guard alpha > 0 else { continue }
                let a = UInt32((alpha * 256).rounded())
                let size = Double(store.scale[i])
                // Device pixels per texel, and the sprite's centre in device pixels.
                let zoom = scale * group.cellWidth * size
                let cx = homeX + scale * Double(store.offsetX[i]), cy = homeY + scale * Double(store.offsetY[i])
                let angle = Double(store.rotation[i])
                // A non-finite rotation (a float overflowed to infinity) would make the sample positions NaN.
                guard zoom > 1e-6, zoom < 1e4, abs(cx) < 1e7, abs(cy) < 1e7, angle.isFinite else { continue }
                let c = cos(angle), s = sin(angle)
                let halfW = zoom * Double(spriteWidth) / 2, halfH = zoom * Double(spriteHeight) / 2
                let extentX = abs(c) * halfW + abs(s) * halfH, extentY = abs(s) * halfW + abs(c) * halfH
                let rowFirst = Swift.max(0, Int(Swift.max(-1, (cy - extentY).rounded(.down))))
                let rowLast = Swift.min(height - 1, Int(Swift.min(Double(height), (cy + extentY).rounded(.up))))
                let columnFirst = Swift.max(0, Int(Swift.max(-1, (cx - extentX).rounded(.down))))
                let columnLast = Swift.min(width - 1, Int(Swift.min(Double(width), (cx + extentX).rounded(.up))))
                guard rowFirst <= rowLast, columnFirst <= columnLast else { continue }
                var part = Box()
                // Sample position (texel centres at integers) of device pixel (x, y):
                // u = u0 + x·du + y·dv_u, v = v0 + x·du_v + y·dv — the inverse rotation, over the zoom.
                let k = 1 / zoom
                let uPerX = k * c, vPerX = -k * s, uPerY = k * s, vPerY = k * c
                let u0 = Double(spriteWidth) / 2 - 0.5 + (0.5 - cx) * uPerX + (0.5 - cy) * uPerY
                let v0 = Double(spriteHeight) / 2 - 0.5 + (0.5 - cx) * vPerX + (0.5 - cy) * vPerY
                let uHigh = Double(spriteWidth), vHigh = Double(spriteHeight)
                for y in rowFirst...rowLast {
                    let uStart = u0 + Double(y) * uPerY, vStart = v0 + Double(y) * vPerY
                    // The x range where −1 < u < width and −1 < v < height.
                    var low = Double(columnFirst), high = Double(columnLast)
                    func clip(_ start: Double, _ slope: Double, _ upper: Double) {
                        if abs(slope) < 1e-12 {
                            if !(start > -1 && start < upper) { low = 1; high = 0 }
                            return
                        }
                        let a = (-1 - start) / slope, b = (upper - start) / slope
                        low = Swift.max(low, Swift.min(a, b).rounded(.up))
                        high = Swift.min(high, Swift.max(a, b).rounded(.down))
                    }
                    clip(uStart, uPerX, uHigh)
                    clip(vStart, vPerX, vHigh)
                    guard low <= high else { continue }
                    let xFirst = Int(low), xLast = Int(high)
                    var u = Int(((uStart + Double(xFirst) * uPerX) * 65_536).rounded())
                    var v = Int(((vStart + Double(xFirst) * vPerX) * 65_536).rounded())
                    let du = Int((uPerX * 65_536).rounded()), dv = Int((vPerX * 65_536).rounded())
                    // u and v stay within a texel or two of the sprite (zoom > 1e-6, centres within 1e7
                    // pixels), far from Int's limits, so the wrapping arithmetic below never wraps.
                    let row = pixels + y * stride
                    var drawnFirst = Int.max, drawnLast = Int.min
                    // Whether sample (u, v) lies on the bordered sprite. The samples of a row are linear in
                    // x, so when the first and the last of a chunk do, every one between does.
                    @inline(__always) func onSprite(_ u: Int, _ v: Int) -> Bool {
                        let iu = u >> 16, iv = v >> 16
                        return iu >= -1 && iu < spriteWidth && iv >= -1 && iv < spriteHeight
                    }
                    var x = xFirst
                    let end = xLast + 1
                    while x < end {
                        if end - x >= 8, onSprite(u, v), onSprite(u &+ 7 &* du, v &+ 7 &* dv) {
                            // Eight pixels at once, bit-identical to the pixel loop below: a lane whose
                            // sample is clear gets d + 0 = d, as if skipped.
                            let us = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: u)) &+ lanes &* Int32(truncatingIfNeeded: du)
                            let vs = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: v)) &+ lanes &* Int32(truncatingIfNeeded: dv)
                            u &+= 8 &* du; v &+= 8 &* dv
                            let offsets = (vs &>> 16) &* Int32(truncatingIfNeeded: pitch) &+ (us &>> 16)
                            var t00 = SIMD8<UInt32>(), t10 = SIMD8<UInt32>(), t01 = SIMD8<UInt32>(), t11 = SIMD8<UInt32>()
                            for k in 0..<8 {
                                let t = corner + Int(offsets[k])
                                t00[k] = t[0]; t10[k] = t[1]; t01[k] = t[pitch]; t11[k] = t[pitch &+ 1]
                            }
                            defer { x += 8 }
                            guard (t00 | t10 | t01 | t11) != SIMD8(repeating: 0) else { continue }
                            let fu = SIMD8<UInt32>(truncatingIfNeeded: (us &>> 8) & 0xFF)
                            let fv = SIMD8<UInt32>(truncatingIfNeeded: (vs &>> 8) & 0xFF)
                            var p = PackedBlend.lerp(PackedBlend.lerp(t00, t10, fu), PackedBlend.lerp(t01, t11, fu), fv)
                            if a < 256 { p = PackedBlend.scaledTruncating(p, by: SIMD8(repeating: a)) }
                            guard p != SIMD8(repeating: 0) else { continue }
                            let out = UnsafeMutableRawPointer(row + x)
                            if (p &>> 24) == SIMD8(repeating: 255) {
                                // Opaque everywhere: source-over gives the source, so the destination is not read.
                                out.storeBytes(of: p, as: SIMD8<UInt32>.self)
                            } else {
                                let d = UnsafeRawPointer(out).loadUnaligned(as: SIMD8<UInt32>.self)
                                out.storeBytes(of: PackedBlend.overTruncating(p, d), as: SIMD8<UInt32>.self)
                            }
                            var first = 0, last = 7
                            while p[first] == 0 { first += 1 }
                            while p[last] == 0 { last -= 1 }
                            drawnFirst = Swift.min(drawnFirst, x + first); drawnLast = x + last
                            continue
                        }
                        let iu = u >> 16, iv = v >> 16
                        let fu = UInt32((u >> 8) & 0xFF), fv = UInt32((v >> 8) & 0xFF)
                        u &+= du; v &+= dv
                        defer { x += 1 }
                        // A rounding at the span's ends may land a sample just off the sprite: skipped, so
                        // nothing outside the bordered sprite is ever read.
                        guard iu >= -1, iu < spriteWidth, iv >= -1, iv < spriteHeight else { continue }
                        let t = corner + (iv &* pitch &+ iu)
                        let t00 = t[0], t10 = t[1], t01 = t[pitch], t11 = t[pitch &+ 1]
                        guard (t00 | t10 | t01 | t11) != 0 else { continue }
                        var p = PackedBlend.lerp(PackedBlend.lerp(t00, t10, fu), PackedBlend.lerp(t01, t11, fu), fv)
                        if a < 256 { p = PackedBlend.scaledTruncating(p, by: a) }
                        guard p != 0 else { continue }
                        row[x] = PackedBlend.overTruncating(p, row[x])
                        drawnFirst = Swift.min(drawnFirst, x); drawnLast = x
                    }
                    if drawnFirst <= drawnLast {
                        part.minX = Swift.min(part.minX, drawnFirst); part.maxX = Swift.max(part.maxX, drawnLast)
                        part.minY = Swift.min(part.minY, y); part.maxY = Swift.max(part.maxY, y)
                    }
                }
                if let rect = part.rect {
                    pieces.append(rect)
                    box.include(part)
                }
            }
        }
    }
}
