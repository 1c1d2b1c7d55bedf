import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidMotion

@Suite("FrameClock and tick sources")
struct FrameClockTests {
    @Test func deliversDeltasFromTimestamps() {
        let source = ManualTickSource(startingAt: 10)
        let clock = FrameClock(source: source)
        var ticks: [FrameTick] = []
        clock.addObserver { ticks.append($0) }
        clock.start()
        source.tick(at: 10)
        source.advance(by: 0.016)
        source.advance(by: 0.017)
        #expect(ticks.map(\.index) == [0, 1, 2])
        #expect(ticks[0].delta == 0)
        #expect(isClose(ticks[1].delta, 0.016, relative: 1e-9) && isClose(ticks[2].delta, 0.017, relative: 1e-9))
    }

    @Test func rejectsTimestampsThatAreNotFramesAndClampsStalls() {
        let source = ManualTickSource()
        let clock = FrameClock(source: source, maximumDelta: 0.1)
        var deltas: [Double] = []
        clock.addObserver { deltas.append($0.delta) }
        clock.start()
        source.tick(at: 1)
        source.tick(at: .nan)
        source.tick(at: 0.5)   // backwards
        source.tick(at: 1)     // repeated
        source.tick(at: 3)     // a two-second stall
        #expect(deltas == [0, 0.1])
        #expect(clock.rejectedTimestamps == 3)
        #expect(isClose(clock.clampedTime, 1.9, relative: 1e-12))
    }

    @Test func removedObserversAndStoppedClocksReceiveNothing() {
        let source = ManualTickSource()
        let clock = FrameClock(source: source)
        var a = 0, b = 0
        let tokenA = clock.addObserver { _ in a += 1 }
        clock.addObserver { _ in b += 1 }
        clock.start()
        source.run(frames: 3, interval: 0.01)
        clock.removeObserver(tokenA)
        source.run(frames: 2, interval: 0.01)
        clock.stop()
        source.run(frames: 2, interval: 0.01)
        #expect(a == 3 && b == 5)
    }

    @Test func drivesAnAnimatorExactly() throws {
        let spring = try Spring(response: 0.5, dampingRatio: 0.5)
        let source = ManualTickSource()
        let clock = FrameClock(source: source)
        var animator = SpringAnimator(spring: spring, value: 0.0, target: 1.0, tolerance: try SettleTolerance(value: 1e-300, velocity: 1e-300))
        clock.addObserver { animator.advance(by: $0.delta) }
        clock.start()
        source.tick(at: 0)
        var rng = SeededRandom(seed: 3)
        for _ in 0..<200 { source.advance(by: rng.uniform(0.004...0.02)) }
        let reference = SpringReference.state(stiffness: spring.stiffness, damping: spring.damping, mass: 1, x0: -1, v0: 0, t: source.now)
        #expect(abs(animator.value - (1 + reference.x)) < 1e-12)
    }

    @Test func intervalSourceRefusesAbsurdRates() {
        #expect(throws: LiquidError.self) { try IntervalTickSource(framesPerSecond: 0) }
        #expect(throws: LiquidError.self) { try IntervalTickSource(framesPerSecond: .nan) }
        #expect(throws: LiquidError.self) { try IntervalTickSource(framesPerSecond: 1e6) }
    }
}
