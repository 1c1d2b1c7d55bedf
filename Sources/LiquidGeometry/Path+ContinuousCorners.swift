extension Path {
    /// How far along each edge a continuous corner of radius `r` reaches from the sharp corner: `1.528·r`,
    /// where a circular corner reaches `r`.
    package static let continuousCornerExtent = 1.528

    /// Adds `rect` (standardized) with continuous ("squircle") corners as one closed subpath, clockwise on a
    /// y-down screen, starting where the top-left corner's curve meets the top edge.
    ///
    /// Construction (our own; not a copy of any platform's curve). In a corner frame whose sharp corner is
    /// the origin and whose edges run along +u and +v, a corner of radius `r` with extent `e = 1.528·r` is
    /// two mirror-image cubic Béziers meeting on the diagonal:
    /// ```
    /// (e, 0) → controls (0.5759·e, 0), (0.3403·e, 0) → (0.1702·e, 0.1702·e)
    /// ```
    /// and its reflection across `u = v`. Because the first three points lie on the edge, the curvature is
    /// zero where the corner leaves the edge (curvature-continuous, unlike a circular corner, whose curvature
    /// jumps from 0 to 1/r); the second control point lies on the edge line at twice the diagonal point, so
    /// the tangent at the diagonal is at 45° and the two halves meet with equal curvature (≈ 1.26/r) by
    /// symmetry. The diagonal point `(0.26·r, 0.26·r)` sits between the circular corner's `(0.293·r, 0.293·r)`
    /// and the sharp corner, so near the diagonal the shape is squarer than a circle of the same radius,
    /// while near the edges it starts bending earlier.
    ///
    /// Guarantees: the outline lies inside `rect` (every control point lies inside each corner's square);
    /// the extents `1.528·r` are scaled down with one common factor, as ``CornerRadii/clamped(toFit:)`` does
    /// for radii, until adjacent corners fit each side; a zero radius gives a sharp corner.
    public mutating func addContinuousRoundedRect(_ rect: Rect, cornerRadii: CornerRadii) {
        let r = rect.standardized
        let extents = cornerRadii.scaled(by: Path.continuousCornerExtent).clamped(toFit: r.size)
        // Control-point fractions of the extent (see the doc comment).
        let c1 = 0.88 / 1.528, c2 = 0.52 / 1.528, m = 0.26 / 1.528
        /// Emits one corner: `corner` is the sharp corner, `incoming` the unit direction from it back along
        /// the edge we arrive on, `outgoing` the unit direction along the edge we leave on, `e` the extent.
        func corner(_ corner: Point, _ incoming: Vector2, _ outgoing: Vector2, _ e: Double) {
            guard e > 0 else {
                lineIfMoved(corner)
                return
            }
            func at(_ along: Double, _ across: Double) -> Point { corner + incoming * along + outgoing * across }
            lineIfMoved(at(e, 0))
            cubic(to: at(m * e, m * e), control1: at(c1 * e, 0), control2: at(c2 * e, 0))
            cubic(to: at(0, e), control1: at(0, c2 * e), control2: at(0, c1 * e))
        }
        let tl = extents.topLeft, tr = extents.topRight, br = extents.bottomRight, bl = extents.bottomLeft
        move(to: Point(r.minX + tl, r.minY))
        corner(r.topRight, Vector2(-1, 0), Vector2(0, 1), tr)
        corner(r.bottomRight, Vector2(0, -1), Vector2(-1, 0), br)
        corner(r.bottomLeft, Vector2(1, 0), Vector2(0, -1), bl)
        corner(r.topLeft, Vector2(0, 1), Vector2(1, 0), tl)
        close()
    }

    /// A path holding one rectangle with continuous corners (see ``addContinuousRoundedRect(_:cornerRadii:)``).
    public init(continuousRoundedRect rect: Rect, cornerRadii: CornerRadii) {
        self.init()
        addContinuousRoundedRect(rect, cornerRadii: cornerRadii)
    }

    /// A straight segment to `point` unless the current point is already there.
    private mutating func lineIfMoved(_ point: Point) {
        if currentPoint != point { line(to: point) }
    }
}
