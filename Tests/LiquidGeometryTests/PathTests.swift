import LiquidGeometry
import TestSupport
import Testing

@Suite("Path building and bounds")
struct PathTests {
    @Test("Builder rules: implicit moves, collapsed moves, close after close")
    func builderRules() {
        var path = Path()
        #expect(path.currentPoint == nil && path.bounds == nil && path.isEmpty)
        path.line(to: Point(5, 0))
        #expect(path.elements == [.move(to: .zero), .line(to: Point(5, 0))])
        path.close()
        path.close()
        #expect(path.verbs == [.move, .line, .close])
        #expect(path.currentPoint == .zero)
        path.move(to: Point(1, 1))
        path.move(to: Point(2, 2))
        path.quad(to: Point(4, 2), control: Point(3, 3))
        path.close()
        path.cubic(to: Point(9, 9), control1: Point(3, 3), control2: Point(4, 4))
        #expect(
            path.elements == [
                .move(to: .zero), .line(to: Point(5, 0)), .close,
                .move(to: Point(2, 2)), .quad(control: Point(3, 3), to: Point(4, 2)), .close,
                .move(to: Point(2, 2)), .cubic(control1: Point(3, 3), control2: Point(4, 4), to: Point(9, 9)),
            ])
        #expect(path.currentPoint == Point(9, 9))
        #expect(path.points.count == path.verbs.reduce(0) { $0 + $1.pointCount })
    }

    @Test("Paths compare by their commands")
    func equality() {
        var a = Path()
        a.addRect(Rect(x: 0, y: 0, width: 2, height: 3))
        let b = Path(rect: Rect(x: 2, y: 3, width: -2, height: -3))
        #expect(a == b && a.hashValue == b.hashValue)
        var c = Path()
        c.addPath(a)
        #expect(c == a)
    }

    @Test("isFinite and transformed(by:)")
    func finiteAndTransformed() {
        var path = Path(ellipseIn: Rect(x: 0, y: 0, width: 10, height: 4))
        #expect(path.isFinite)
        let moved = path.transformed(by: AffineTransform(translationX: 3, y: -1))
        #expect(zip(moved.points, path.points).allSatisfy { $0 == $1 + Vector2(3, -1) })
        #expect(moved.verbs == path.verbs)
        #expect(moved.bounds == Rect(x: 3, y: -1, width: 10, height: 4))
        path.line(to: Point(.nan, 0))
        #expect(!path.isFinite)
    }

    @Test("Quadratic bounds are tight, not the control hull")
    func quadBounds() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(2, 0), control: Point(1, 2))
        #expect(path.bounds == Rect(x: 0, y: 0, width: 2, height: 1))
    }

    @Test("Cubic bounds solve the linear case when the quadratic term vanishes")
    func cubicLinearCase() {
        // y: 0, 1, 1, 0 gives B'(t)/3 = -2t + 1 (no t² term): the top is at t = 1/2, y = 3/4.
        // x: 0, 1, 2, 3 is linear in t: no interior extremum.
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(3, 0), control1: Point(1, 1), control2: Point(2, 1))
        #expect(path.bounds == Rect(x: 0, y: 0, width: 3, height: 0.75))
    }

    @Test("Cubic with both extrema on one axis (an S curve)")
    func cubicTwoRoots() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(0, 3), control1: Point(6, 1), control2: Point(-6, 2))
        let b = try #require(path.bounds)
        // x(t) = 18t(1-t)^2 - 18t^2(1-t); x'(t) = 18(1 - 6t + 6t^2) = 0 at t = (3 ∓ √3)/6.
        let t = (3 - 3.0.squareRoot()) / 6
        let xMax = 18 * t * (1 - t) * (1 - t) - 18 * t * t * (1 - t)
        #expect(isClose(b.maxX, xMax, relative: 1e-14))
        #expect(isClose(b.minX, -xMax, relative: 1e-14))
        #expect(b.minY == 0 && b.maxY == 3)
    }

    @Test("Lone moves draw nothing; closed shapes bound to their rectangle")
    func shapeBounds() throws {
        var path = Path()
        path.move(to: Point(100, 100))
        #expect(path.bounds == nil)
        path.move(to: Point(-50, 7))
        path.addRect(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(path.bounds == Rect(x: 1, y: 2, width: 3, height: 4))
        let rect = Rect(x: 10, y: 20, width: 120, height: 44)
        let ellipse = try #require(Path(ellipseIn: rect).bounds)
        #expect(ellipse == rect)
        let rounded = Path(roundedRect: rect, cornerRadii: CornerRadii(topLeft: 30, topRight: 5, bottomRight: 0, bottomLeft: 12))
        #expect(rounded.bounds == rect)
    }

    @Test("Exact bounds of random curves contain dense samples and are touched by the true extremum (seeded)")
    func boundsAgainstSampling() throws {
        var rng = SeededRandom(seed: 0xB0B0)
        let samples = 2000
        for trial in 0..<120 {
            let isCubic = trial % 3 != 0
            let p0 = rng.point(-100...100), p1 = rng.point(-100...100)
            let p2 = rng.point(-100...100), p3 = rng.point(-100...100)
            var path = Path()
            path.move(to: p0)
            let curve: (Double) -> Point
            if isCubic {
                path.cubic(to: p3, control1: p1, control2: p2)
                curve = { Path.cubicPoint(p0, p1, p2, p3, at: $0) }
            } else {
                path.quad(to: p2, control: p1)
                curve = { Path.quadPoint(p0, p1, p2, at: $0) }
            }
            let b = try #require(path.bounds)
            let scale = 100.0
            // Evaluated independently from the Bernstein form's definition: (1-t)^n-weighted sums.
            let values = (0...samples).map { curve(Double($0) / Double(samples)) }
            for p in values {
                #expect(p.x >= b.minX - 1e-12 * scale && p.x <= b.maxX + 1e-12 * scale)
                #expect(p.y >= b.minY - 1e-12 * scale && p.y <= b.maxY + 1e-12 * scale)
            }
            // Each edge of the box must be reached by the curve: refine the best sample by golden-section
            // search (no derivative roots involved) and compare.
            let edges: [(Double, (Point) -> Double)] = [
                (b.maxX, { $0.x }), (-b.minX, { -$0.x }), (b.maxY, { $0.y }), (-b.minY, { -$0.y }),
            ]
            for (edge, coordinate) in edges {
                let best = values.indices.max { coordinate(values[$0]) < coordinate(values[$1]) }!
                let lo = Swift.max(0, Double(best - 1) / Double(samples))
                let hi = Swift.min(1, Double(best + 1) / Double(samples))
                let refined = goldenMaximum({ coordinate(curve($0)) }, lo, hi)
                #expect(abs(refined - edge) <= 1e-9, "trial \(trial): edge \(edge) vs refined \(refined)")
            }
        }
    }
}
