import LiquidGeometry
import TestSupport
import Testing

@Suite("Path flattening")
struct PathFlatteningTests {
    @Test("Tolerance must be finite and positive")
    func toleranceValidation() {
        let path = Path(rect: Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(thrownKind { try path.flattened(tolerance: .nan) } == .nonFinite)
        #expect(thrownKind { try path.flattened(tolerance: .infinity) } == .nonFinite)
        #expect(thrownKind { try path.flattened(tolerance: -0.1) } == .negative)
        #expect(thrownKind { try path.flattened(tolerance: 0) } == .outOfRange)
        #expect(thrownKind { try path.flattened(tolerance: .leastNonzeroMagnitude) } == nil)
    }

    @Test("Subpaths become polylines; closed ones do not repeat their start")
    func subpaths() throws {
        var path = Path(rect: Rect(x: 0, y: 0, width: 4, height: 3))
        path.move(to: Point(10, 10))
        path.line(to: Point(12, 10))
        path.line(to: Point(12, 14))
        path.move(to: Point(50, 50))  // lone move: no polyline
        let polylines = try path.flattened(tolerance: 0.1)
        #expect(polylines.count == 2)
        #expect(polylines[0] == Polyline(points: [Point(0, 0), Point(4, 0), Point(4, 3), Point(0, 3)], isClosed: true))
        #expect(polylines[0].length == 14 && polylines[0].signedArea == 12 && polylines[0].segmentCount == 4)
        #expect(polylines[1] == Polyline(points: [Point(10, 10), Point(12, 10), Point(12, 14)], isClosed: false))
        #expect(polylines[1].length == 6 && polylines[1].segmentCount == 2)

        var explicit = Path()
        explicit.move(to: Point(0, 0))
        explicit.line(to: Point(1, 0))
        explicit.line(to: Point(0, 1))
        explicit.line(to: Point(0, 0))
        explicit.close()
        #expect(try explicit.flattened(tolerance: 1).first?.points.count == 3)
    }

    @Test("The quadratic segment count follows n = ceil(sqrt(|p0 - 2p1 + p2| / (4 tol)))")
    func quadCount() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(100, 0), control: Point(50, 100))
        // |p0 - 2p1 + p2| = 200: tol 0.5 → n = 10; tol 0.49 → n = ceil(10.1) = 11.
        #expect(try path.flattened(tolerance: 0.5)[0].points.count == 11)
        #expect(try path.flattened(tolerance: 0.49)[0].points.count == 12)
        // A straight quadratic (control on the chord's midpoint) needs a single segment.
        var straight = Path()
        straight.quad(to: Point(10, 10), control: Point(5, 5))
        #expect(try straight.flattened(tolerance: 1e-9)[0].points == [Point(0, 0), Point(10, 10)])
    }

    @Test("Every curve point lies within tolerance of the polyline (dense sampling, seeded)")
    func flatteningError() throws {
        var rng = SeededRandom(seed: 0xF1A7)
        var worstRatio = 0.0
        for trial in 0..<48 {
            let isCubic = trial % 2 == 0
            let scale = rng.logUniform(1...300)
            let p0 = rng.point(-scale...scale), p1 = rng.point(-scale...scale)
            let p2 = rng.point(-scale...scale), p3 = rng.point(-scale...scale)
            let tolerance = scale * rng.logUniform(1e-4...2e-2)
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
            let polylines = try path.flattened(tolerance: tolerance)
            #expect(polylines.count == 1)
            let polyline = polylines[0]
            #expect(polyline.points.first == p0 && polyline.points.last == (isCubic ? p3 : p2))
            var worst = 0.0
            for i in 0...1500 {
                worst = Swift.max(worst, distance(from: curve(Double(i) / 1500), to: polyline))
            }
            #expect(worst <= tolerance * (1 + 1e-9), "trial \(trial): error \(worst) > tolerance \(tolerance)")
            worstRatio = Swift.max(worstRatio, worst / tolerance)
        }
        // The bound is a real bound, not a wild over-estimate: some curve comes within 2× of it.
        #expect(worstRatio > 0.5)
    }

    @Test("Absurd coordinates are capped, NaN does not trap")
    func segmentCap() throws {
        var path = Path()
        path.move(to: Point(0, 0))
        path.cubic(to: Point(1e300, 0), control1: Point(-1e300, 1e300), control2: Point(1e300, -1e300))
        let flat = try path.flattened(tolerance: 1e-300)
        #expect(flat[0].points.count == Path.maximumSegmentsPerCurve + 1)
        var broken = Path()
        broken.quad(to: Point(1, 1), control: Point(.nan, 0))
        #expect(try broken.flattened(tolerance: 0.1)[0].points.count == Path.maximumSegmentsPerCurve + 1)
    }

    @Test("Flattened ellipse area matches π·a·b within the tolerance-derived bound (seeded)")
    func ellipseArea() throws {
        var rng = SeededRandom(seed: 0xE111)
        for _ in 0..<40 {
            let a = rng.logUniform(1...500), b = rng.logUniform(1...500)
            let tolerance = rng.logUniform(1e-3...1)
            let center = rng.point(-1000...1000)
            let path = Path(ellipseIn: Rect(x: center.x - a, y: center.y - b, width: 2 * a, height: 2 * b))
            let polylines = try path.flattened(tolerance: tolerance)
            #expect(polylines.count == 1 && polylines[0].isClosed)
            let area = polylines[0].signedArea
            let exact = Double.pi * a * b
            // The chords lie inside the cubic curve and within `tolerance` of it, so at most a band of width
            // `tolerance` along the perimeter (≤ 2π·max(a, b)) is lost. The cubic arcs bulge outward by at most
            // 2.73e-4 of the radius in the circle the ellipse is scaled from, which scales the area by at most
            // (1 + 2.73e-4)².
            let perimeterBound = 2 * Double.pi * Swift.max(a, b)
            #expect(area >= exact - perimeterBound * tolerance - 1e-9 * exact)
            #expect(area <= exact * (1 + 2.73e-4) * (1 + 2.73e-4) + 1e-9 * exact)
        }
    }

    @Test("Circle vertices lie on the cubic arcs, just outside the true circle")
    func circleRadii() throws {
        let r = 50.0
        var path = Path()
        path.addCircle(center: Point(3, 4), radius: r)
        let polyline = try path.flattened(tolerance: 0.01)[0]
        var maxRadius = 0.0, minRadius = Double.infinity
        for p in polyline.points {
            let d = p.distance(to: Point(3, 4))
            maxRadius = Swift.max(maxRadius, d)
            minRadius = Swift.min(minRadius, d)
        }
        #expect(minRadius >= r * (1 - 1e-15))
        #expect(maxRadius <= r * (1 + 2.73e-4))
        #expect(maxRadius >= r * (1 + 2.5e-4))  // the known bulge of the 4/3·tan(θ/4) cubic is there
        #expect(abs(polyline.length - 2 * Double.pi * r) < 2 * Double.pi * r * 3e-4)
        #expect(isClose(Path.quarterArcHandle, 0.5522847498307936, relative: 1e-15))
    }

    @Test("Arcs: end points, direction and radial error")
    func arcs() throws {
        var path = Path()
        path.move(to: Point(-20, 0))
        path.addArc(center: .zero, radius: 10, startAngle: 0, sweepAngle: .pi)
        #expect(path.verbs == [.move, .line, .cubic, .cubic])
        let end = try #require(path.currentPoint)
        #expect(end.distance(to: Point(-10, 0)) < 1e-14)
        let b = try #require(path.bounds)
        #expect(isClose(b.maxY, 10, absolute: 1e-12) && isClose(b.minY, 0, absolute: 1e-12))
        for p in try path.flattened(tolerance: 0.001)[0].points.dropFirst() {
            #expect(p.length >= 10 * (1 - 1e-12) && p.length <= 10 * (1 + 2.8e-4))
        }
        var back = Path()
        back.addArc(center: .zero, radius: 1, startAngle: 0, sweepAngle: -.pi / 2)
        #expect(try #require(back.currentPoint).distance(to: Point(0, -1)) < 1e-15)
        #expect(try #require(back.bounds).maxY < 1e-15)
        var small = Path()
        small.addArc(center: .zero, radius: 1, startAngle: 0, sweepAngle: 0.3)
        #expect(small.verbs == [.move, .cubic])
    }

    @Test("Rounded rectangle: corners fitted, flattened outline stays inside the rectangle")
    func roundedRect() throws {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let path = Path(roundedRect: rect, cornerRadii: CornerRadii(all: 30))  // clamped to 20
        let polyline = try path.flattened(tolerance: 0.01)[0]
        #expect(polyline.isClosed)
        for p in polyline.points {
            #expect(p.x >= -1e-12 && p.x <= 100 + 1e-12 && p.y >= -1e-12 && p.y <= 40 + 1e-12)
        }
        // A stadium: a 60 × 40 rectangle plus a circle of radius 20 (the arcs bulge ≤ 2.73e-4·r).
        let exact = 60 * 40 + Double.pi * 400
        #expect(abs(polyline.signedArea - exact) < 2 * Double.pi * 20 * (0.01 + 20 * 2.73e-4))
        let sharp = Path(roundedRect: rect, cornerRadii: .zero)
        #expect(sharp == Path(rect: rect))
    }
}
