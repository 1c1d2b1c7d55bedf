import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct ParticleDissolveTests {
    /// A `width × height` image at `scale` where pixel (x, y) is opaque with a colour made from x and y,
    /// except where `hole` says it is transparent.
    private func picture(width: Int, height: Int, scale: Double = 1, hole: (Int, Int) -> Bool = { _, _ in false }) throws -> Pixmap {
        var image = try Pixmap(width: width, height: height, scale: scale)
        for y in 0..<height {
            for x in 0..<width where !hole(x, y) {
                image[x, y] = PremultipliedRGBA8(red: UInt8(x * 7 % 256), green: UInt8(y * 13 % 256), blue: 90, alpha: 255)
            }
        }
        return image
    }

    /// The reference motion of one particle, in Double, straight from the formulas.
    private struct Reference {
        var x = 0.0, y = 0.0, vx: Double, vy: Double, life: Double
        mutating func step(dt: Double, phase: Double, column: Double) {
            guard life > 0 else { return }
            let f = min(max(phase, 0), 0.8) / 0.8
            let window = (1 - f) * -0.8 + f
            let pf = 1 - min(max(column - window, 0), 0.8) / 0.8
            x += vx * dt * pf
            y += vy * dt * pf
            vy += 120 * dt * pf
            life -= dt * pf
        }
    }

    // MARK: - Formulas

    @Test func particlesAreOnePerVisiblePixelAndMoveByTheFormulas() throws {
        let store = ParticleStore()
        // 5×3 with two transparent pixels: 13 particles, in row-major order of the visible pixels.
        let image = try picture(width: 5, height: 3) { x, y in (x == 1 && y == 0) || (x == 4 && y == 2) }
        let group = try #require(try store.addDissolve(image: image, frame: Rect(x: 10, y: 20, width: 5, height: 3), seed: 42))
        #expect(group.count == 13 && store.count == 13 && group.blockSize == 1)

        var random = SplitMix64(seed: 42)
        var references: [(column: Int, row: Int, motion: Reference)] = []
        for y in 0..<3 {
            for x in 0..<5 where !((x == 1 && y == 0) || (x == 4 && y == 2)) {
                let angle = random.uniform() * 2 * Double.pi
                let speed = 42 + 42 * random.uniform()
                let life = 0.7 + 0.8 * random.uniform()
                references.append((x, y, Reference(vx: speed * cos(angle), vy: speed * sin(angle), life: life)))
            }
        }
        for (i, r) in references.enumerated() {
            #expect(Int(store.texelX[i]) - group.atlasRect.x == r.column && Int(store.texelY[i]) - group.atlasRect.y == r.row)
            #expect(abs(Double(store.velocityX[i]) - r.motion.vx) < 1e-4 && abs(Double(store.velocityY[i]) - r.motion.vy) < 1e-4)
            #expect(abs(Double(store.lifetime[i]) - r.motion.life) < 1e-6)
            #expect(store.color(ofParticle: i) == image[r.column, r.row])
        }
        // 1.2 s of steps: every particle has moved a long way; the store (Float velocities, Double sums per
        // column) stays within 0.01 pt of the Double reference stepped particle by particle.
        let dt = 1.0 / 120
        for k in 1...144 {
            try store.step(by: dt)
            for i in references.indices {
                references[i].motion.step(dt: dt, phase: Double(k) * dt, column: Double(references[i].column) / 5)
            }
        }
        // A dead particle is never drawn again, so only the live ones' positions are compared (the reference
        // stops moving a particle at its death; the store's closed form does not need to).
        var worst = 0.0, live = 0
        for (i, r) in references.enumerated() {
            #expect((store.lifetime(ofParticle: i) > 0) == (r.motion.life > 0))
            guard r.motion.life > 0 else { continue }
            live += 1
            let offset = store.offset(ofParticle: i)
            worst = max(worst, abs(offset.x - r.motion.x), abs(offset.y - r.motion.y))
            if abs(r.motion.life) > 0.01 { #expect(abs(store.lifetime(ofParticle: i) - r.motion.life) < 1e-4) }
            if r.motion.life > 0 { #expect(abs(store.velocity(ofParticle: i).y - r.motion.vy) < 1e-4) }
        }
        #expect(worst < 0.01, "the store is \(worst) pt from the reference")
        #expect(live >= 5 && live < references.count, "live and dead particles are both checked")
        #expect(references.contains { hypot($0.motion.x, $0.motion.y) > 20 })
    }

    @Test func theWindowStartsWithTheLeftColumn() throws {
        let store = ParticleStore()
        let image = try picture(width: 10, height: 1)
        try store.addDissolve(image: image, frame: Rect(x: 0, y: 0, width: 10, height: 1), seed: 9)
        var firstMove = [Int?](repeating: nil, count: 10)
        for k in 1...120 {
            try store.step(by: 1.0 / 120)
            for i in 0..<10 where firstMove[i] == nil && store.offset(ofParticle: i) != (0, 0) {
                firstMove[Int(store.texelX[i])] = k
            }
        }
        let steps = firstMove.compactMap { $0 }
        #expect(steps.count == 10)
        // Column x starts when the window passes x − 0.8: x/10 − (−0.8 + 1.8·k/96) < 0.8, i.e. k > 96·x/18
        // (where that is a whole number, rounding may start it one step early).
        for (x, k) in steps.enumerated() {
            let bound = 96 * Double(x) / 18
            #expect(Double(k) > bound - 1.001 && Double(k) <= bound.rounded(.down) + 1, "column \(x) started at step \(k)")
        }
        #expect(steps == steps.sorted() && steps[0] == 1 && steps[0] < steps[9])
    }

    @Test func anItemIsRemovedAtPhaseFour() throws {
        let store = ParticleStore()
        try store.addDissolve(image: try picture(width: 3, height: 3), frame: Rect(x: 0, y: 0, width: 3, height: 3), seed: 1)
        for _ in 1..<480 { try store.step(by: 1.0 / 120) }
        #expect(store.groupCount == 1 && store.count == 9, "phase 479/120 < 4")
        #expect(try store.step(by: 1.0 / 120).count == 1)
        #expect(store.groupCount == 0 && store.count == 0 && store.atlas.usedHeight == 0)
    }

    // MARK: - In a run loop

    @Test func theViewDrawsThePictureThenBlowsItAwayAndForgetsIt() throws {
        let root = View()
        let dust = ParticleDissolveView(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        root.addSubview(dust)
        let loop = try UIRunLoop(root: root, size: Size(width: 40, height: 30), scale: 2, framesPerSecond: 60)
        loop.compositor = try Compositor(size: loop.size, scale: 2, tileSize: 16)
        let image = try picture(width: 12, height: 8, scale: 2) { x, _ in x == 0 }
        #expect(try dust.dissolve(image: image, frame: Rect(x: 5, y: 4, width: 6, height: 4), seed: 3) == 88)
        // The first frame (phase 1/60 s): nothing has moved a whole pixel, so the picture is intact.
        loop.step(to: 1.0 / 60)
        for y in 0..<8 {
            for x in 0..<12 { #expect(loop.image![10 + x, 8 + y] == image[x, y]) }
        }
        // Mid-flight something has left the picture's place.
        for frame in 2...60 { loop.step(to: Double(frame) / 60) }
        var outside = 0
        for y in 0..<60 {
            for x in 0..<80 where loop.image![x, y].alpha > 0 && !(10..<22).contains(x) { outside += 1 }
        }
        #expect(outside > 0)
        for frame in 61...239 { loop.step(to: Double(frame) / 60) }
        #expect(dust.dissolvingItems == 1)
        loop.step(to: 4)
        #expect(dust.dissolvingItems == 0 && dust.particleCount == 0)
        loop.step(to: 4 + 1.0 / 60)
        #expect(loop.image!.bytes.allSatisfy { $0 == 0 }, "everything drawn is gone")
    }

    @Test func dissolvingAViewHidesItAndUsesItsSnapshot() throws {
        let root = View()
        let card = View(frame: Rect(x: 4, y: 6, width: 10, height: 5))
        card.layer.backgroundColor = RGBA(red: 1, green: 0, blue: 0)
        let dust = ParticleDissolveView(frame: Rect(x: 0, y: 0, width: 30, height: 20))
        root.addSubview(card)
        root.addSubview(dust)
        let loop = try UIRunLoop(root: root, size: Size(width: 30, height: 20), scale: 3, framesPerSecond: 60)
        #expect(try dust.dissolve(card, seed: 5) == 30 * 15)
        #expect(card.isHidden)
        let group = try #require(dust.store.groups.first)
        #expect(group.frame == Rect(x: 4, y: 6, width: 10, height: 5))
        #expect(dust.store.color(ofParticle: 0) == PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255))
        _ = loop
    }

    // MARK: - The cap

    @Test func aScreenSizedSketchAtThreeTimesAndAnotherStayUnderTheCap() throws {
        let store = ParticleStore()
        // A full screen at 3×, every pixel inked: 2,962,440 pixels, far past the cap.
        let screen = try Pixmap(width: 1170, height: 2532, scale: 3, fill: PremultipliedRGBA8(red: 20, green: 20, blue: 30, alpha: 255))
        let first = try #require(try store.addDissolve(image: screen, frame: Rect(x: 0, y: 0, width: 390, height: 844), seed: 1))
        for _ in 0..<10 { try store.step(by: 1.0 / 120) }
        let square = try Pixmap(width: 900, height: 900, scale: 3, fill: .black)
        let second = try #require(try store.addDissolve(image: square, frame: Rect(x: 45, y: 272, width: 300, height: 300), seed: 2))
        #expect(first.blockSize == 2 && first.count == 585 * 1266)
        #expect(second.blockSize == 2 && second.count == 450 * 450)
        #expect(store.count <= store.capacity && store.count == first.count + second.count)
        #expect(store.memoryInUse <= store.capacity * ParticleStore.bytesPerParticle
                + ParticleStore.atlasWidth * ParticleStore.atlasMaximumHeight * 4)
        // A third finds no room and gets nothing; the count never passes the cap.
        let rest = store.capacity - store.count
        let third = try store.addDissolve(image: screen, frame: Rect(x: 0, y: 0, width: 390, height: 844), seed: 3)
        #expect(store.count <= store.capacity)
        #expect(third.map { $0.count <= rest } ?? true)
        for _ in 0..<30 { try store.step(by: 1.0 / 120) }
        for i in 0..<store.count where i % 997 == 0 {
            let offset = store.offset(ofParticle: i)
            #expect(offset.x.isFinite && offset.y.isFinite && store.velocity(ofParticle: i).y.isFinite)
        }
    }

    @Test func aCoarseParticleCarriesItsBlocksAverage() throws {
        let store = try ParticleStore(capacity: 2)
        var image = try Pixmap(width: 3, height: 2)
        image[0, 0] = PremultipliedRGBA8(red: 200, green: 0, blue: 0, alpha: 200)
        image[1, 0] = PremultipliedRGBA8(red: 0, green: 100, blue: 0, alpha: 100)
        image[0, 1] = PremultipliedRGBA8(red: 0, green: 0, blue: 255, alpha: 255)
        image[2, 1] = PremultipliedRGBA8(red: 10, green: 10, blue: 10, alpha: 10)
        // Four visible pixels, room for two: 2×2 blocks, two of them visible (the right one is 1×2 inside).
        let group = try #require(try store.addDissolve(image: image, frame: Rect(x: 0, y: 0, width: 3, height: 2), seed: 0))
        #expect(group.blockSize == 2 && group.count == 2)
        #expect(store.color(ofParticle: 0) == PremultipliedRGBA8(red: 50, green: 25, blue: 64, alpha: 139))
        #expect(store.color(ofParticle: 1) == PremultipliedRGBA8(red: 5, green: 5, blue: 5, alpha: 5))
        #expect(try store.addDissolve(image: image, frame: Rect(x: 0, y: 0, width: 3, height: 2), seed: 0) == nil)
    }

    // MARK: - Drawing

    /// The pixels the rasterizer must give, per channel from the documented arithmetic: particles in store
    /// order, each on the device pixel (or block) at ⌊scale · (home + offset) + ½⌋, alpha a = 256 from a
    /// lifetime of 0.3 s up and ⌊256 · lifetime / 0.3⌋ below, channels ⌊c · a / 256⌋, then source-over
    /// s + ⌊d · (256 − αs) / 256⌋.
    private func referenceDraw(_ store: ParticleStore, onto background: Pixmap, scale: Double) -> (Pixmap, PixelRect?) {
        var out = background
        var box: (Int, Int, Int, Int)?
        for group in store.groups {
            let block = max(1, Int((scale * group.cellWidth).rounded()))
            for i in group.range {
                let life = store.lifetime(ofParticle: i), offset = store.offset(ofParticle: i)
                guard life > 0 else { continue }
                let column = Double(Int(store.texelX[i]) - group.atlasRect.x)
                let row = Double(Int(store.texelY[i]) - group.atlasRect.y)
                let x = Int((scale * (group.frame.minX + column * group.cellWidth + offset.x) + 0.5).rounded(.down))
                let y = Int((scale * (group.frame.minY + row * group.cellHeight + offset.y) + 0.5).rounded(.down))
                let a = life >= 0.3 ? 256 : Int((256 * life / 0.3).rounded(.down))
                let texel = store.color(ofParticle: i)
                let s = [texel.red, texel.green, texel.blue, texel.alpha].map { Int($0) * a / 256 }
                guard s.contains(where: { $0 != 0 }) else { continue }
                for yy in stride(from: max(y, 0), to: min(y + block, out.height), by: 1) {
                    for xx in stride(from: max(x, 0), to: min(x + block, out.width), by: 1) {
                        let d = out[xx, yy]
                        let mixed = zip(s, [d.red, d.green, d.blue, d.alpha]).map { UInt8($0 + Int($1) * (256 - s[3]) / 256) }
                        out[xx, yy] = PremultipliedRGBA8(red: mixed[0], green: mixed[1], blue: mixed[2], alpha: mixed[3])
                        box = box.map { (min($0.0, xx), min($0.1, yy), max($0.2, xx), max($0.3, yy)) } ?? (xx, yy, xx, yy)
                    }
                }
            }
        }
        return (out, box.map { PixelRect(x: $0.0, y: $0.1, width: $0.2 - $0.0 + 1, height: $0.3 - $0.1 + 1) })
    }

    /// Sets every particle's offset and lifetime from its index: offsets that put every device position 0.3 pixel
    /// from a rounding edge, spread over and past the target's edges; lifetimes of every
    /// kind (whole alpha, fading, dead). With every column's travel 1 and fall 0, a dissolving particle's
    /// offset is its velocity and its lifetime its stored one less 1.
    private func scatter(_ store: ParticleStore, scale: Double) {
        let lives: [Float] = [0.5, 0.2, 0.05, 0, -0.1, 0.299, 1.2, 0.1]
        store.setSweeps(travel: 1, fall: 0)
        for i in 0..<store.count {
            store.velocityX[i] = Float((Double((i * 7) % 17 - 8) + 0.3) / scale)
            store.velocityY[i] = Float((Double((i * 5) % 13 - 6) - 0.2) / scale)
            store.lifetime[i] = lives[i % lives.count] + 1
        }
    }

    @Test func theDrawMatchesThePerChannelArithmetic() throws {
        // Translucent and opaque pixels and one hole, over a translucent background: overlaps, fades, the
        // dead and particles off every edge of a 16×12 target.
        var image = try Pixmap(width: 6, height: 4, scale: 2)
        for y in 0..<4 {
            for x in 0..<6 where !(x == 2 && y == 1) {
                let a = (x + y) % 3 == 0 ? 255 : 60 + 25 * x + 10 * y
                image[x, y] = PremultipliedRGBA8(red: UInt8(a * x / 6), green: UInt8(a * y / 4), blue: UInt8(a / 2), alpha: UInt8(a))
            }
        }
        var background = try Pixmap(width: 16, height: 12, scale: 2)
        for y in 0..<12 {
            for x in 0..<16 where (x + 2 * y) % 5 != 0 {
                let a = 40 + 13 * x
                background[x, y] = PremultipliedRGBA8(red: UInt8(a / 3), green: UInt8(a / 2), blue: UInt8(a / 5), alpha: UInt8(a))
            }
        }
        for coarse in [false, true] {
            // Room for 6 of the 23 particles makes cells of 2×2 image pixels: 1 pt, a 2×2 block at scale 2.
            let store = try coarse ? ParticleStore(capacity: 6) : ParticleStore()
            let group = try #require(try store.addDissolve(image: image, frame: Rect(x: 2.25, y: 1.5, width: 3, height: 2), seed: 5))
            #expect(group.blockSize == (coarse ? 2 : 1) && group.count == (coarse ? 6 : 23))
            scatter(store, scale: 2)
            let (expected, expectedBox) = referenceDraw(store, onto: background, scale: 2)
            var drawn = background
            let box = drawn.withMutableView { ParticleRasterizer.draw(store, into: $0, scale: 2) }
            #expect(drawn == expected)
            #expect(box == expectedBox && box != nil)
            #expect(drawn != background)
        }
    }

    @Test func theDrawMatchesThePerChannelArithmeticOverSeveralRuns() throws {
        // 299 particles: more than one of the kernel's runs of 256, the last one partial; many of them land
        // on the same pixels (in store order), some fade, some are dead and some fall off the target.
        var image = try Pixmap(width: 20, height: 15, scale: 2)
        for y in 0..<15 {
            for x in 0..<20 where !(x == 7 && y == 3) {
                let a = (x * 3 + y) % 4 == 0 ? 255 : 20 + 9 * x + 4 * y
                image[x, y] = PremultipliedRGBA8(red: UInt8(a * x / 20), green: UInt8(a * y / 15), blue: UInt8(a / 3), alpha: UInt8(a))
            }
        }
        var background = try Pixmap(width: 18, height: 14, scale: 2)
        for y in 0..<14 {
            for x in 0..<18 where (x + y) % 4 != 0 { background[x, y] = PremultipliedRGBA8(red: 9, green: 30, blue: 20, alpha: 90) }
        }
        let store = ParticleStore()
        let group = try #require(try store.addDissolve(image: image, frame: Rect(x: 1.5, y: 0.5, width: 10, height: 7.5), seed: 11))
        #expect(group.count == 299)
        for i in group.range {
            #expect(PremultipliedRGBA8(packed: store.color[i]) == store.color(ofParticle: i), "the colour column copies the atlas")
        }
        scatter(store, scale: 2)
        let (expected, expectedBox) = referenceDraw(store, onto: background, scale: 2)
        var drawn = background
        let box = drawn.withMutableView { ParticleRasterizer.draw(store, into: $0, scale: 2) }
        #expect(drawn == expected)
        #expect(box == expectedBox && box != nil)
    }

    // MARK: - Bad input

    @Test func badFramesStepsAndCapacitiesAreRefused() throws {
        let store = ParticleStore()
        let image = try picture(width: 2, height: 2)
        for frame in [Rect(x: .nan, y: 0, width: 2, height: 2), Rect(x: 0, y: 0, width: .infinity, height: 2),
                      Rect(x: 0, y: 0, width: 0, height: 2), Rect(x: 0, y: 0, width: 2, height: -1),
                      Rect(x: 2e6, y: 0, width: 2, height: 2)] {
            #expect(throws: LiquidError.self) { try store.addDissolve(image: image, frame: frame, seed: 0) }
        }
        for dt in [Double.nan, 0, -1.0 / 120, 1, .infinity] {
            #expect(throws: LiquidError.self) { try store.step(by: dt) }
        }
        #expect(throws: LiquidError.self) { try ParticleStore(capacity: 0) }
        #expect(throws: LiquidError.self) { try ParticleStore(capacity: 1 << 30) }
        #expect(store.count == 0)
        // Every seed is valid, and the same seed gives the same particles.
        let a = ParticleStore(), b = ParticleStore()
        try a.addDissolve(image: image, frame: Rect(x: 0, y: 0, width: 2, height: 2), seed: .max)
        try b.addDissolve(image: image, frame: Rect(x: 0, y: 0, width: 2, height: 2), seed: .max)
        #expect((0..<4).allSatisfy { a.velocityX[$0] == b.velocityX[$0] && a.lifetime[$0] == b.lifetime[$0] })
        // Outside a run loop the view refuses rather than leaving particles that never move.
        let loose = ParticleDissolveView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: LiquidError.self) { try loose.dissolve(image: image, frame: Rect(x: 0, y: 0, width: 2, height: 2), seed: 0) }
        #expect(loose.particleCount == 0)
    }

    // MARK: - The atlas

    @Test func theShelfAtlasPacksWithoutOverlapAndReusesSpace() throws {
        var atlas = try ShelfAtlas(width: 64, maximumHeight: 64)
        var random = SplitMix64(seed: 11)
        var placed: [PixelRect] = []
        for _ in 0..<200 {
            let w = 1 + random.index(below: 20), h = 1 + random.index(below: 20)
            if let r = atlas.place(width: w, height: h) {
                #expect(r.width == w && r.height == h && r.x >= 0 && r.y >= 0 && r.x + w <= 64 && r.y + h <= 64)
                placed.append(r)
            }
        }
        #expect(placed.count > 5)
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] { #expect(a.intersection(b) == nil, "\(a) overlaps \(b)") }
        }
        #expect(atlas.place(width: 65, height: 1) == nil && atlas.place(width: 0, height: 3) == nil)
        // Full: a 64×64 does not fit until everything is removed; then it does, at the top.
        #expect(atlas.place(width: 64, height: 64) == nil)
        for r in placed { atlas.remove(r) }
        #expect(atlas.usedHeight == 0)
        #expect(atlas.place(width: 64, height: 64) == PixelRect(x: 0, y: 0, width: 64, height: 64))
        atlas.reset()
        // A shelf that empties is used again by something no taller.
        let placedTop = atlas.place(width: 60, height: 10), placedBelow = atlas.place(width: 60, height: 10)
        let top = try #require(placedTop), below = try #require(placedBelow)
        atlas.remove(top)
        #expect(atlas.place(width: 50, height: 8) == PixelRect(x: 0, y: 0, width: 50, height: 8))
        #expect(below.y == 10)
    }
}
