import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

/// The exact area of the convex polygon `polygon` inside the pixel `[px, px+1] × [py, py+1]`, by
/// Sutherland–Hodgman clipping and the shoelace formula (independent of the rasterizer).
func exactPixelArea(_ polygon: [Point], _ px: Int, _ py: Int) -> Double {
    var poly = polygon
    let x0 = Double(px), x1 = Double(px + 1), y0 = Double(py), y1 = Double(py + 1)
    func clip(_ inside: (Point) -> Bool, _ cut: (Point, Point) -> Point) {
        guard !poly.isEmpty else { return }
        var out: [Point] = []
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            if inside(b) {
                if !inside(a) { out.append(cut(a, b)) }
                out.append(b)
            } else if inside(a) {
                out.append(cut(a, b))
            }
        }
        poly = out
    }
    func atX(_ x: Double) -> (Point, Point) -> Point { { a, b in a + (b - a) * ((x - a.x) / (b.x - a.x)) } }
    func atY(_ y: Double) -> (Point, Point) -> Point { { a, b in a + (b - a) * ((y - a.y) / (b.y - a.y)) } }
    clip({ $0.x >= x0 }, atX(x0))
    clip({ $0.x <= x1 }, atX(x1))
    clip({ $0.y >= y0 }, atY(y0))
    clip({ $0.y <= y1 }, atY(y1))
    return abs(Polyline(points: poly, isClosed: true).signedArea)
}

func polygonPath(_ points: [Point]) -> Path {
    var path = Path()
    path.move(to: points[0])
    for p in points.dropFirst() { path.line(to: p) }
    path.close()
    return path
}

@Suite("Exact-area coverage")
struct CoverageTests {
    @Test func rectangleWithFractionalEdgesIsExactPerPixel() throws {
        let rect = Rect(x: 2.25, y: 3.5, width: 5.5, height: 4.3)
        let mask = try ClipMask(width: 12, height: 12, path: Path(rect: rect))
        for y in 0..<12 {
            for x in 0..<12 {
                let ox = Swift.max(0, Swift.min(Double(x + 1), rect.maxX) - Swift.max(Double(x), rect.minX))
                let oy = Swift.max(0, Swift.min(Double(y + 1), rect.maxY) - Swift.max(Double(y), rect.minY))
                #expect(abs(Double(mask[x, y]) / 255 - ox * oy) <= 0.5 / 255 + 1e-5, "pixel (\(x), \(y))")
            }
        }
        #expect(isClose(mask.coveredArea, 5.5 * 4.3, relative: 1e-3))
    }

    @Test func triangleEdgePixelsMatchClippedAreas() throws {
        let triangle = [Point(1.3, 1.1), Point(14.6, 3.7), Point(4.2, 13.9)]
        let mask = try ClipMask(width: 16, height: 16, path: polygonPath(triangle))
        var edgePixels = 0
        for y in 0..<16 {
            for x in 0..<16 {
                let expected = exactPixelArea(triangle, x, y)
                if expected > 0, expected < 1 { edgePixels += 1 }
                #expect(abs(Double(mask[x, y]) / 255 - expected) <= 0.5 / 255 + 1e-4, "pixel (\(x), \(y))")
            }
        }
        #expect(edgePixels > 20)
    }

    @Test func circleCoverageSumsToPiRSquared() throws {
        var path = Path()
        path.addCircle(center: Point(128.3, 127.6), radius: 100)
        let mask = try ClipMask(width: 256, height: 256, path: path)
        // Fills flatten preserving each curve's area, so the coverage is the Bézier circle's own area (2.8·10⁻⁴
        // above πr²) up to quantisation; inscribed chords at 0.2 px would cut off 0.18 %.
        #expect(isClose(mask.coveredArea, Double.pi * 100 * 100, relative: 5e-4))
        let bezier = try path.flattened(tolerance: 1e-5)[0]
        #expect(isClose(mask.coveredArea, bezier.signedArea, relative: 1e-4))
    }

    @Test func randomStarPolygonsSumToTheirShoelaceArea() throws {
        var random = SeededRandom(seed: 11)
        for _ in 0..<20 {
            let center = Point(random.uniform(30...70), random.uniform(30...70))
            let n = Int(random.uniform(3...40))
            let points = (0..<n).map { i -> Point in
                let a = Double(i) / Double(n) * 2 * Double.pi
                let r = random.uniform(5...30)
                return center + Vector2(r * Double.cos(a), r * Double.sin(a))
            }
            let mask = try ClipMask(width: 100, height: 100, path: polygonPath(points))
            let area = abs(Polyline(points: points, isClosed: true).signedArea)
            #expect(isClose(mask.coveredArea, area, relative: 1e-3))
        }
    }

    @Test func evenOddAndNonZeroOnOverlappingRects() throws {
        var path = Path(rect: Rect(x: 2, y: 2, width: 10, height: 10))
        path.addRect(Rect(x: 7, y: 7, width: 10, height: 10))
        let nonZero = try ClipMask(width: 20, height: 20, path: path, rule: .nonZero)
        let evenOdd = try ClipMask(width: 20, height: 20, path: path, rule: .evenOdd)
        #expect(isClose(nonZero.coveredArea, 175, relative: 1e-6))
        #expect(isClose(evenOdd.coveredArea, 150, relative: 1e-6))
        #expect(nonZero[9, 9] == 255 && evenOdd[9, 9] == 0 && evenOdd[3, 3] == 255)
    }

    @Test func evenOddAndNonZeroOnASelfOverlappingStar() throws {
        // A pentagram {5/2}: the centre is wound twice.
        let points = (0..<5).map { i -> Point in
            let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return Point(50 + 40 * Double.cos(a), 50 + 40 * Double.sin(a))
        }
        let nonZero = try ClipMask(width: 100, height: 100, path: polygonPath(points), rule: .nonZero)
        let evenOdd = try ClipMask(width: 100, height: 100, path: polygonPath(points), rule: .evenOdd)
        #expect(nonZero[50, 50] == 255 && evenOdd[50, 50] == 0)
        #expect(nonZero[50, 15] == 255 && evenOdd[50, 15] == 255)
        #expect(nonZero.coveredArea > evenOdd.coveredArea + 500)
    }

    @Test func geometryOutsideThePixmapStillCountsTowardWinding() throws {
        // The left edge is far outside; only the right edge at 5.5 lies inside.
        let path = polygonPath([Point(-1e30, 2), Point(5.5, 2), Point(5.5, 8), Point(-1e30, 8)])
        let mask = try ClipMask(width: 10, height: 10, path: path)
        #expect(mask[0, 3] == 255 && mask[4, 7] == 255 && mask[5, 5] == 128 && mask[6, 5] == 0 && mask[3, 1] == 0)
        let everything = try ClipMask(width: 10, height: 10, path: Path(rect: Rect(x: -1e30, y: -1e30, width: 2e30, height: 2e30)))
        #expect(everything.bytes.allSatisfy { $0 == 255 })
        // A shape wholly to the left covers nothing.
        let left = try ClipMask(width: 10, height: 10, path: Path(rect: Rect(x: -50, y: 0, width: 20, height: 10)))
        #expect(left.coveredArea == 0)
    }

    @Test func nonFinitePathsDrawNothing() throws {
        var path = Path(rect: Rect(x: 1, y: 1, width: 5, height: 5))
        path.line(to: Point(.nan, 3))
        let mask = try ClipMask(width: 10, height: 10, path: path)
        #expect(mask.coveredArea == 0)
        let infinite = try ClipMask(width: 10, height: 10, path: Path(rect: Rect(x: 1, y: 1, width: .infinity, height: 5)))
        #expect(infinite.coveredArea == 0)
    }
}
