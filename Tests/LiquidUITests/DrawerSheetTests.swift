import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct DrawerSheetTests {
    /// One recorded frame: time, offset, velocity.
    struct Sample {
        let t: Double
        let offset: Double
        let velocity: Double
    }

    private func host() throws -> (UIRunLoop, DrawerSheet) {
        let drawer = DrawerSheet()
        let loop = try UIRunLoop(root: drawer, size: DrawerSheet.defaultSize, framesPerSecond: 60)
        return (loop, drawer)
    }

    /// Plays `touches` from the loop's present time up to `until`, recording every frame.
    private func play(_ loop: UIRunLoop, _ drawer: DrawerSheet, _ touches: [Touch], until: Double) -> [Sample] {
        var samples: [Sample] = []
        let start = loop.lastFrameTime.map { $0 + loop.frameInterval } ?? 0
        loop.run(events: touches, duration: until - start + 1e-9) { info in
            samples.append(Sample(t: info.time, offset: drawer.offset, velocity: drawer.velocity))
        }
        return samples
    }

    private static let x = 160.0
    private static let closed = DrawerSheet.closedOffset
    private static let step = 1.0 / 120

    /// The exact offset of a spring released at `release` from `from` toward `to` with `velocity`
    /// (points per second), as the run loop's 1/120 s step clock shows it at frame time `t`.
    private static func springOffset(_ spring: Spring, at t: Double, release: Double, from: Double, to: Double,
                                     velocity: Double) -> Double {
        let elapsed = ((t - release) / step + 1e-6).rounded(.down) * step
        return spring.value(at: elapsed, from: from, to: to, initialVelocity: velocity)
    }

    @Test func aTapOpensOnTheBounceFreeSpringAndLandsExactly() throws {
        let (loop, drawer) = try host()
        #expect(drawer.offset == Self.closed && !drawer.isOpen)
        let tap = [Touch(phase: .began, location: Point(Self.x, 440), timestamp: 0.1),
                   Touch(phase: .ended, location: Point(Self.x, 440), timestamp: 0.2)]
        let frames = play(loop, drawer, tap, until: 2)
        // The tap is recognized as it lifts, at 0.2 s: from there the offset follows the critically damped
        // spring (response 0.3 s) from closed to open, never passing open.
        // (The animator lands exactly once within 1e-4 of its progress; compare the frames before.)
        for frame in frames where frame.t > 0.2 && frame.offset != 0 {
            let exact = Self.springOffset(DrawerSheet.tapSpring, at: frame.t, release: 0.2, from: Self.closed, to: 0, velocity: 0)
            #expect(abs(frame.offset - exact) < 1e-6, "t = \(frame.t)")
        }
        #expect(frames.allSatisfy { $0.offset >= 0 }, "a tap lands without overshoot")
        #expect(frames.last?.offset == 0 && drawer.isOpen)
        #expect(drawer.fractionComplete == 0 && drawer.velocity == 0, "at rest")
    }

    @Test func aTouchOnTheMovingDrawerStopsItWithinOneFrame() throws {
        let (loop, drawer) = try host()
        let tap = [Touch(phase: .began, location: Point(Self.x, 440), timestamp: 0.1),
                   Touch(phase: .ended, location: Point(Self.x, 440), timestamp: 0.2)]
        let before = play(loop, drawer, tap, until: 0.3)
        let moving = try #require(before.last)
        #expect(moving.offset > 20 && moving.offset < Self.closed - 20 && moving.velocity < -100, "mid-flight")
        // A finger lands on the sheet between two frames and stays down.
        let touch = Touch(phase: .began, location: Point(Self.x, 470), timestamp: moving.t + 0.005)
        let after = play(loop, drawer, [touch], until: 0.8)
        #expect(abs(after[0].offset - moving.offset) < 0.5, "the next frame shows it where it was touched")
        #expect(after.allSatisfy { $0.offset == after[0].offset }, "held while the finger stays")
        #expect(!drawer.isOpen)
    }

    @Test func aFlickLandsWithOvershootWhereATapDoesNot() throws {
        let (loop, drawer) = try host()
        // Drag the closed sheet up 60 points slowly, then throw it up at 1 500 points a second.
        var touches = [Touch(phase: .began, location: Point(Self.x, 440), timestamp: 0.1)]
        var y = 440.0, t = 0.1
        for _ in 0..<12 { y -= 5; t += 1.0 / 60; touches.append(Touch(phase: .moved, location: Point(Self.x, y), timestamp: t)) }
        for _ in 0..<6 { y -= 1500.0 / 120; t += 1.0 / 120; touches.append(Touch(phase: .moved, location: Point(Self.x, y), timestamp: t)) }
        touches.append(Touch(phase: .ended, location: Point(Self.x, y), timestamp: t))
        let frames = play(loop, drawer, touches, until: 2)
        let lowest = try #require(frames.map(\.offset).min())
        #expect(lowest < -1, "the flick carries the sheet past open (lowest offset \(lowest))")
        #expect(frames.last?.offset == 0 && drawer.isOpen, "then it settles exactly open")
    }

    @Test func aFlickAgainstTheMotionReversesIt() throws {
        let (loop, drawer) = try host()
        let tap = [Touch(phase: .began, location: Point(Self.x, 440), timestamp: 0.1),
                   Touch(phase: .ended, location: Point(Self.x, 440), timestamp: 0.2)]
        let opening = play(loop, drawer, tap, until: 0.3)
        let caught = try #require(opening.last)
        #expect(caught.velocity < -100, "rising")
        // Catch it and throw it down: 40 points in a twentieth of a second.
        var touches = [Touch(phase: .began, location: Point(Self.x, 470), timestamp: 0.31)]
        for i in 1...6 {
            touches.append(Touch(phase: .moved, location: Point(Self.x, 470 + 40 * Double(i) / 6), timestamp: 0.35 + Double(i) / 120))
        }
        touches.append(Touch(phase: .ended, location: Point(Self.x, 510), timestamp: 0.4))
        let frames = play(loop, drawer, touches, until: 2.5)
        let released = frames.filter { $0.t > 0.4 }
        #expect(released.first.map { $0.velocity > 100 } == true, "falling right after the release")
        #expect(released.contains { $0.offset > Self.closed }, "thrown down, it overshoots closed")
        #expect(frames.last?.offset == Self.closed && !drawer.isOpen, "and lands exactly closed")
    }

    @Test func theVelocityCapHoldsForATenThousandPointFlick() throws {
        let (loop, drawer) = try host()
        // Drag the closed sheet up 50 points slowly, then flick at 10 000 points a second (240 Hz
        // samples), letting go on a frame at 0.5 s.
        var touches = [Touch(phase: .began, location: Point(Self.x, 440), timestamp: 0.1)]
        var y = 440.0
        for i in 1...10 {
            y -= 5
            touches.append(Touch(phase: .moved, location: Point(Self.x, y), timestamp: 0.1 + 0.3 * Double(i) / 10))
        }
        for i in 1...4 {
            y -= 10_000.0 / 240
            touches.append(Touch(phase: .moved, location: Point(Self.x, y), timestamp: 0.5 - Double(4 - i) / 240))
        }
        touches.append(Touch(phase: .ended, location: Point(Self.x, y), timestamp: 0.5))
        let frames = play(loop, drawer, touches, until: 3)
        let release = try #require(frames.last { $0.t <= 0.5 + 1e-9 })
        let left = release.offset  // points to open
        #expect(left > 80 && left < 200)
        // 10 000 / left is well above 30, so the spring starts at 30 distances left per second.
        let capped = -DrawerSheet.velocityLimit * left
        for frame in frames where frame.t > release.t && frame.offset != 0 {
            let exact = Self.springOffset(DrawerSheet.flickSpring, at: frame.t, release: release.t, from: left, to: 0, velocity: capped)
            #expect(abs(frame.offset - exact) < 1e-6, "t = \(frame.t)")
        }
        let first = try #require(frames.first { $0.t > release.t })
        let spring = DrawerSheet.flickSpring
        let exactVelocity = spring.velocity(at: Self.step * 2, from: left, to: 0, initialVelocity: capped)
        #expect(abs(first.velocity - exactVelocity) < 1e-6, "the reported velocity is the spring's")
        #expect(frames.allSatisfy { $0.offset.isFinite && $0.offset > -60 })
        #expect(frames.last?.offset == 0 && drawer.isOpen)
    }

    @Test func aSlowReleaseGoesToTheNearerEnd() throws {
        let (loop, drawer) = try host()
        // Up 150 points and held still before lifting: below half-way, so back to closed.
        var touches = TouchScript.drag(from: Point(Self.x, 440), to: Point(Self.x, 290), start: 0.1, duration: 0.5, lift: false)
        touches.append(Touch(phase: .ended, location: Point(Self.x, 290), timestamp: 1.0))
        _ = play(loop, drawer, touches, until: 2.5)
        #expect(drawer.offset == Self.closed && !drawer.isOpen)
        // Up 200 points the same way: past half-way, so open.
        let again = TouchScript.drag(from: Point(Self.x, 440), to: Point(Self.x, 240), start: 3, duration: 0.5, lift: false)
            + [Touch(phase: .ended, location: Point(Self.x, 240), timestamp: 3.9)]
        _ = play(loop, drawer, again, until: 5.5)
        #expect(drawer.offset == 0 && drawer.isOpen)
    }

    @Test func touchesOffTheSheetAreIgnored() throws {
        let (loop, drawer) = try host()
        let tap = [Touch(phase: .began, location: Point(Self.x, 200), timestamp: 0.1),
                   Touch(phase: .ended, location: Point(Self.x, 200), timestamp: 0.2)]
        let frames = play(loop, drawer, tap, until: 1)
        #expect(frames.allSatisfy { $0.offset == Self.closed } && !drawer.isOpen)
    }

    @Test func randomTouchesKeepItFiniteAndItAlwaysComesToRest() throws {
        let (loop, drawer) = try host()
        var generator = SplitMix64(seed: 7)
        var touches: [Touch] = []
        var t = 0.05
        for _ in 0..<60 {
            let down = Point(Double(generator.next() % 320), Double(generator.next() % 480))
            let end = Point(Double(generator.next() % 320), Double(generator.next() % 600) - 60)
            let duration = 0.02 + Double(generator.next() % 300) / 1000
            touches += TouchScript.drag(from: down, to: end, start: t, duration: duration)
            t += duration + Double(generator.next() % 400) / 1000 + 0.01
        }
        let frames = play(loop, drawer, touches, until: t + 3)
        #expect(frames.allSatisfy { $0.offset.isFinite && $0.velocity.isFinite })
        #expect(drawer.offset == 0 || drawer.offset == Self.closed, "at rest on an end (\(drawer.offset))")
        #expect(drawer.isOpen == (drawer.offset == 0))
    }
}
