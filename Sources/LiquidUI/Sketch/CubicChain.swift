import LiquidGeometry

/// The smoothing of a sketched stroke: a chain of cubic Béziers through the midpoints of its points.
///
/// The chain starts at an anchor (the stroke's first point) and reads the points after it in runs of four
/// `a b c d`: the third, `c`, is replaced by the midpoint of its neighbours `m = (b + d) / 2`, and one cubic
/// runs from the anchor to `m` with control points `a` and `b`; `m` becomes the next anchor and `d` the
/// first point of the next run. Each curve ends where the next begins, with the same tangent (the
/// direction `b → d`), so the chain is smooth. Points after the last complete run are joined by straight
/// lines (the tail), and a stroke of one point is a dot (a zero-length line that round caps draw as a disc).
///
/// The chain can settle its oldest curves (``settle(curves:)``): they are returned as a path and dropped,
/// and the chain carries on from the end of the last one, so settled curves never change and the rest of
/// the chain is exactly what it would have been. The last ``leadCurves`` settled curves stay in the drawn
/// path as its lead (and start the next settled path again), so that wherever one drawn piece ends with a
/// round cap, the next piece runs on through it unbroken: pieces combined as a union then cover exactly
/// what the whole chain covers.
package struct CubicChain: Sendable {
    /// Where the first unsettled curve starts (`nil` before the first point).
    package private(set) var anchor: Point?
    /// The points after the anchor that have not been settled.
    package private(set) var points: [Point] = []
    /// Curves settled so far.
    package private(set) var settledCurves = 0
    /// Settled curves drawn again before the anchor (start point; controls and end of each).
    private var leadStart: Point?
    private var lead: [(Point, Point, Point)] = []
    /// How many settled curves lead the drawn path.
    package static let leadCurves = 6

    package init() {}

    /// Adds the next point of the stroke.
    package mutating func append(_ point: Point) {
        if anchor == nil { anchor = point } else { points.append(point) }
    }

    /// The number of complete, unsettled curves (each needs four points after its anchor).
    package var curveCount: Int { points.count >= 4 ? (points.count - 1) / 3 : 0 }

    /// The end of unsettled curve `j`: the midpoint of its second control point and the point after the next.
    package func end(ofCurve j: Int) -> Point {
        (points[3 * j + 1] + points[3 * j + 3]) * 0.5
    }

    /// The start of unsettled curve `j` (the anchor for the first).
    package func start(ofCurve j: Int) -> Point? {
        j == 0 ? anchor : end(ofCurve: j - 1)
    }

    /// The unsettled chain from curve `first` on: its curves, then (with `tail`) the lines through the
    /// points after the last complete curve. Empty before the first point; a lone point gives a dot. From
    /// the first curve and with `lead`, the lead curves come first.
    package func path(fromCurve first: Int = 0, tail: Bool = true, lead includesLead: Bool = true) -> Path {
        var path = Path()
        let count = curveCount
        let first = Swift.min(Swift.max(first, 0), count)
        guard let start = start(ofCurve: first) else { return path }
        if first == 0, includesLead, let leadStart {
            path.move(to: leadStart)
            for (c1, c2, end) in lead { path.cubic(to: end, control1: c1, control2: c2) }
        } else {
            path.move(to: start)
        }
        for j in first..<count {
            path.cubic(to: end(ofCurve: j), control1: points[3 * j], control2: points[3 * j + 1])
        }
        if tail {
            for p in points[(3 * count)...] { path.line(to: p) }
            if first == 0, count == 0, points.isEmpty, lead.isEmpty || !includesLead { path.line(to: start) }
        }
        return path
    }

    /// Settles the first `curves` complete curves (at most ``curveCount``): returns them, after the lead, as
    /// one subpath and drops them, so the chain now starts at the end of the last one (and the last
    /// ``leadCurves`` of them lead the drawn path).
    package mutating func settle(curves: Int) -> Path {
        let k = Swift.min(Swift.max(curves, 0), curveCount)
        guard k > 0 else { return Path() }
        let settled = path(fromCurve: 0, tail: false).prefixCurves(k + lead.count)
        var all = lead
        for j in 0..<k { all.append((points[3 * j], points[3 * j + 1], end(ofCurve: j))) }
        let kept = all.suffix(Self.leadCurves)
        let firstKept = all.count - kept.count
        leadStart = firstKept == 0 ? (leadStart ?? anchor) : all[firstKept - 1].2
        lead = Array(kept)
        anchor = end(ofCurve: k - 1)
        points.removeFirst(3 * k)
        settledCurves += k
        return settled
    }
}

extension Path {
    /// The move and the first `count` segments of a path that is one subpath.
    fileprivate func prefixCurves(_ count: Int) -> Path {
        var out = Path()
        var segments = 0
        for element in elements {
            switch element {
            case .move(let p): out.move(to: p)
            case .line(let p):
                guard segments < count else { return out }
                out.line(to: p); segments += 1
            case .quad(let c, let p):
                guard segments < count else { return out }
                out.quad(to: p, control: c); segments += 1
            case .cubic(let c1, let c2, let p):
                guard segments < count else { return out }
                out.cubic(to: p, control1: c1, control2: c2); segments += 1
            case .close:
                out.close()
            }
        }
        return out
    }
}
