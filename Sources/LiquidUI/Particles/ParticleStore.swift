import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// Particles of every emitter in one place, stored as a structure of arrays, with one atlas of the
/// emitters' source images.
///
/// Several emissions (``ParticleGroup``s — one per dissolving item) share the store: each is a contiguous
/// run of particles and a shelf-packed region of the atlas (``ShelfAtlas``). A dissolving particle is three
/// `Float`s — its initial velocity x, y (points per second) and initial lifetime (seconds) — two `UInt16`s,
/// the atlas texel it shows, which is also its home (its column and row in the source image), and a copy of
/// that texel's colour (`UInt32`, premultiplied; see ``color``): **20 bytes per particle**, none of which
/// a step writes. Where it is now follows in closed form from those and its column's travel and fall
/// (``DissolveSweep``, kept per group): a step updates one pair of numbers per column instead of every
/// particle. Emitters' particles (``BallisticMotion``) are stepped one by one and also have an offset
/// (x, y), a scale and a rotation: four more `Float` columns that exist only once the store has had an
/// emitter (16 more bytes a particle); for them ``velocityX``, ``velocityY`` and ``lifetime`` are the
/// present values. The atlas holds one premultiplied RGBA8 texel per cell of each source image, at most
/// ``atlasWidth`` × ``atlasMaximumHeight`` (16 MiB).
///
/// Storage is `Float`, not `Float16` or fixed point: velocities and lifetimes are stored once and the
/// sweep's sums are `Double`, so a particle's position is within 0.001 pt of a `Double` reference over a
/// whole dissolve (the tests check 0.01 pt), while `Float16` has a spacing of 0.125 pt at 256 pt — a third
/// of a pixel at 3×.
///
/// ## The cap and coarser particles
/// The store never holds more than ``capacity`` particles (at least 1,048,576 by default). When a new item
/// would take the total past the cap, it is made coarser: one particle per k×k block of source pixels
/// (k = 2, 3, …, the smallest that fits what is left of the cap and of the atlas), carrying the block's
/// average premultiplied colour (its average coverage in alpha) and drawn as a k×k block. An item for
/// which not even one particle fits gets none (it simply disappears). Memory is therefore bounded by
/// 20 bytes × ``capacity`` plus the atlas (36 bytes once the store has had an emitter), whatever is dissolved.
public final class ParticleStore {
    /// The default cap on the particle count: 1,048,576.
    public static let defaultCapacity = 1 << 20
    /// Bytes one particle takes.
    public static let bytesPerParticle = 3 * MemoryLayout<Float>.size + 2 * MemoryLayout<UInt16>.size
        + MemoryLayout<UInt32>.size
    /// Bytes the emitter columns (offset x and y, scale, rotation) add to each particle once allocated.
    static let emitterBytesPerParticle = 4 * MemoryLayout<Float>.size
    /// Width of the atlas, texels.
    public static let atlasWidth = 2048
    /// Most height of the atlas, texels.
    public static let atlasMaximumHeight = 2048
    /// The largest coordinate (magnitude) a frame may have, points.
    public static let maximumCoordinate = 1_000_000.0
    /// The longest step accepted, seconds.
    public static let maximumStep = 0.25

    /// Phases are sums of steps, so an end is reached within this many seconds of it (480 steps of 1/120 s
    /// add up to 4 s less a rounding error).
    package static let phaseTolerance = 1e-9

    /// The cap on the number of particles.
    public let capacity: Int
    /// The particles alive in every group (dead ones included until their group is removed).
    public private(set) var count = 0
    /// The groups, in the order of their particles.
    package private(set) var groups: [ParticleGroup] = []
    /// The packing of the atlas.
    package private(set) var atlas: ShelfAtlas
    /// The atlas texels, premultiplied RGBA8 packed as `UInt32` (R in the low byte), ``atlasWidth`` per
    /// row, as many rows as the atlas uses.
    package private(set) var texels: [UInt32] = []
    /// How many particles the columns have room for.
    private var allocated = 0
    private var nextGroupID = 0
    /// Whether ``offsetX``, ``offsetY``, ``scale`` and ``rotation`` are allocated.
    private var hasEmitterColumns = false

    // The columns (each `allocated` long; `count` in use).
    /// Velocity x and y (points per second) and lifetime (seconds): a dissolving particle's initial
    /// values (see ``offset(ofParticle:)`` for where it is now), an emitted particle's present ones.
    package private(set) var velocityX: UnsafeMutablePointer<Float>
    package private(set) var velocityY: UnsafeMutablePointer<Float>
    package private(set) var lifetime: UnsafeMutablePointer<Float>
    package private(set) var texelX: UnsafeMutablePointer<UInt16>
    package private(set) var texelY: UnsafeMutablePointer<UInt16>
    /// The colour of the particle's atlas texel (premultiplied RGBA8 packed as in ``texels``), copied when
    /// the particle is made (0 for an emitter's particle, which is drawn from its sprite). The draw reads it
    /// from here, in store order, instead of from the atlas: that lets the draw compute a run of particles'
    /// pixels and colours as one vectorizable loop (measured: a gather from the atlas keeps the compiler
    /// from vectorizing it, and the loop then costs more than the whole draw it replaces).
    package private(set) var color: UnsafeMutablePointer<UInt32>
    /// Emitted particles only: offset from home (points), size relative to the sprite, and rotation
    /// (radians). Allocated (to the same length as the other columns) once the first emitter is added;
    /// until then of length 0. A dissolving particle's entries are unused.
    package private(set) var offsetX: UnsafeMutablePointer<Float>
    package private(set) var offsetY: UnsafeMutablePointer<Float>
    package private(set) var scale: UnsafeMutablePointer<Float>
    package private(set) var rotation: UnsafeMutablePointer<Float>

    /// An empty store holding at most ``defaultCapacity`` particles.
    public convenience init() {
        self.init(checkedCapacity: Self.defaultCapacity)
    }

    /// An empty store holding at most `capacity` particles.
    /// - Throws: `LiquidError` unless `capacity` is 1…16,777,216.
    public convenience init(capacity: Int) throws(LiquidError) {
        guard (1...(1 << 24)).contains(capacity) else {
            throw .invalidParameter("particle capacity must be 1…16777216; got \(capacity)")
        }
        self.init(checkedCapacity: capacity)
    }

    private init(checkedCapacity capacity: Int) {
        self.capacity = capacity
        atlas = ShelfAtlas(validWidth: Self.atlasWidth, maximumHeight: Self.atlasMaximumHeight)
        offsetX = .allocate(capacity: 0); offsetY = .allocate(capacity: 0)
        velocityX = .allocate(capacity: 0); velocityY = .allocate(capacity: 0)
        lifetime = .allocate(capacity: 0)
        texelX = .allocate(capacity: 0); texelY = .allocate(capacity: 0); color = .allocate(capacity: 0)
        scale = .allocate(capacity: 0); rotation = .allocate(capacity: 0)
    }

    deinit {
        offsetX.deallocate(); offsetY.deallocate(); velocityX.deallocate(); velocityY.deallocate()
        lifetime.deallocate(); texelX.deallocate(); texelY.deallocate(); color.deallocate(); scale.deallocate(); rotation.deallocate()
    }

    /// The number of groups (dissolving items) in the store.
    public var groupCount: Int { groups.count }

    /// Bytes held for particles and the atlas now.
    public var memoryInUse: Int {
        allocated * (Self.bytesPerParticle + (hasEmitterColumns ? Self.emitterBytesPerParticle : 0)) + texels.count * 4
    }

    /// The premultiplied colour of particle `index` (its atlas texel).
    package func color(ofParticle index: Int) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(packed: texels[Int(texelY[index]) * Self.atlasWidth + Int(texelX[index])])
    }

    // MARK: - Adding a dissolve

    /// Starts dissolving `image`, shown at `frame` (points, in the drawing coordinates), with the
    /// generator seeded by `seed` (every seed is valid): one particle per non-transparent pixel, or per
    /// k×k block past the cap (see the type's overview).
    /// - Returns: the new group, or `nil` when the image has no visible pixel or not one particle fits.
    /// - Throws: `LiquidError` for a frame that is not finite, not of positive size, or beyond
    ///   ±``maximumCoordinate``.
    @discardableResult
    package func addDissolve(image: Pixmap, frame: Rect, seed: UInt64) throws(LiquidError) -> ParticleGroup? {
        guard frame.isFinite, frame.size.width > 0, frame.size.height > 0,
              abs(frame.minX) <= Self.maximumCoordinate, abs(frame.minY) <= Self.maximumCoordinate,
              abs(frame.maxX) <= Self.maximumCoordinate, abs(frame.maxY) <= Self.maximumCoordinate else {
            throw .invalidParameter("a dissolve's frame must be finite, of positive size and within ±\(Int(Self.maximumCoordinate)) points; got \(frame)")
        }
        let budget = capacity - count
        guard budget > 0, let (k, cells, visible) = coarseness(of: image, budget: budget),
              let region = atlas.place(width: cells.width, height: cells.height) else { return nil }
        // Grow the atlas texels to the rows in use.
        let rows = atlas.usedHeight
        if texels.count < rows * Self.atlasWidth {
            texels.append(contentsOf: repeatElement(0, count: rows * Self.atlasWidth - texels.count))
        }
        reserve(count + visible)
        var random = SplitMix64(seed: seed)
        let start = count
        image.withView { source in
            for row in 0..<cells.height {
                for column in 0..<cells.width {
                    let color = Self.average(source, x: column * k, y: row * k, size: k)
                    texels[(region.y + row) * Self.atlasWidth + region.x + column] = color
                    guard color >> 24 != 0 else { continue }
                    let angle = random.uniform(0, 2 * Double.pi)
                    let speed = random.uniform(ParticleDissolve.minimumSpeed, ParticleDissolve.maximumSpeed)
                    let life = random.uniform(ParticleDissolve.minimumLifetime, ParticleDissolve.maximumLifetime)
                    let i = count
                    if hasEmitterColumns { offsetX[i] = 0; offsetY[i] = 0 }
                    velocityX[i] = Float(speed * cos(angle))
                    velocityY[i] = Float(speed * sin(angle))
                    lifetime[i] = Float(life)
                    texelX[i] = UInt16(region.x + column)
                    texelY[i] = UInt16(region.y + row)
                    self.color[i] = color
                    count += 1
                }
            }
        }
        var group = ParticleGroup(
            id: nextGroupID, start: start, count: count - start, atlasRect: region, frame: frame, blockSize: k,
            cellWidth: frame.width / Double(image.width) * Double(k),
            cellHeight: frame.height / Double(image.height) * Double(k), motion: .dissolve)
        group.sweep = DissolveSweep(columns: cells.width)
        nextGroupID += 1
        groups.append(group)
        return group
    }

    /// The block size, cell grid and particle count for `image` within `budget` particles and the atlas:
    /// k = 1 when it fits, else the smallest k that does; `nil` when none does.
    private func coarseness(of image: Pixmap, budget: Int) -> (Int, (width: Int, height: Int), Int)? {
        let w = image.width, h = image.height
        let full = Self.visibleCells(of: image, size: 1)
        guard full > 0 else { return nil }
        // A k×k block holds at most k² visible pixels, so no k below √(visible / budget) can fit.
        var k = Swift.max(1, Int((Double(full) / Double(budget)).squareRoot().rounded(.down)))
        while k <= Swift.max(w, h) {
            let cells = (width: (w + k - 1) / k, height: (h + k - 1) / k)
            if atlas.canPlace(width: cells.width, height: cells.height) {
                let visible = k == 1 ? full : Self.visibleCells(of: image, size: k)
                if visible <= budget { return (k, cells, visible) }
            }
            k += 1
        }
        return nil
    }

    /// How many k×k blocks of `image` hold a pixel with alpha above 0.
    private static func visibleCells(of image: Pixmap, size k: Int) -> Int {
        let w = image.width, h = image.height
        let columns = (w + k - 1) / k
        var seen = [Bool](repeating: false, count: columns)
        var total = 0
        image.withView { view in
            for blockRow in stride(from: 0, to: h, by: k) {
                for i in 0..<columns { seen[i] = false }
                for y in blockRow..<Swift.min(blockRow + k, h) {
                    let row = view.row(y)
                    for x in 0..<w where row[4 * x + 3] != 0 { seen[x / k] = true }
                }
                for flag in seen where flag { total += 1 }
            }
        }
        return total
    }

    /// The average premultiplied colour of the `size`×`size` block at (`x`, `y`) (the part inside the
    /// image), packed.
    private static func average(_ view: PixmapView, x: Int, y: Int, size k: Int) -> UInt32 {
        if k == 1 {
            let p = view.row(y) + 4 * x
            return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
        }
        var sum = (0, 0, 0, 0), n = 0
        for yy in y..<Swift.min(y + k, view.height) {
            let row = view.row(yy)
            for xx in x..<Swift.min(x + k, view.width) {
                let p = row + 4 * xx
                sum.0 += Int(p[0]); sum.1 += Int(p[1]); sum.2 += Int(p[2]); sum.3 += Int(p[3])
                n += 1
            }
        }
        func mean(_ s: Int) -> UInt32 { UInt32((s + n / 2) / n) }
        // Rounding each mean alike keeps every channel at most the alpha mean.
        return mean(sum.0) | mean(sum.1) << 8 | mean(sum.2) << 16 | mean(sum.3) << 24
    }

    /// Makes the columns hold at least `needed` particles (at most ``capacity``), keeping their contents.
    private func reserve(_ needed: Int) {
        guard needed > allocated else { return }
        let size = Swift.min(Swift.max(needed, allocated * 2, 1024), capacity)
        func grow<T>(_ column: inout UnsafeMutablePointer<T>) {
            let next = UnsafeMutablePointer<T>.allocate(capacity: size)
            next.update(from: column, count: count)
            column.deallocate()
            column = next
        }
        grow(&velocityX); grow(&velocityY); grow(&lifetime)
        grow(&texelX); grow(&texelY); grow(&color)
        if hasEmitterColumns { grow(&offsetX); grow(&offsetY); grow(&scale); grow(&rotation) }
        allocated = size
    }

    // MARK: - Adding an emitter

    /// Adds an emitter of `particles` that all show `sprite`, placed at `position` (points, in the drawing
    /// coordinates; each particle's centre starts at `position` plus its own offset), `spriteSize` points
    /// on a side at scale 1, moving by `motion` (see ``BallisticMotion``). The sprite is copied into the
    /// atlas with a one-texel transparent border, so that filtering at its edges reads no other image.
    /// - Returns: the new group, or `nil` when `particles` is empty or the cap or the atlas has no room
    ///   for them (nothing is added then).
    /// - Throws: `LiquidError` for a position, size, particle or motion that is not finite (an infinite
    ///   lifetime is allowed), a size or scale that is not positive, a negative birth interval or fade,
    ///   or coordinates beyond ±``maximumCoordinate``.
    @discardableResult
    package func addEmitter(sprite: Pixmap, spriteSize: Double, position: Point, particles: [EmittedParticle],
                            motion: BallisticMotion) throws(LiquidError) -> ParticleGroup? {
        let limit = Self.maximumCoordinate
        guard position.isFinite, abs(position.x) <= limit, abs(position.y) <= limit else {
            throw .invalidParameter("an emitter's position must be finite and within ±\(Int(limit)) points; got \(position)")
        }
        guard spriteSize.isFinite, spriteSize > 0, spriteSize <= limit else {
            throw .invalidParameter("an emitter's sprite size must be positive and finite; got \(spriteSize)")
        }
        guard motion.accelerationX.isFinite, motion.accelerationY.isFinite, abs(motion.accelerationX) <= limit,
              abs(motion.accelerationY) <= limit, motion.birthInterval.isFinite, motion.birthInterval >= 0,
              motion.fadeDuration.isFinite, motion.fadeDuration >= 0, motion.spriteRadius.isFinite,
              motion.spriteRadius >= 0, motion.bounds.isFinite else {
            throw .invalidParameter("an emitter's acceleration, birth interval, fade, sprite radius and bounds must be finite (and not negative where they are durations)")
        }
        for p in particles {
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= limit, abs(p.y) <= limit, p.velocityX.isFinite,
                  p.velocityY.isFinite, abs(p.velocityX) <= limit, abs(p.velocityY) <= limit,
                  p.scale.isFinite, p.scale > 0, p.scale <= 1000, p.rotation.isFinite, !p.lifetime.isNaN, p.lifetime > 0 else {
                throw .invalidParameter("an emitted particle must have a finite position, velocity and rotation, a scale of 0…1000 and a positive lifetime; got \(p)")
            }
        }
        guard !particles.isEmpty, count + particles.count <= capacity,
              let region = atlas.place(width: sprite.width + 2, height: sprite.height + 2) else { return nil }
        let rows = atlas.usedHeight
        if texels.count < rows * Self.atlasWidth {
            texels.append(contentsOf: repeatElement(0, count: rows * Self.atlasWidth - texels.count))
        }
        // The border is cleared, then the sprite copied inside it.
        for row in 0..<region.height {
            let start = (region.y + row) * Self.atlasWidth + region.x
            for i in start..<(start + region.width) { texels[i] = 0 }
        }
        sprite.withView { source in
            for row in 0..<sprite.height {
                let line = source.row(row)
                let start = (region.y + 1 + row) * Self.atlasWidth + region.x + 1
                for x in 0..<sprite.width {
                    let p = line + 4 * x
                    texels[start + x] = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
                }
            }
        }
        if !hasEmitterColumns {
            offsetX.deallocate(); offsetY.deallocate(); scale.deallocate(); rotation.deallocate()
            offsetX = .allocate(capacity: allocated); offsetY = .allocate(capacity: allocated)
            scale = .allocate(capacity: allocated); rotation = .allocate(capacity: allocated)
            offsetX.initialize(repeating: 0, count: allocated); offsetY.initialize(repeating: 0, count: allocated)
            scale.initialize(repeating: 1, count: allocated); rotation.initialize(repeating: 0, count: allocated)
            hasEmitterColumns = true
        }
        reserve(count + particles.count)
        let first = count
        for p in particles {
            offsetX[count] = Float(p.x); offsetY[count] = Float(p.y)
            velocityX[count] = Float(p.velocityX); velocityY[count] = Float(p.velocityY)
            lifetime[count] = Float(p.lifetime)
            texelX[count] = UInt16(region.x); texelY[count] = UInt16(region.y); color[count] = 0
            scale[count] = Float(p.scale); rotation[count] = Float(p.rotation)
            count += 1
        }
        let cell = spriteSize / Double(Swift.max(sprite.width, sprite.height))
        let group = ParticleGroup(
            id: nextGroupID, start: first, count: particles.count, atlasRect: region,
            frame: Rect(x: position.x, y: position.y, width: spriteSize, height: spriteSize), blockSize: 1,
            cellWidth: cell, cellHeight: cell, motion: .ballistic(motion))
        nextGroupID += 1
        groups.append(group)
        return group
    }

    /// One step of an emitter's group, whose phase already includes this step (see ``BallisticMotion``).
    /// - Returns: whether any particle is still unborn or alive.
    private func stepBallistic(_ group: ParticleGroup, _ motion: BallisticMotion, dt: Double) -> Bool {
        let end = group.phase
        let ax = Float(motion.accelerationX), ay = Float(motion.accelerationY)
        let homeX = group.frame.minX, homeY = group.frame.minY
        var left = false
        for i in group.range {
            let birth = motion.birthTime(ofParticle: i - group.start)
            guard end >= birth - Self.phaseTolerance else { left = true; continue }
            let l = lifetime[i]
            guard l > 0 else { continue }
            let t = Float(Swift.max(0, Swift.min(dt, end - birth)))
            let vx = velocityX[i], vy = velocityY[i]
            offsetX[i] += vx * t + 0.5 * ax * t * t
            offsetY[i] += vy * t + 0.5 * ay * t * t
            velocityX[i] = vx + ax * t
            velocityY[i] = vy + ay * t
            let rest = l - t
            if rest <= 0 || motion.hasLeft(x: homeX + Double(offsetX[i]), y: homeY + Double(offsetY[i]), scale: Double(scale[i])) {
                lifetime[i] = 0
            } else {
                lifetime[i] = rest
                left = true
            }
        }
        return left
    }

    // MARK: - Stepping

    /// Advances every group by `dt` seconds (see ``ParticleDissolve`` and ``BallisticMotion``) and removes
    /// the groups whose phase reaches their end (a dissolve) or whose particles are all gone (an emitter). A group's step uses the phase at the end of the step (its first step after
    /// starting has phase `dt`). Dead particles (lifetime ≤ 0) no longer move.
    /// - Returns: the ids of the groups removed.
    /// - Throws: `LiquidError` unless `dt` is finite, more than 0 and at most ``maximumStep``.
    @discardableResult
    package func step(by dt: Double) throws(LiquidError) -> [Int] {
        guard dt.isFinite, dt > 0, dt <= Self.maximumStep else {
            throw .invalidParameter(name: "particle step", value: dt, requirement: "must be more than 0 and at most \(Self.maximumStep) s")
        }
        var finished: [Int] = []
        for g in groups.indices {
            groups[g].phase += dt
            let group = groups[g]
            switch group.motion {
            case .dissolve:
                groups[g].sweep.advance(by: dt, phase: group.phase)
                if group.phase >= ParticleDissolve.removalPhase - Self.phaseTolerance { finished.append(group.id) }
            case .ballistic(let motion):
                if !stepBallistic(group, motion, dt: dt) { finished.append(group.id) }
            }
        }
        for id in finished { removeGroup(id: id) }
        return finished
    }

    // MARK: - Where a particle is

    /// The group holding particle `index` (which must be below ``count``).
    private func group(ofParticle index: Int) -> ParticleGroup {
        groups.first { $0.range.contains(index) }!
    }

    /// Particle `index`'s offset from its home now, points: for a dissolving particle from its initial
    /// velocity and its column's sweep (``DissolveSweep``), for an emitted one its offset column.
    package func offset(ofParticle index: Int) -> (x: Double, y: Double) {
        let group = group(ofParticle: index)
        guard case .dissolve = group.motion else { return (Double(offsetX[index]), Double(offsetY[index])) }
        let c = Int(texelX[index]) - group.atlasRect.x
        let k = group.sweep.travel[c], g = group.sweep.fall[c]
        return (Double(velocityX[index]) * k, Double(velocityY[index]) * k + ParticleDissolve.gravity * g)
    }

    /// Particle `index`'s lifetime now, seconds (at most 0 once dead).
    package func lifetime(ofParticle index: Int) -> Double {
        let group = group(ofParticle: index)
        guard case .dissolve = group.motion else { return Double(lifetime[index]) }
        return Double(lifetime[index]) - group.sweep.travel[Int(texelX[index]) - group.atlasRect.x]
    }

    /// Particle `index`'s velocity now, points per second.
    package func velocity(ofParticle index: Int) -> (x: Double, y: Double) {
        let group = group(ofParticle: index)
        guard case .dissolve = group.motion else { return (Double(velocityX[index]), Double(velocityY[index])) }
        let k = group.sweep.travel[Int(texelX[index]) - group.atlasRect.x]
        return (Double(velocityX[index]), Double(velocityY[index]) + ParticleDissolve.gravity * k)
    }

    /// Sets every dissolving group's travel and fall (for tests that place particles directly: with
    /// travel 1 and fall 0 a particle's offset is its velocity and its lifetime its stored one less 1).
    package func setSweeps(travel: Double, fall: Double) {
        for g in groups.indices { groups[g].sweep.set(travel: travel, fall: fall) }
    }

    /// Removes a group, its particles and its atlas region (an unknown id does nothing).
    package func removeGroup(id: Int) {
        guard let g = groups.firstIndex(where: { $0.id == id }) else { return }
        let group = groups.remove(at: g)
        let tail = count - group.range.upperBound
        func close<T>(_ column: UnsafeMutablePointer<T>) {
            (column + group.start).update(from: column + group.range.upperBound, count: tail)
        }
        close(velocityX); close(velocityY); close(lifetime)
        close(texelX); close(texelY); close(color)
        if hasEmitterColumns { close(offsetX); close(offsetY); close(scale); close(rotation) }
        count -= group.count
        for i in g..<groups.count { groups[i].start -= group.count }
        atlas.remove(group.atlasRect)
        let rows = atlas.usedHeight
        if texels.count > rows * Self.atlasWidth { texels.removeLast(texels.count - rows * Self.atlasWidth) }
    }

    /// Removes every group.
    public func removeAll() {
        count = 0
        groups.removeAll()
        atlas.reset()
        texels.removeAll()
    }
}
