import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

/// The covered area of a white stroke on a transparent pixmap: the sum of alpha / 255.
func strokeArea(_ path: Path, _ style: StrokeStyle, width: Int = 256, height: Int = 256) throws -> Double {
    var canvas = Canvas(try Pixmap(width: width, height: height))
    canvas.stroke(path, style: style, paint: .color(.white))
    return Double(canvas.pixmap.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) }) / 255
}

@Suite("Strokes")
struct StrokeTests {
    static let straight: Path = {
        var p = Path()
        p.move(to: Point(20.3, 50.4))
        p.line(to: Point(220.3, 50.4))
        return p
    }()

    @Test func buttSquareAndRoundCapsAddZeroWidthSquaredAndAHalfDiscEach() throws {
        let w = 10.0, length = 200.0
        let butt = try strokeArea(Self.straight, StrokeStyle(width: w, cap: .butt), height: 100)
        let square = try strokeArea(Self.straight, StrokeStyle(width: w, cap: .square), height: 100)
        let round = try strokeArea(Self.straight, StrokeStyle(width: w, cap: .round), height: 100)
        #expect(isClose(butt, length * w, relative: 1e-3))
        #expect(isClose(square, length * w + w * w, relative: 1e-3))
        #expect(isClose(round, length * w + Double.pi * w * w / 4, relative: 2e-3))
    }

    @Test func rightAngleJoinAreas() throws {
        var path = Path()
        path.move(to: Point(20, 20))
        path.line(to: Point(120, 20))
        path.line(to: Point(120, 120))
        let w = 20.0
        let base = 2 * 100 * w - w * w / 4
        let bevel = try strokeArea(path, StrokeStyle(width: w, join: .bevel))
        let miter = try strokeArea(path, StrokeStyle(width: w, join: .miter))
        let round = try strokeArea(path, StrokeStyle(width: w, join: .round))
        #expect(isClose(bevel, base + w * w / 8, relative: 1e-3))
        #expect(isClose(miter, base + w * w / 4, relative: 1e-3))
        #expect(isClose(round, base + Double.pi * w * w / 16, relative: 2e-3))
        // Below √2 the right-angle miter exceeds the limit and falls back to a bevel.
        let limited = try strokeArea(path, StrokeStyle(width: w, join: .miter, miterLimit: 1.4))
        #expect(isClose(limited, bevel, relative: 1e-6))
    }

    @Test func closedSquareStrokeIsARing() throws {
        let path = Path(rect: Rect(x: 40, y: 40, width: 100, height: 100))
        let area = try strokeArea(path, StrokeStyle(width: 10, join: .miter))
        #expect(isClose(area, 110 * 110 - 90 * 90, relative: 1e-3))
    }

    @Test func manyCollinearSegmentsDoNotDoubleCoverEdges() throws {
        // The same straight line split into 200 segments must look like the single segment.
        var split = Path()
        split.move(to: Point(20.3, 50.4))
        for i in 1...200 { split.line(to: Point(20.3 + Double(i), 50.4)) }
        for join in [LineJoin.round, .miter, .bevel] {
            let style = StrokeStyle(width: 7, cap: .butt, join: join)
            var a = Canvas(try Pixmap(width: 256, height: 100))
            var b = Canvas(try Pixmap(width: 256, height: 100))
            a.stroke(Self.straight, style: style, paint: .color(.white))
            b.stroke(split, style: style, paint: .color(.white))
            let diff = zip(a.pixmap.bytes, b.pixmap.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(diff <= 1)
        }
    }

    @Test func zeroLengthStrokesDrawDotsOnlyWithCaps() throws {
        var dot = Path()
        dot.move(to: Point(50, 50))
        dot.line(to: Point(50, 50))
        #expect(try strokeArea(dot, StrokeStyle(width: 10, cap: .butt)) == 0)
        #expect(isClose(try strokeArea(dot, StrokeStyle(width: 10, cap: .square)), 100, relative: 1e-3))
        #expect(isClose(try strokeArea(dot, StrokeStyle(width: 10, cap: .round)), Double.pi * 25, relative: 5e-3))
    }

    @Test func invalidStyleIsRefusedOrDrawsNothing() throws {
        #expect(throws: LiquidError.self) { try StrokeStyle(validatingWidth: -1) }
        #expect(throws: LiquidError.self) { try StrokeStyle(validatingWidth: 2, miterLimit: 0.5) }
        #expect(try strokeArea(Self.straight, StrokeStyle(width: .nan)) == 0)
        #expect(try strokeArea(Self.straight, StrokeStyle(width: 0)) == 0)
    }

    // MARK: Gentle corners (one outline point per side)

    /// The bench's Lissajous figure scaled into 256 px: turns of up to 0.24 rad on segments from 0.08 px.
    static let lissajous = Polyline(points: (0..<2000).map { i in
        let t = Double(i) / 1999
        return Point(128 + 110 * Double.sin(2 * .pi * 3 * t + 0.3), 128 + 110 * Double.sin(2 * .pi * 4 * t))
    }, isClosed: false)

    /// A seeded walk from the centre: steps of 0.3 … 6 px, each turning by up to ±`maximumTurn`.
    static func walk(maximumTurn: Double, seed: UInt64) -> Polyline {
        var random = SeededRandom(seed: seed)
        var p = Point(128, 128), heading = 0.0
        var points = [p]
        for _ in 0..<400 {
            heading += Double.random(in: -maximumTurn...maximumTurn, using: &random)
            let step = Double.random(in: 0.3...6, using: &random)
            let q = p + Vector2(Double.cos(heading) * step, Double.sin(heading) * step)
            // Keep the walk on the canvas: turn back toward the centre near the edges.
            if q.x < 30 || q.x > 226 || q.y < 30 || q.y > 226 {
                heading = Double.atan2(y: 128 - p.y, x: 128 - p.x)
                continue
            }
            p = q
            points.append(p)
        }
        return Polyline(points: points, isClosed: false)
    }

    /// A spiral whose radius of curvature falls from 100 px to 1 px: the inner side's meeting points give
    /// way to pivots where the curve is tighter than the stroke is wide.
    static let spiral = Polyline(points: (0..<900).map { i in
        let t = Double(i) / 899, radius = 100 * Double.pow(0.01, t), angle = 14 * Double.pi * t
        return Point(128 + radius * Double.cos(angle), 128 + radius * Double.sin(angle))
    }, isClosed: false)

    /// The exact area of the disc of radius `radius` about `center` inside the unit pixel at `(px, py)`:
    /// ∫ of the disc's vertical chord clipped to the pixel, by the midpoint rule on 512 columns (the chord
    /// is continuous in x, so the rule's error is ~10⁻⁵ of a pixel).
    private static func discCoverage(center: Point, radius: Double, px: Int, py: Int) -> Double {
        let steps = 512
        var sum = 0.0
        for k in 0..<steps {
            let x = Double(px) + (Double(k) + 0.5) / Double(steps)
            let dx = x - center.x
            guard abs(dx) < radius else { continue }
            let half = (radius * radius - dx * dx).squareRoot()
            let top = Swift.max(center.y - half, Double(py)), bottom = Swift.min(center.y + half, Double(py + 1))
            if bottom > top { sum += bottom - top }
        }
        return sum / Double(steps)
    }

    /// A circle (a closed 2000-gon, 1.2·10⁻⁶ px from the true circle) stroked with round joins is an annulus.
    /// Every pixel's coverage is within one level of the annulus's exact area in it (the outer disc's minus
    /// the inner disc's). Gentle corners take one point a side here; the full outline's pivots put a loop
    /// of winding 2 against the inner edge at every vertex, and the pixels along that edge came out too
    /// dark (measured: by up to 3, 11 and 18 levels at widths 2, 5 and 8).
    @Test func circleStrokeIsTheExactAnnulusPixelByPixel() throws {
        let n = 2000, size = 128, center = Point(64.2, 63.7), circumradius = 50.3
        var path = Path()
        for i in 0..<n {
            let a = 2 * Double.pi * Double(i) / Double(n)
            let p = center + Vector2(Double.cos(a), Double.sin(a)) * circumradius
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        for width in [2.0, 5.0, 8.0] {
            var canvas = Canvas(try Pixmap(width: size, height: size))
            canvas.stroke(path, style: StrokeStyle(width: width, join: .round), paint: .color(.white))
            let bytes = canvas.pixmap.bytes
            var worst = 0.0
            for py in 0..<size {
                for px in 0..<size {
                    let d = (Point(Double(px) + 0.5, Double(py) + 0.5) - center).length
                    // Pixels wholly inside or outside the ring are checked too, more cheaply.
                    let exact: Double
                    if d < circumradius - width / 2 - 1 || d > circumradius + width / 2 + 1 {
                        exact = 0
                    } else if d > circumradius - width / 2 + 1, d < circumradius + width / 2 - 1 {
                        exact = 1
                    } else {
                        exact = Self.discCoverage(center: center, radius: circumradius + width / 2, px: px, py: py)
                            - Self.discCoverage(center: center, radius: circumradius - width / 2, px: px, py: py)
                    }
                    let alpha = Double(bytes[4 * (py * size + px) + 3]) / 255
                    worst = Swift.max(worst, abs(alpha - exact) * 255)
                }
            }
            #expect(worst <= 1, "width \(width): a pixel is \(worst) levels off the exact annulus")
        }
    }

    /// Every long edge of the outline is one segment's offset alone, so a stroke drawn on with more points
    /// changes nothing away from its new end: every pixel farther than r + 3 px (a miter join's reach,
    /// r × the miter limit, + 3 px) from the vertices from the old end on keeps its bytes (the compositor's
    /// partial redraws rely on it).
    @Test func extendingAStrokeLeavesItsOlderPixelsAlone() throws {
        let curves = [Self.lissajous, Self.spiral, Self.walk(maximumTurn: 0.05, seed: 1),
                      Self.walk(maximumTurn: 0.4, seed: 2), Self.walk(maximumTurn: 2.5, seed: 3)]
        let size = 256
        for (c, curve) in curves.enumerated() {
            let points = curve.points
            let cut = points.count * 3 / 5
            for width in [2.0, 8, 20] {
                for join in [LineJoin.round, .miter, .bevel] {
                    let style = StrokeStyle(width: width, cap: .round, join: join)
                    func draw(_ count: Int) throws -> [UInt8] {
                        var path = Path()
                        path.move(to: points[0])
                        for p in points[1..<count] { path.line(to: p) }
                        var canvas = Canvas(try Pixmap(width: size, height: size))
                        canvas.stroke(path, style: style, paint: .color(.white))
                        return canvas.pixmap.bytes
                    }
                    let short = try draw(cut), long = try draw(points.count)
                    // Pixels near the vertices from the old end on may change.
                    var near = [Bool](repeating: false, count: size * size)
                    let reach = Int((width / 2 * (join == .miter ? style.miterLimit : 1) + 3).rounded(.up))
                    for p in points[(cut - 1)...] {
                        let x0 = Swift.max(Int(p.x) - reach, 0), x1 = Swift.min(Int(p.x) + reach, size - 1)
                        let y0 = Swift.max(Int(p.y) - reach, 0), y1 = Swift.min(Int(p.y) + reach, size - 1)
                        guard x0 <= x1, y0 <= y1 else { continue }
                        for y in y0...y1 { for x in x0...x1 { near[y * size + x] = true } }
                    }
                    var changed = 0
                    for i in 0..<(size * size) where !near[i] && short[4 * i + 3] != long[4 * i + 3] { changed += 1 }
                    #expect(changed == 0, "curve \(c), width \(width), \(join): \(changed) pixels changed")
                }
            }
        }
    }

    /// A five-pointed star stroked with miter joins is the ring between two polygons: each edge's line moved
    /// r outward, and r inward, met at every corner. Its covered area is the difference of their shoelace
    /// areas, worked out here from the lines alone. The inner side's corners are meeting points now; the
    /// pivots they replace crossed edges inside the corner pixels, where the accumulated winding of 0 and 2
    /// averaged to full coverage, and the ring came out larger than it is.
    @Test func sharpStarRingHasTheAreaOfItsOffsetPolygons() throws {
        var vertices: [Point] = []
        for i in 0..<10 {
            let angle = Double(i) * Double.pi / 5 - Double.pi / 2, radius = i % 2 == 0 ? 40.0 : 18
            vertices.append(Point(64.3 + radius * Double.cos(angle), 64.1 + radius * Double.sin(angle)))
        }
        var path = Path()
        path.move(to: vertices[0])
        for v in vertices.dropFirst() { path.line(to: v) }
        path.close()
        /// The polygon whose edges are the star's edges moved `offset` along their left normals.
        func offsetPolygon(_ offset: Double) -> [Point] {
            let n = vertices.count
            func line(_ i: Int) -> (Point, Vector2) {
                let d = vertices[(i + 1) % n] - vertices[i]
                let normal = Vector2(-d.y, d.x) / d.length
                return (vertices[i] + normal * offset, d)
            }
            return (0..<n).map { i in
                let (p, d) = line((i + n - 1) % n), (q, e) = line(i)
                // p + s·d = q + t·e.
                let s = (q - p).cross(e) / d.cross(e)
                return p + d * s
            }
        }
        func shoelace(_ polygon: [Point]) -> Double {
            var sum = 0.0
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                sum += a.x * b.y - b.x * a.y
            }
            return abs(sum) / 2
        }
        for width in [2.0, 3.0, 5.0] {
            let expected = abs(shoelace(offsetPolygon(width / 2)) - shoelace(offsetPolygon(-width / 2)))
            let area = try strokeArea(path, StrokeStyle(width: width, join: .miter, miterLimit: 10), width: 128, height: 128)
            #expect(abs(area - expected) < 0.1, "width \(width): \(area) against \(expected)")
        }
    }

    /// A closed regular 1000-gon of circumradius 100 stroked 8 wide: with miter joins the ring's area is
    /// the perimeter times the width exactly; with round joins it is 2·P·r + r²(π − n·tan(π/n)). The
    /// shortcut takes every corner here (turns of 0.36°).
    @Test func gentleClosedPolygonHasTheAnalyticRingArea() throws {
        let n = 1000, circumradius = 100.0, r = 4.0
        var path = Path()
        for i in 0..<n {
            let a = 2 * Double.pi * Double(i) / Double(n)
            let p = Point(128 + circumradius * Double.cos(a), 128 + circumradius * Double.sin(a))
            if i == 0 { path.move(to: p) } else { path.line(to: p) }
        }
        path.close()
        let perimeter = 2 * Double(n) * circumradius * Double.sin(Double.pi / Double(n))
        let miter = try strokeArea(path, StrokeStyle(width: 2 * r, join: .miter))
        let round = try strokeArea(path, StrokeStyle(width: 2 * r, join: .round))
        #expect(isClose(miter, perimeter * 2 * r, relative: 1e-4))
        let roundExact = 2 * perimeter * r + r * r * (Double.pi - Double(n) * Double.tan(Double.pi / Double(n)))
        #expect(isClose(round, roundExact, relative: 1e-4))
    }
}
