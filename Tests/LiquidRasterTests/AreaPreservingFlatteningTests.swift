import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

/// The path of `path`'s single closed subpath walked backwards (the other orientation).
func reversedClosedPath(_ path: Path) -> Path {
    var start = Point.zero, last = Point.zero
    var pieces: [(from: Point, element: Path.Element)] = []
    for element in path.elements {
        switch element {
        case .move(let p): start = p; last = p
        case .line(let p): pieces.append((last, element)); last = p
        case .quad(_, let p): pieces.append((last, element)); last = p
        case .cubic(_, _, let p): pieces.append((last, element)); last = p
        case .close: break
        }
    }
    // Backwards: the closing segment first (start → last), then each piece from its end to its start.
    var reversed = Path()
    reversed.move(to: start)
    if last != start { reversed.line(to: last) }
    for (from, element) in pieces.reversed() {
        switch element {
        case .line: reversed.line(to: from)
        case .quad(let c, _): reversed.quad(to: from, control: c)
        case .cubic(let c1, let c2, _): reversed.cubic(to: from, control1: c2, control2: c1)
        default: break
        }
    }
    reversed.close()
    return reversed
}

/// The signed area enclosed by the polylines the fill rasterizer receives for `path`.
func filledPolygonArea(_ path: Path, transform: AffineTransform = .identity, tolerance: Double = Canvas.tolerance) -> Double {
    let everywhere = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
    return PathFlattener.flatten(path, transform: transform, tolerance: tolerance, visible: everywhere,
                                 preservingArea: true).reduce(0) { $0 + $1.signedArea }
}

/// `|coverage − area|` allowed for quantising each partially covered pixel of `mask` to the nearest 1/255:
/// those errors are independent and uniform in ±0.5/255 (standard deviation 1/(255·√12) each), so three
/// standard deviations of their sum.
func quantisationAllowance(_ mask: ClipMask) -> Double {
    let partial = mask.bytes.filter { $0 != 0 && $0 != 255 }.count
    return 3 * (Double(partial) / 12).squareRoot() / 255
}

/// The distance from `q` to the polyline `points` (open), over the segments `range` only.
func distance(_ q: Point, toPolyline points: [Point], segments range: Range<Int>) -> Double {
    var best = Double.infinity
    for i in range {
        let a = points[i], b = points[i + 1], ab = b - a
        let t = ab.lengthSquared > 0 ? Swift.min(Swift.max((q - a).dot(ab) / ab.lengthSquared, 0), 1) : 0
        best = Swift.min(best, q.distance(to: a + ab * t))
    }
    return best
}

@Suite("Area-preserving flattening of fills")
struct AreaPreservingFlatteningTests {
    /// The allowed relative area error of requirement (a).
    static let relativeAreaError = 5e-4

    /// Radii from 2 to 500 px: fixed ones (including the golden circle's 30.5) and log-uniform random ones.
    static var radii: [Double] {
        var random = SeededRandom(seed: 7)
        return [2, 2.5, 3.3, 5, 7.7, 12, 20, 30.5, 47.3, 64, 100, 173.2, 250, 333.3, 500]
            + (0..<25).map { _ in random.logUniform(2...500) }
    }

    @Test func circlesCoverPiRSquaredInBothOrientations() throws {
        var random = SeededRandom(seed: 3)
        for r in Self.radii {
            var circle = Path()
            let side = Int((2 * r + 6).rounded(.up))
            circle.addCircle(center: Point(r + 3 + random.uniform(-0.5...0.5), r + 3 + random.uniform(-0.5...0.5)), radius: r)
            let exact = Double.pi * r * r
            for (path, sign) in [(circle, 1.0), (reversedClosedPath(circle), -1.0)] {
                // What the rasterizer receives: a polygon with the Bézier circle's own area (2.8·10⁻⁴ above
                // πr², the cubic approximation's outward bulge), where inscribed chords lost up to 10 %. The
                // reference flattening at 10⁻⁶ px is itself short by at most ⅔·10⁻⁶·perimeter (7·10⁻⁷ of the
                // area at r = 2).
                let polygon = filledPolygonArea(path)
                let bezier = try path.flattened(tolerance: 1e-6).reduce(0) { $0 + $1.signedArea }
                #expect(isClose(sign * polygon, exact, relative: Self.relativeAreaError), "r = \(r): \(polygon) vs \(exact)")
                #expect(isClose(polygon, bezier, relative: 2e-6), "r = \(r): polygon \(polygon), Bézier \(bezier)")
                // What it covers.
                let mask = try ClipMask(width: side, height: side, path: path)
                let allowed = Self.relativeAreaError * exact + quantisationAllowance(mask)
                #expect(abs(mask.coveredArea - exact) <= allowed, "r = \(r): coverage \(mask.coveredArea) vs \(exact)")
            }
        }
    }

    @Test func ellipsesCoverPiABUnderTransforms() throws {
        let cases: [(rx: Double, ry: Double, angle: Double)] = [(40, 15, 0), (3, 9, 0.4), (200.5, 60, 1.1), (2, 2.5, 2.0),
                                                                (120, 7, -0.7)]
        for c in cases {
            let ellipse = Path(ellipseIn: Rect(x: -c.rx, y: -c.ry, width: 2 * c.rx, height: 2 * c.ry))
            let extent = Int((2 * Swift.max(c.rx, c.ry) + 6).rounded(.up))
            let transform = AffineTransform(rotationAngle: c.angle)
                .concatenating(AffineTransform(translationX: Double(extent) / 2 + 0.3, y: Double(extent) / 2 - 0.2))
            let exact = Double.pi * c.rx * c.ry
            for path in [ellipse, reversedClosedPath(ellipse)] {
                let polygon = abs(filledPolygonArea(path, transform: transform))
                #expect(isClose(polygon, exact, relative: Self.relativeAreaError), "\(c): \(polygon) vs \(exact)")
                let mask = try ClipMask(width: extent, height: extent, path: path, transform: transform)
                let allowed = Self.relativeAreaError * exact + quantisationAllowance(mask)
                #expect(abs(mask.coveredArea - exact) <= allowed, "\(c): coverage \(mask.coveredArea) vs \(exact)")
            }
        }
    }

    @Test func roundedRectsThroughTheGeneralPathCoverTheirArea() throws {
        let cases: [(rect: Rect, radii: CornerRadii, angle: Double)] = [
            (Rect(x: -100, y: -40, width: 200, height: 80), CornerRadii(all: 20), 0.3),
            (Rect(x: -30, y: -12.5, width: 60, height: 25), CornerRadii(all: 12.5), -1.2),
            (Rect(x: -45, y: -35, width: 90, height: 70),
             CornerRadii(topLeft: 0, topRight: 12.5, bottomRight: 30, bottomLeft: 2), 2.5),
            (Rect(x: -20, y: -10, width: 40, height: 20), CornerRadii(all: 5), 0.3),
        ]
        for c in cases {
            let shape = Path(roundedRect: c.rect, cornerRadii: c.radii)
            let r = [c.radii.topLeft, c.radii.topRight, c.radii.bottomRight, c.radii.bottomLeft]
            let exact = c.rect.width * c.rect.height - (1 - Double.pi / 4) * r.reduce(0) { $0 + $1 * $1 }
            let extent = Int((c.rect.width + c.rect.height + 4).rounded(.up))
            let transform = AffineTransform(rotationAngle: c.angle)
                .concatenating(AffineTransform(translationX: Double(extent) / 2 + 0.25, y: Double(extent) / 2 + 0.4))
            for path in [shape, reversedClosedPath(shape)] {
                let polygon = abs(filledPolygonArea(path, transform: transform))
                #expect(isClose(polygon, exact, relative: Self.relativeAreaError), "\(c.rect): \(polygon) vs \(exact)")
                let mask = try ClipMask(width: extent, height: extent, path: path, transform: transform)
                let allowed = Self.relativeAreaError * exact + quantisationAllowance(mask)
                #expect(abs(mask.coveredArea - exact) <= allowed, "\(c.rect): coverage \(mask.coveredArea) vs \(exact)")
            }
        }
    }

    @Test func quadraticsKeepTheirArea() throws {
        // A closed shape of two parabolic arcs: its area is the chord polygon's plus ⅔ of each control triangle.
        var path = Path()
        let a = Point(10.3, 50.2), b = Point(90.7, 48.9), c1 = Point(47, -5), c2 = Point(52, 101)
        path.move(to: a)
        path.quad(to: b, control: c1)
        path.quad(to: a, control: c2)
        path.close()
        let exact = 2.0 / 3.0 * (abs((c1 - a).cross(b - a)) + abs((c2 - a).cross(b - a))) / 2
        let polygon = filledPolygonArea(path)
        #expect(isClose(abs(polygon), exact, relative: 1e-9), "\(polygon) vs \(exact)")
        let inscribed = try path.flattened(tolerance: Canvas.tolerance).reduce(0) { $0 + $1.signedArea }
        #expect(abs(inscribed) < exact * 0.999)  // the chords alone fall short
    }

    /// Requirement (b): every point of the flattened polyline (vertices and chords) lies within the tolerance
    /// of the curve, and every point of the curve within the tolerance of the polyline; random quadratics and
    /// cubics (arcs, inflections, loops, cusps) from 1 to 300 px.
    @Test func flattenedCurvesStayWithinTheTolerance() throws {
        var random = SeededRandom(seed: 19)
        let everywhere = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        var worst = 0.0
        var errors = (new: 0.0, inscribed: 0.0)
        for trial in 0..<160 {
            let scale = [1.0, 4, 20, 80, 300][trial % 5]
            let tolerance = trial % 3 == 0 ? 0.05 : Canvas.tolerance
            let p = (0..<4).map { _ in Point(random.uniform(0...scale), random.uniform(0...scale)) }
            var path = Path()
            path.move(to: p[0])
            if trial % 4 == 0 { path.quad(to: p[2], control: p[1]) } else { path.cubic(to: p[3], control1: p[1], control2: p[2]) }
            let flat = PathFlattener.flatten(path, transform: .identity, tolerance: tolerance, visible: everywhere,
                                             preservingArea: true)[0].points
            // The curve, through points on it 10⁻³ px apart at most (interpolating flattening at 10⁻⁴), so a
            // distance to it is within 10⁻⁴ of the distance to the curve.
            let reference = try path.flattened(tolerance: 1e-4)[0].points
            let n = flat.count - 1, m = reference.count - 1
            // Both flattenings use uniform parameter steps: chord k spans t ∈ [k/n, (k+1)/n]. The nearest
            // point is searched over a window of parameters around that range only, which can only
            // overestimate a distance.
            func window(_ k: Int, of count: Int, in other: Int) -> Range<Int> {
                let lo = Swift.max(0, Int(Double(k - 1) / Double(count) * Double(other)) - 2)
                let hi = Swift.min(other, Int(Double(k + 2) / Double(count) * Double(other)) + 2)
                return lo..<hi
            }
            var deviation = 0.0
            for k in 0..<n {
                let a = flat[k], b = flat[k + 1]
                let samples = Swift.max(8, Int(a.distance(to: b) / 0.005))  // 1-Lipschitz: ≤ 0.0025 px missed
                for s in 0...samples {
                    let q = a + (b - a) * (Double(s) / Double(samples))
                    deviation = Swift.max(deviation, distance(q, toPolyline: reference, segments: window(k, of: n, in: m)))
                }
            }
            for j in stride(from: 0, through: m, by: Swift.max(1, m / 400)) {
                let k = Swift.min(j * n / Swift.max(m, 1), n - 1)
                deviation = Swift.max(deviation, distance(reference[j], toPolyline: flat, segments: window(k, of: n, in: n)))
            }
            #expect(deviation + 0.0025 + 1e-4 <= tolerance, "trial \(trial): deviation \(deviation), tolerance \(tolerance)")
            worst = Swift.max(worst, deviation / tolerance)

            // The area between the curve and its chord p₀p₃: never further off than the inscribed chords',
            // and exact for most curves. The reference at 10⁻⁶ px is off by at most ⅔·10⁻⁶ per px of length.
            let exact = try path.flattened(tolerance: 1e-6)[0].signedArea
            let inscribed = try path.flattened(tolerance: tolerance)[0].signedArea
            let slack = 1e-5 * scale
            let newError = abs(Polyline(points: flat, isClosed: true).signedArea - exact)
            #expect(newError <= abs(inscribed - exact) + slack, "trial \(trial): area error \(newError)")
            errors.new += newError
            errors.inscribed += abs(inscribed - exact)
        }
        // Measured: 0.78 at most, as the area correction spreads the chords' error to both sides.
        #expect(worst < 0.9, "worst deviation \(worst) tolerances")
        #expect(errors.new < 0.05 * errors.inscribed, "area errors \(errors)")
    }

    @Test func strokesStillFlattenThroughPointsOnTheCurve() throws {
        var path = Path()
        path.addCircle(center: Point(40.2, 30.7), radius: 25)
        let everywhere = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        let stroke = PathFlattener.flatten(path, transform: .identity, tolerance: 0.2, visible: everywhere)
        #expect(stroke == (try path.flattened(tolerance: 0.2)))
    }
}
