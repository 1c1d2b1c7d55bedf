import LiquidGeometry
import TestSupport

/// Whether `p` is inside the closed polygon `polyline` (even-odd rule, by a horizontal ray).
func polygonContains(_ polyline: Polyline, _ p: Point) -> Bool {
    let pts = polyline.points
    var inside = false
    var j = pts.count - 1
    for i in 0..<pts.count {
        let a = pts[i], b = pts[j]
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if p.x < x { inside.toggle() }
        }
        j = i
    }
    return inside
}

/// The brute-force signed distance to a flattened outline: the distance to the nearest segment, negative
/// inside by a point-in-polygon test. Independent of `SignedDistanceShape`'s formulas.
func bruteSignedDistance(_ outline: Polyline, _ p: Point) -> Double {
    let d = distance(from: p, to: outline)
    return polygonContains(outline, p) ? -d : d
}

/// The distance between two closed polylines that do not overlap: the smallest vertex-to-segment distance
/// either way.
func polylineGap(_ a: Polyline, _ b: Polyline) -> Double {
    var best = Double.infinity
    for p in a.points { best = Swift.min(best, distance(from: p, to: b)) }
    for p in b.points { best = Swift.min(best, distance(from: p, to: a)) }
    return best
}

/// The outline a `Path` draws for the same shape (the `Path` builders use the same radius fitting).
func referencePath(_ shape: SignedDistanceShape) -> Path {
    switch shape {
    case .circle(let center, let radius):
        var path = Path()
        path.addCircle(center: center, radius: radius)
        return path
    case .roundedRect(let rect, let radii, let continuous):
        return continuous
            ? Path(continuousRoundedRect: rect, cornerRadii: radii)
            : Path(roundedRect: rect, cornerRadii: radii)
    }
}

/// The single closed polyline of `shape`'s reference path.
func referenceOutline(_ shape: SignedDistanceShape, tolerance: Double) throws -> Polyline {
    let outlines = try referencePath(shape).flattened(tolerance: tolerance)
    precondition(outlines.count == 1 && outlines[0].isClosed)
    return outlines[0]
}

/// How far the `Path` drawing of `shape` may lie from its true outline, besides flattening: the cubic
/// quarter arcs of circles and circular corners lie up to 2.7·10⁻⁴·r outside the arc.
func pathArcError(_ shape: SignedDistanceShape) -> Double {
    switch shape {
    case .circle(_, let radius): return 2.8e-4 * abs(radius)
    case .roundedRect(_, let radii, let continuous): return continuous ? 0 : 2.8e-4 * radii.maximum
    }
}

extension SeededRandom {
    /// A random axis-aligned rounded rect: per-corner radii up to 60 (often too large, so they get fitted),
    /// some corners sharp.
    mutating func roundedRectShape(continuous: Bool, origin: ClosedRange<Double> = -50...50) -> SignedDistanceShape {
        let rect = Rect(x: uniform(origin), y: uniform(origin), width: uniform(1...120), height: uniform(1...120))
        func radius() -> Double { uniform(0...1) < 0.2 ? 0 : uniform(0...60) }
        let radii = CornerRadii(topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
        return .roundedRect(rect, radii, continuous: continuous)
    }

    /// A random shape of any kind, size between `size.lowerBound` and `size.upperBound`, placed in `area`.
    mutating func anyShape(in area: ClosedRange<Double>, size: ClosedRange<Double>) -> SignedDistanceShape {
        let x = uniform(area), y = uniform(area)
        let w = uniform(size), h = uniform(size)
        let rect = Rect(x: x, y: y, width: w, height: h)
        switch Int(uniform(0...4).rounded(.down)) {
        case 0: return .circle(center: Point(x, y), radius: w / 2)
        case 1: return .rect(rect)
        case 2: return .capsule(rect)
        case 3: return .roundedRect(rect, radius: uniform(0...(Swift.min(w, h) / 2)), continuous: true)
        default:
            let radii = CornerRadii(
                topLeft: uniform(0...w / 2), topRight: uniform(0...w / 2),
                bottomRight: uniform(0...w / 2), bottomLeft: uniform(0...w / 2))
            return .roundedRect(rect, radii, continuous: false)
        }
    }
}

/// Whether the regions `{field < 0}` containing `a` and `b` are one 4-connected region on a pixel grid of
/// `step` points covering `area`.
func connected(_ field: (Point) -> Double, from a: Point, to b: Point, in area: Rect, step: Double) -> Bool {
    let columns = Int((area.width / step).rounded(.up)) + 1
    let rows = Int((area.height / step).rounded(.up)) + 1
    func center(_ i: Int, _ j: Int) -> Point { Point(area.minX + Double(i) * step, area.minY + Double(j) * step) }
    var inside = [Bool](repeating: false, count: columns * rows)
    for j in 0..<rows { for i in 0..<columns { inside[j * columns + i] = field(center(i, j)) < 0 } }
    func cell(_ p: Point) -> Int {
        let i = Int(((p.x - area.minX) / step).rounded()), j = Int(((p.y - area.minY) / step).rounded())
        return j * columns + i
    }
    let start = cell(a), goal = cell(b)
    guard inside[start], inside[goal] else { return false }
    var seen = [Bool](repeating: false, count: columns * rows)
    var stack = [start]
    seen[start] = true
    while let c = stack.popLast() {
        if c == goal { return true }
        let i = c % columns, j = c / columns
        for (di, dj) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let ni = i + di, nj = j + dj
            guard ni >= 0, ni < columns, nj >= 0, nj < rows else { continue }
            let n = nj * columns + ni
            if inside[n] && !seen[n] {
                seen[n] = true
                stack.append(n)
            }
        }
    }
    return false
}
