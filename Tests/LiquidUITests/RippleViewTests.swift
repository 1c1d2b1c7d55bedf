import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct RippleViewTests {
    private static let size = RippleView.defaultSize

    private func host(rendering: Bool = false) throws -> (UIRunLoop, RippleView) {
        let ripple = RippleView()
        let loop = try UIRunLoop(root: ripple, size: Self.size, scale: 1, framesPerSecond: 60)
        if rendering { loop.compositor = try Compositor(size: Self.size, scale: 1) }
        return (loop, ripple)
    }

    private func tap(_ p: Point, at t: Double, id: Int = 0) -> [Touch] {
        [Touch(id: id, phase: .began, location: p, timestamp: t), Touch(id: id, phase: .ended, location: p, timestamp: t + 0.001)]
    }

    /// The specified displacement, written out independently: t' = max(0, t − r/1400),
    /// 10·sin(15t')·e^(−5.5t'), times 0.3 + 0.7·smoothstep(r/60) inside 60 pt, zero below 1 pt.
    private func expected(_ r: Double, _ t: Double) -> Double {
        if r < 1 { return 0 }
        let local = max(0, t - r / 1400)
        var a = 10 * sin(15 * local) * exp(-5.5 * local)
        if r < 60 { let f = r / 60; a *= 0.3 + 0.7 * (3 * f * f - 2 * f * f * f) }
        return a
    }

    @Test func theMeshFollowsTheFormula() throws {
        let (loop, ripple) = try host()
        let centre = Point(160, 120)
        loop.step(to: 0)
        _ = loop.dispatch(Touch(phase: .began, location: centre, timestamp: 0.001))
        for frame in 1...6 { loop.step(to: Double(frame) / 60) }
        let t = ripple.clock
        #expect(abs(t - 6.0 / 60) < 1e-12)
        let mesh = try #require(ripple.mesh)
        #expect(mesh.columns == 8 && mesh.rows == 6)
        // Vertex (c, r) rests at (40c, 40r): the tap sits on vertex (4, 3).
        #expect(mesh.offset(column: 4, row: 3) == .zero, "no displacement at r < 1")
        let near = mesh.offset(column: 5, row: 3) // r = 40, softened
        #expect(abs(near.x - expected(40, t)) < 1e-9 && near.y == 0)
        #expect(abs(expected(40, t)) > 1, "a real displacement is checked")
        let diagonal = mesh.offset(column: 6, row: 5) // r = √(80² + 80²)
        let r = (2.0 * 80 * 80).squareRoot()
        #expect(abs(diagonal.x - expected(r, t) * 80 / r) < 1e-9)
        #expect(abs(diagonal.y - expected(r, t) * 80 / r) < 1e-9)
        // The corner at r = 200 is not reached before t = 200/1400 ≈ 0.143 s.
        let far = mesh.offset(column: 0, row: 0)
        #expect(t < 200.0 / 1400 && far == .zero)
        #expect(abs(ripple.maximumDisplacement - mesh.offsets.map(\.length).max()!) < 1e-12)
    }

    @Test func aNinthTapDropsTheOldestWave() throws {
        let (loop, ripple) = try host()
        var touches: [Touch] = []
        let points = (0..<9).map { Point(20 + 30 * Double($0), 40 + 15 * Double($0)) }
        for (i, p) in points.enumerated() { touches += tap(p, at: 0.01 + 0.01 * Double(i)) }
        _ = loop.run(events: Array(touches.prefix(16)), duration: 0.09)
        #expect(ripple.waveCount == 8)
        #expect(ripple.waveCentres == Array(points.prefix(8)))
        _ = loop.run(events: Array(touches.suffix(2)), duration: 0.1)
        #expect(ripple.waveCount == 8)
        #expect(ripple.waveCentres == Array(points.suffix(8)), "the first wave went")
    }

    @Test func aWaveEndsAtItsLifetime() throws {
        let (loop, ripple) = try host()
        loop.step(to: 0)
        _ = loop.dispatch(Touch(phase: .began, location: Point(50, 50), timestamp: 0.001))
        _ = loop.dispatch(Touch(phase: .ended, location: Point(50, 50), timestamp: 0.002))
        // √2 · (320 · 1.5) / 1400 ≈ 0.4849 s: alive after 29 frames (0.4833 s), gone after the 30th.
        let lifetime = 2.0.squareRoot() * 480 / 1400
        for frame in 1...40 {
            loop.step(to: Double(frame) / 60)
            #expect(ripple.waveCount == (Double(frame) / 60 < lifetime ? 1 : 0), "frame \(frame)")
        }
        #expect(ripple.mesh == nil && ripple.maximumDisplacement == 0)
    }

    @Test func aLongFrameAdvancesTheClockASixthOfASecond() throws {
        let (loop, ripple) = try host()
        loop.step(to: 0)
        _ = loop.dispatch(Touch(phase: .began, location: Point(50, 50), timestamp: 0.001))
        loop.step(to: 1.0 / 60)
        loop.step(to: 2)
        #expect(abs(ripple.clock - (1.0 / 60 + 1.0 / 6)) < 1e-12)
        #expect(ripple.waveCount == 1)
    }

    @Test func aThousandTapsASecondStayBoundedAndFinite() throws {
        let (loop, ripple) = try host()
        var touches: [Touch] = []
        for i in 0..<2000 {
            let p = Point(Double((i * 37) % 320), Double((i * 53) % 240))
            touches += tap(p, at: 0.001 * Double(i), id: i % 3)
        }
        var worst = 0.0
        _ = loop.run(events: touches, duration: 2.6) { _ in
            #expect(ripple.waveCount <= 8)
            worst = max(worst, ripple.maximumDisplacement)
        }
        #expect(worst.isFinite && worst > 0 && worst <= 8 * 10)
        #expect(ripple.waveCount == 0, "all waves end once the taps stop")
    }

    @Test func touchesStillReachTheContent() throws {
        let (loop, ripple) = try host()
        _ = loop.run(events: tap(Point(100, 100), at: 0.1) + tap(Point(200, 60), at: 0.2), duration: 0.3)
        #expect(ripple.simulationState["contentTouches"] == .number(2))
        #expect(ripple.waveCount == 2)
    }

    @Test func theCardReturnsToItsExactPixelsAndReduceMotionDrawsTheRingAlone() throws {
        let (loop, ripple) = try host(rendering: true)
        loop.step(to: 0)
        let before = try #require(loop.image)
        _ = loop.run(events: tap(Point(120, 100), at: 0.01), duration: 0.15)
        let rippling = try #require(loop.image)
        #expect(rippling.bytes != before.bytes)
        _ = loop.run(events: [], duration: 0.6)
        #expect(ripple.waveCount == 0)
        #expect(try #require(loop.image).bytes == before.bytes, "byte for byte after the waves end")

        loop.reduceMotion = true
        _ = loop.run(events: tap(Point(120, 100), at: loop.currentTime + 0.01), duration: 0.15)
        #expect(ripple.waveCount == 1 && ripple.mesh == nil && ripple.maximumDisplacement == 0)
        let ringOnly = try #require(loop.image)
        #expect(ringOnly.bytes != before.bytes, "the ring shows")
        // Without the warp, only the faint ring (white at most 0.02 alpha) changes pixels.
        var largest = 0
        for (a, b) in zip(ringOnly.bytes, before.bytes) { largest = max(largest, abs(Int(a) - Int(b))) }
        #expect(largest <= 6)
    }

    /// With reduce motion the rings alone change: each frame redraws only the boxes of the rings it had and
    /// has (the drawing's reported change), and every frame equals the tree drawn from scratch.
    @Test func ringAloneRedrawsOnlyAroundTheRingsAndEqualsAFullRender() throws {
        let ripple = RippleView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let loop = try UIRunLoop(root: ripple, size: Size(width: 390, height: 844), scale: 2, framesPerSecond: 60)
        loop.compositor = try Compositor(size: loop.size, scale: 2)
        loop.reduceMotion = true
        loop.step(to: 0)
        for touch in tap(Point(100, 200), at: 0.005) + tap(Point(130, 260), at: 0.04, id: 1) { _ = loop.dispatch(touch) }
        var partial = 0, frames = 0
        for frame in 1...12 {
            let info = loop.step(to: Double(frame) / 60)
            let image = try #require(loop.image)
            let fresh = try Compositor(size: loop.size, scale: 2).render(loop.root.layer)
            #expect(image.bytes == fresh.bytes, "frame \(frame) equals a full render")
            guard let damage = info.damage else { continue }
            frames += 1
            // Young rings' ellipses cover a fraction of the screen (the shorter radius is 1400 pt/s × age).
            if damage.area < 780 * 1688 / 4 { partial += 1 }
        }
        #expect(frames >= 10)
        #expect(partial >= 2, "early frames redraw only around the young rings")
    }

    /// A wave started absurdly far away (finite) beside a normal one: the rings' reported change stays
    /// finite and every frame still equals a full render.
    @Test func aFarAwayWaveBesideANormalOneStillRedrawsCorrectly() throws {
        let (loop, ripple) = try host(rendering: true)
        loop.reduceMotion = true
        loop.step(to: 0)
        ripple.startWave(at: Point(1e308, -1e307))
        _ = loop.dispatch(Touch(phase: .began, location: Point(120, 100), timestamp: 0.005))
        for frame in 1...8 {
            loop.step(to: Double(frame) / 60)
            let fresh = try Compositor(size: Self.size, scale: 1).render(loop.root.layer)
            #expect(try #require(loop.image).bytes == fresh.bytes, "frame \(frame)")
        }
        #expect(ripple.waveCount == 2)
    }

    /// On a phone screen at 3× the rings go on the coarse grid, and the frame's tiles share one layout's
    /// coarse rows (a tile that found the layout not made for it would lay out its own and leave them).
    @Test func theTilesOfAFrameShareTheRingsLayout() throws {
        let ripple = RippleView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let loop = try UIRunLoop(root: ripple, size: Size(width: 390, height: 844), scale: 3, framesPerSecond: 60)
        loop.compositor = try Compositor(size: loop.size, scale: 3)
        loop.step(to: 0)
        for touch in tap(Point(100, 300), at: 0.005) + tap(Point(280, 600), at: 0.02, id: 1) { _ = loop.dispatch(touch) }
        for frame in 1...8 { loop.step(to: Double(frame) / 60) }
        // Two rings a few frames old span hundreds of pixel rows: their coarse rows were computed in the
        // shared grid (one per two pixel rows).
        #expect(ripple.rings.sharedRowsComputed > 200)
    }

    @Test func badWaveShapesAreRefused() {
        #expect(throws: LiquidError.self) { try Shockwave(centre: .zero, amplitude: .nan) }
        #expect(throws: LiquidError.self) { try Shockwave(centre: .zero, speed: 0) }
        #expect(throws: LiquidError.self) { try Shockwave(centre: .zero, decay: -1) }
        #expect(throws: LiquidError.self) { try Shockwave(centre: Point(.infinity, 0)) }
    }
}
