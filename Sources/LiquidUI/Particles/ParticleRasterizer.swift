import CLiquidKernels
import LiquidGeometry
import LiquidRaster

/// Draws a ``ParticleStore``'s particles into pixels: each particle as its atlas texel (premultiplied)
/// times its alpha, composited source-over, as one device pixel — or, for coarser particles, a block the
/// size of its cell — whose top-left is the particle's position rounded to the nearest pixel. An emitter's
/// particles are drawn as rotated, scaled sprites instead (see `drawSprites`).
///
/// The arithmetic, exactly: a particle is drawn when its lifetime is above 0; its position is computed in
/// `Float` (home plus offset times the scale, plus ½; a dissolving particle's offset is its velocity times
/// its column's travel, plus gravity times the column's fall in y — see ``DissolveSweep``) and truncated; its alpha is `a = 256` from
/// ``ParticleDissolve/fadeLifetime`` up and `⌊lifetime · 256 / fadeLifetime⌋` below it; each channel of its
/// colour (its atlas texel, which the store keeps a copy of per particle) becomes `⌊c · a / 256⌋`, and source-over gives `s + ⌊d · (256 − αs) / 256⌋` per channel. Particles
/// are drawn in store order, so where several land on one pixel the later one is on top.
///
/// The per-particle loop is a C kernel (`lk_particles_draw`): a 300×300 pt item at 3× is 810,000 particles
/// a frame. It works in runs of particles: one branch-free loop (which the compiler vectorizes) computes
/// their pixels and colours from the store's columns, a second writes them in store order. An opaque
/// result is stored without loading the destination pixel first (source-over of alpha 255 is the source
/// itself), which spares the frame a cache miss per particle (docs/particles.md, "Cost").
package enum ParticleRasterizer {
    /// Draws every live particle of `store` into `target`, whose pixel (0, 0) is the point `origin` of
    /// the drawing coordinates, at `scale` pixels per point.
    /// - Returns: the pixels drawn into (their bounding box), or `nil` when nothing was drawn.
    @discardableResult
    package static func draw(_ store: ParticleStore, into target: MutablePixmapView, origin: Point = Point(0, 0),
                             scale: Double) -> PixelRect? {
        var pieces: [PixelRect] = []
        return draw(store, into: target, origin: origin, scale: scale, pieces: &pieces)
    }

    /// ``draw(_:into:origin:scale:)``, also appending to `pieces` the bounding box of each part drawn: one
    /// per emitted particle (its sprite's pixels) and one per dissolving group. Every pixel drawn into lies
    /// in one of them, so clearing them all clears the drawing (see ``redraw(_:into:clearing:origin:scale:)``).
    @discardableResult
    package static func draw(_ store: ParticleStore, into target: MutablePixmapView, origin: Point = Point(0, 0),
                             scale: Double, pieces: inout [PixelRect]) -> PixelRect? {
        guard scale.isFinite, scale > 0, origin.isFinite, target.width > 0, target.height > 0 else { return nil }
        var box = Box()
        for group in store.groups where group.count > 0 {
            switch group.motion {
            case .dissolve:
                var part = Box()
                draw(group, of: store, into: target, origin: origin, scale: scale, box: &part)
                if let rect = part.rect { pieces.append(rect) }
                box.include(part)
            case .ballistic(let motion):
                drawSprites(group, motion, of: store, into: target, origin: origin, scale: scale, box: &box,
                            pieces: &pieces)
            }
        }
        return box.rect
    }

    /// Clears `old` (the pieces an earlier draw into `target` returned) and draws the store again: the
    /// result equals a draw into a clear target byte for byte, since nothing was drawn outside `old`.
    /// Only the pieces are touched, never the rest of the target.
    /// - Returns: the new pieces (see ``draw(_:into:origin:scale:pieces:)``).
    package static func redraw(_ store: ParticleStore, into target: MutablePixmapView, clearing old: [PixelRect],
                               origin: Point = Point(0, 0), scale: Double) -> [PixelRect] {
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        for rect in old {
            if let inside = rect.intersection(whole) { target.region(inside).fill(.transparent) }
        }
        var pieces: [PixelRect] = []
        pieces.reserveCapacity(old.count)
        draw(store, into: target, origin: origin, scale: scale, pieces: &pieces)
        return pieces
    }

    /// The bounding box of drawn pixels.
    struct Box {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var rect: PixelRect? {
            minX <= maxX ? PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) : nil
        }

        /// Grows to hold `other` too.
        mutating func include(_ other: Box) {
            minX = Swift.min(minX, other.minX); minY = Swift.min(minY, other.minY)
            maxX = Swift.max(maxX, other.maxX); maxY = Swift.max(maxY, other.maxY)
        }
    }

    private static func draw(_ group: ParticleGroup, of store: ParticleStore, into target: MutablePixmapView,
                             origin: Point, scale: Double, box: inout Box) {
        let cellX = scale * group.cellWidth, cellY = scale * group.cellHeight
        // Device position of texel column c: baseX + c·cellX (+ 0.5 so truncation rounds to nearest).
        let baseX = scale * (group.frame.minX - origin.x) - Double(group.atlasRect.x) * cellX + 0.5
        let baseY = scale * (group.frame.minY - origin.y) - Double(group.atlasRect.y) * cellY + 0.5
        guard abs(baseX) < 1e7, abs(baseY) < 1e7, cellX < 1e6, cellY < 1e6,
              target.width < Int(Int32.max) - 65_536, target.height < Int(Int32.max) - 65_536,
              target.rowBytes / 4 <= Int(Int32.max) else { return }
        let blockW = Swift.max(1, Int(cellX.rounded())), blockH = Swift.max(1, Int(cellY.rounded()))
        // Positions carry a bias of 65,536 pixels so that truncation is a floor over the range kept: the
        // kernel tests them in Float before any conversion, so a particle far away is skipped, never
        // converted.
        var setup = lk_particle_draw(
            baseX: Float(baseX) + 65_536, baseY: Float(baseY) + 65_536, cellX: Float(cellX), cellY: Float(cellY),
            fadeLifetime: Float(ParticleDissolve.fadeLifetime), fade: Float(256 / ParticleDissolve.fadeLifetime),
            blockWidth: Int32(blockW), blockHeight: Int32(blockH),
            width: Int32(target.width), height: Int32(target.height), stride: Int32(target.rowBytes / 4))
        var bounds: [Int32] = [Int32(clamping: box.minX), Int32(clamping: box.minY),
                               Int32(clamping: box.maxX), Int32(clamping: box.maxY)]
        let pixels = UnsafeMutableRawPointer(target.base).assumingMemoryBound(to: UInt32.self)
        let s = group.start
        // The sweep's per-column sums as the kernel reads them, indexed by atlas column (so a particle's
        // texel column is the index); columns left of the group's are never read.
        let x0 = group.atlasRect.x, columns = group.sweep.columns, length = x0 + columns
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * length) { tables in
            let travel = tables.baseAddress!, fall = travel + length, spent = fall + length
            let gravity = ParticleDissolve.gravity * scale
            for c in 0..<columns {
                let k = group.sweep.travel[c]
                travel[x0 + c] = Float(k * scale)
                fall[x0 + c] = Float(gravity * group.sweep.fall[c])
                spent[x0 + c] = Float(k)
            }
            // Measured reason for the kernel: perf put half of the Swift loop's samples on the load of the
            // destination pixel and most of the rest on per-particle checks and arithmetic.
            lk_particles_draw(&setup, store.velocityX + s, store.velocityY + s, store.lifetime + s,
                              store.texelX + s, store.texelY + s, store.color + s, travel, fall, spent,
                              Int64(group.count), pixels, &bounds)
        }
        if bounds[0] <= bounds[2] {
            box = Box(minX: Int(bounds[0]), minY: Int(bounds[1]), maxX: Int(bounds[2]), maxY: Int(bounds[3]))
        }
    }
}
