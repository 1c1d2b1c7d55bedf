import LiquidGeometry

/// Turns polylines into the closed outlines of their strokes, to be filled with the non-zero rule.
///
/// Each open polyline becomes one closed contour: the left offset walked forward, the end cap, the left
/// offset of the reversed polyline (the right side) walked back, the start cap. A closed polyline becomes
/// two contours, one per side, running in opposite directions.
///
/// At a corner the outer side gets the join (miter, round or bevel). The inner side runs from the end of the
/// incoming offset to the start of the outgoing one through the point where the two offset lines meet, or,
/// when that point lies further along either segment than half its length, through the corner point itself
/// ("pivot"), which keeps the outline free of gaps however short the segments are.
///
/// Both give the same region, but not the same coverage. A pivot's loop (offset end, corner, offset start)
/// reaches into the stroke, where its winding adds to the stroke's, and the rasterizer's coverage of a pixel
/// is its winding averaged over the pixel and then clamped: in a pixel on the inner edge, where the stroke
/// covers part, the loop's extra winding counted as coverage the stroke does not have. Measured: circles
/// stroked 8 px wide (closed polygons of 1000 and 2000 sides) came out up to 18 levels too dark along their
/// inner edge and 0.24% too large in area. Through the meeting point the outline only doubles back along
/// the offset lines for r·tan φ (a turn of 2φ), which adds no area: the circles are within one level of
/// the exact annulus and within 10⁻⁴ of its area.
/// Every long edge of the outline is still one segment's offset alone (what the offset ends and the joins
/// between them do depends on the corner's two segments only), so a stroke redrawn in part, or along with
/// more segments, gives its unchanged pixels the same bytes.
///
/// Measured reason, beyond the accuracy: the pivots' spokes (r long, across the stroke) were most of the W5
/// stroke's row pieces (2000 points turning ~1° each, 8 px wide), and every cell they crossed inside the
/// stroke was blended one by one instead of as part of a solid span: W5 took ~0.7 of its time after the
/// change (alternated runs), 0.81–0.82 → 0.60–0.64 of Skia's in the peer script.
///
/// Because the outline is one contour per side rather than a union of overlapping pieces, pixels on the
/// stroke's boundary are covered exactly once (pieces unioned by winding would double the coverage of
/// edge pixels wherever two pieces' boundaries share a pixel).
struct Stroker {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// The largest angle one flattened arc step may turn so that its chord stays within the tolerance.
    let arcStep: Double

    /// Whether inner corners go through the offset lines' meeting point where it lies within the room (see
    /// the type's overview); `false` pivots every inner corner, the outline the tests compare it with.
    let meetsInside: Bool

    /// - Parameters: `tolerance` is the flattening tolerance of arcs, in the polyline's coordinates.
    init(style: StrokeStyle, tolerance: Double, meetsInside: Bool = true) {
        self.meetsInside = meetsInside
        halfWidth = style.width / 2
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit >= 1 ? style.miterLimit : 1
        // A chord of a circle of radius r turning θ deviates r·(1 − cos(θ/2)) from the arc.
        let ratio = Swift.min(Swift.max(1 - tolerance / Swift.max(halfWidth, 1e-9), -1), 1)
        arcStep = Swift.max(2 * Double.acos(ratio), 0.05)
    }

    /// The outline contours of the stroke of `polyline`, each to be closed implicitly.
    func outline(of polyline: Polyline) -> [[Point]] {
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        // Drop repeated points: a zero-length segment has no direction.
        var points: [Point] = []
        points.reserveCapacity(polyline.points.count)
        for p in polyline.points where points.last != p { points.append(p) }
        if polyline.isClosed, points.count > 1, points[0] == points[points.count - 1] { points.removeLast() }
        if points.count == 1 { return dot(at: points[0]) }
        guard points.count > 1 else { return [] }
        if polyline.isClosed, points.count > 2 {
            var outer: [Point] = [], inner: [Point] = []
            offsetSide(points, closed: true, into: &outer)
            offsetSide(points.reversed(), closed: true, into: &inner)
            return [outer, inner]
        }
        var contour: [Point] = []
        // Each vertex gives its inner side three points and its outer side two plus the join's arc: five and
        // more in all. Measured reason: reserving 2 per vertex made W5's contour grow twice, copies and page
        // faults of fresh buffers included.
        contour.reserveCapacity(points.count * 5 + 16)
        offsetSide(points, closed: false, into: &contour)
        let reversed = Array(points.reversed())
        addCap(at: points[points.count - 1], from: points[points.count - 2], into: &contour)
        offsetSide(reversed, closed: false, into: &contour)
        addCap(at: points[0], from: points[1], into: &contour)
        return [contour]
    }

    /// The shape of a zero-length stroke: a disc for round caps, a square for square caps, nothing for butt.
    private func dot(at p: Point) -> [[Point]] {
        let r = halfWidth
        switch cap {
        case .butt:
            return []
        case .square:
            return [[Point(p.x - r, p.y - r), Point(p.x + r, p.y - r), Point(p.x + r, p.y + r), Point(p.x - r, p.y + r)]]
        case .round:
            var ring: [Point] = []
            appendArc(center: p, from: Vector2(r, 0), sweep: 2 * Double.pi, into: &ring)
            return [ring]
        }
    }

    /// The left offset of `points` (left: the side of `perpendicular`), with joins, appended to `out`.
    /// For a closed chain the offset goes all the way round, with a join at every vertex.
    private func offsetSide(_ points: [Point], closed: Bool, into out: inout [Point]) {
        let n = points.count
        let r = halfWidth
        points.withUnsafeBufferPointer { p in
            /// Segment i's left offset (length r) and its length.
            func segment(_ i: Int) -> (normal: Vector2, length: Double) {
                let d = p[(i + 1) % n] - p[i]
                let len = d.length
                return (Vector2(-d.y / len * r, d.x / len * r), len)
            }
            if closed {
                var previous = segment(n - 1)
                for i in 0..<n {
                    let next = segment(i)
                    addJoin(at: p[i], previous.normal, next.normal,
                            room: 0.5 * Swift.min(previous.length, next.length), into: &out)
                    previous = next
                }
            } else {
                var previous = segment(0)
                out.append(p[0] + previous.normal)
                for i in 1..<(n - 1) {
                    let next = segment(i)
                    addJoin(at: p[i], previous.normal, next.normal,
                            room: 0.5 * Swift.min(previous.length, next.length), into: &out)
                    previous = next
                }
                out.append(p[n - 1] + previous.normal)
            }
        }
    }

    /// The join at `vertex` between the incoming left normal `a` and the outgoing one `b` (both of length
    /// `halfWidth`); `room` is how far along each of the two segments an inner corner may reach without
    /// meeting the next corner's (half the shorter segment).
    @inline(__always)
    private func addJoin(at vertex: Point, _ a: Vector2, _ b: Vector2, room: Double, into out: inout [Point]) {
        let cross = a.cross(b)
        let dot = a.dot(b)
        let r2 = halfWidth * halfWidth
        // Nearly straight: one point (the two offsets agree to within 10⁻⁹ of the width).
        if dot > 0, abs(cross) <= 1e-9 * r2 {
            out.append(vertex + a)
            return
        }
        if cross > 0 {
            // Turning toward this side: the inner side of the corner, from the incoming offset's end to the
            // outgoing one's start through the point where their lines meet, when it lies within the room
            // (r·tan φ along each line, tan φ = (a × b) / (r² + a·b) for a turn of 2φ), else the vertex.
            let meet = r2 + dot
            out.append(vertex + a)
            if meetsInside, meet > 0, halfWidth * cross <= room * meet {
                out.append(vertex + (a + b) * (r2 / meet))
            } else {
                out.append(vertex)
            }
            out.append(vertex + b)
            return
        }
        out.append(vertex + a)
        switch join {
        case .bevel:
            break
        case .miter:
            let mid = a + b
            let midLength = mid.length
            // Miter length / width = 1 / cos(φ) with φ half the turn; cos φ = |a + b| / (2r).
            if midLength > 0, 2 * halfWidth <= miterLimit * midLength {
                out.append(vertex + mid * (r2 / mid.dot(a)))
            }
        case .round:
            // The turn from a to b, negative (clockwise in the normal's frame) on the outer side; a reversal
            // (cross = 0, dot < 0) turns a full −π.
            let sweep = cross == 0 ? -Double.pi : Double.atan2(y: cross, x: dot)
            appendArcInterior(center: vertex, from: a, sweep: sweep, into: &out)
        }
        out.append(vertex + b)
    }

    /// The cap at `end`, reached from `previous`, going from the left offset to the right offset.
    private func addCap(at end: Point, from previous: Point, into out: inout [Point]) {
        let d = (end - previous).normalized * halfWidth
        let left = Vector2(-d.y, d.x)
        switch cap {
        case .butt:
            break
        case .square:
            out.append(end + left + d)
            out.append(end - left + d)
        case .round:
            appendArcInterior(center: end, from: left, sweep: -Double.pi, into: &out)
        }
    }

    /// The points strictly inside the arc from `center + from` turning `sweep` radians (end points excluded).
    ///
    /// The points sit on a circle slightly larger than the arc, of radius `r·√(θ / sin θ)` for a step of `θ`,
    /// so that each step's triangle has exactly the area of the circular sector it replaces (inscribed
    /// chords alone made a round dot of width 10 about 4% too small). The radial error stays below the
    /// inscribed chords' sagitta, so the flattening tolerance still holds.
    @inline(__always)
    private func appendArcInterior(center: Point, from: Vector2, sweep: Double, into out: inout [Point]) {
        let steps = arcSteps(sweep)
        guard steps > 1 else { return }
        let angle = sweep / Double(steps)
        let c = Double.cos(angle), s = Double.sin(angle)
        let grow = Stroker.areaPreservingScale(angle)
        var v = from
        for _ in 1..<steps {
            v = Vector2(v.x * c - v.y * s, v.x * s + v.y * c)
            out.append(center + v * grow)
        }
    }

    /// `√(θ / sin θ)`: the radius factor that gives a chord step of angle `θ` its sector's area.
    static func areaPreservingScale(_ angle: Double) -> Double {
        let a = abs(angle)
        return a < 1e-6 ? 1 : (a / Double.sin(a)).squareRoot()
    }

    /// How many steps of at most ``arcStep`` turn `sweep`: at most 2π / 0.05 + 1 for any sweep of at most
    /// a full turn, and 0 for a sweep that is not finite (a degenerate stroke of non-finite points).
    @inline(__always)
    private func arcSteps(_ sweep: Double) -> Int {
        Checked.clamped(Swift.min(abs(sweep), 2 * .pi) / arcStep, to: 0...128, rounding: .up)
    }

    /// A full ring of points around `center`, starting at `center + from` (on the enlarged circle of
    /// ``appendArcInterior(center:from:sweep:into:)``).
    private func appendArc(center: Point, from: Vector2, sweep: Double, into out: inout [Point]) {
        let steps = Swift.max(arcSteps(sweep), 3)
        let angle = sweep / Double(steps)
        out.append(center + from * Stroker.areaPreservingScale(angle))
        appendArcInterior(center: center, from: from, sweep: sweep, into: &out)
    }
}
