import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct PictureInPictureTests {
    private func host() throws -> (UIRunLoop, PictureInPicture) {
        let pip = PictureInPicture()
        let loop = try UIRunLoop(root: pip, size: PictureInPicture.defaultSize, framesPerSecond: 60)
        loop.run(events: [], duration: 0)
        return (loop, pip)
    }

    /// A drag from `from` at a constant `velocity` (points per second) for `duration` seconds, one move
    /// every 120th of a second, lifted at the end while still moving.
    private func flick(from: Point, velocity: Vector2, duration: Double, start: Double = 0.1) -> [Touch] {
        var touches = [Touch(phase: .began, location: from, timestamp: start)]
        let moves = Int((duration * 120).rounded())
        for i in 1...moves {
            let t = Double(i) / 120
            touches.append(Touch(phase: .moved, location: from + velocity * t, timestamp: start + t))
        }
        touches.append(Touch(phase: .ended, location: from + velocity * (Double(moves) / 120), timestamp: start + Double(moves) / 120))
        return touches
    }

    @Test func theTileStartsInTheTopLeftCorner() throws {
        let (_, pip) = try host()
        #expect(pip.corner == .topLeft)
        #expect(pip.tileCentre == Point(16 + 56, 16 + 31.5))
        #expect(pip.centre(of: .bottomRight) == Point(240 - 16 - 56, 420 - 16 - 31.5))
    }

    @Test func aFlickRightFromTheTopLeftLandsTopRightExactly() throws {
        let (loop, pip) = try host()
        let start = pip.tileCentre
        // 400 pt/s for 0.1 s: the finger lets go only 40 points along, still nearer the left corners.
        loop.run(events: flick(from: start, velocity: Vector2(400, 0), duration: 0.1), duration: 0.2)
        let released = try #require(pip.projectedCentre)
        #expect(pip.corner == .topRight)
        // The projection is the talk's formula: 400/1000 · 0.998/0.002 = 199.6 points past the release.
        let releaseX = start.x + 40
        #expect(releaseX < 120, "released in the left half")
        #expect(abs(released.x - (releaseX + 0.4 * 0.998 / 0.002)) < 2, "velocity estimated within 0.4 %")
        loop.run(events: [], duration: 2)
        #expect(pip.tileCentre == pip.centre(of: .topRight), "lands exactly on the corner")
        #expect(pip.tileVelocity == .zero)
    }

    @Test func littleVelocityStaysInTheNearestCorner() throws {
        let (loop, pip) = try host()
        let start = pip.tileCentre
        // A slow 50 pt/s nudge right and down for 0.4 s (20 points each way).
        loop.run(events: flick(from: start, velocity: Vector2(50, 50), duration: 0.4), duration: 2)
        let projected = try #require(pip.projectedCentre)
        #expect(projected.distance(to: start) < 70, "28 points dragged, 35 projected")
        #expect(pip.corner == .topLeft)
        #expect(pip.tileCentre == start)
    }

    @Test func aDownwardRightFlickLandsBottomRight() throws {
        let (loop, pip) = try host()
        loop.run(events: flick(from: pip.tileCentre, velocity: Vector2(500, 1100), duration: 0.08), duration: 2.5)
        #expect(pip.corner == .bottomRight)
        #expect(pip.tileCentre == pip.centre(of: .bottomRight))
    }

    @Test func theSpringStartsWithTheFlicksVelocityPerAxis() throws {
        let (loop, pip) = try host()
        // A flick straight down: the tile leaves the release point moving down, not sideways.
        loop.run(events: flick(from: pip.tileCentre, velocity: Vector2(0, 1500), duration: 0.06), duration: 0.17)
        #expect(pip.corner == .bottomLeft)
        var first: Vector2?
        loop.run(events: [], duration: 1.0 / 60) { _ in first = pip.tileVelocity }
        let v = try #require(first)
        #expect(v.y > 1000, "carries the flick on")
        #expect(abs(v.x) < 1e-9)
    }

    @Test func catchingTheTileMidFlightStopsItWhereItIs() throws {
        let (loop, pip) = try host()
        loop.run(events: flick(from: pip.tileCentre, velocity: Vector2(900, 0), duration: 0.08), duration: 0.3)
        let caught = pip.tileCentre
        #expect(caught.x > 100 && caught != pip.centre(of: .topRight), "in flight")
        var shown: [Point] = []
        loop.run(events: [Touch(id: 1, phase: .began, location: caught, timestamp: 0.305)], duration: 0.3) { _ in
            shown.append(pip.tileCentre)
        }
        #expect(shown.allSatisfy { $0 == caught }, "held where it was caught")
        #expect(pip.isDragging && pip.tileVelocity == .zero)
    }

    @Test func aTouchBesideTheTileDoesNothing() throws {
        let (loop, pip) = try host()
        let start = pip.tileCentre
        loop.run(events: flick(from: Point(120, 300), velocity: Vector2(800, -800), duration: 0.1), duration: 1)
        #expect(pip.tileCentre == start && pip.corner == .topLeft && pip.projectedCentre == nil)
    }
}
