/// An axis-aligned rectangle: an origin and a size, in a y-down coordinate system (screen space, so
/// `minY` is the top edge).
///
/// A rectangle may have a negative width or height; every derived property (`minX`, `width`, …) and every
/// operation works on the ``standardized`` form, whose size is non-negative. The memberwise initializers do
/// not check their inputs; ``init(validatingX:y:width:height:)`` guarantees finite coordinates and a
/// non-negative size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from (the top-left for a non-negative size).
    public var origin: Point
    /// The extent from ``origin``; either side may be negative.
    public var size: Size

    /// Creates a rectangle without checking the values.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle without checking the values.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x, y)
        self.size = Size(width: width, height: height)
    }

    /// Creates a rectangle whose coordinates are guaranteed finite and whose size is non-negative.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite value, and
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) for a negative width or height.
    public init(validatingX x: Double, y: Double, width: Double, height: Double) throws(LiquidError) {
        let origin = try Point(validatingX: x, y: y)
        let size = try Size(validatingWidth: width, height: height)
        self.init(origin: origin, size: size)
    }

    /// Creates a rectangle from an origin and a size with the same guarantees as
    /// ``init(validatingX:y:width:height:)``.
    public init(validatingOrigin origin: Point, size: Size) throws(LiquidError) {
        try self.init(validatingX: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The smallest rectangle containing both points (a standardized rectangle).
    ///
    /// Guarantee: `minX`/`minY` are exactly the smaller coordinates and the size is rounded up where needed
    /// so that `maxX ≥ max(p.x, q.x)` and `maxY ≥ max(p.y, q.y)` hold in floating point too (the sum
    /// `origin + size` would otherwise be able to fall one rounding short).
    public init(corner p: Point, oppositeCorner q: Point) {
        let x0 = Swift.min(p.x, q.x), x1 = Swift.max(p.x, q.x)
        let y0 = Swift.min(p.y, q.y), y1 = Swift.max(p.y, q.y)
        self.init(x: x0, y: y0, width: Rect.length(from: x0, covering: x1), height: Rect.length(from: y0, covering: y1))
    }

    /// `hi − lo`, nudged up until `lo + length ≥ hi` in floating point.
    static func length(from lo: Double, covering hi: Double) -> Double {
        var length = hi - lo
        for _ in 0..<8 where lo + length < hi { length = length.nextUp }
        return length
    }

    /// `hi − lo`, nudged down until `lo + length ≤ hi` in floating point (never below zero).
    static func length(from lo: Double, within hi: Double) -> Double {
        var length = hi - lo
        for _ in 0..<8 where lo + length > hi && length > 0 { length = length.nextDown }
        return length
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The y of the centre.
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The width of the standardized rectangle (never negative).
    @inlinable public var width: Double { abs(size.width) }
    /// The height of the standardized rectangle (never negative).
    @inlinable public var height: Double { abs(size.height) }
    @inlinable public var center: Point { Point(midX, midY) }

    /// The four corners of the standardized rectangle, in y-down screen terms.
    @inlinable public var topLeft: Point { Point(minX, minY) }
    @inlinable public var topRight: Point { Point(maxX, minY) }
    @inlinable public var bottomRight: Point { Point(maxX, maxY) }
    @inlinable public var bottomLeft: Point { Point(minX, maxY) }

    /// The width or the height is zero, so the rectangle covers no area.
    @inlinable public var isEmpty: Bool { size.isEmpty }

    /// The origin and the size are finite.
    @inlinable public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The same rectangle with a non-negative width and height and `origin` at its top-left corner.
    ///
    /// A rectangle whose size is already non-negative is returned unchanged; otherwise the result covers
    /// the original in floating point too (see ``init(corner:oppositeCorner:)``).
    public var standardized: Rect {
        if size.width >= 0, size.height >= 0 { return self }
        return Rect(corner: origin, oppositeCorner: Point(origin.x + size.width, origin.y + size.height))
    }

    /// The rectangle moved by `(dx, dy)`, standardized.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// The standardized rectangle shrunk by `dx` on the left and the right and by `dy` at the top and the
    /// bottom (negative values grow it).
    ///
    /// Guarantee: the result never has a negative size. If the insets exceed the rectangle, that dimension
    /// collapses to zero at the rectangle's midpoint.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let (x, w) = Rect.inset(minX, width, dx, dx)
        let (y, h) = Rect.inset(minY, height, dy, dy)
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// Shrinks the interval `[start, start + length]` by `low` and `high`; when they overlap, the result
    /// is the empty interval at the midpoint of the overlap (the midpoint itself for symmetric insets).
    @usableFromInline
    static func inset(_ start: Double, _ length: Double, _ low: Double, _ high: Double) -> (Double, Double) {
        let lo = start + low
        let hi = start + length - high
        if hi >= lo { return (lo, hi - lo) }
        return ((lo + hi) / 2, 0)
    }

    /// The smallest standardized rectangle that contains both rectangles (guaranteed in floating point too,
    /// see ``init(corner:oppositeCorner:)``).
    ///
    /// Empty rectangles take part like any other (their origin counts), so the union of two points is the
    /// rectangle spanning them.
    public func union(_ other: Rect) -> Rect {
        Rect(
            corner: Point(Swift.min(minX, other.minX), Swift.min(minY, other.minY)),
            oppositeCorner: Point(Swift.max(maxX, other.maxX), Swift.max(maxY, other.maxY)))
    }

    /// The overlap of the two rectangles, or `nil` if they share no area.
    ///
    /// Guarantee: a non-nil result has a strictly positive width and height and lies inside both rectangles
    /// in floating point too (its size is rounded down where needed); rectangles that only touch along an
    /// edge or at a corner give `nil`.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), x1 = Swift.min(maxX, other.maxX)
        let y0 = Swift.max(minY, other.minY), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: Rect.length(from: x0, within: x1), height: Rect.length(from: y0, within: y1))
    }

    /// The rectangles share an area of positive size.
    @inlinable public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// Whether `point` lies in the half-open rectangle `[minX, maxX) × [minY, maxY)`.
    ///
    /// Half-open so that rectangles tiling the plane never both claim a shared edge; an empty rectangle
    /// contains no point.
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` (standardized) lies entirely inside this rectangle, edges included.
    @inlinable
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
