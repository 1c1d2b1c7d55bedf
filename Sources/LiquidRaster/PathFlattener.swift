import LiquidGeometry

/// Flattens paths for rasterization, skipping the work a pixmap cannot show.
///
/// Same error bounds as `Path.flattened(tolerance:)` (uniform parameter steps bounded by the second
/// derivative), plus two guards that keep absurd input from hanging the renderer:
/// - A curve whose control points all lie on the far side of one edge of `visible` (all left of it, all
///   right, all above or all below) becomes the straight line between its end points. That is exact for
///   filling: a piece wholly above, below or right of the target covers nothing in it, and a piece wholly
///   left of it only adds winding to every pixel on its right, which depends on its end points alone. For
///   stroking, callers pass `visible` grown by the stroke's reach, so the line's stroke stays invisible too.
/// - At most ``curveSegmentLimit`` segments per curve and ``pointBudget`` points per path; past the budget,
///   curves become lines. Measured: a fuzz path of 10 000 curves with coordinates near ±10⁶ produced 10⁸
///   points (over a minute) before these guards, a few milliseconds after.
enum PathFlattener {
    static let curveSegmentLimit = 10_000
    static let pointBudget = 1 << 20

    /// The polylines of `path` mapped by `transform`, flattened to within `tolerance` where visible.
    /// A closed subpath gives a closed polyline (without its start repeated).
    static func flatten(_ path: Path, transform: AffineTransform, tolerance: Double, visible: Rect) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point] = []
        var budget = pointBudget
        let minX = visible.minX, maxX = visible.maxX, minY = visible.minY, maxY = visible.maxY
        func outside(_ ps: Point...) -> Bool {
            ps.allSatisfy { $0.x <= minX } || ps.allSatisfy { $0.x >= maxX }
                || ps.allSatisfy { $0.y <= minY } || ps.allSatisfy { $0.y >= maxY }
        }
        func steps(_ exact: Double) -> Int {
            guard exact.isFinite, budget > 0 else { return 1 }
            let n = Swift.max(1, Swift.min(Int(Swift.min(exact, Double(curveSegmentLimit)).rounded(.up)), curveSegmentLimit))
            let allowed = Swift.min(n, budget)
            budget -= allowed
            return Swift.max(allowed, 1)
        }
        func finish(closed: Bool) {
            defer { current = [] }
            guard current.count > 1 else { return }
            if closed, current.count > 2, current[current.count - 1] == current[0] { current.removeLast() }
            result.append(Polyline(points: current, isClosed: closed))
        }
        var i = 0
        let points = path.points
        for verb in path.verbs {
            switch verb {
            case .move:
                finish(closed: false)
                current.append(transform.apply(to: points[i]))
            case .line:
                current.append(transform.apply(to: points[i]))
            case .quad:
                let p0 = current[current.count - 1]
                let p1 = transform.apply(to: points[i]), p2 = transform.apply(to: points[i + 1])
                if !outside(p0, p1, p2) {
                    let n = steps(((p0 - p1 * 2 + p2).length / (4 * tolerance)).squareRoot())
                    for k in 1..<Swift.max(n, 1) { current.append(Path.quadPoint(p0, p1, p2, at: Double(k) / Double(n))) }
                }
                current.append(p2)
            case .cubic:
                let p0 = current[current.count - 1]
                let p1 = transform.apply(to: points[i]), p2 = transform.apply(to: points[i + 1])
                let p3 = transform.apply(to: points[i + 2])
                if !outside(p0, p1, p2, p3) {
                    let m = Swift.max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
                    let n = steps((3 * m / (4 * tolerance)).squareRoot())
                    for k in 1..<Swift.max(n, 1) {
                        current.append(Path.cubicPoint(p0, p1, p2, p3, at: Double(k) / Double(n)))
                    }
                }
                current.append(p3)
            case .close:
                finish(closed: true)
            }
            i += verb.pointCount
        }
        finish(closed: false)
        return result
    }
}
