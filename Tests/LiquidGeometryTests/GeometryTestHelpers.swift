import LiquidGeometry
import TestSupport

/// Which kind of ``LiquidError`` a call threw, for comparing in `#expect`.
enum ErrorKind: Equatable {
    case nonFinite, negative, outOfRange, malformed
    /// Something other than a `LiquidError` was thrown.
    case foreign
}

/// The kind of error that `body` throws, or `nil` if it returns normally.
func thrownKind<T>(_ body: () throws -> T) -> ErrorKind? {
    do {
        _ = try body()
        return nil
    } catch let error as LiquidError {
        switch error.kind {
        case .nonFinite: return .nonFinite
        case .negative: return .negative
        case .outOfRange: return .outOfRange
        case .malformed: return .malformed
        case .io, .unavailable, .invalidState: return .foreign
        }
    } catch {
        return .foreign
    }
}

/// The Euclidean distance from `p` to the segment `a`–`b`.
func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
    let ab = b - a
    let l2 = ab.lengthSquared
    guard l2 > 0 else { return p.distance(to: a) }
    let t = Swift.min(1, Swift.max(0, (p - a).dot(ab) / l2))
    return p.distance(to: a + ab * t)
}

/// The distance from `p` to the nearest segment of `polyline` (its closing segment included).
func distance(from p: Point, to polyline: Polyline) -> Double {
    let pts = polyline.points
    if pts.count == 1 { return p.distance(to: pts[0]) }
    var best = Double.infinity
    for i in 1..<pts.count { best = Swift.min(best, distance(from: p, toSegment: pts[i - 1], pts[i])) }
    if polyline.isClosed { best = Swift.min(best, distance(from: p, toSegment: pts[pts.count - 1], pts[0])) }
    return best
}

extension SeededRandom {
    mutating func point(_ range: ClosedRange<Double>) -> Point {
        Point(uniform(range), uniform(range))
    }
}

/// The maximum of `f` on `[lo, hi]` by golden-section search, assuming `f` is unimodal there.
/// An independent way to locate an extremum, used to check the root-based bounds.
func goldenMaximum(_ f: (Double) -> Double, _ lo: Double, _ hi: Double) -> Double {
    let ratio = (5.0.squareRoot() - 1) / 2
    var a = lo, b = hi
    var x1 = b - ratio * (b - a), x2 = a + ratio * (b - a)
    var f1 = f(x1), f2 = f(x2)
    for _ in 0..<200 where b - a > 1e-15 {
        if f1 < f2 {
            a = x1; x1 = x2; f1 = f2
            x2 = a + ratio * (b - a); f2 = f(x2)
        } else {
            b = x2; x2 = x1; f2 = f1
            x1 = b - ratio * (b - a); f1 = f(x1)
        }
    }
    return Swift.max(f(lo), f(hi), f1, f2)
}
