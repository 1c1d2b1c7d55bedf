/// A shape as a signed distance field: negative inside, positive outside, in points.
///
/// Every shape here is convex, and that is what makes the distances exact: the signed distance to a closed
/// convex set `K` is `d(p) = max over unit n of (p·n − h(n))`, where `h(n)` is the support function of `K`
/// (`max over x in K of x·n`), and the maximising `n` is the gradient — the outward normal at the nearest
/// outline point. A rounded rectangle's outline is four corner curves whose normals each sweep exactly one
/// quadrant of directions, joined by straight edges, so `d` is the largest of four per-corner terms, each
/// evaluated in closed form (circular corners) or by a one-dimensional maximisation (continuous corners).
///
/// Accuracy, with `ε` the double-precision unit roundoff and `s` the magnitude of the coordinates:
/// - `circle`, sharp `rect`, circular-corner `roundedRect` (per-corner radii) and `capsule`: exact Euclidean
///   signed distance up to a few roundings (≈ 4·ε·s). Circular corners are true circular arcs, not the
///   cubic approximation that ``Path/addRoundedRect(_:cornerRadii:)`` draws (that cubic lies up to
///   2.7·10⁻⁴·r outside the arc).
/// - `continuous` corners: the outline is exactly the curve of ``Path/addContinuousRoundedRect(_:cornerRadii:)``
///   (two cubic Béziers per corner, extent `1.528·r`), and the distance is the exact Euclidean distance to
///   it, found by a safeguarded Newton iteration to a parameter step below 10⁻¹³; the result is within about
///   10⁻⁹ of the corner's extent of the true distance (checked against a densely flattened path in the tests).
///   It is exact (closed form) on the straight edges and wherever the nearest outline point is on them.
///
/// The enum cases do not check their values (inner code trusts them); a negative circle radius counts as its
/// magnitude (as ``Path/addCircle(center:radius:)`` does), a negative corner radius as zero, and a rect is
/// standardized. Values from users go through the validating initializers, which reject NaN, infinity and
/// negative sizes or radii with ``LiquidError``.
package enum SignedDistanceShape: Hashable, Sendable {
    case circle(center: Point, radius: Double)
    /// Axis-aligned rect with per-corner radii; `continuous` uses the squircle-like corners of
    /// ``Path/addContinuousRoundedRect(_:cornerRadii:)`` (curvature-continuous, extent `1.528·r`).
    /// Radii (for continuous corners, extents) are scaled down to fit as ``CornerRadii/clamped(toFit:)`` does.
    /// A capsule is a roundedRect whose radii are min(width, height)/2.
    case roundedRect(Rect, CornerRadii, continuous: Bool)

    // MARK: Conveniences

    /// A rect with half-round ends: circular corners of radius `min(width, height) / 2` (a circle for a square).
    package static func capsule(_ rect: Rect) -> SignedDistanceShape {
        let r = rect.standardized
        return .roundedRect(r, CornerRadii(all: Swift.min(r.width, r.height) / 2), continuous: false)
    }

    /// A rect with sharp corners.
    package static func rect(_ rect: Rect) -> SignedDistanceShape {
        .roundedRect(rect, .zero, continuous: false)
    }

    /// A rect with the same radius at every corner.
    package static func roundedRect(_ rect: Rect, radius: Double, continuous: Bool = false) -> SignedDistanceShape {
        .roundedRect(rect, CornerRadii(all: radius), continuous: continuous)
    }

    // MARK: Validating constructors

    /// A circle whose centre is finite and whose radius is finite and non-negative.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite coordinate or radius,
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) for a negative radius.
    package init(validatingCircleCenter center: Point, radius: Double) throws(LiquidError) {
        self = try SignedDistanceShape.circle(center: center, radius: radius).validated()
    }

    /// A rounded rect whose rect is finite with a non-negative size and whose radii are finite and
    /// non-negative (radii too large for the rect are allowed: they are scaled down to fit).
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) or ``LiquidError`` (``LiquidError/Kind/negative``), naming the value.
    package init(validatingRoundedRect rect: Rect, cornerRadii: CornerRadii, continuous: Bool = false) throws(LiquidError) {
        self = try SignedDistanceShape.roundedRect(rect, cornerRadii, continuous: continuous).validated()
    }

    /// A sharp rect, with the guarantees of ``init(validatingRoundedRect:cornerRadii:continuous:)``.
    package init(validatingRect rect: Rect) throws(LiquidError) {
        try self.init(validatingRoundedRect: rect, cornerRadii: .zero)
    }

    /// A capsule (see ``capsule(_:)``), with the guarantees of ``init(validatingRoundedRect:cornerRadii:continuous:)``.
    package init(validatingCapsule rect: Rect) throws(LiquidError) {
        _ = try Rect(validatingOrigin: rect.origin, size: rect.size)
        self = .capsule(rect)
    }

    /// The same shape after checking that every coordinate, size and radius is finite and that no size or
    /// radius is negative.
    ///
    /// - Throws: as ``init(validatingRoundedRect:cornerRadii:continuous:)``.
    package func validated() throws(LiquidError) -> SignedDistanceShape {
        switch self {
        case .circle(let center, let radius):
            _ = try Point(validatingX: center.x, y: center.y)
            guard radius.isFinite else { throw .nonFinite("circle radius \(radius)") }
            guard radius >= 0 else { throw .negative("circle radius \(radius)") }
        case .roundedRect(let rect, let radii, _):
            _ = try Rect(validatingOrigin: rect.origin, size: rect.size)
            _ = try radii.validated()
        }
        return self
    }

    // MARK: Queries

    /// The signed distance from `p` to the outline: negative inside, positive outside, zero on it.
    ///
    /// Exact for circles, rects and circular corners; for continuous corners within about 10⁻⁹ of the corner
    /// extent (see the type's documentation). Never NaN for finite inputs.
    ///
    /// - Complexity: O(1). A point within one corner extent of a continuous corner (along both axes) costs a
    ///   bracketed Newton search of a few steps (a 64-step scan in a sliver near the centre of curvature);
    ///   every other point costs a handful of comparisons.
    @inlinable
    package func distance(to p: Point) -> Double { sample(at: p).distance }

    /// The unit outward normal of the field at `p`: the gradient of ``distance(to:)`` (analytic everywhere).
    ///
    /// Outside, it points from the nearest outline point to `p`; inside, it is the outward normal at the
    /// nearest outline point. Where the gradient is undefined (a circle's centre, or a point with two
    /// nearest outline points, on the medial axis) it is the normal of one of the nearest points, chosen
    /// deterministically: a circle's centre gives `(1, 0)`; for rects the first of left, right, top, bottom,
    /// then the corners, wins ties. Always a unit vector (never NaN) for finite inputs.
    @inlinable
    package func gradient(at p: Point) -> Vector2 { sample(at: p).gradient }

    /// The distance and the unit outward normal together, for the price of one evaluation.
    package func sample(at p: Point) -> DistanceSample {
        switch self {
        case .circle(let center, let radius):
            let dx = p.x - center.x, dy = p.y - center.y
            let length = (dx * dx + dy * dy).squareRoot()
            let normal = length > 0 ? Vector2(dx / length, dy / length) : Vector2(1, 0)
            return DistanceSample(distance: length - abs(radius), gradient: normal)
        case .roundedRect(let rect, let radii, let continuous):
            let r = rect.standardized
            let fitted = continuous
                ? SignedDistanceShape.fitted(radii.scaled(by: Path.continuousCornerExtent), r.size)
                : SignedDistanceShape.fitted(radii, r.size)
            return SignedDistanceShape.roundedRectSample(r, fitted, continuous: continuous, at: p)
        }
    }

    /// The smallest axis-aligned rect containing the shape (tight: every side touches the outline).
    package var bounds: Rect {
        switch self {
        case .circle(let center, let radius):
            let r = abs(radius)
            return Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        case .roundedRect(let rect, _, _):
            return rect.standardized
        }
    }

    /// The smallest distance between the two shapes' outlines (0 when they touch or overlap) — used to decide
    /// whether shapes interact.
    ///
    /// Exact (up to rounding) for circle–circle, circle–anything (the circle's centre distance minus its
    /// radius), and for two rects with sharp or circular corners: their Minkowski difference is again a
    /// rounded rect (corner radius `rA + rB` of opposite corners), and the gap is its signed distance at the
    /// origin. When either rect has continuous corners, each continuous rect is replaced by the circular
    /// rounded rect with radii `0.5809·extent` that contains it (its corner arc touches the continuous
    /// corner's diagonal point and lies at most `0.01391·extent ≈ 0.02126·r` outside it), so the result is a
    /// lower bound that is exact whenever the nearest points lie on straight edges (for example
    /// axis-separated rects whose facing edges overlap beyond the corner curves) and is otherwise at most
    /// `0.02126·(rA + rB)` below the true gap (`r` the continuous corner radii involved, after fitting).
    package func gap(to other: SignedDistanceShape) -> Double {
        switch (self, other) {
        case (.circle(let c1, let r1), .circle(let c2, let r2)):
            return Swift.max(0, c1.distance(to: c2) - (abs(r1) + abs(r2)))
        case (.circle(let c, let r), let shape), (let shape, .circle(let c, let r)):
            return Swift.max(0, shape.distance(to: c) - abs(r))
        case (.roundedRect(let a, let ra, let ca), .roundedRect(let b, let rb, let cb)):
            let ar = a.standardized, br = b.standardized
            let fa = SignedDistanceShape.circularSuperset(ar, ra, continuous: ca)
            let fb = SignedDistanceShape.circularSuperset(br, rb, continuous: cb)
            // A − B = {x − y}: spans [minX_A − maxX_B, maxX_A − minX_B] (same in y); on normals in one
            // quadrant its support is A's corner there plus B's opposite corner.
            let m = Rect(
                x: ar.minX - br.maxX, y: ar.minY - br.maxY,
                width: ar.width + br.width, height: ar.height + br.height)
            let radii = CornerRadii(
                topLeft: fa.topLeft + fb.bottomRight, topRight: fa.topRight + fb.bottomLeft,
                bottomRight: fa.bottomRight + fb.topLeft, bottomLeft: fa.bottomLeft + fb.topRight)
            let d = SignedDistanceShape.roundedRectSample(
                m, SignedDistanceShape.fitted(radii, m.size), continuous: false, at: .zero
            ).distance
            return Swift.max(0, d)
        }
    }

    // MARK: Implementation

    /// The ratio of the radius of a circular corner that contains a continuous corner to that corner's extent:
    /// the circle through the continuous corner's diagonal point `(0.26/1.528)·e` has radius 0.580952·e and
    /// contains the whole corner curve (the curve lies at most 0.013910·e inside the arc, largest gap
    /// measured on 4·10⁵ curve points); 0.5809 leaves a margin of 5·10⁻⁵·e.
    static let continuousSupersetRatio = 0.5809

    /// Radii made non-negative and, if needed, scaled down to fit `size` with ``CornerRadii/clamped(toFit:)``
    /// (checked first without it, since fitting radii are the common case and `clamped` then returns them).
    static func fitted(_ radii: CornerRadii, _ size: Size) -> CornerRadii {
        let tl = Swift.max(radii.topLeft, 0), tr = Swift.max(radii.topRight, 0)
        let br = Swift.max(radii.bottomRight, 0), bl = Swift.max(radii.bottomLeft, 0)
        let r = CornerRadii(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl)
        let w = abs(size.width), h = abs(size.height)
        if tl + tr <= w, bl + br <= w, tl + bl <= h, tr + br <= h { return r }
        return r.clamped(toFit: size)
    }

    /// The circular-corner radii of the smallest-cornered circular rounded rect used for `gap`: the fitted
    /// radii themselves for circular corners, `0.5809·extent` for continuous ones (a superset, see `gap`).
    static func circularSuperset(_ rect: Rect, _ radii: CornerRadii, continuous: Bool) -> CornerRadii {
        guard continuous else { return fitted(radii, rect.size) }
        return fitted(radii.scaled(by: Path.continuousCornerExtent), rect.size).scaled(by: continuousSupersetRatio)
    }

    /// The signed distance and normal of a standardized rect whose corner sizes (radii, or extents for
    /// continuous corners) already fit.
    ///
    /// `d = max(four edge terms, four corner terms)`: an edge term is the signed distance to the edge's line;
    /// a corner term is computed only where it can exceed its two edge terms (otherwise it equals the larger
    /// of them, already counted).
    static func roundedRectSample(_ r: Rect, _ sizes: CornerRadii, continuous: Bool, at p: Point) -> DistanceSample {
        let minX = r.minX, maxX = r.maxX, minY = r.minY, maxY = r.maxY
        var best = minX - p.x
        var normal = Vector2(-1, 0)
        if p.x - maxX > best { best = p.x - maxX; normal = Vector2(1, 0) }
        if minY - p.y > best { best = minY - p.y; normal = Vector2(0, -1) }
        if p.y - maxY > best { best = p.y - maxY; normal = Vector2(0, 1) }
        // Each corner in its own frame: u, v measure inward from the sharp corner along x and y, and a
        // frame vector (a, b) is (ax·a, ay·b) on screen.
        func corner(_ u: Double, _ v: Double, _ size: Double, _ ax: Double, _ ay: Double) {
            let term: Double
            let n: Vector2
            // A continuous corner under 1e-9 pt is drawn as a circular one (they differ by less than its
            // size); the continuous search divides by the extent, which overflows for subnormal sizes.
            if continuous && size > 1e-9 {
                guard let found = ContinuousCorner.term(u, v, extent: size) else { return }
                term = found.distance
                n = found.normal
            } else {
                guard u < size && v < size else { return }
                let du = u - size, dv = v - size
                let length = (du * du + dv * dv).squareRoot()
                guard length > 0 else { return }  // p is the arc's centre: the term equals the edge terms
                term = length - size
                n = Vector2(du / length, dv / length)
            }
            if term > best {
                best = term
                normal = Vector2(ax * n.x, ay * n.y)
            }
        }
        corner(p.x - minX, p.y - minY, sizes.topLeft, 1, 1)
        corner(maxX - p.x, p.y - minY, sizes.topRight, -1, 1)
        corner(maxX - p.x, maxY - p.y, sizes.bottomRight, -1, -1)
        corner(p.x - minX, maxY - p.y, sizes.bottomLeft, 1, -1)
        return DistanceSample(distance: best, gradient: normal)
    }
}

/// The continuous corner of ``Path/addContinuousRoundedRect(_:cornerRadii:)`` at unit extent, in a frame whose
/// sharp corner is the origin and whose inside is `u > 0, v > 0`: the half from the edge point `(1, 0)` to the
/// diagonal point `(m, m)`, and its mirror image across `u = v`.
///
/// Facts about this fixed curve that the code relies on, each measured numerically (the margins are
/// what the evaluation keeps from the measured values):
/// 1. The curve never comes closer than 1 to the point `(1, 1)` (distance − 1 ≥ 0 on 4·10⁵ points, zero only
///    at the end): the corner region contains the circular corner of radius 1.
/// 2. For `q` with `q.x ≥ q.y`, `w(t)` (below) changes sign more than once on `[0, 1]` only in a sliver
///    `q.x − q.y < 0.0046`, `1.0019 < q.x + q.y`, around the centre of curvature (the tip of the evolute);
///    found by counting sign changes on 2·10⁴ parameter steps at 4·10⁵ random points. The single-root path
///    is used when `q.x − q.y > 0.05` or `q.x + q.y < 0.95`.
/// 3. Inside that sliver a 64-step scan misses no local maximum of `g` by more than 6·10⁻¹³ (by 7·10⁻⁸
///    with 16 steps), measured against 2·10⁵ parameter steps.
private enum ContinuousCorner {
    static let c1 = 0.88 / 1.528, c2 = 0.52 / 1.528, m = 0.26 / 1.528
    static let p0 = Point(1, 0), p1 = Point(c1, 0), p2 = Point(c2, 0), p3 = Point(m, m)
    static let startTangent = derivative(0), endTangent = derivative(1)
    /// The number of equal parameter steps of the table that brackets the roots of `w`.
    static let steps = 64
    /// `B(t_j)` and `B'(t_j)` at `t_j = j / steps`.
    static let table: [(point: Point, tangent: Vector2)] = (0...steps).map { j in
        let t = Double(j) / Double(steps)
        return (point(t), derivative(t))
    }

    static func point(_ t: Double) -> Point {
        let s = 1 - t
        return p0 * (s * s * s) + p1 * (3 * s * s * t) + p2 * (3 * s * t * t) + p3 * (t * t * t)
    }

    static func derivative(_ t: Double) -> Vector2 {
        let s = 1 - t
        return 3 * ((p1 - p0) * (s * s) + (p2 - p1) * (2 * s * t) + (p3 - p2) * (t * t))
    }

    static func secondDerivative(_ t: Double) -> Vector2 {
        6 * ((p2 - p1 * 2 + p0) * (1 - t) + (p3 - p2 * 2 + p1) * t)
    }

    /// The signed distance to the corner region (the quarter-plane with this corner cut off) and its outward
    /// normal in the corner frame, or `nil` where it equals the larger edge term `max(−u, −v)`.
    ///
    /// Skipped when `max(u, v) ≥ e`: the region contains the circular corner of radius `e` (fact 1), whose
    /// signed distance there is the edge term; a superset has the smaller signed distance, and the edge term
    /// is a lower bound of ours, so the two agree.
    static func term(_ u: Double, _ v: Double, extent e: Double) -> (distance: Double, normal: Vector2)? {
        if Swift.max(u, v) >= e { return nil }
        // Mirror into the half nearer the edge v = 0 (u ≥ v); the support function is symmetric.
        let swapped = u < v
        let q = swapped ? Point(v / e, u / e) : Point(u / e, v / e)
        let (value, n) = support(q)
        return (value * e, swapped ? Vector2(n.y, n.x) : n)
    }

    /// `max over t in [0, 1] of g(t) = (q − B(t))·n(t)`, `n` the unit outward normal, for `q.x ≥ q.y`.
    ///
    /// `g'(t)` has the sign of `w(t) = (q − B(t))·B'(t)` (the normal turns along the tangent), so interior
    /// maxima are the roots where `w` goes from positive to non-positive. Outside the sliver of fact 2 there
    /// is at most one sign change, found by bisecting the 65-point table (6 evaluations) and refined in its
    /// cell; inside it, `w` is scanned at all 65 points and every such bracket is refined. The ends count too: `g(0) = −q.y` (the edge)
    /// and `g(1)`, with the diagonal normal.
    static func support(_ q: Point) -> (Double, Vector2) {
        let rootHalf = 0.5.squareRoot()
        var best = -q.y
        var normal = Vector2(0, -1)
        let diagonal = (2 * m - q.x - q.y) * rootHalf
        if diagonal > best { best = diagonal; normal = Vector2(-rootHalf, -rootHalf) }
        func consider(_ t: Double) {
            let tangent = derivative(t)
            let length = tangent.length
            let n = Vector2(-tangent.y / length, tangent.x / length)
            let g = (q - point(t)).dot(n)
            if g > best { best = g; normal = n }
        }
        let table = self.table
        if q.x - q.y > 0.05 || q.x + q.y < 0.95 {
            // One sign change at most: bisect the table for its cell, then refine there.
            var wLo = (q - p0).dot(startTangent), wHi = (q - p3).dot(endTangent)
            guard wLo > 0 && wHi <= 0 else { return (best, normal) }
            var lo = 0, hi = steps
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                let w = (q - table[mid].point).dot(table[mid].tangent)
                if w > 0 { lo = mid; wLo = w } else { hi = mid; wHi = w }
            }
            consider(refine(q, Double(lo) / Double(steps), Double(hi) / Double(steps), wLo, wHi))
        } else {
            var previous = (q - table[0].point).dot(table[0].tangent)
            for j in 1...steps {
                let w = (q - table[j].point).dot(table[j].tangent)
                if previous > 0 && w <= 0 {
                    consider(refine(q, Double(j - 1) / Double(steps), Double(j) / Double(steps), previous, w))
                }
                previous = w
            }
        }
        return (best, normal)
    }

    /// The root of `w` in `[lo, hi]`, where `w(lo) = wLo > 0 ≥ w(hi) = wHi`: Newton's method from the
    /// secant guess, kept inside the shrinking bracket (bisecting when a step would leave it), until a step
    /// or the bracket is below 10⁻¹³.
    static func refine(_ q: Point, _ lo: Double, _ hi: Double, _ wLo: Double, _ wHi: Double) -> Double {
        var lo = lo, hi = hi
        var t = wLo - wHi > 0 ? lo + (hi - lo) * (wLo / (wLo - wHi)) : (lo + hi) / 2
        if !(t > lo && t < hi) { t = (lo + hi) / 2 }
        for _ in 0..<60 {
            let offset = q - point(t)
            let d1 = derivative(t)
            let w = offset.dot(d1)
            if w > 0 { lo = t } else { hi = t }
            let slope = offset.dot(secondDerivative(t)) - d1.lengthSquared
            var next = slope < 0 ? t - w / slope : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            let step = abs(next - t)
            t = next
            if step < 1e-13 || hi - lo < 1e-13 { break }
        }
        return t
    }
}
