import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct RelativeVelocityTests {
    @Test func dividesByTheRemainingDistance() throws {
        #expect(try GestureMath.relativeVelocity(500, from: 100, to: 300) == 2.5)
        #expect(try GestureMath.relativeVelocity(-500, from: 100, to: 300) == -2.5)
        #expect(try GestureMath.relativeVelocity(600, from: 300, to: 0) == -2)
        let v = try GestureMath.relativeVelocity(Vector2(400, -50), from: Point(0, 100), to: Point(200, 0))
        #expect(v == Vector2(2, 0.5))
    }

    @Test func isZeroWhenAlreadyAtTheTarget() throws {
        #expect(try GestureMath.relativeVelocity(5000, from: 42, to: 42) == 0)
        #expect(try GestureMath.relativeVelocity(-1e300, from: 0, to: 0) == 0)
    }

    @Test func tinyDistancesSaturateAtTheLimitKeepingTheSign() throws {
        #expect(try GestureMath.relativeVelocity(1000, from: 0, to: 1e-300) == 100)
        #expect(try GestureMath.relativeVelocity(1000, from: 0, to: -1e-300) == -100)
        #expect(try GestureMath.relativeVelocity(1000, from: 0, to: 1, limit: 30) == 30)
        let unlimited = try GestureMath.relativeVelocity(1e300, from: 0, to: 1e-300, limit: .infinity)
        #expect(unlimited.isFinite && unlimited > 0)
        var random = SeededRandom(seed: 0x4E1)
        for _ in 0..<500 {
            let current = random.uniform(-1000...1000)
            let target = current + random.uniform(-1...1) * random.logUniform(1e-12...1e3)
            let result = try GestureMath.relativeVelocity(random.uniform(-1e4...1e4), from: current, to: target)
            #expect(result.isFinite && abs(result) <= GestureMath.defaultRelativeVelocityLimit)
        }
    }

    @Test func rejectsNonFiniteInputsAndBadLimits() {
        #expect(throws: LiquidError.nonFinite(name: "velocity", value: .nan)) {
            try GestureMath.relativeVelocity(.nan, from: 0, to: 1)
        }
        #expect(throws: LiquidError.nonFinite(name: "target value", value: .infinity)) {
            try GestureMath.relativeVelocity(1, from: 0, to: .infinity)
        }
        #expect(throws: LiquidError.invalidParameter(name: "relative velocity limit", value: 0, requirement: "must be positive")) {
            try GestureMath.relativeVelocity(1, from: 0, to: 1, limit: 0)
        }
    }
}

@Suite struct NearestTargetTests {
    let corners = [Point(40, 60), Point(335, 60), Point(40, 750), Point(335, 750)]

    @Test func picksTheNearestCorner() {
        #expect(GestureMath.nearest(to: Point(300, 100), among: corners) == Point(335, 60))
        #expect(GestureMath.nearest(to: Point(-1000, 2000), among: corners) == Point(40, 750))
        #expect(GestureMath.nearest(to: Point(0, 0), among: [Point]()) == nil)
    }

    @Test func tiesAndNaNStillGiveACandidate() {
        // Equidistant from all four corners: the first wins.
        #expect(GestureMath.nearest(to: Point(187.5, 405), among: corners) == corners[0])
        #expect(GestureMath.nearest(to: Point(.nan, 3), among: corners) == corners[0])
    }

    @Test func agreesWithBruteForce() {
        var random = SeededRandom(seed: 0x9E)
        for _ in 0..<200 {
            let candidates = (0..<Int(random.uniform(1...8))).map { _ in
                Point(random.uniform(-500...500), random.uniform(-500...500))
            }
            let projected = Point(random.uniform(-2000...2000), random.uniform(-2000...2000))
            let result = GestureMath.nearest(to: projected, among: candidates)
            let best = candidates.map { $0.distance(to: projected) }.min()!
            #expect(result.map { candidates.contains($0) } == true)
            #expect(result.map { isClose($0.distance(to: projected), best) } == true)
        }
    }
}

@Suite struct NearestAngleTests {
    let quarterTurns = [0, Double.pi / 2, Double.pi, 3 * Double.pi / 2]

    @Test func snapsTheShortWay() {
        // Just short of a full turn: the nearest valid angle is 2π (the equivalent of 0), not 0.
        let nearFullTurn = GestureMath.nearestAngle(to: 2 * .pi - 0.1, among: quarterTurns)!
        #expect(isClose(nearFullTurn, 2 * .pi))
        #expect(isClose(GestureMath.nearestAngle(to: -0.3, among: quarterTurns)!, 0, absolute: 1e-15))
        #expect(isClose(GestureMath.nearestAngle(to: -1.4, among: quarterTurns)!, -.pi / 2))
        // Several turns of projection are kept.
        #expect(isClose(GestureMath.nearestAngle(to: 4 * .pi + 1.5, among: quarterTurns)!, 4 * .pi + .pi / 2))
        #expect(GestureMath.nearestAngle(to: 1, among: [Double]()) == nil)
    }

    @Test func resultIsAnEquivalentOfTheClosestCandidate() {
        var random = SeededRandom(seed: 0xA4)
        let turn = 2 * Double.pi
        for _ in 0..<300 {
            let candidates = (0..<Int(random.uniform(1...6))).map { _ in random.uniform(-10...10) }
            let projected = random.uniform(-30...30)
            guard let result = GestureMath.nearestAngle(to: projected, among: candidates) else {
                Issue.record("no result")
                continue
            }
            #expect(abs(result - projected) <= .pi + 1e-12)
            // Some candidate differs from the result by a whole number of turns.
            let matches = candidates.contains { candidate in
                let turns = (result - candidate) / turn
                return abs(turns - turns.rounded()) < 1e-9
            }
            #expect(matches)
            // Brute force over nearby turns: nothing valid is closer to the projection.
            var best = Double.infinity
            for candidate in candidates {
                for k in -8...8 { best = min(best, abs(candidate + Double(k) * turn - projected)) }
            }
            #expect(abs(result - projected) <= best + 1e-12)
        }
    }

    @Test func nonFiniteValuesNeverMakeTheResultInvalid() {
        #expect(GestureMath.nearestAngle(to: .nan, among: [1.0, 2.0]) == 1)
        #expect(GestureMath.nearestAngle(to: 0.1, among: [.nan, 2 * .pi]) == 0)  // 2π expressed near 0.1
        #expect(GestureMath.nearestAngle(to: 0.1, among: [Double.infinity]) == nil)
    }
}

@Suite struct TurnTests {
    /// The unit vector at `angle` radians, from the sine and cosine (independent of the turn's arithmetic).
    private func direction(_ angle: Double, length: Double = 1) -> Vector2 {
        Vector2(length * cos(angle), length * sin(angle))
    }

    @Test func theTurnBetweenTwoDirectionsIsTheirAngleDifference() {
        for (a, b) in [(0.0, 0.5), (0.3, -1.2), (3.0, -3.0), (-2.5, 2.5), (1.0, 1.0)] {
            var expected = b - a
            if expected > .pi { expected -= 2 * .pi }
            if expected < -.pi { expected += 2 * .pi }
            let turn = GestureMath.turn(from: direction(a, length: 3), to: direction(b, length: 0.25))
            #expect(isClose(turn, expected, absolute: 1e-14), "\(a) → \(b)")
        }
        // Positive turns +x toward +y.
        #expect(isClose(GestureMath.turn(from: Vector2(1, 0), to: Vector2(0, 2)), .pi / 2))
        #expect(isClose(GestureMath.turn(from: Vector2(1, 0), to: Vector2(-1, 0)), .pi))
    }

    @Test func summedOverSmallStepsItUnwrapsAcrossHalfATurn() {
        var total = 0.0
        var previous = direction(3)
        for i in 1...100 {
            let next = direction(3 + 0.09 * Double(i))
            total += GestureMath.turn(from: previous, to: next)
            previous = next
        }
        #expect(isClose(total, 9, absolute: 1e-12))
    }

    @Test func zeroOrNonFiniteDirectionsTurnNothing() {
        #expect(GestureMath.turn(from: .zero, to: Vector2(1, 0)) == 0)
        #expect(GestureMath.turn(from: Vector2(1, 0), to: Vector2(.nan, 1)) == 0)
        #expect(GestureMath.turn(from: Vector2(.infinity, 0), to: Vector2(0, 1)) == 0)
    }
}
