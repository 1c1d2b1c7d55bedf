import LiquidGeometry
import Testing
import TestSupport

@Suite("Douglas–Peucker simplification")
struct PolylineSimplificationTests {
    /// The distance from `p` to the segment `a → b`, computed independently of the implementation.
    static func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a
        let l2 = ab.lengthSquared
        if l2 == 0 { return p.distance(to: a) }
        let t = Swift.min(Swift.max((p - a).dot(ab) / l2, 0), 1)
        return p.distance(to: a + ab * t)
    }

    @Test func keepsOvershootPastTheSegmentEnd() {
        let line = Polyline(points: [Point(0, 0), Point(100, 0), Point(20, 0)], isClosed: false)
        #expect(line.simplified(tolerance: 1).points == line.points)
    }

    @Test func dropsCollinearInteriorPoints() {
        let line = Polyline(points: (0...10).map { Point(Double($0), 0) }, isClosed: false)
        #expect(line.simplified(tolerance: 0.5).points == [Point(0, 0), Point(10, 0)])
    }

    static func circle(radius: Double, count: Int) -> [Point] {
        (0..<count).map { i in
            let a = Double(i) / Double(count) * 2 * Double.pi
            return Point(radius * Double.cos(a), radius * Double.sin(a))
        }
    }

    @Test func closedCircleKeepsAboutSeventeenPoints() {
        let ring = Self.circle(radius: 50, count: 64)
        // Stored open with the first point repeated at the end: 65 points, first == last.
        let open = Polyline(points: ring + [ring[0]], isClosed: false).simplified(tolerance: 1)
        #expect((15...19).contains(open.points.count))
        #expect(open.points.allSatisfy { $0.isFinite })
        #expect(open.points.first == ring[0] && open.points.last == ring[0])
        // Stored closed: 64 points plus the implied closing segment.
        let closed = Polyline(points: ring, isClosed: true).simplified(tolerance: 1)
        #expect(closed.isClosed)
        #expect((14...18).contains(closed.points.count))
        #expect(closed.points.allSatisfy { $0.isFinite })
    }

    @Test func everyRemovedPointOfARandomWalkIsWithinTolerance() {
        var random = SeededRandom(seed: 7)
        var p = Point(0, 0)
        var points: [Point] = []
        for _ in 0..<100_000 {
            p += Vector2(random.uniform(-1...1), random.uniform(-1...1))
            points.append(p)
        }
        let epsilon = 1.0
        let simplified = Polyline(points: points, isClosed: false).simplified(tolerance: epsilon)
        #expect(simplified.points.count < points.count / 2)
        #expect(simplified.points.first == points.first && simplified.points.last == points.last)
        // Walk the original alongside the kept points: each dropped point must lie within ε of the segment
        // between the kept points around it.
        var k = 0
        var worst = 0.0
        for (i, q) in points.enumerated() {
            if k + 1 < simplified.points.count, q == simplified.points[k + 1], i > 0 {
                k += 1
                continue
            }
            if q == simplified.points[k] { continue }
            worst = Swift.max(worst, Self.segmentDistance(q, simplified.points[k], simplified.points[k + 1]))
        }
        #expect(worst <= epsilon)
    }

    @Test func degenerateInputsAreReturnedSafely() {
        let two = Polyline(points: [Point(0, 0), Point(1, 1)], isClosed: false)
        #expect(two.simplified(tolerance: 1) == two)
        let withNaN = Polyline(points: [Point(0, 0), Point(.nan, 1), Point(2, 0)], isClosed: false)
        #expect(withNaN.simplified(tolerance: 1) == withNaN)
        let same = Polyline(points: Array(repeating: Point(3, 3), count: 5), isClosed: true)
        #expect(same.simplified(tolerance: 1).points == [Point(3, 3)])
    }
}
