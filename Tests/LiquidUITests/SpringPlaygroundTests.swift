import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct SpringPlaygroundTests {
    private func host() throws -> (UIRunLoop, SpringPlayground) {
        let playground = SpringPlayground()
        let loop = try UIRunLoop(root: playground, size: SpringPlayground.defaultSize, framesPerSecond: 60)
        loop.run(events: [], duration: 0)  // the first frame lays the sliders out
        return (loop, playground)
    }

    private func tap(at point: Point, time: Double) -> [Touch] {
        [Touch(phase: .began, location: point, timestamp: time), Touch(phase: .ended, location: point, timestamp: time + 0.05)]
    }

    /// Taps the slider at the thumb position of `value`, so tap-to-jump sets (about) that value.
    private func tap(_ slider: LiquidSlider, toward value: Double, time: Double) -> [Touch] {
        let x = slider.frame.minX + slider.thumbX(for: value)
        return tap(at: Point(x, slider.frame.midY), time: time)
    }

    /// The largest x the square reaches after a tap 100 points to the right of where it rests.
    private func peakAfterStep(in loop: UIRunLoop, _ playground: SpringPlayground, start: Double) -> (peak: Double, target: Double) {
        let from = playground.position
        let target = from.x + 100
        var peak = -Double.infinity
        loop.run(events: tap(at: Point(target, from.y), time: start), duration: 3) { _ in
            peak = Swift.max(peak, playground.position.x)
        }
        return (peak, target)
    }

    /// The first overshoot of a step response from rest, as a fraction of the step: e^(−ζπ/√(1−ζ²)).
    private func analyticOvershoot(dampingRatio z: Double) -> Double {
        Double.exp(-z * Double.pi / (1 - z * z).squareRoot())
    }

    @Test func theDefaultsAreLively() throws {
        let (_, playground) = try host()
        #expect(playground.dampingRatio == 0.5)
        #expect(playground.response == 0.6)
        #expect(playground.position == Point(160, 150), "the middle of the 320 × 300 play area")
    }

    @Test func aTapSendsTheSquareThereAndItSettlesExactlyOnIt() throws {
        let (loop, playground) = try host()
        loop.run(events: tap(at: Point(250, 80), time: 0.1), duration: 4)
        #expect(playground.position == Point(250, 80))
        #expect(playground.velocity == .zero)
        #expect(playground.target == Point(250, 80))
    }

    @Test func aTargetNearTheEdgeKeepsTheWholeSquareInside() throws {
        let (loop, playground) = try host()
        loop.run(events: tap(at: Point(2, 299), time: 0.1), duration: 4)
        #expect(playground.position == Point(28, 272), "half the 56-point square in from the edges")
    }

    @Test func aNewTouchTakesOverTheValueAndVelocityOfTheLastFrame() throws {
        let (loop, playground) = try host()
        loop.run(events: tap(at: Point(290, 150), time: 0.1), duration: 0.3)
        let before = playground.position, velocity = playground.velocity
        #expect(velocity.length > 300, "the square is in full flight")
        // A touch between two frames moves the target; the next frame continues the motion.
        var frames: [(Point, Vector2)] = []
        loop.run(events: [Touch(phase: .began, location: Point(60, 40), timestamp: 0.305)], duration: 1.0 / 60) { _ in
            frames.append((playground.position, playground.velocity))
        }
        let spring = Spring.constant(response: 0.6, dampingRatio: 0.5)
        let expected = spring.value(at: 1.0 / 60, from: before, to: Point(60, 40), initialVelocity: velocity)
        let expectedVelocity = spring.velocity(at: 1.0 / 60, from: before, to: Point(60, 40), initialVelocity: velocity)
        let (after, afterVelocity) = try #require(frames.last)
        #expect(frames.count == 1)
        #expect(after.distance(to: expected) < 1e-9)
        #expect(afterVelocity.distance(to: expectedVelocity) < 1e-6)
        // Still heading right for a moment: the interruption bent the motion, it did not reverse it.
        #expect(after.x > before.x)
    }

    @Test func overshootFollowsTheDampingRatio() throws {
        let (loop, playground) = try host()
        let lively = peakAfterStep(in: loop, playground, start: 0.1)
        let z = playground.dampingRatio
        #expect(abs((lively.peak - lively.target) - 100 * analyticOvershoot(dampingRatio: z)) < 0.3)
        #expect(abs(lively.peak - lively.target - 16.3) < 0.3, "ζ = 0.5 overshoots 100 points by 16.3")
    }

    @Test func aSliderChangesTheSpringTheNextTouchUses() throws {
        var overshoots: [Double: Double] = [:]
        for wanted in [0.3, 0.7] {
            let (loop, playground) = try host()
            loop.run(events: tap(playground.dampingSlider, toward: wanted, time: 0.1), duration: 0.5)
            let z = playground.dampingRatio
            #expect(abs(z - wanted) < 0.01)
            #expect(playground.spring.dampingRatio == 0.5, "the spring at rest is not changed by the slider")
            let step = peakAfterStep(in: loop, playground, start: loop.currentTime + 0.1)
            #expect(playground.spring.dampingRatio == z)
            let overshoot = step.peak - step.target
            #expect(abs(overshoot - 100 * analyticOvershoot(dampingRatio: z)) < 0.3)
            overshoots[wanted] = overshoot
        }
        let low = try #require(overshoots[0.3]), high = try #require(overshoots[0.7])
        #expect(low > 35 && high < 6, "ζ 0.3 overshoots by about 37 points, ζ 0.7 by about 4.6")
    }

    @Test func aShorterResponseArrivesSooner() throws {
        var arrivals: [Double] = []
        for response in [1.5, 0.3] {
            let (loop, playground) = try host()
            playground.response = response
            var arrival: Double?
            loop.run(events: tap(at: Point(260, 150), time: 0.1), duration: 4) { info in
                if arrival == nil, playground.position.x >= 259 { arrival = info.time }
            }
            arrivals.append(try #require(arrival))
        }
        #expect(arrivals[1] < arrivals[0])
    }

    @Test func touchesOnTheSlidersDoNotMoveTheSquare() throws {
        let (loop, playground) = try host()
        loop.run(events: tap(playground.responseSlider, toward: 1.5, time: 0.1), duration: 1)
        #expect(playground.position == Point(160, 150))
        #expect(abs(playground.response - 1.5) < 0.02)
    }

    @Test func settingOutOfRangeValuesClamps() throws {
        let (_, playground) = try host()
        playground.dampingRatio = 7
        playground.response = -1
        playground.dampingRatio = .nan
        #expect(playground.dampingRatio == 1)
        #expect(playground.response == 0.1)
    }
}
