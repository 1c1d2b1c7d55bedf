import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct DrawingCanvasTests {
    private static let size = Size(width: 320, height: 240)

    private func host(scale: Double = 1, rendering: Bool = false) throws -> (UIRunLoop, DrawingCanvas) {
        let canvas = DrawingCanvas()
        let loop = try UIRunLoop(root: canvas, size: Self.size, scale: scale, framesPerSecond: 60)
        if rendering { loop.compositor = try Compositor(size: Self.size, scale: scale, tileSize: 32) }
        return (loop, canvas)
    }

    /// One touch through `points`: down at the first, a move per point after it (120 a second), and (if
    /// `lift`) up at the last.
    private func stroke(_ points: [Point], id: Int = 0, start: Double = 0.05, lift: Bool = true) -> [Touch] {
        var touches: [Touch] = []
        for (i, p) in points.enumerated() {
            touches.append(Touch(id: id, phase: i == 0 ? .began : .moved, location: p, timestamp: start + Double(i) / 120))
        }
        if lift, let last = points.last {
            touches.append(Touch(id: id, phase: .ended, location: last, timestamp: start + Double(points.count) / 120))
        }
        return touches
    }

    /// Feeds touches straight to the canvas (no run loop: window points are the canvas's own).
    private func feed(_ canvas: DrawingCanvas, _ touches: [Touch]) {
        for touch in touches {
            switch touch.phase {
            case .began: canvas.touchBegan(touch)
            case .moved: canvas.touchMoved(touch)
            case .ended: canvas.touchEnded(touch)
            case .cancelled: canvas.touchCancelled(touch)
            }
        }
    }

    // MARK: - Points and smoothing

    @Test func theDistanceFilterNeedsMoreThanATenthOfTheWidth() throws {
        let canvas = DrawingCanvas()
        try canvas.setInk(color: .black, width: 10)  // squared threshold (10 × 0.1)² = 1
        let offered = [Point(10, 10), Point(11, 10), Point(11.0625, 10), Point(11.5625, 10), Point(12.125, 10),
                       Point(12.125, 11.1875), Point(12.125, 11.1875), Point(12.75, 11.75)]
        feed(canvas, stroke(offered, lift: false))
        // (11, 10) is exactly 1 away: rejected; (11.0625, 10) is 1.0625 away: accepted; the next is 0.5 from
        // it (rejected), the one after 1.0625 (accepted), then 1.0625 down (accepted), then a repeat
        // (rejected), then √(0.625² + 0.5625²) = 0.84 (rejected).
        #expect(canvas.strokes[0].recorded == [Point(10, 10), Point(11.0625, 10), Point(12.125, 10), Point(12.125, 11.1875)])
    }

    @Test func theChainReplacesEveryThirdPointByTheMidpointOfItsNeighbours() throws {
        let canvas = DrawingCanvas()
        let points = [Point(0, 0), Point(10, 0), Point(20, 10), Point(30, 10), Point(40, 0), Point(50, 0),
                      Point(60, 10), Point(70, 10)]
        feed(canvas, stroke(points, lift: false))
        // Curve 1: from (0, 0) with controls (10, 0) and (20, 10) to the midpoint of (20, 10) and (40, 0).
        // Curve 2: controls (40, 0) and (50, 0), to the midpoint of (50, 0) and (70, 10); (60, 10) is not
        // drawn. The last point is reached by a line.
        let expected: [Path.Element] = [
            .move(to: Point(0, 0)),
            .cubic(control1: Point(10, 0), control2: Point(20, 10), to: Point(30, 5)),
            .cubic(control1: Point(40, 0), control2: Point(50, 0), to: Point(60, 5)),
            .line(to: Point(70, 10)),
        ]
        #expect(canvas.strokes[0].chain.path().elements == expected)
    }

    @Test func fewPointsAreLinesAndOneIsADot() {
        var chain = CubicChain()
        chain.append(Point(5, 5))
        #expect(chain.path().elements == [.move(to: Point(5, 5)), .line(to: Point(5, 5))])
        chain.append(Point(9, 5))
        chain.append(Point(9, 9))
        #expect(chain.path().elements == [.move(to: Point(5, 5)), .line(to: Point(9, 5)), .line(to: Point(9, 9))])
    }

    @Test func settledCurvesLeaveTheRestOfTheChainAsItWas() {
        var whole = CubicChain(), settled = CubicChain()
        for i in 0..<40 {
            let p = Point(Double(i) * 3, 50 + 20 * sin(Double(i) / 4))
            whole.append(p)
            settled.append(p)
        }
        let first = settled.settle(curves: 5)
        #expect(first.elements.count == 6)
        let rest = [Path.Element.move(to: whole.end(ofCurve: 4))] + whole.path().elements.dropFirst(6)
        #expect(settled.path(lead: false).elements == rest)
        // The settled curves still lead the drawn path: it is the whole chain.
        #expect(settled.path().elements == whole.path().elements)
        // Settling more keeps only the newest six as the lead, and they start the next settled path again.
        let second = settled.settle(curves: 4)
        #expect(second.elements.count == 1 + 5 + 4)
        #expect(settled.path().elements.count == whole.path().elements.count - 3)
    }

    // MARK: - Drawing

    /// The ink colour at local point `p` of a rendered canvas (whose background is not pure white).
    private func isInked(_ image: Pixmap, _ p: Point, scale: Double) -> Bool {
        let pixel = image[Int(p.x * scale), Int(p.y * scale)]
        return pixel.red < 128 && pixel.green < 128
    }

    @Test func aTapLeavesADotAndTwoAndThreePointStrokesDraw() throws {
        let (loop, canvas) = try host(scale: 2, rendering: true)
        var touches = stroke([Point(40, 40)])
        touches += stroke([Point(100, 40), Point(130, 40)], start: 0.2)
        touches += stroke([Point(40, 120), Point(80, 120), Point(80, 160)], start: 0.4)
        loop.run(events: touches, duration: 0.7)
        let image = try #require(loop.image)
        #expect(canvas.strokes.count == 3 && canvas.sketch.strokes.count == 3)
        #expect(isInked(image, Point(40, 40), scale: 2))
        #expect(isInked(image, Point(115, 40), scale: 2))
        #expect(isInked(image, Point(60, 120), scale: 2) && isInked(image, Point(80, 140), scale: 2))
        #expect(!isInked(image, Point(200, 200), scale: 2))
        #expect(canvas.sketch.strokes.map(\.points.count) == [1, 2, 3])
    }

    @Test func severalTouchesDrawSeveralStrokesAndACancelledOneIsRemoved() throws {
        let (loop, canvas) = try host(scale: 1, rendering: true)
        var touches = stroke((0..<30).map { Point(20 + Double($0) * 4, 50) }, id: 1, lift: false)
        touches += stroke((0..<30).map { Point(20 + Double($0) * 4, 150) }, id: 2, lift: false)
        touches.sort { $0.timestamp < $1.timestamp }
        loop.run(events: touches, duration: 0.4)
        #expect(canvas.strokes.count == 2)
        try canvas.setInk(color: RGBA(red: 1, green: 0, blue: 0), width: 3)
        #expect(canvas.strokes.allSatisfy { $0.width == 6 }, "live strokes keep the ink they began with")
        loop.run(events: [Touch(id: 2, phase: .cancelled, location: Point(136, 150), timestamp: 0.5),
                          Touch(id: 1, phase: .ended, location: Point(136, 50), timestamp: 0.5)], duration: 0.1)
        let image = try #require(loop.image)
        #expect(canvas.strokes.count == 1 && canvas.sketch.strokes.count == 1)
        #expect(isInked(image, Point(60, 50), scale: 1))
        #expect(!isInked(image, Point(60, 150), scale: 1), "the cancelled stroke is gone")
    }

    /// A reference that draws a stroke's whole chain in one pass with the canvas's own stroke call.
    final class OnePass: View {
        var strokes: [(points: [Point], color: RGBA, width: Double)] = []
        /// Whole outlines of pressure-driven strokes, each filled once.
        var outlines: [(path: Path, color: RGBA)] = []
        override var drawsContent: Bool { true }
        override func draw(in canvas: inout Canvas, rect: Rect) {
            for outline in outlines { canvas.fill(outline.path, paint: .color(outline.color)) }
            for stroke in strokes {
                var chain = CubicChain()
                for p in stroke.points { chain.append(p) }
                canvas.stroke(chain.path(), style: StrokeStyle(width: stroke.width, cap: .round, join: .round),
                              paint: .color(stroke.color))
            }
        }
    }

    private func render(_ reference: OnePass, like canvas: DrawingCanvas, scale: Double) throws -> Pixmap {
        reference.frame = Rect(origin: .zero, size: Self.size)
        reference.layer.backgroundColor = canvas.layer.backgroundColor
        reference.layer.cornerRadii = canvas.layer.cornerRadii
        reference.layer.clipsToBounds = true
        reference.strokes = canvas.strokes.filter { $0.trail == nil }.map { ($0.recorded, $0.color, $0.width) }
        reference.outlines = canvas.strokes.compactMap { stroke in
            guard let trail = stroke.trail, let samples = trail.history else { return nil }
            return (trail.ink.outline(of: samples, in: 0..<samples.count, width: trail.width, length: trail.length), stroke.color)
        }
        let loop = try UIRunLoop(root: reference, size: Self.size, scale: scale)
        loop.compositor = try Compositor(size: Self.size, scale: scale)
        loop.step(to: 0)
        return try #require(loop.image)
    }

    private func worst(_ a: Pixmap, _ b: Pixmap) -> String {
        var best = (0, 0, 0)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.alpha) - Int(q.alpha)), abs(Int(p.green) - Int(q.green)))
                if d > best.0 { best = (d, x, y) }
            }
        }
        return "worst \(best.0) at \(best.1), \(best.2): \(a[best.1, best.2]) vs \(b[best.1, best.2])"
    }

    private func largestDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        let x = a.bytes, y = b.bytes
        var worst = 0
        for i in x.indices { worst = Swift.max(worst, abs(Int(x[i]) - Int(y[i]))) }
        return worst
    }

    /// With the pressure-driven ink, the reference fills the whole outline (every sample, the final length)
    /// in one pass, at any smoothing of the outline's sides.
    @Test(arguments: [(1.0, false, 0.0), (2.0, false, 0.0), (2.0, true, 0.0), (2.0, true, 0.5), (2.0, true, 1.0)])
    func aFlattenedTranslucentStrokeMatchesOnePassWithinOneLevel(scale: Double, freehand: Bool, smoothing: Double) throws {
        let (loop, canvas) = try host(scale: scale, rendering: true)
        try canvas.setInk(color: RGBA(red: 0.9, green: 0.1, blue: 0.2, alpha: 0.5), width: 9)
        if freehand {
            canvas.setFreehandInk(try FreehandInk(thinning: 0.6, streamline: 0.4, smoothing: smoothing, taperStart: 30, taperEnd: 20))
        }
        let wave = (0..<600).map { i in Point(12 + Double(i) * 0.5, 120 + 80 * sin(Double(i) / 40)) }
        loop.run(events: stroke(wave, lift: false), duration: Double(wave.count) / 120 + 0.1)
        let stroke = canvas.strokes[0]
        #expect(stroke.flattenedPoints > 400 && stroke.livePoints > 16 && stroke.livePoints <= DrawingCanvas.flattenThreshold)
        #expect(freehand ? stroke.trail!.dropped > 300 : stroke.chain.settledCurves > 100)
        let live = try #require(loop.image)
        let fresh = try Compositor(size: Self.size, scale: scale).render(canvas.layer)
        let reference = try render(OnePass(), like: canvas, scale: scale)
        // Known limit: with smoothing, the frame-by-frame image has been seen 1 level off a full render at
        // isolated pixels (the cause is not found yet); without smoothing it is exact.
        #expect(largestDifference(live, fresh) <= (smoothing > 0 ? 1 : 0), "incremental frames equal a full render; \(worst(live, fresh))")
        #expect(largestDifference(live, reference) <= 1, "\(worst(live, reference))")

        loop.run(events: [Touch(phase: .ended, location: wave.last!, timestamp: loop.currentTime + 0.01)], duration: 0.1)
        let finished = try #require(loop.image)
        #expect(stroke.isFinished && stroke.livePoints == 0)
        #expect(largestDifference(finished, try render(OnePass(), like: canvas, scale: scale)) <= 1)
        // Drawn twice (the tail over the flattened part, colour added to colour) it would be darker.
        #expect(largestDifference(finished, live) <= 1)
    }

    @Test func movesRedrawOnlyTheNewestCurvesOfATenThousandPointStroke() throws {
        let canvas = DrawingCanvas()
        let points = (0..<40_000).map { i -> Point in
            let t = Double(i) / 10_000 * 2 * Double.pi
            return Point(160 + 150 * sin(3 * t), 120 + 110 * sin(4 * t + 0.3))
        }
        canvas.touchBegan(Touch(phase: .began, location: points[0], timestamp: 0))
        let width = canvas.lineWidth
        var largest = 0.0
        for (i, p) in points.enumerated().dropFirst() where canvas.strokes[0].acceptedCount < 10_000 {
            let flattenedBefore = canvas.strokes[0].flattenedPoints
            let acceptedBefore = canvas.strokes[0].acceptedCount
            canvas.touchMoved(Touch(phase: .moved, location: p, timestamp: Double(i) / 1000))
            guard canvas.strokes[0].acceptedCount > acceptedBefore else {
                #expect(canvas.lastDirtyRect == nil, "a point the filter refused redraws nothing")
                continue
            }
            let dirty = try #require(canvas.lastDirtyRect)
            #expect(dirty.contains(Rect(x: p.x - width / 2, y: p.y - width / 2, width: width, height: width)),
                    "the new point's ink is redrawn")
            let recent = canvas.strokes[0].flattenedPoints == flattenedBefore ? 22 : 180
            let window = canvas.strokes[0].recorded.suffix(recent)
            let xs = window.map(\.x), ys = window.map(\.y)
            let hull = Rect(x: xs.min()! - width, y: ys.min()! - width, width: xs.max()! - xs.min()! + 2 * width,
                            height: ys.max()! - ys.min()! + 2 * width)
            #expect(hull.insetBy(dx: -1e-9, dy: -1e-9).contains(dirty), "move \(i) redrew \(dirty)")
            if canvas.strokes[0].flattenedPoints == flattenedBefore { largest = Swift.max(largest, dirty.width * dirty.height) }
        }
        #expect(canvas.strokes[0].acceptedCount == 10_000)
        // Accepted points are ~0.6 pt apart: the newest curves span a few points, far from the 300 × 220 sketch.
        #expect(largest < 30 * 30)
    }

    // MARK: - Hand-over

    /// The distance from `p` to the segment `a b`.
    private func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let d = b - a
        let l2 = d.x * d.x + d.y * d.y
        let t = l2 == 0 ? 0 : Swift.min(Swift.max(((p - a).x * d.x + (p - a).y * d.y) / l2, 0), 1)
        return (p - (a + d * t)).length
    }

    @Test func aClosedSixtyFivePointCircleKeepsItsShape() throws {
        let canvas = DrawingCanvas()
        let circle = (0...64).map { i in
            Point(160 + 50 * cos(Double(i) / 64 * 2 * Double.pi), 120 + 50 * sin(Double(i) / 64 * 2 * Double.pi))
        }
        feed(canvas, stroke(circle))
        let sent = try #require(canvas.sketch.strokes.first).points
        #expect(sent.count >= 12 && sent.count <= 24, "kept \(sent.count)")
        for p in circle {
            let nearest = zip(sent, sent.dropFirst()).map { distance(p, $0.0, $0.1) }.min()!
            #expect(nearest <= 1.01, "\(p) is \(nearest) from the simplified circle")
        }
    }

    @Test func anOvershootKeepsItsFarthestPoint() throws {
        let canvas = DrawingCanvas()
        try canvas.setInk(color: .black, width: 2)
        let out = (0...100).map { Point(100 + Double($0), 120) }
        let back = (1...80).map { Point(200 - Double($0), 120) }
        feed(canvas, stroke(out + back))
        #expect(canvas.sketch.strokes.first?.points == [Point(100, 120), Point(200, 120), Point(120, 120)])
    }

    // MARK: - Limits

    @Test func aMillionPointStrokeDrawsOnWithBoundedMemory() throws {
        let canvas = DrawingCanvas()
        try canvas.setInk(color: .black, width: 2)
        canvas.touchBegan(Touch(phase: .began, location: Point(20, 20), timestamp: 0))
        let stroke = canvas.strokes[0]
        var largestChain = 0, largestRecord = 0
        for i in 1...1_000_000 {
            // A zigzag across the canvas that drifts down and back: no two moves are alike for long.
            let x = 20 + Double(i % 560 < 280 ? i % 280 : 280 - i % 280)
            let y = 20 + 200 * abs(sin(Double(i) / 9000)) + Double(i % 7) * 0.25
            canvas.touchMoved(Touch(phase: .moved, location: Point(x, y), timestamp: Double(i) * 1e-4))
            largestChain = Swift.max(largestChain, stroke.chain.points.count)
            largestRecord = Swift.max(largestRecord, stroke.recorded.count)
        }
        #expect(stroke.acceptedCount > 900_000)
        #expect(largestChain <= DrawingCanvas.flattenThreshold + 1)
        #expect(largestRecord <= DrawingCanvas.maximumRecordedPoints)
        #expect(stroke.recordTolerance >= 1)
        let coverage = try #require(stroke.coverage)
        #expect(coverage.rect.width <= 320 + 10 && coverage.rect.height <= 240 + 10, "at most the canvas at 1×")
        canvas.touchEnded(Touch(phase: .ended, location: Point(20, 20), timestamp: 200))
        let sent = try #require(canvas.sketch.strokes.first)
        #expect(sent.points.count <= Sketch.maximumPointsPerStroke)
        #expect(canvas.sketch.jsonData().count < 2_000_000)
    }

    @Test func badInkIsRefusedAndWildTouchesAreClampedOrIgnored() throws {
        let canvas = DrawingCanvas()
        for width in [0.0, -1, .nan, .infinity, 201] {
            #expect(throws: LiquidError.self) { try canvas.setInk(color: .black, width: width) }
        }
        #expect(throws: LiquidError.self) { try canvas.setInk(color: RGBA(red: .nan, green: 0, blue: 0), width: 2) }
        #expect(canvas.lineWidth == 6)
        canvas.touchBegan(Touch(phase: .began, location: Point(.nan, 4), timestamp: 0))
        #expect(canvas.strokes.isEmpty)
        canvas.touchBegan(Touch(phase: .began, location: Point(10, 10), timestamp: 0))
        canvas.touchMoved(Touch(phase: .moved, location: Point(1e300, -1e300), timestamp: 0.1))
        canvas.touchMoved(Touch(phase: .moved, location: Point(.infinity, 3), timestamp: 0.2))
        #expect(canvas.strokes[0].recorded == [Point(10, 10), Point(326, -6)], "clamped to the bounds grown by the width")
        canvas.touchEnded(Touch(phase: .ended, location: Point(10, 10), timestamp: 0.3))
        #expect(canvas.sketch.strokes.count == 1)
    }

    // MARK: - Trace

    @Test func theTraceIsTheSameWithOrWithoutRenderingAtAnyScale() throws {
        let wave = (0..<400).map { i in Point(12 + Double(i) * 0.7, 120 + 60 * sin(Double(i) / 30)) }
        let script = stroke(wave) + stroke([Point(40, 40)], start: 4)
        var traces: [[[String: TraceValue]]] = []
        for (scale, renders) in [(1.0, false), (3.0, false), (2.0, true)] {
            let simulator = try ComponentSimulator(component: DrawingCanvas(), scale: scale, rendersFrames: renders)
            traces.append(simulator.run(touches: script, duration: 4.5).map(\.state))
        }
        #expect(traces[0] == traces[1] && traces[1] == traces[2])
        let last = try #require(traces[0].last)
        #expect(last["strokes"] == .number(2) && last["livePoints"] == .number(0))
        #expect(last["sentPoints"]?.number ?? 0 > 2)
        #expect(traces[0].contains { $0["flattenedPoints"]?.number ?? 0 > 150 && $0["livePoints"]?.number ?? 0 > 0 })
        #expect(traces[0].contains { $0["dirtyRect"] != .string("none") })
        #expect(last["dirtyRect"] == .string("none"))
    }
}
