import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct EmojiBurstTests {
    /// A 4×4 sprite whose texels all differ (opaque).
    private func sprite(side: Int = 4) throws -> Pixmap {
        var image = try Pixmap(width: side, height: side, scale: 1)
        for y in 0..<side {
            for x in 0..<side {
                image[x, y] = PremultipliedRGBA8(red: UInt8(x * 40 + 10), green: UInt8(y * 40 + 10), blue: 200, alpha: 255)
            }
        }
        return image
    }

    /// Particles of `group` born by its phase and not removed.
    private func live(_ store: ParticleStore) -> Int {
        var n = 0
        for group in store.groups {
            guard case .ballistic(let motion) = group.motion else { continue }
            for i in group.range where store.lifetime[i] > 0 && group.phase >= motion.birthTime(ofParticle: i - group.start) - 1e-9 {
                n += 1
            }
        }
        return n
    }

    private func host(_ burst: EmojiBurst, reduceMotion: Bool = false) throws -> UIRunLoop {
        let loop = try UIRunLoop(root: burst, size: EmojiBurst.defaultSize, framesPerSecond: 60)
        loop.reduceMotion = reduceMotion
        return loop
    }

    private func tap(_ point: Point, at t: Double, id: Int = 0) -> [Touch] {
        [Touch(id: id, phase: .began, location: point, timestamp: t), Touch(id: id, phase: .ended, location: point, timestamp: t + 0.05)]
    }

    // MARK: - The emitter

    @Test func particlesAreBornFiveHundredASecondUpToFour() throws {
        let store = ParticleStore()
        let bounds = Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)
        try #require(try store.addEmitter(sprite: sprite(), spriteSize: 22, position: Point(0, 0),
                                          particles: EmojiBurstEmission.particles(seed: 3), motion: EmojiBurstEmission.motion(bounds: bounds)))
        // Steps of 1 ms: after n ms, ⌊500 · n/1000⌋ particles, never more than 4.
        for n in 1...20 {
            try store.step(by: 0.001)
            #expect(live(store) == min(4, n / 2), "after \(n) ms")
        }
        // On the run loop's 1/120 s clock the whole budget is out after the first step (8 ms < 8.3 ms).
        let other = ParticleStore()
        try #require(try other.addEmitter(sprite: sprite(), spriteSize: 22, position: Point(0, 0),
                                          particles: EmojiBurstEmission.particles(seed: 3), motion: EmojiBurstEmission.motion(bounds: bounds)))
        try other.step(by: 1.0 / 120)
        #expect(live(other) == 4)
    }

    @Test func initialAnglesSpeedsScalesAndPositionsSpreadAsSpecified() {
        var angles: [Double] = [], speeds: [Double] = [], scales: [Double] = [], turns: [Double] = [], xs: [Double] = []
        for seed in UInt64(0)..<1500 {
            let particles = EmojiBurstEmission.particles(seed: seed)
            #expect(particles.count == 4)
            for p in particles {
                // Back to SpriteKit's y-up angle: the screen's y is the negative of the scene's.
                angles.append(atan2(-p.velocityY, p.velocityX) * 180 / .pi)
                speeds.append((p.velocityX * p.velocityX + p.velocityY * p.velocityY).squareRoot())
                scales.append(p.scale)
                turns.append(p.rotation * 180 / .pi)
                xs.append(p.x)
                #expect(p.y == 0 && p.velocityY > 0 && p.lifetime == .infinity)  // downwards on screen at first
            }
        }
        func check(_ values: [Double], _ centre: Double, _ range: Double, _ name: String) {
            let lo = values.min()!, hi = values.max()!, mean = values.reduce(0, +) / Double(values.count)
            #expect(lo >= centre - range / 2 - 1e-9 && hi < centre + range / 2 + 1e-9, "\(name) in \(lo)…\(hi)")
            // 6000 uniform draws reach within 0.2 % of the range of each end, and average within 2 % of it.
            #expect(lo < centre - range / 2 + range * 0.002 && hi > centre + range / 2 - range * 0.002, "\(name) ends \(lo)…\(hi)")
            #expect(abs(mean - centre) < range * 0.02, "\(name) mean \(mean)")
        }
        check(angles, -90, 60, "angle")
        check(speeds, 350, 50, "speed")
        check(scales, 2, 0.5, "scale")
        check(turns, 0, 360, "rotation")
        check(xs, 0, 100, "x")
        // Same seed, same burst.
        #expect(EmojiBurstEmission.particles(seed: 9) == EmojiBurstEmission.particles(seed: 9))
    }

    @Test func motionFollowsTheClosedForm() throws {
        let store = ParticleStore()
        let start = Point(100, 300)
        let particle = EmittedParticle(x: 12, y: -3, velocityX: 80, velocityY: 320, scale: 2, rotation: 0.4, lifetime: .infinity)
        let motion = EmojiBurstEmission.motion(bounds: Rect(x: -1e4, y: -1e4, width: 2e4, height: 2e4))
        let group = try #require(try store.addEmitter(sprite: sprite(), spriteSize: 22, position: start, particles: [particle, particle],
                                                       motion: motion))
        let dt = 1.0 / 120
        for n in 1...90 {
            try store.step(by: dt)
            for k in 0..<2 {
                // Particle k is born (k + 1)/500 s in; from then on p0 + v·t + a·t²/2, v0 + a·t (a = (0, −1000)).
                let t = Double(n) * dt - Double(k + 1) / 500
                let x = 12 + 80 * t, y = -3 + 320 * t - 500 * t * t
                let i = group.start + k
                #expect(abs(Double(store.offsetX[i]) - x) < 0.01 && abs(Double(store.offsetY[i]) - y) < 0.01, "step \(n), particle \(k)")
                #expect(abs(Double(store.velocityY[i]) - (320 - 1000 * t)) < 0.01)
            }
        }
    }

    @Test func aParticleIsRemovedOnceItHasLeftTheView() throws {
        let store = ParticleStore()
        let bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        let motion = BallisticMotion(accelerationX: 0, accelerationY: 0, birthInterval: 0, fadeDuration: 0, bounds: bounds,
                                     spriteRadius: 10)
        // Moving right at 1200 pt/s from x = 100, radius 10 × 1.5 = 15: gone once x − 15 > 200, after 115/1200 s.
        let mover = EmittedParticle(x: 0, y: 0, velocityX: 1200, velocityY: 0, scale: 1.5, rotation: 0, lifetime: .infinity)
        let group = try #require(try store.addEmitter(sprite: sprite(), spriteSize: 20, position: Point(100, 100), particles: [mover], motion: motion))
        var removedAt: Int?
        for n in 1...30 {
            let finished = try store.step(by: 1.0 / 120)
            if finished.contains(group.id) { removedAt = n; break }
            #expect(store.lifetime[group.start] > 0)
        }
        // 115/1200 s = 11.5 steps: still inside (x − 15 = 195) after 11, gone after 12.
        #expect(removedAt == 12)
        #expect(store.groupCount == 0 && store.count == 0)
    }

    // MARK: - Drawing

    @Test func anUnturnedParticleAtScaleOneDrawsItsSpriteExactly() throws {
        let store = ParticleStore()
        let image = try sprite(side: 4)
        let still = EmittedParticle(x: 0, y: 0, velocityX: 0, velocityY: 0, scale: 1, rotation: 0, lifetime: .infinity)
        let turned = EmittedParticle(x: 10, y: 0, velocityX: 0, velocityY: 0, scale: 1, rotation: .pi / 2, lifetime: .infinity)
        let motion = BallisticMotion(accelerationX: 0, accelerationY: 0, birthInterval: 0, fadeDuration: 0,
                                     bounds: Rect(x: 0, y: 0, width: 40, height: 40), spriteRadius: 3)
        // Centred at (5, 5): texel centres land on pixel centres at 1 pixel per point.
        try #require(try store.addEmitter(sprite: image, spriteSize: 4, position: Point(5, 5), particles: [still, turned], motion: motion))
        try store.step(by: 0.001)
        var target = try Pixmap(width: 20, height: 10, scale: 1)
        let box = target.withMutableView { ParticleRasterizer.draw(store, into: $0, scale: 1) }
        #expect(box == PixelRect(x: 3, y: 3, width: 14, height: 4))
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(target[3 + x, 3 + y] == image[x, y], "(\(x), \(y))")
                // Turned a quarter clockwise (y down): the sprite's left column becomes the top row.
                #expect(target[13 + x, 3 + y] == image[y, 3 - x], "turned (\(x), \(y))")
            }
        }
        #expect(target[2, 3] == .transparent && target[7, 3] == .transparent && target[3, 7] == .transparent)
    }

    /// One channel of `PackedBlend.lerp`, as documented: `⌊(a·(256 − f) + b·f + 128) / 256⌋`.
    private func lerp(_ a: UInt8, _ b: UInt8, _ f: Int) -> Int { (Int(a) * (256 - f) + Int(b) * f + 128) / 256 }

    @Test func aSampleBetweenTexelsIsTheirRoundedMeanScaledByAlphaAndLaidOverTheBackground() throws {
        let store = ParticleStore()
        let image = try sprite(side: 4)
        // Half a pixel right of the texel grid: every sample is halfway between two texels of a row (the
        // border reads as clear); alpha 0.5 (a fading particle with half its fade left).
        let half = EmittedParticle(x: 0.5, y: 0, velocityX: 0, velocityY: 0, scale: 1, rotation: 0, lifetime: 0.501)
        let motion = BallisticMotion(accelerationX: 0, accelerationY: 0, birthInterval: 0, fadeDuration: 1,
                                     bounds: Rect(x: 0, y: 0, width: 40, height: 40), spriteRadius: 3)
        try #require(try store.addEmitter(sprite: image, spriteSize: 4, position: Point(5, 5), particles: [half], motion: motion))
        try store.step(by: 0.001)
        let ground = PremultipliedRGBA8(red: 90, green: 160, blue: 30, alpha: 255)
        var target = try Pixmap(width: 12, height: 10, scale: 1)
        target.withMutableView { $0.fill(ground) }
        var pieces: [PixelRect] = []
        let box = target.withMutableView { ParticleRasterizer.draw(store, into: $0, scale: 1, pieces: &pieces) }
        #expect(box == PixelRect(x: 3, y: 3, width: 5, height: 4) && pieces == box.map { [$0] })
        let a = Int((256 * Double(Float(0.501) - Float(0.001))).rounded())
        #expect(a == 128)
        for y in 0..<4 {
            for x in 0..<5 {
                // Pixel 3 + x samples between texel x − 1 and texel x of row y.
                let left = x > 0 ? image[x - 1, y] : .transparent, right = x < 4 ? image[x, y] : .transparent
                let l = [left.red, left.green, left.blue, left.alpha], r = [right.red, right.green, right.blue, right.alpha]
                let sample = (0..<4).map { lerp(l[$0], r[$0], 128) * a / 256 }
                let d = [ground.red, ground.green, ground.blue, ground.alpha]
                let expected = (0..<4).map { sample[$0] + Int(d[$0]) * (256 - sample[3]) / 256 }
                let p = target[3 + x, 3 + y]
                #expect([Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)] == expected, "(\(x), \(y))")
            }
        }
        #expect(target[2, 3] == ground && target[8, 3] == ground && target[3, 7] == ground)
    }

    @Test func aTurnedScaledFadingSpriteFollowsTheExactBilinearMapping() throws {
        // A 40 × 40 sprite of alpha 230 whose red and green ramp 11 levels a texel, up and back down.
        var image = try Pixmap(width: 40, height: 40, scale: 1)
        func ramp(_ i: Int) -> UInt8 { UInt8(11 * (i < 20 ? i : 39 - i)) }
        for y in 0..<40 {
            for x in 0..<40 { image[x, y] = PremultipliedRGBA8(red: ramp(x), green: ramp(y), blue: 100, alpha: 230) }
        }
        let store = ParticleStore()
        let angle = 0.3, size = 1.37
        let particle = EmittedParticle(x: 0, y: 0, velocityX: 0, velocityY: 0, scale: size, rotation: angle, lifetime: 0.601)
        let motion = BallisticMotion(accelerationX: 0, accelerationY: 0, birthInterval: 0, fadeDuration: 1,
                                     bounds: Rect(x: 0, y: 0, width: 100, height: 100), spriteRadius: 30)
        try #require(try store.addEmitter(sprite: image, spriteSize: 40, position: Point(47.3, 51.8), particles: [particle], motion: motion))
        try store.step(by: 0.001)
        var target = try Pixmap(width: 100, height: 100, scale: 1)
        target.withMutableView { $0.fill(PremultipliedRGBA8(red: 20, green: 120, blue: 200, alpha: 255)) }
        target.withMutableView { _ = ParticleRasterizer.draw(store, into: $0, scale: 1) }
        let a = (256 * Double(Float(0.601) - Float(0.001))).rounded() / 256
        let (c, s) = (cos(Double(Float(angle))), sin(Double(Float(angle))))
        let zoom = Double(Float(size))
        var compared = 0, worst = 0.0
        for py in 0..<100 {
            for px in 0..<100 {
                // The pixel centre, turned back about the sprite's centre and shrunk: texel coordinates
                // (texel centres at integers).
                let dx = Double(px) + 0.5 - 47.3, dy = Double(py) + 0.5 - 51.8
                let u = 19.5 + (dx * c + dy * s) / zoom, v = 19.5 + (-dx * s + dy * c) / zoom
                // Away from the sprite's edge, where its clear border is a step, not a gradient.
                guard u >= 0.5 && u <= 38.5 && v >= 0.5 && v <= 38.5 else { continue }
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                let f = u - Double(iu), g = v - Double(iv)
                func channel(_ x: Int, _ y: Int, _ k: Int) -> Double {
                    let p = image[x, y]
                    return Double([p.red, p.green, p.blue, p.alpha][k])
                }
                var sample = [Double](repeating: 0, count: 4)
                for k in 0..<4 {
                    sample[k] = a * ((1 - f) * (1 - g) * channel(iu, iv, k) + f * (1 - g) * channel(iu + 1, iv, k)
                        + (1 - f) * g * channel(iu, iv + 1, k) + f * g * channel(iu + 1, iv + 1, k))
                }
                let ground = [20.0, 120, 200, 255]
                let got = target[px, py]
                let values = [got.red, got.green, got.blue, got.alpha]
                for k in 0..<4 {
                    let expected = sample[k] + ground[k] * (256 - sample[3]) / 256
                    worst = max(worst, abs(Double(values[k]) - expected))
                }
                compared += 1
            }
        }
        #expect(compared > 1500)
        // Three roundings, two truncations and a sample position within 0.01 texel of the exact one stay
        // within 4 levels; a sample taken one pixel off (a wrong lane or row) would be about 8 away.
        #expect(worst <= 4, "worst \(worst)")
    }

    // MARK: - The component

    @Test func incrementalFramesEqualAFreshDrawOfTheSameParticles() throws {
        let burst = EmojiBurst()
        let loop = try UIRunLoop(root: burst, size: EmojiBurst.defaultSize, scale: 2, framesPerSecond: 60)
        // Taps on three keys, then a drag across the row that bursts every 22 pt: overlapping sprites,
        // sprites leaving the view and bursts ending, all in 1.4 s.
        var events = tap(Point(burst.keyFrame(0).midX, burst.keyFrame(0).midY), at: 0.05)
            + tap(Point(burst.keyFrame(2).midX, burst.keyFrame(2).midY), at: 0.1, id: 1)
            + tap(Point(burst.keyFrame(4).midX, burst.keyFrame(4).midY), at: 0.3, id: 2)
        for n in 0...10 {
            let p = Point(40 + 24 * Double(n), 330 - 6 * Double(n))
            events.append(Touch(id: 3, phase: n == 0 ? .began : .moved, location: p, timestamp: 0.4 + 0.02 * Double(n)))
        }
        events.append(Touch(id: 3, phase: .ended, location: Point(280, 270), timestamp: 0.62))
        var compared = 0, drawn = 0
        _ = loop.run(events: events, duration: 1.4) { _ in
            guard let shown = burst.particleOverlay.pixels else { return }
            var fresh = try! Pixmap(width: shown.width, height: shown.height, scale: shown.scale)
            let box = fresh.withMutableView { ParticleRasterizer.draw(burst.particleStore, into: $0, scale: 2) }
            #expect(shown.bytes == fresh.bytes, "frame \(compared)")
            compared += 1
            if box != nil { drawn += 1 }
        }
        #expect(burst.burstCount >= 10 && compared > 60 && drawn > 40)
    }

    @Test(.enabled(if: FileManager.default.isReadableFile(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
                   "needs Noto Color Emoji (fonts-noto-color-emoji) at /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"))
    func withTheColourFontTheBurstThrowsColourEmoji() throws {
        let burst = EmojiBurst()
        let loop = try host(burst)
        let key = burst.keyFrame(3)
        var colourful = 0
        _ = loop.run(events: tap(Point(key.midX, key.midY), at: 0.1), duration: 0.3) { _ in
            guard let shown = burst.particleOverlay.pixels else { return }
            // Opaque pixels whose channels spread widely: the rainbow's colours, drawn from the font's bitmap.
            var n = 0
            for y in 0..<shown.height {
                for x in 0..<shown.width {
                    let p = shown[x, y]
                    guard p.alpha == 255 else { continue }
                    if max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 120 { n += 1 }
                }
            }
            colourful = max(colourful, n)
        }
        let path = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
        #expect(burst.emojiSources[EmojiBurst.defaultEmoji[3]] == .colorBitmap(font: path))
        #expect(burst.simulationState["source"] == .string("colorBitmap"))
        #expect(colourful > 500)
    }

    @Test func aTapBurstsTheTouchedEmojiAndEverythingLeavesTheView() throws {
        let burst = EmojiBurst()
        let loop = try host(burst)
        let key = burst.keyFrame(1)
        var seen: [(t: Double, particles: Int, emitters: Int)] = []
        _ = loop.run(events: tap(Point(key.midX, key.midY), at: 0.1), duration: 2.5) { frame in
            seen.append((frame.time, burst.particleCount, burst.emitterCount))
        }
        #expect(burst.lastEmoji == EmojiBurst.defaultEmoji[1] && burst.burstCount == 1)
        let first = try #require(seen.first { $0.particles > 0 })
        #expect(first.particles == 4 && first.emitters == 1)
        #expect(seen.allSatisfy { $0.particles <= 4 })
        // Everything flies off within 2 s of the touch, and the burst is then removed.
        #expect(seen.last?.particles == 0 && seen.last?.emitters == 0)
        #expect(burst.emojiSources[EmojiBurst.defaultEmoji[1]] != nil)
    }

    @Test func aThousandTouchesASecondKeepTheParticlesBounded() throws {
        let burst = EmojiBurst()
        let loop = try host(burst)
        var events: [Touch] = []
        for n in 0..<1000 {
            let p = Point(Double(20 + (n * 37) % 280), Double(60 + (n * 53) % 380))
            let t = 0.05 + Double(n) * 0.001
            events += [Touch(phase: .began, location: p, timestamp: t), Touch(phase: .ended, location: p, timestamp: t + 0.0005)]
        }
        var most = 0, mostEmitters = 0
        _ = loop.run(events: events, duration: 1.2) { _ in
            most = max(most, burst.particleCount)
            mostEmitters = max(mostEmitters, burst.emitterCount)
            #expect(burst.particleStore.count <= 4 * EmojiBurst.maximumEmitters)
        }
        #expect(burst.burstCount > 100)
        #expect(mostEmitters == EmojiBurst.maximumEmitters && most <= 4 * EmojiBurst.maximumEmitters && most > 0)
    }

    @Test func anEmojiNoFontHasIsAPlaceholderAndReportedSo() throws {
        let burst = try EmojiBurst(emoji: ["😀", "❤️"])
        burst.renderer = EmojiRenderer(colorFonts: [], outlineFonts: [])
        let loop = try host(burst)
        let key = burst.keyFrame(0), other = burst.keyFrame(1)
        var states: [(t: Double, state: [String: TraceValue])] = []
        _ = loop.run(events: tap(Point(key.midX, key.midY), at: 0.1) + tap(Point(other.midX, other.midY), at: 0.5), duration: 0.7) { frame in
            states.append((frame.time, burst.simulationState))
        }
        // Nothing draws 😀 without fonts and it has no stand-in: the placeholder, reported, and still a bounded burst.
        let first = try #require(states.first { $0.t > 0.2 && $0.t < 0.4 }).state
        #expect(first["lastEmoji"] == .string("😀") && first["source"] == .string("placeholder"))
        #expect(first["particles"] == .number(4))
        #expect(burst.emojiSources["😀"] == .placeholder && burst.emojiSources["❤️"] == .standIn)
        #expect(burst.simulationState["source"] == .string("standIn") && burst.lastEmoji == "❤️")
        #expect(throws: LiquidError.self) { try EmojiBurst(emoji: ["ab"]) }
        #expect(throws: LiquidError.self) { try EmojiBurst(emoji: []) }
    }

    @Test func withReduceMotionABurstIsOneStillEmojiThatFades() throws {
        let burst = EmojiBurst()
        let loop = try host(burst, reduceMotion: true)
        let key = burst.keyFrame(2)
        let point = Point(key.midX, key.midY)
        var seen: [(t: Double, particles: Int, phase: Double, alpha: Double, x: Double, y: Double)] = []
        _ = loop.run(events: tap(point, at: 0.1), duration: 1.2) { frame in
            let store = burst.particleStore
            guard let group = store.groups.first, case .ballistic(let motion) = group.motion else {
                seen.append((frame.time, burst.particleCount, 0, 0, 0, 0)); return
            }
            let i = group.start
            seen.append((frame.time, burst.particleCount, group.phase, motion.alpha(lifetime: Double(store.lifetime[i])),
                         group.frame.minX + Double(store.offsetX[i]), group.frame.minY + Double(store.offsetY[i])))
        }
        let shown = seen.filter { $0.particles > 0 }
        #expect(shown.allSatisfy { $0.particles == 1 && $0.x == point.x && $0.y == point.y })
        // Fully opaque for 0.2 s, then alpha = (0.7 s − age) / 0.5 s; removed once 0.7 s old.
        for frame in shown {
            let expected = min(1, (0.7 - frame.phase) / 0.5)
            #expect(abs(frame.alpha - expected) < 1e-4, "t = \(frame.t)")
        }
        #expect(shown.contains { $0.alpha == 1 && $0.phase > 0.15 } && shown.contains { $0.alpha < 0.1 })
        let first = try #require(shown.first).t, last = try #require(shown.last).t
        #expect(last - first > 0.7 - 1.0 / 30 && last - first < 0.7 + 1e-9)
        #expect(seen.last?.particles == 0 && burst.emitterCount == 0)
    }
}
