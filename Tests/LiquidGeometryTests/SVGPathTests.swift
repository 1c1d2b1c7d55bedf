import Testing
import TestSupport
@testable import LiquidGeometry

@Suite("SVG path data")
struct SVGPathTests {
    @Test func absoluteAndRelativeCommandsBuildTheSamePath() throws {
        let absolute = try Path(svgPathData: "M10 10 L110 10 L110 60 H10 V10 Z")
        let relative = try Path(svgPathData: "m10,10 l100,0 0,50 h-100 v-50 z")
        #expect(absolute.flattenedArea == relative.flattenedArea)
        #expect(abs(absolute.flattenedArea - 5000) < 1e-9)
        #expect(absolute.bounds == Rect(x: 10, y: 10, width: 100, height: 50))
    }

    @Test func compactNumbersAndImplicitCommandsParse() throws {
        // "1-2" is two numbers, ".5.5" is two numbers, repeated pairs after M are line-tos.
        let path = try Path(svgPathData: "M0,0 10-0 10,10.5.5-1e1")
        #expect(path.points == [Point(0, 0), Point(10, 0), Point(10, 10.5), Point(0.5, -10)])
        #expect(path.elements.count == 4)
    }

    @Test func smoothCurvesReflectTheirControlPoint() throws {
        let path = try Path(svgPathData: "M0 0 C 10 20 30 20 40 0 S 70 -20 80 0")
        let elements = path.elements
        guard case .cubic(let c1, _, _) = elements[2] else { Issue.record("expected a cubic"); return }
        #expect(c1 == Point(50, -20))
    }

    @Test func arcsMatchTheirCircle() throws {
        // Two half-circle arcs of radius 50 around (100, 100): the area of the flattened circle ≈ π·50².
        let circle = try Path(svgPathData: "M50 100 A50 50 0 1 0 150 100 A 50 50 0 1 0 50 100 Z")
        #expect(abs(abs(circle.flattenedArea) - .pi * 2500) < 2500 * 1e-3)
        let b = try #require(circle.bounds)
        #expect(abs(b.minX - 50) < 1e-9 && abs(b.maxX - 150) < 1e-9)
        #expect(abs(b.minY - 50) < 0.05 && abs(b.maxY - 150) < 0.05)
        // Radii too small to reach the endpoint are scaled up: a half circle of radius 50.
        let scaled = try Path(svgPathData: "M0 0 A1 1 0 0 1 100 0")
        #expect(abs((try #require(scaled.bounds)).minY + 50) < 0.05)
    }

    @Test(arguments: ["", "10 10", "M", "M10", "M10 10 L", "M 10 10 X 5 5", "M 1 1 A 5 5 0 2 0 3 3", "M 1e999 0", "M 0 0 Z 5"])
    func malformedDataIsRefusedClearly(data: String) {
        do {
            let path = try Path(svgPathData: data)
            // The empty string is a valid, empty path.
            #expect(data.isEmpty && path.isEmpty)
        } catch {
            #expect(!"\(error)".isEmpty)
        }
    }
}

extension Path {
    /// Shoelace area of the flattened path (tolerance 0.01).
    var flattenedArea: Double {
        ((try? flattened(tolerance: 0.01)) ?? []).reduce(0) { $0 + $1.signedArea }
    }
}
