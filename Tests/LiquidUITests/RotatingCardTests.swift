import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct RotatingCardTests {
    private func host() throws -> (UIRunLoop, RotatingCard) {
        let card = RotatingCard()
        return (try UIRunLoop(root: card, size: RotatingCard.defaultSize, framesPerSecond: 60), card)
    }

    private static let centre = Point(150, 150)

    private static func at(_ degrees: Double, _ radius: Double) -> Point {
        AffineTransform(rotationAngle: degrees * .pi / 180).apply(to: Point(radius, 0)) + centre
    }

    /// Two fingers 60 points either side of the centre, turned by `degrees` at an even pace over
    /// `duration` (60 moves a second, both fingers at once), then held `hold` seconds and lifted.
    private static func turn(by degrees: Double, over duration: Double, hold: Double, t0: Double = 0.1) -> [Touch] {
        var touches = [Touch(id: 0, phase: .began, location: at(0, 60), timestamp: t0),
                       Touch(id: 1, phase: .began, location: at(180, 60), timestamp: t0)]
        let steps = Int((duration * 60).rounded())
        for s in 1...steps {
            let f = Double(s) / Double(steps)
            for id in 0...1 {
                touches.append(Touch(id: id, phase: .moved, location: at(180 * Double(id) + degrees * f, 60), timestamp: t0 + duration * f))
            }
        }
        for id in 0...1 {
            touches.append(Touch(id: id, phase: .ended, location: at(180 * Double(id) + degrees, 60), timestamp: t0 + duration + hold))
        }
        return touches
    }

    @Test func aSlowFiftyDegreeTurnLandsOnNinety() throws {
        let (loop, card) = try host()
        let rest = loop.run(events: Self.turn(by: 50, over: 0.4, hold: 0.2), duration: 0.65)
        #expect(abs(card.angle - 50) < 1e-9 && card.fingers == 2, "the card follows the fingers exactly")
        loop.run(events: rest, duration: 2)
        #expect(card.angle == 90 && card.targetAngle == 90 && card.angularVelocity == 0)
    }

    @Test func aFastFlickLandsAQuarterFurther() throws {
        let (loop, card) = try host()
        // 50° in 0.2 s (250°/s) let go while turning: projected 50 + 250 · 0.499 ≈ 175°, so 180°.
        var target = 0.0
        loop.run(events: Self.turn(by: 50, over: 0.2, hold: 0), duration: 0.32) { _ in target = card.targetAngle }
        let velocity = 250.0
        let projected = try Projection.project(50, velocity: velocity)
        #expect(abs(projected - 174.75) < 0.01)
        #expect(target == 180)
        var frames: [Double] = []
        loop.run(events: [], duration: 2) { _ in frames.append(card.angle) }
        #expect(card.angle == 180 && frames.allSatisfy { $0 > 50 && $0 < 200 })
    }

    @Test func theSnapSpringStartsWithTheReleaseVelocity() throws {
        let (loop, card) = try host()
        // Released on the frame at 0.3 s while turning at 250°/s from 50°: from that frame on, the angle
        // follows the spring from 50° to 180° starting at 250°/s, its clock starting a frame earlier (so
        // the release frame already shows 1/60 s of it).
        var frames: [(t: Double, angle: Double)] = []
        loop.run(events: Self.turn(by: 50, over: 0.2, hold: 0), duration: 0.6) { info in frames.append((info.time, card.angle)) }
        let spring = RotatingCard.snapSpring
        var compared = 0
        for frame in frames where frame.t > 0.3 - 1e-9 && card.angle != frame.angle {
            let elapsed = frame.t - 0.3 + 1.0 / 60
            let exact = spring.value(at: elapsed, from: 50.0, to: 180.0, initialVelocity: 250.0)
            #expect(abs(frame.angle - exact) < 1e-6, "t = \(frame.t)")
            compared += 1
        }
        #expect(compared > 10)
    }

    @Test func itAlwaysLandsExactlyOnAMultipleOfNinety() throws {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<12 {
            let (loop, card) = try host()
            let degrees = Double(generator.next() % 700) - 350
            let duration = 0.1 + Double(generator.next() % 50) / 100
            let hold = Double(generator.next() % 3) * 0.05
            loop.run(events: Self.turn(by: degrees, over: duration, hold: hold), duration: duration + hold + 3)
            #expect(card.angle == card.targetAngle, "\(degrees)° over \(duration) s")
            #expect(card.angle.truncatingRemainder(dividingBy: 90) == 0, "\(card.angle)")
        }
    }

    @Test func oneFingerDraggedAroundTheCentreTurnsIt() throws {
        let (loop, card) = try host()
        var touches = [Touch(phase: .began, location: Self.at(-90, 110), timestamp: 0.1)]
        for s in 1...30 {
            touches.append(Touch(phase: .moved, location: Self.at(-90 + 70 * Double(s) / 30, 110), timestamp: 0.1 + Double(s) / 60))
        }
        loop.run(events: touches, duration: 0.7)
        #expect(abs(card.angle - 70) < 1e-9 && card.fingers == 1)
        loop.run(events: [Touch(phase: .ended, location: Self.at(-20, 110), timestamp: 0.75)], duration: 2)
        #expect(card.angle == 90, "held still before lifting: the nearest quarter")
    }

    @Test func aTouchCatchesTheSettlingCard() throws {
        let (loop, card) = try host()
        loop.run(events: Self.turn(by: 50, over: 0.2, hold: 0), duration: 0.4)
        let moving = card.angle
        #expect(moving > 60 && moving < 175)
        loop.run(events: [Touch(id: 3, phase: .began, location: Point(40, 40), timestamp: 0.405)], duration: 0.5)
        #expect(card.angle == moving && card.angularVelocity == 0 && card.targetAngle == moving)
    }
}
