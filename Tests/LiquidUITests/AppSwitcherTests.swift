import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct AppSwitcherTests {
    private func host() throws -> (UIRunLoop, AppSwitcher) {
        let switcher = AppSwitcher()
        let loop = try UIRunLoop(root: switcher, size: AppSwitcher.defaultSize, framesPerSecond: 60)
        loop.run(events: [], duration: 0)
        return (loop, switcher)
    }

    /// One frame of a run: its time, the finger's speed as the pause test sees it, the drag's rise,
    /// and what the switcher shows.
    private struct Sample {
        let time: Double
        let speed: Double
        let rise: Double
        let paused: Bool
        let shown: Bool
        let haptics: Int
    }

    private func record(_ loop: UIRunLoop, _ switcher: AppSwitcher, _ touches: [Touch], duration: Double) -> [Sample] {
        var samples: [Sample] = []
        loop.run(events: touches, duration: duration) { info in
            samples.append(Sample(time: info.time, speed: switcher.pauseVelocity.length, rise: switcher.rise,
                                  paused: switcher.isPaused, shown: switcher.isSwitcherShown,
                                  haptics: loop.haptics.events.count))
        }
        return samples
    }

    /// A finger that goes down at the bottom edge at `start` and moves up with the speeds `speed(t)` (t
    /// from the touch-down), one move per 60th of a second, for `duration` seconds; lifted when `lift`.
    private func edgeDrag(start: Double = 0.1, duration: Double, lift: Bool, speed: (Double) -> Double) -> [Touch] {
        var y = 410.0
        var touches = [Touch(phase: .began, location: Point(120, y), timestamp: start)]
        let moves = Int((duration * 60).rounded())
        for i in 1...moves {
            let t = Double(i) / 60
            y -= speed(t - 1.0 / 120) / 60  // midpoint rule: the distance covered over the 60th of a second
            touches.append(Touch(phase: .moved, location: Point(120, y), timestamp: start + t))
        }
        if lift { touches.append(Touch(phase: .ended, location: Point(120, y), timestamp: start + duration)) }
        return touches
    }

    @Test func theSwitcherAppearsOnTheFrameThePauseIsDetected() throws {
        let (loop, switcher) = try host()
        // 700 pt/s up for a quarter second, then the finger holds still (it sends no more moves).
        let samples = record(loop, switcher, edgeDrag(duration: 0.25, lift: false) { _ in 700 }, duration: 0.8)
        let reveal = try #require(samples.firstIndex { $0.shown })
        #expect(samples[reveal].paused)
        #expect(!samples[..<reveal].contains { $0.paused }, "no frame before it looked paused")
        #expect(samples[reveal].haptics == 1 && samples[reveal - 1].haptics == 0, "one light impact, on that frame")
        #expect(loop.haptics.events == [.impactLight])
        // The rule, checked on the speeds the frames saw: at most 100 pt/s now, more than 90 % lost against
        // the oldest of the last seven frames, and at least 50 points risen.
        let now = samples[reveal], oldest = samples[reveal - 6]
        #expect(now.speed <= 100)
        #expect((oldest.speed - now.speed) / oldest.speed > 0.9)
        #expect(now.rise >= 50)
        // The finger stopped at 0.35 s: the reveal comes within the seven-frame window after it.
        #expect(now.time > 0.35 && now.time <= 0.35 + 7.0 / 60 + 1e-9)
    }

    @Test func aQuickStopWithTheFingerStillReportingRespondsWithinSevenFrames() throws {
        let (loop, switcher) = try host()
        // 1000 pt/s for 0.2 s, then moves at the same place every frame (a finger resting on the glass).
        var touches = edgeDrag(duration: 0.2, lift: false) { _ in 1000 }
        let resting = touches.last!.location
        for i in 1...30 { touches.append(Touch(phase: .moved, location: resting, timestamp: 0.3 + Double(i) / 60)) }
        let samples = record(loop, switcher, touches, duration: 1)
        let reveal = try #require(samples.first { $0.shown })
        #expect(reveal.time > 0.3 && reveal.time <= 0.3 + 7.0 / 60 + 1e-9)
    }

    @Test func neverWhileTheFingerStillMovesFast() throws {
        let (loop, switcher) = try host()
        // A steady 300 pt/s drag over a second: far from the start, but never braking.
        let steady = record(loop, switcher, edgeDrag(duration: 1, lift: false) { _ in 300 }, duration: 1.05)
        #expect(!steady.contains { $0.shown })
        // A braking finger: 900 pt/s falling linearly to 0 over 0.6 s. The reveal waits until the finger's
        // own speed (known from the script) is at most 100 pt/s.
        let (loop2, switcher2) = try host()
        let brake: (Double) -> Double = { t in Swift.max(0, 900 * (1 - t / 0.6)) }
        let samples = record(loop2, switcher2, edgeDrag(duration: 0.6, lift: false, speed: brake), duration: 1)
        let reveal = try #require(samples.first { $0.shown })
        #expect(brake(reveal.time - 0.1) <= 100)
        for sample in samples where brake(sample.time - 0.1) > 100 { #expect(!sample.shown) }
    }

    @Test func releasingAfterTheRevealSettlesIntoTheSwitcher() throws {
        let (loop, switcher) = try host()
        var touches = edgeDrag(duration: 0.25, lift: false) { _ in 700 }
        touches.append(Touch(phase: .ended, location: touches.last!.location, timestamp: 0.6))
        loop.run(events: touches, duration: 3)
        #expect(switcher.place == .switcher && switcher.isSwitcherShown)
        #expect(abs(switcher.cardScale - AppSwitcher.switcherScale) < 1e-12)
        #expect(!switcher.isPaused && switcher.rise == 0)
    }

    @Test func aFastFlickWithoutPauseGoesHome() throws {
        let (loop, switcher) = try host()
        // 1200 pt/s for 0.12 s (rises 144 points), lifted while still moving fast.
        let samples = record(loop, switcher, edgeDrag(duration: 0.12, lift: true) { _ in 1200 }, duration: 2)
        #expect(!samples.contains { $0.shown })
        #expect(switcher.place == .home)
        #expect(loop.haptics.events.isEmpty)
        #expect(abs(switcher.cardScale - 40.0 / 240) < 1e-9, "shrunk into its 40-point icon")
    }

    @Test func aShortSlowDragSpringsBack() throws {
        let (loop, switcher) = try host()
        // 150 pt/s for 0.5 s: 75 points risen, projected 75 more — short of 210.
        let samples = record(loop, switcher, edgeDrag(duration: 0.5, lift: true) { _ in 150 }, duration: 2)
        #expect(samples.contains { $0.rise > 70 })
        #expect(!samples.contains { $0.shown })
        #expect(switcher.place == .app)
        #expect(switcher.cardScale == 1)
    }

    @Test func theCardShrinksWithTheRise() throws {
        let (loop, switcher) = try host()
        loop.run(events: edgeDrag(duration: 0.15, lift: false) { _ in 700 }, duration: 0.25)
        let rise = switcher.rise
        #expect(abs(rise - 105) < 1e-9)
        #expect(abs(switcher.progress - 0.5) < 1e-9)
        #expect(abs(switcher.cardScale - (1 - 0.45 * 0.5)) < 1e-9)
    }

    @Test func aDragAwayFromTheBottomEdgeDoesNothing() throws {
        let (loop, switcher) = try host()
        var touches = [Touch(phase: .began, location: Point(120, 300), timestamp: 0.1)]
        for i in 1...30 {
            touches.append(Touch(phase: .moved, location: Point(120, 300 - 6 * Double(i)), timestamp: 0.1 + Double(i) / 60))
        }
        touches.append(Touch(phase: .ended, location: Point(120, 120), timestamp: 0.7))
        loop.run(events: touches, duration: 1.5)
        #expect(switcher.place == .app && switcher.cardScale == 1 && !switcher.isSwitcherShown)
    }

    @Test func aTapOnTheSwitcherCardOrTheHomeScreenOpensTheApp() throws {
        let (loop, switcher) = try host()
        var touches = edgeDrag(duration: 0.25, lift: false) { _ in 700 }
        touches.append(Touch(phase: .ended, location: touches.last!.location, timestamp: 0.6))
        touches += [Touch(phase: .began, location: Point(120, 200), timestamp: 2),
                    Touch(phase: .ended, location: Point(120, 200), timestamp: 2.05)]
        loop.run(events: touches, duration: 3.5)
        #expect(switcher.place == .app && switcher.cardScale == 1)
        loop.run(events: edgeDrag(start: 3.6, duration: 0.12, lift: true) { _ in 1200 }, duration: 1.5)
        #expect(switcher.place == .home)
        loop.run(events: [Touch(phase: .began, location: Point(200, 380), timestamp: 5.2),
                          Touch(phase: .ended, location: Point(200, 380), timestamp: 5.25)], duration: 1.5)
        #expect(switcher.place == .app && switcher.cardScale == 1)
    }
}
