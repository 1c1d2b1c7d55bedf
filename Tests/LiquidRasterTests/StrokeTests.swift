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
}
