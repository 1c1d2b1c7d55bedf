import LiquidGeometry
import Testing
import TestSupport

@Suite("Continuous (squircle) corners")
struct ContinuousCornerTests {
    let rect = Rect(x: 10, y: 20, width: 200, height: 120)
    let radius = 30.0

    @Test func startsEarlierAlongTheEdgeThanACircle() {
        let path = Path(continuousRoundedRect: rect, cornerRadii: CornerRadii(all: radius))
        #expect(path.points[0] == Point(rect.minX + 1.528 * radius, rect.minY))
        #expect(path.points[1] == Point(rect.maxX - 1.528 * radius, rect.minY))
    }

    @Test func liesInsideTheRectAndSquarerThanTheCircleOnTheDiagonal() throws {
        let path = Path(continuousRoundedRect: rect, cornerRadii: CornerRadii(all: radius))
        let outline = try path.flattened(tolerance: 0.01)
        #expect(outline.count == 1 && outline[0].isClosed)
        for p in outline[0].points {
            #expect(p.x >= rect.minX - 1e-9 && p.x <= rect.maxX + 1e-9 && p.y >= rect.minY - 1e-9 && p.y <= rect.maxY + 1e-9)
        }
        // Where the outline crosses the top-left corner's diagonal (u = v measured from the sharp corner).
        let corner = rect.topLeft
        var best = Double.infinity, diagonal = 0.0
        for p in outline[0].points {
            let u = p.x - corner.x, v = p.y - corner.y
            if abs(u - v) < best, u < radius { best = abs(u - v); diagonal = (u + v) / 2 }
        }
        let circular = radius * (1 - 1 / 2.0.squareRoot())
        #expect(diagonal > 0.2 * radius && diagonal < circular)
        #expect(isClose(diagonal, 0.26 * radius, absolute: 0.05))
    }

    @Test func areaLiesBetweenTheCircularShapeAndTheRect() throws {
        // Bending earlier but staying squarer near the diagonal, a continuous corner cuts away less than a
        // circular corner of the same radius, and of course something.
        func area(_ path: Path) throws -> Double { try path.flattened(tolerance: 0.001)[0].signedArea }
        let continuous = try area(Path(continuousRoundedRect: rect, cornerRadii: CornerRadii(all: radius)))
        let circle = try area(Path(roundedRect: rect, cornerRadii: CornerRadii(all: radius)))
        #expect(circle < continuous && continuous < rect.width * rect.height)
    }

    @Test func oversizedRadiiShrinkToFit() throws {
        let small = Rect(x: 0, y: 0, width: 40, height: 40)
        let path = Path(continuousRoundedRect: small, cornerRadii: CornerRadii(all: 100))
        let outline = try path.flattened(tolerance: 0.01)[0]
        #expect(outline.points.allSatisfy { $0.x >= -1e-9 && $0.x <= 40 + 1e-9 && $0.y >= -1e-9 && $0.y <= 40 + 1e-9 })
        #expect(outline.signedArea > 0)
    }

    @Test func zeroRadiusIsASharpRect() throws {
        let path = Path(continuousRoundedRect: rect, cornerRadii: .zero)
        let outline = try path.flattened(tolerance: 0.1)[0]
        #expect(isClose(outline.signedArea, rect.width * rect.height, relative: 1e-12))
        #expect(outline.points.count == 4)
    }
}
