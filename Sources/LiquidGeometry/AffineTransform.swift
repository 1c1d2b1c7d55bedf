import RealModule

/// A 2-D affine transform: a linear part and a translation.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`, i.e. the matrix
/// ```
/// ⎡ a  c  tx ⎤
/// ⎣ b  d  ty ⎦
/// ```
/// applied to the column `(x, y, 1)`. Positive rotation angles turn +x toward +y, which is clockwise on a
/// y-down screen.
///
/// The memberwise initializer does not check its inputs; ``init(validatingA:b:c:d:tx:ty:)`` guarantees
/// six finite coefficients.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The x-scale component: x′ = a·x + c·y + tx.
    public var a: Double
    /// The y-shear component: y′ = b·x + d·y + ty.
    public var b: Double
    /// The x-shear component.
    public var c: Double
    /// The y-scale component.
    public var d: Double
    /// The x translation.
    public var tx: Double
    /// The y translation.
    public var ty: Double

    /// Creates a transform without checking the values.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates a transform whose six coefficients are guaranteed finite.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) naming the first NaN or infinite coefficient.
    public init(
        validatingA a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    ) throws(LiquidError) {
        for (name, value) in [("a", a), ("b", b), ("c", c), ("d", d), ("tx", tx), ("ty", ty)]
        where !value.isFinite {
            throw .nonFinite("transform coefficient \(name) = \(value)")
        }
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The transform that leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by `(x, y)`.
    @inlinable
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Moves every point by `offset`.
    @inlinable
    public init(translation offset: Vector2) {
        self.init(translationX: offset.x, y: offset.y)
    }

    /// Scales about the origin by `x` horizontally and `y` vertically.
    @inlinable
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Scales about the origin by `factor` on both axes.
    @inlinable
    public init(scale factor: Double) {
        self.init(scaleX: factor, y: factor)
    }

    /// Rotates about the origin by `angle` radians (from +x toward +y: clockwise on a y-down screen).
    public init(rotationAngle angle: Double) {
        let cosine = Double.cos(angle), sine = Double.sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly ``identity``.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// All six coefficients are finite.
    @inlinable public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `a·d − b·c`: the factor by which the transform scales areas (negative when it mirrors).
    @inlinable public var determinant: Double { a * d - b * c }

    /// The transform that applies `self` first and then `other`.
    ///
    /// Guarantee: `t.concatenating(u).apply(to: p) == u.apply(to: t.apply(to: p))` up to rounding. So
    /// `AffineTransform(scale: 2).concatenating(AffineTransform(translationX: 10, y: 0))` scales, then
    /// moves by 10.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: other.a * a + other.c * b,
            b: other.b * a + other.d * b,
            c: other.a * c + other.c * d,
            d: other.b * c + other.d * d,
            tx: other.a * tx + other.c * ty + other.tx,
            ty: other.b * tx + other.d * ty + other.ty)
    }

    /// The transform that undoes this one, or `nil` if there is none.
    ///
    /// Returns `nil` when the determinant is zero (the transform collapses the plane onto a line or a
    /// point; this includes a determinant too small to represent), when it is not finite, or when any
    /// coefficient of the inverse would overflow. Otherwise
    /// `t.inverted()!.apply(to: t.apply(to: p)) ≈ p` up to rounding amplified by the condition number.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        return inverse.isFinite ? inverse : nil
    }

    /// Maps a position: the linear part and then the translation.
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
    }

    /// Maps a direction or an offset (a difference of two points): the linear part only, no translation.
    @inlinable
    public func apply(toDirection vector: Vector2) -> Vector2 {
        Vector2(a * vector.x + c * vector.y, b * vector.x + d * vector.y)
    }

    /// The smallest axis-aligned rectangle containing the image of `rect` (its four transformed corners).
    public func apply(to rect: Rect) -> Rect {
        let corners = [rect.topLeft, rect.topRight, rect.bottomRight, rect.bottomLeft].map { apply(to: $0) }
        var lo = corners[0], hi = corners[0]
        for p in corners.dropFirst() {
            lo = Point(Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            hi = Point(Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
        }
        return Rect(corner: lo, oppositeCorner: hi)
    }

    public var description: String { "[\(a) \(c) \(tx); \(b) \(d) \(ty)]" }
}
