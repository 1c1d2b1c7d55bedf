import Foundation
import LiquidGeometry
import Testing
import TestSupport

/// Checks `Polyline.simplified(tolerance:)` against its documented definition — exact distances to the
/// segment, keep when > ε, split at the first farthest point — with references that share no code with it.
@Suite("Douglas–Peucker exactness")
struct PolylineSimplificationExactnessTests {
    // MARK: Integer reference

    /// Douglas–Peucker by the definition, recursively, in exact integer arithmetic: for integer coordinates
    /// (|x|, |y| ≤ 2¹³) and an integer ε, l2 · squared distance is an integer below 2⁶¹. Returns kept indices.
    static func integerReference(_ points: [(x: Int64, y: Int64)], epsilon: Int64, closed: Bool) -> [Int] {
        var keep = [Bool](repeating: false, count: points.count + (closed ? 1 : 0))
        let ring = closed ? points + [points[0]] : points

        /// l2 · (squared distance from p to the segment a b), with its scale l2 (1 when a == b).
        func scaledDistance(_ p: (x: Int64, y: Int64), _ a: (x: Int64, y: Int64), _ b: (x: Int64, y: Int64))
            -> (value: Int64, scale: Int64)
        {
            let dx = b.x - a.x, dy = b.y - a.y
            let px = p.x - a.x, py = p.y - a.y
            let l2 = dx * dx + dy * dy
            if l2 == 0 { return (px * px + py * py, 1) }
            let t = px * dx + py * dy
            if t <= 0 { return ((px * px + py * py) * l2, l2) }
            if t >= l2 {
                let qx = p.x - b.x, qy = p.y - b.y
                return ((qx * qx + qy * qy) * l2, l2)
            }
            let c = px * dy - py * dx
            return (c * c, l2)
        }

        func simplify(_ i: Int, _ j: Int) {
            keep[i] = true
            keep[j] = true
            guard j > i + 1 else { return }
            var best: Int64 = -1
            var bestIndex = i
            var scale: Int64 = 1
            for k in (i + 1)..<j {
                let (value, s) = scaledDistance(ring[k], ring[i], ring[j])
                scale = s
                if value > best { best = value; bestIndex = k }
            }
            if best > epsilon * epsilon * scale {
                simplify(i, bestIndex)
                simplify(bestIndex, j)
            }
        }

        if closed {
            // Split at the first point farthest from the start, as documented.
            var far = 0
            var farDistance: Int64 = -1
            for (i, p) in points.enumerated() {
                let dx = p.x - points[0].x, dy = p.y - points[0].y
                if dx * dx + dy * dy > farDistance { farDistance = dx * dx + dy * dy; far = i }
            }
            guard farDistance > 0 else { return [0] }
            simplify(0, far)
            simplify(far, points.count)
            return (0..<points.count).filter { keep[$0] }
        }
        simplify(0, points.count - 1)
        return keep.indices.filter { keep[$0] }
    }

    /// A random walk on the integer grid, reflected to stay within ±`bound`.
    static func gridWalk(count: Int, maxStep: Int64, bound: Int64, seed: UInt64) -> [(x: Int64, y: Int64)] {
        var random = SeededRandom(seed: seed)
        var p: (x: Int64, y: Int64) = (0, 0)
        var walk: [(x: Int64, y: Int64)] = []
        for _ in 0..<count {
            p.x += Int64.random(in: -maxStep...maxStep, using: &random)
            p.y += Int64.random(in: -maxStep...maxStep, using: &random)
            p.x = Swift.min(Swift.max(p.x, -bound), bound)
            p.y = Swift.min(Swift.max(p.y, -bound), bound)
            walk.append(p)
        }
        return walk
    }

    /// Unit grid steps (zero steps included): many exact ties — equal distances within a section, distances
    /// exactly ε, coincident section ends — so the tie rules of the definition decide the output; open and
    /// closed, sections long enough for block pruning.
    @Test(arguments: [0, 1, 2, 3] as [Int64])
    func matchesTheIntegerReferenceOnTiedGridWalks(epsilon: Int64) {
        for seed: UInt64 in 1...6 {
            let walk = Self.gridWalk(count: 1_500, maxStep: 1, bound: 8192, seed: seed)
            let points = walk.map { Point(Double($0.x), Double($0.y)) }
            for closed in [false, true] {
                let expected = Self.integerReference(walk, epsilon: epsilon, closed: closed).map { points[$0] }
                let actual = Polyline(points: points, isClosed: closed).simplified(tolerance: Double(epsilon))
                #expect(actual.points == expected, "seed \(seed), ε \(epsilon), closed \(closed)")
            }
        }
    }

    /// Large coordinates (up to 2¹³, steps up to 600): l2 · d² reaches 2⁵⁸, beyond the 2⁵³ that doubles hold
    /// exactly, and long sections go through block pruning — checked against the reference at that scale.
    @Test(arguments: [1, 37, 1_000, 4_096] as [Int64])
    func matchesTheIntegerReferenceWhereDoublesRound(epsilon: Int64) {
        for seed: UInt64 in 11...14 {
            let walk = Self.gridWalk(count: 2_000, maxStep: 600, bound: 8192, seed: seed)
            let points = walk.map { Point(Double($0.x), Double($0.y)) }
            let expected = Self.integerReference(walk, epsilon: epsilon, closed: false).map { points[$0] }
            let actual = Polyline(points: points, isClosed: false).simplified(tolerance: Double(epsilon))
            #expect(actual.points == expected, "seed \(seed), ε \(epsilon)")
        }
    }

    /// Points exactly ε from the segment are dropped; the next double further out is kept. (Integer
    /// coordinates, so the exact distances below are exactly 5 and 1.)
    @Test func distanceExactlyEpsilonIsDropped() {
        func count(_ middle: Point, _ epsilon: Double) -> Int {
            Polyline(points: [Point(0, 0), middle, Point(10, 0)], isClosed: false)
                .simplified(tolerance: epsilon).points.count
        }
        // Before `a`: |(−3, 4)| = 5.
        #expect(count(Point(-3, 4), 5) == 2)
        #expect(count(Point(-3, 4.0.nextUp), 5) == 3)
        // Past `b`: |(13, 4) − (10, 0)| = 5.
        #expect(count(Point(13, 4), 5) == 2)
        #expect(count(Point(13, 4.0.nextUp), 5) == 3)
        // Interior: 1 above the chord.
        #expect(count(Point(3, 1), 1) == 2)
        #expect(count(Point(3, 1.0.nextUp), 1) == 3)
    }

    /// Near-ties far below double resolution, from Pell equations x² − 5y² = ±1: with a = (0, 0), b = (2, 1)
    /// (l2 = 5) and an interior point q whose cross product with b − a is x, q's exact squared distance is
    /// (5y² ± 1)/5 = y² ± 0.2, against ε² = y² ≈ 10¹⁶–10¹⁷ (ulp 2–64). Computed in doubles as c²·(1/l2), both
    /// round the wrong way (the +1 case to exactly y², the −1 case above it); exactly, +1 is beyond ε, −1 is not.
    @Test func pellNearTiesAreDecidedExactly() {
        // 299 537 289² − 5 · 133 957 148² = +1; q = (59 907 459, −119 814 915) projects at t = 3 of l2 = 5.
        let plus = Polyline(points: [Point(0, 0), Point(59_907_459, -119_814_915), Point(2, 1)], isClosed: false)
        #expect(plus.simplified(tolerance: 133_957_148).points.count == 3)
        // 1 268 860 318² − 5 · 567 451 585² = −1; q = (253 772 064, −507 544 127) projects at t = 1.
        let minus = Polyline(points: [Point(0, 0), Point(253_772_064, -507_544_127), Point(2, 1)], isClosed: false)
        #expect(minus.simplified(tolerance: 567_451_585).points.count == 2)
    }

    // MARK: W6

    /// The W6 walk of `benchmarks/WORKLOADS.md` (glibc cos and sin, sequential sums).
    static func w6Walk() -> [Point] {
        func hash(_ value: UInt32) -> UInt32 {
            var x = value
            x ^= x >> 16
            x &*= 0x7feb_352d
            x ^= x >> 15
            x &*= 0x846c_a68b
            x ^= x >> 16
            return x
        }
        var points = [Point(0, 0)]
        points.reserveCapacity(100_000)
        for i in 1..<100_000 {
            let theta = 2 * Double.pi * Double(hash(UInt32(i))) / 4_294_967_296
            points.append(points[i - 1] + Point(cos(theta), sin(theta)))
        }
        return points
    }

    /// Expected values from an independent script (Python, `fractions.Fraction`: exact rational distances,
    /// same definition) on the same 100 000 points: 26 451 kept, their indices summing to 1 323 006 914.
    /// shapely/GEOS keeps 26 428 — a subset: GEOS compares √(dx² + dy²) rounded to a double with ε, and the
    /// rounding drops 23 points whose exact distance exceeds 1 by less than 3·10⁻¹⁶ (or that only such a
    /// point's split exposes).
    @Test func w6KeepsExactlyTheExactDefinitionsPoints() {
        let walk = Self.w6Walk()
        let kept = Polyline(points: walk, isClosed: false).simplified(tolerance: 1).points
        #expect(kept.count == 26_451)
        var indexSum = 0
        var k = 0
        for (i, p) in walk.enumerated() where k < kept.count && p == kept[k] {
            indexSum += i
            k += 1
        }
        #expect(k == kept.count)
        #expect(indexSum == 1_323_006_914)
    }
}
