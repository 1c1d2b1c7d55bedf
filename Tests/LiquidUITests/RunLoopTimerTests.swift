import LiquidGeometry
import Testing

@testable import LiquidUI

/// One-shot timers on the run loop's fixed-step frame clock: they fire in the first frame at or after
/// their time, never from a touch, and never after being invalidated.
@MainActor
struct RunLoopTimerTests {
    private func loop(fps: Double = 60) throws -> UIRunLoop {
        try UIRunLoop(root: View(), size: Size(width: 10, height: 10), framesPerSecond: fps)
    }

    @Test func firesInTheFirstFrameAtOrAfterItsTime() throws {
        let loop = try loop(fps: 60)
        var firedAt: [Double] = []
        let timer = try loop.schedule(after: 0.25) { firedAt.append(loop.currentTime) }
        #expect(timer.fireTime == 0.25)
        loop.run(events: [], duration: 1)
        // 0.25 s is frame 15 at 60 Hz; k / 60 for k = 15 may land a hair off 0.25 but within the tolerance.
        #expect(firedAt.count == 1)
        #expect(abs(firedAt[0] - 15.0 / 60) < 1e-12)
        #expect(!timer.isValid)
    }

    @Test func aTimeBetweenFramesFiresOnTheNextFrame() throws {
        let loop = try loop(fps: 10)
        var firedAt: Double?
        try loop.schedule(at: 0.33) { firedAt = loop.currentTime }
        loop.run(events: [], duration: 0.3)
        #expect(firedAt == nil, "not due at 0.3")
        loop.run(events: [], duration: 0.2)
        #expect(firedAt.map { abs($0 - 0.4) < 1e-12 } == true, "the frame at 0.4 is the first at or after 0.33")
    }

    @Test func aTouchAfterTheFireTimeDoesNotFireIt() throws {
        let loop = try loop()
        var fired = false
        try loop.schedule(at: 0.1) { fired = true }
        loop.dispatch(Touch(phase: .began, location: Point(5, 5), timestamp: 0.2))
        #expect(!fired)
        loop.step(to: 0.2)
        #expect(fired)
    }

    @Test func anInvalidatedTimerNeverFires() throws {
        let loop = try loop()
        var fired = false
        let timer = try loop.schedule(after: 0.1) { fired = true }
        loop.step(to: 0.05)
        timer.invalidate()
        loop.run(events: [], duration: 0.5)
        #expect(!fired && !timer.isValid)
        #expect(loop.animations.count == 0, "nothing left running")
    }

    @Test func badTimesAreRefused() throws {
        let loop = try loop()
        #expect(throws: LiquidError.self) { try loop.schedule(after: -1) {} }
        #expect(throws: LiquidError.self) { try loop.schedule(after: .nan) {} }
        #expect(throws: LiquidError.self) { try loop.schedule(at: .infinity) {} }
        #expect(loop.animations.count == 0)
    }
}
