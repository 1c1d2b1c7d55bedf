import Foundation
import LiquidGeometry
import Testing

@testable import LiquidUI

@MainActor
struct FreehandInkTests {
    @Test func theRadiusFollowsPressureScaledByThinning() throws {
        let ink = try FreehandInk(thinning: 0.5)
        // width / 2 · (1 − thinning · (1 − 2p)) with width 10: 5 · (1 − 0.5 · (1 − 2p)).
        #expect(ink.radius(width: 10, pressure: 0.5) == 5)
        #expect(ink.radius(width: 10, pressure: 1) == 7.5)
        #expect(ink.radius(width: 10, pressure: 0) == 2.5)
        #expect(abs(ink.radius(width: 10, pressure: 0.8) - 6.5) < 1e-12)
        #expect(ink.radius(width: 10, pressure: 3) == 7.5, "pressure is clamped to 1")
        let flat = try FreehandInk(thinning: 0)
        #expect([0.0, 0.3, 1].allSatisfy { flat.radius(width: 8, pressure: $0) == 4 })
        let inverted = try FreehandInk(thinning: -1)
        #expect(inverted.radius(width: 8, pressure: 1) == 0 && inverted.radius(width: 8, pressure: 0) == 8)
    }

    @Test func withoutForceFasterIsLighter() {
        #expect(FreehandInk.pressure(force: 0.7, previous: 0.2, speed: 900, width: 6) == 0.7)
        #expect(FreehandInk.pressure(force: 0, previous: nil, speed: 0, width: 6) == 0.5)
        // Target 1 / (1 + speed / (20 · width)), approached by 0.35 of the way.
        #expect(abs(FreehandInk.pressure(force: 0, previous: 0.5, speed: 0, width: 6) - 0.675) < 1e-12)
        #expect(abs(FreehandInk.pressure(force: 0, previous: 0.5, speed: 120, width: 6) - 0.5) < 1e-12)
        #expect(abs(FreehandInk.pressure(force: 0, previous: 0.5, speed: 360, width: 6) - 0.4125) < 1e-12)
        #expect(FreehandInk.pressure(force: 0, previous: 0.3, speed: .nan, width: 6) == 0.3)
    }

    @Test func theStreamlineLerpsTowardTheInput() throws {
        let half = try FreehandInk(streamline: 0.5)
        #expect(abs(half.streamlineFactor - 0.575) < 1e-12)
        let p = half.streamlined(Point(10, 20), after: Point(0, 0))
        #expect(abs(p.x - 5.75) < 1e-12 && abs(p.y - 11.5) < 1e-12)
        #expect(half.streamlined(Point(3, 4), after: nil) == Point(3, 4))
        #expect(try FreehandInk(streamline: 0).streamlined(Point(10, 20), after: Point(0, 0)) == Point(10, 20))
        let most = try FreehandInk(streamline: 1).streamlined(Point(10, 20), after: Point(0, 0))
        #expect(abs(most.x - 1.5) < 1e-12 && abs(most.y - 3) < 1e-12)
    }

    @Test func theTaperIsZeroAtBothEnds() throws {
        let ink = try FreehandInk(thinning: 0, streamline: 0, taperStart: 20, taperEnd: 10)
        // e(x) = x(2 − x) of distance / 20 at the start and (length − distance) / 10 at the end.
        #expect(ink.taper(at: 0, of: 100) == 0 && ink.taper(at: 100, of: 100) == 0)
        #expect(ink.taper(at: 10, of: 100) == 0.75 && ink.taper(at: 95, of: 100) == 0.75)
        #expect(ink.taper(at: 20, of: 100) == 1 && ink.taper(at: 50, of: 100) == 1)
        #expect(try FreehandInk(taperStart: 0, taperEnd: 0).taper(at: 0, of: 0) == 1)

        // A straight stroke: its outline comes to a point at both ends and is the full width between.
        var trail = FreehandTrail(ink: ink, width: 8)
        for i in 0...50 { _ = trail.add(Point(10 + Double(i) * 2, 40), force: 0.5, time: Double(i) / 60) }
        let box = try #require(trail.liveOutline.bounds)
        #expect(abs(box.minX - 10) < 1e-9 && abs(box.maxX - 110) < 1e-9, "no cap beyond the end points")
        #expect(abs(box.minY - 36) < 1e-9 && abs(box.maxY - 44) < 1e-9)
        let samples = try #require(trail.history)
        #expect(ink.radius(of: samples[0], width: 8, length: trail.length) == 0)
        #expect(ink.radius(of: samples[50], width: 8, length: trail.length) == 0)
        #expect(ink.radius(of: samples[25], width: 8, length: trail.length) == 4)
    }

    @Test func badSettingsAreRefused() {
        for thinning in [Double.nan, 1.5, -1.01, .infinity] {
            #expect(throws: LiquidError.self) { try FreehandInk(thinning: thinning) }
        }
        for streamline in [Double.nan, -0.1, 1.1] {
            #expect(throws: LiquidError.self) { try FreehandInk(streamline: streamline) }
        }
        for taper in [Double.nan, -1, 401, -Double.infinity] {
            #expect(throws: LiquidError.self) { try FreehandInk(taperStart: taper) }
            #expect(throws: LiquidError.self) { try FreehandInk(taperEnd: taper) }
        }
        do {
            _ = try FreehandInk(thinning: .nan)
            Issue.record("NaN thinning was accepted")
        } catch {
            #expect(error.description.contains("thinning"))
        }
    }

    @Test func smoothingSoftensTheSidesOfAZigZag() throws {
        // Samples 4 pt apart alternating between y = −1 and y = 1, radius 1 everywhere (no thinning, no
        // taper). An inner point's direction (from its neighbour before to the one after) is along x, so its
        // raw left side point is (4i, y + 1); smoothing s gives (4i, 1 + y · (1 − s)) inside, and the side
        // turns at an inner point by 2·atan(2 · (1 − s) / 4).
        let samples = (0..<9).map { i in
            FreehandInk.Sample(point: Point(4 * Double(i), i % 2 == 0 ? -1 : 1), pressure: 0.5, distance: 4 * Double(i))
        }
        func leftSide(_ ink: FreehandInk, _ range: Range<Int>) -> [Point] {
            ink.outline(of: samples, in: range, width: 2, length: 32).elements.prefix(range.count).map { element in
                switch element {
                case .move(let p), .line(let p): return p
                default: return Point(.nan, .nan)
                }
            }
        }
        func turn(_ a: Point, _ b: Point, _ c: Point) -> Double {
            let u = b - a, v = c - b
            return abs(atan2(u.cross(v), u.dot(v)))
        }
        var previousTurn = Double.infinity
        // Points 1 and 7 have an end (whose direction is one-sided) as a neighbour, so the checks of the
        // inner pattern start at 2.
        for s in [0, 0.25, 0.5, 1] {
            let ink = try FreehandInk(thinning: 0, streamline: 0, smoothing: s, taperStart: 0, taperEnd: 0)
            let left = leftSide(ink, 0..<9)
            #expect(left.count == 9)
            for i in 2...6 {
                let y = i % 2 == 0 ? -1.0 : 1
                #expect(abs(left[i].x - 4 * Double(i)) < 1e-12 && abs(left[i].y - (1 + y * (1 - s))) < 1e-12, "s \(s), point \(i)")
            }
            let expectedTurn = 2 * atan(2 * (1 - s) / 4)
            for i in 3...5 { #expect(abs(turn(left[i - 1], left[i], left[i + 1]) - expectedTurn) < 1e-12) }
            let measured = turn(left[3], left[4], left[5])
            #expect(measured < previousTurn, "more smoothing turns less")
            previousTurn = measured
            // The first point keeps its raw offset across its one-sided direction (4, 2) / √20.
            #expect(abs(left[0].x + 2 / 20.0.squareRoot()) < 1e-12 && abs(left[0].y - (-1 + 4 / 20.0.squareRoot())) < 1e-12)
            // Part of the stroke gives the matching part of the whole's side.
            #expect(leftSide(ink, 3..<6) == Array(left[3..<6]))
        }
        // Hand-computed at s = ½: the inner side zig-zags between 0.5 and 1.5, turning by 2·atan(¼) ≈ 28.07°.
        let half = leftSide(try FreehandInk(thinning: 0, streamline: 0, smoothing: 0.5, taperStart: 0, taperEnd: 0), 0..<9)
        #expect(abs(half[3].y - 1.5) < 1e-12 && abs(half[4].y - 0.5) < 1e-12)
        #expect(abs(turn(half[3], half[4], half[5]) * 180 / Double.pi - 28.0725) < 1e-4)
        for bad in [-0.1, 1.1, .nan, .infinity] {
            #expect(throws: LiquidError.self) { try FreehandInk(smoothing: bad) }
        }
    }

    @Test func theCanvasTakesTheForceAndRedrawsOnlyTheNewestOutline() throws {
        let canvas = DrawingCanvas()
        canvas.setFreehandInk(try FreehandInk(thinning: 0.6, streamline: 0.3, taperStart: 10, taperEnd: 30))
        let points = (0..<40_000).map { i -> Point in
            let t = Double(i) / 10_000 * 2 * Double.pi
            return Point(160 + 150 * sin(3 * t), 120 + 110 * sin(4 * t + 0.3))
        }
        canvas.touchBegan(Touch(phase: .began, location: points[0], timestamp: 0, force: 0.25))
        let stroke = canvas.strokes[0]
        var largest = 0.0, lastForce = 0.0
        for (i, p) in points.enumerated().dropFirst() where stroke.acceptedCount < 10_000 {
            let accepted = stroke.acceptedCount, flattened = stroke.flattenedPoints
            let force = 0.25 + 0.5 * Double(i % 100) / 100
            canvas.touchMoved(Touch(phase: .moved, location: p, timestamp: Double(i) / 1000, force: force))
            guard stroke.acceptedCount > accepted else { continue }
            lastForce = force
            let dirty = try #require(canvas.lastDirtyRect)
            let trail = try #require(stroke.trail)
            #expect(dirty.contains(trail.samples.last!.point), "the new point is redrawn")
            // A move that flattens also redraws the piece it settled, once; the others only the newest outline.
            if stroke.flattenedPoints == flattened { largest = Swift.max(largest, dirty.width * dirty.height) }
            #expect(stroke.livePoints <= DrawingCanvas.flattenThreshold + 1)
        }
        let trail = try #require(stroke.trail)
        #expect(stroke.acceptedCount == 10_000 && stroke.flattenedPoints > 9_000)
        #expect(trail.samples.last!.pressure == lastForce, "the pressure is the touch's force")
        // Redraws span the end taper's 30 pt and the lead, never the 300 × 220 sketch.
        #expect(largest < 70 * 70, "largest redraw \(largest)")
    }
}
