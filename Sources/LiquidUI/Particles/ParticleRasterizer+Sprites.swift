import Foundation
import LiquidGeometry
import LiquidRaster

extension ParticleRasterizer {
    /// Draws an emitter's live, born particles: each as its group's sprite, scaled by the particle's scale,
    /// turned about its centre by its rotation, sampled bilinearly at device pixel centres (premultiplied,
    /// the atlas border reading as transparent), times the particle's alpha, composited source-over.
    ///
    /// Each row is clipped to the span where the sample lies on the sprite before the inner loop, which
    /// then steps the sample position in 16.16 fixed point (its drift over a row stays below 0.01 texel
    /// for any sprite under 600 device pixels across); samples whose four texels are all clear are skipped.
    static func drawSprites(_ group: ParticleGroup, _ motion: BallisticMotion, of store: ParticleStore,
                            into target: MutablePixmapView, origin: Point, scale: Double, box: inout Box) {
        let region = group.atlasRect
        let spriteWidth = region.width - 2, spriteHeight = region.height - 2
        guard spriteWidth > 0, spriteHeight > 0 else { return }
        let width = target.width, height = target.height
        let stride = target.rowBytes / 4
        let pixels = UnsafeMutableRawPointer(target.base).assumingMemoryBound(to: UInt32.self)
        let atlasWidth = ParticleStore.atlasWidth
        var minX = box.minX, minY = box.minY, maxX = box.maxX, maxY = box.maxY
        let homeX = scale * (group.frame.minX - origin.x), homeY = scale * (group.frame.minY - origin.y)
        store.texels.withUnsafeBufferPointer { texels in
            // Texel (0, 0) of the sprite, inside the one-texel border.
            let corner = texels.baseAddress! + (region.y + 1) * atlasWidth + region.x + 1
            for i in group.range {
                guard group.phase >= motion.birthTime(ofParticle: i - group.start) - ParticleStore.phaseTolerance else { continue }
                let alpha = motion.alpha(lifetime: Double(store.lifetime[i]))
                guard alpha > 0 else { continue }
                let a = UInt32((alpha * 256).rounded())
                let size = Double(store.scale[i])
                // Device pixels per texel, and the sprite's centre in device pixels.
                let zoom = scale * group.cellWidth * size
                let cx = homeX + scale * Double(store.offsetX[i]), cy = homeY + scale * Double(store.offsetY[i])
                guard zoom > 1e-6, zoom < 1e4, abs(cx) < 1e7, abs(cy) < 1e7 else { continue }
                let angle = Double(store.rotation[i])
                let c = cos(angle), s = sin(angle)
                let halfW = zoom * Double(spriteWidth) / 2, halfH = zoom * Double(spriteHeight) / 2
                let extentX = abs(c) * halfW + abs(s) * halfH, extentY = abs(s) * halfW + abs(c) * halfH
                let rowFirst = Swift.max(0, Int(Swift.max(-1, (cy - extentY).rounded(.down))))
                let rowLast = Swift.min(height - 1, Int(Swift.min(Double(height), (cy + extentY).rounded(.up))))
                let columnFirst = Swift.max(0, Int(Swift.max(-1, (cx - extentX).rounded(.down))))
                let columnLast = Swift.min(width - 1, Int(Swift.min(Double(width), (cx + extentX).rounded(.up))))
                guard rowFirst <= rowLast, columnFirst <= columnLast else { continue }
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
                    let row = pixels + y * stride
                    var drawnFirst = Int.max, drawnLast = Int.min
                    for x in xFirst...xLast {
                        let iu = u >> 16, iv = v >> 16
                        let fu = UInt32((u >> 8) & 0xFF), fv = UInt32((v >> 8) & 0xFF)
                        u += du; v += dv
                        // A rounding at the span's ends may land a sample just off the sprite: skipped, so
                        // nothing outside the bordered sprite is ever read.
                        guard iu >= -1, iu < spriteWidth, iv >= -1, iv < spriteHeight else { continue }
                        let t = corner + iv * atlasWidth + iu
                        let t00 = t[0], t10 = t[1], t01 = t[atlasWidth], t11 = t[atlasWidth + 1]
                        guard (t00 | t10 | t01 | t11) != 0 else { continue }
                        var p = lerp(lerp(t00, t10, fu), lerp(t01, t11, fu), fv)
                        if a < 256 { p = spriteScaled(p, by: a) }
                        guard p != 0 else { continue }
                        row[x] = spriteOver(p, row[x])
                        drawnFirst = Swift.min(drawnFirst, x); drawnLast = x
                    }
                    if drawnFirst <= drawnLast {
                        minX = Swift.min(minX, drawnFirst); maxX = Swift.max(maxX, drawnLast)
                        minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
                    }
                }
            }
        }
        box = Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// A packed premultiplied pixel times `a`/256 (a ≤ 256), per channel.
    @inline(__always)
    static func spriteScaled(_ p: UInt32, by a: UInt32) -> UInt32 {
        let rb = ((p & 0x00FF_00FF) &* a) >> 8 & 0x00FF_00FF
        let ga = ((p >> 8) & 0x00FF_00FF) &* a & 0xFF00_FF00
        return rb | ga
    }

    /// Source-over of packed premultiplied pixels: `s + d·(256 − αs)/256` per channel.
    @inline(__always)
    static func spriteOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        spriteScaled(d, by: 256 - (s >> 24)) &+ s
    }

    /// `a + (b − a)·f/256` per channel of packed premultiplied pixels (f ≤ 255): a premultiplied pixel again.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 - f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8 & 0x00FF_00FF
        let ga = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return rb | ga
    }
}
