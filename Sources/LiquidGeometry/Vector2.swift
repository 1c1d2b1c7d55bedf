/// A two-dimensional vector of `Double`s: a position, an offset or a velocity in points.
///
/// `Vector2` is a plain value: arithmetic never checks for NaN or infinity, so inner loops stay cheap.
/// Code that accepts coordinates from users validates them with ``isFinite`` (or the throwing
/// ``init(validatingX:y:)``) at the edge and then trusts them.
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component (points grow rightwards).
    public var x: Double
    /// The vertical component (points grow downwards).
    public var y: Double

    /// The vector (`x`, `y`).
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// The vector (`x`, `y`), with labels.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a vector, throwing ``LiquidError`` (``LiquidError/Kind/nonFinite``) if either component is NaN or infinite.
    public init(validatingX x: Double, y: Double) throws(LiquidError) {
        guard x.isFinite, y.isFinite else { throw .nonFinite("point (\(x), \(y))") }
        self.init(x, y)
    }

    /// The zero vector, and the origin.
    public static let zero = Vector2(0, 0)

    /// Both components are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The squared Euclidean length, `x² + y²`.
    @inlinable public var lengthSquared: Double { x * x + y * y }

    /// Euclidean length, computed without intermediate overflow for large components.
    @inlinable public var length: Double {
        let m = Swift.max(abs(x), abs(y))
        if m == 0 || !m.isFinite { return m }
        let a = x / m, b = y / m
        return m * (a * a + b * b).squareRoot()
    }

    /// The unit vector in the same direction, or `.zero` for the zero vector.
    @inlinable public var normalized: Vector2 {
        let l = length
        return l > 0 ? Vector2(x / l, y / l) : .zero
    }

    /// The vector rotated by +90° (counter-clockwise in a y-up frame, clockwise on screen).
    @inlinable public var perpendicular: Vector2 { Vector2(-y, x) }

    /// The dot product.
    @inlinable public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    /// The z component of the 3-D cross product: positive when `other` is counter-clockwise from `self`
    /// in a y-up frame.
    @inlinable public func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }

    /// The Euclidean distance to `other`.
    @inlinable public func distance(to other: Vector2) -> Double { (self - other).length }

    /// The squared Euclidean distance to `other`.
    @inlinable public func distanceSquared(to other: Vector2) -> Double { (self - other).lengthSquared }

    /// Linear interpolation: `self` at `t == 0`, `other` at `t == 1`.
    @inlinable public func interpolated(to other: Vector2, _ t: Double) -> Vector2 {
        Vector2(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    public var description: String { "(\(x), \(y))" }

    /// Scales `a` by `s`.
    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }
    @inlinable public static func *= (a: inout Vector2, s: Double) { a = a * s }
}

/// A position in points. The same type as ``Vector2``; the name says which role a value plays.
public typealias Point = Vector2
