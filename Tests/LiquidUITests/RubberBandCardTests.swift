import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct RubberBandCardTests {
    private func host() throws -> (UIRunLoop, RubberBandCard) {
        let card = RubberBandCard()
        let loop = try UIRunLoop(root: card, size: Size(width: 320, height: 240), framesPerSecond: 60)
        return (loop, card)
    }

    private static let centre = Point(160, 120)

    /// A drag from the centre by `delta` over 0.3 s in 60 Hz moves, from t = 0.1, without lifting.
    private func drag(by delta: Vector2, start: Double = 0.1) -> [Touch] {
        var script = [Touch(phase: .began, location: Self.centre, timestamp: start)]
        for i in 1...18 {
            let f = Double(i) / 18
            script.append(Touch(phase: .moved, location: Self.centre + delta * f, timestamp: start + 0.3 * f))
        }
        return script
    }

    @Test func aHundredPointDragShowsTwentyFivePointOne() throws {
        let (loop, card) = try host()
        loop.run(events: drag(by: Vector2(100, 0)), duration: 0.5)
        #expect(abs(card.offset.x - 25.118864315095795) < 1e-9, "100^0.7")
        #expect(card.offset.y == 0)
    }

    @Test func eachAxisBandsOnItsOwnAndTheSignIsKept() throws {
        let (loop, card) = try host()
        loop.run(events: drag(by: Vector2(-40, 90)), duration: 0.5)
        #expect(abs(card.offset.x + Double.pow(40, 0.7)) < 1e-9)
        #expect(abs(card.offset.y - Double.pow(90, 0.7)) < 1e-9)
    }

    @Test func releasedItSpringsHome() throws {
        let (loop, card) = try host()
        var script = drag(by: Vector2(100, 0))
        script.append(Touch(phase: .ended, location: Self.centre + Vector2(100, 0), timestamp: 0.45))
        loop.run(events: script, duration: 3)
        #expect(card.offset == .zero)
    }

    @Test func aTouchDuringTheSpringCatchesItWithoutAJump() throws {
        let (loop, card) = try host()
        var script = drag(by: Vector2(100, 0))
        script.append(Touch(phase: .ended, location: Self.centre + Vector2(100, 0), timestamp: 0.45))
        loop.run(events: script, duration: 0.55)
        let moving = card.offset.x
        #expect(moving > 1 && moving < 25)
        loop.run(events: [Touch(phase: .began, location: Self.centre, timestamp: 0.56)], duration: 0.1)
        #expect(abs(card.offset.x - moving) < 1e-9, "held where it was caught")
    }
}
