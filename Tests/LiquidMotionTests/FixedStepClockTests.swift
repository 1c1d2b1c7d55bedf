import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidMotion

/// The one motion policy: whole 1/120 s steps, a frame advancing by its nominal interval, late frames
/// paused (or caught up on request). Positions are checked against the spring's closed-form solution.
@Suite("FixedStepClock")
struct FixedStepClockTests {
    let spring = try! Spring(response: 0.4, dampingRatio: 0.75)

    /// Frames at `times` through a clock and an animator from 0 to 100; returns steps per frame, the
    /// animator and the clock.
    func drive(_ clock: FixedStepClock, times: [Double]) -> ([Int], SpringAnimator<Double>, FixedStepClock) {
        var clock = clock
        var animator = SpringAnimator(spring: spring, value: 0.0, target: 100)
        var steps: [Int] = []
        for time in times {
            let n = clock.advance(to: time)
            steps.append(n)
            for _ in 0..<n { animator.advance(by: clock.step) }
        }
        return (steps, animator, clock)
    }

    @Test func sixtyHertzTakesTwoStepsAFrameAndOneHundredTwentyOne() throws {
        let at60 = drive(try FixedStepClock(frameInterval: 1.0 / 60), times: (1...30).map { Double($0) / 60 })
        #expect(at60.0 == Array(repeating: 2, count: 30))
        #expect(isClose(at60.1.value, spring.value(at: 0.5, from: 0.0, to: 100), absolute: 1e-9))
        let at120 = drive(try FixedStepClock(frameInterval: 1.0 / 120), times: (1...60).map { Double($0) / 120 })
        #expect(at120.0 == Array(repeating: 1, count: 60))
        #expect(isClose(at120.1.value, at60.1.value, absolute: 1e-9))
        #expect(at60.2.droppedTime == 0 && at120.2.droppedTime == 0)
    }

    /// Displays faster than the step (144 and 240 Hz) or not a whole number of steps a frame (90 Hz): every
    /// on-time frame owes the whole steps up to it, nothing is dropped, and after half a second the spring is
    /// where its closed form puts it at the last whole step.
    @Test(arguments: [90.0, 121, 144, 240])
    func otherFrameRatesKeepRealTime(rate: Double) throws {
        let frames = Int((rate / 2).rounded(.up))
        let times = (1...frames).map { Double($0) / rate }
        let (steps, animator, clock) = drive(try FixedStepClock(frameInterval: 1 / rate), times: times)
        #expect(clock.droppedTime == 0, "\(rate) Hz")
        let last = try #require(times.last)
        let expectedSteps = Int((last * 120 + 1e-6).rounded(.down))
        #expect(steps.reduce(0, +) == expectedSteps, "\(rate) Hz")
        #expect(steps.allSatisfy { $0 <= 2 }, "\(rate) Hz: at most two steps a frame")
        #expect(isClose(animator.value, spring.value(at: Double(expectedSteps) / 120, from: 0.0, to: 100), absolute: 1e-9))
        // A frame two seconds late still pauses: one frame interval's worth of steps, the rest dropped.
        var late = clock
        let taken = late.advance(to: last + 2)
        #expect(taken <= 2 && late.droppedTime > 1.9, "\(rate) Hz")
    }

    @Test func aLateFramePausesByDefaultAndCatchesUpOnRequest() throws {
        // Frames at 1/60 and 2/60, then one three intervals late (5/60), then on time again (6/60).
        let times = [1.0, 2, 5, 6].map { $0 / 60 }
        let paused = drive(try FixedStepClock(frameInterval: 1.0 / 60), times: times)
        #expect(paused.0 == [2, 2, 2, 2])
        #expect(isClose(paused.2.droppedTime, 2.0 / 60, relative: 1e-9))
        #expect(isClose(paused.1.value, spring.value(at: 4.0 / 60, from: 0.0, to: 100), absolute: 1e-9))
        let caughtUp = drive(try FixedStepClock(frameInterval: 1.0 / 60, lateFramePolicy: .catchUp), times: times)
        #expect(caughtUp.0 == [2, 2, 6, 2])
        #expect(caughtUp.2.droppedTime == 0)
        #expect(isClose(caughtUp.1.value, spring.value(at: 6.0 / 60, from: 0.0, to: 100), absolute: 1e-9))
        // A frame 1.5 intervals late is still on time.
        var clock = try FixedStepClock(frameInterval: 1.0 / 60)
        #expect(clock.advance(to: 1.5 / 60) == 3)
    }

    @Test func theCapBoundsCatchingUpAndBadTimesOweNothing() throws {
        var clock = try FixedStepClock(frameInterval: 1.0 / 60, lateFramePolicy: .catchUp, maximumCatchUpSteps: 4)
        #expect(clock.advance(to: 1) == 4)
        #expect(isClose(clock.droppedTime, 1 - 4.0 / 120, relative: 1e-9))
        #expect(clock.advance(to: .nan) == 0 && clock.advance(to: 0.5) == 0)
        clock.restart(at: 2)
        #expect(clock.time == 2 && clock.advance(to: 2 + 1.0 / 60) == 2)
        #expect(throws: LiquidError.self) { try FixedStepClock(step: 0, frameInterval: 1.0 / 60) }
        #expect(throws: LiquidError.self) { try FixedStepClock(frameInterval: .infinity) }
        #expect(throws: LiquidError.self) { try FixedStepClock(frameInterval: 1.0 / 60, maximumCatchUpSteps: 0) }
    }
}
