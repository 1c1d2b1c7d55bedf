import LiquidGeometry

/// How the ends of an open stroke are drawn.
public enum LineCap: Hashable, Sendable {
    /// The stroke stops flat at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke extends half its width past the end point, flat.
    case square
}

/// How the corners of a stroke are drawn.
public enum LineJoin: Hashable, Sendable {
    /// The outer edges extend until they meet, unless the tip would exceed the miter limit (then bevel).
    case miter
    /// A circular arc around the corner point.
    case round
    /// The outer corners are joined by a straight segment.
    case bevel
}

/// The geometry of a stroke: width, caps, joins and miter limit (all in the coordinates of the path).
///
/// The plain initializer does not check its inputs: a width that is not positive and finite makes the
/// stroke draw nothing, and a miter limit below 1 (or NaN) behaves as 1 (always bevel).
/// ``init(validatingWidth:cap:join:miterLimit:)`` refuses such values instead.
public struct StrokeStyle: Hashable, Sendable {
    /// The line width in user-space points.
    public var width: Double
    /// How open ends are drawn.
    public var cap: LineCap
    /// How corners between segments are drawn.
    public var join: LineJoin
    /// The largest allowed ratio of miter length to stroke width (SVG's `stroke-miterlimit`, default 4).
    public var miterLimit: Double

    /// A style of `width`, butt caps and miter joins (limit 4) unless given; nothing is checked (see ``init(validatingWidth:cap:join:miterLimit:)``).
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// - Throws: `LiquidError` (`.outOfRange`) for a width that is not positive and finite or a miter
    ///   limit that is not finite and at least 1.
    public init(validatingWidth width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 4)
        throws(LiquidError)
    {
        guard width.isFinite, width > 0 else { throw .invalidParameter("stroke width \(width) must be positive") }
        guard miterLimit.isFinite, miterLimit >= 1 else {
            throw .invalidParameter("miter limit \(miterLimit) must be at least 1")
        }
        self.init(width: width, cap: cap, join: join, miterLimit: miterLimit)
    }
}
