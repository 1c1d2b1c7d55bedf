/// Distances by which to move each edge of a rectangle inward (negative values move it outward).
///
/// The memberwise initializer does not check its inputs; ``init(validatingTop:left:bottom:right:)``
/// guarantees finite values. Negative insets (outsets) are valid.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the left edge, in points.
    public var left: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the right edge, in points.
    public var right: Double

    /// Creates insets without checking the values.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    @inlinable
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// `horizontal` on the left and the right, `vertical` at the top and the bottom.
    @inlinable
    public init(horizontal: Double, vertical: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// Creates insets whose values are guaranteed finite.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) if any value is NaN or infinite. Negative values are
    ///   accepted: they move the edge outward.
    public init(validatingTop top: Double, left: Double, bottom: Double, right: Double) throws(LiquidError) {
        for (name, value) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)]
        where !value.isFinite {
            throw .nonFinite("\(name) inset \(value)")
        }
        self.init(top: top, left: left, bottom: bottom, right: right)
    }

    /// No inset on any side.
    public static let zero = EdgeInsets(all: 0)

    /// `left + right`.
    @inlinable public var horizontal: Double { left + right }
    /// `top + bottom`.
    @inlinable public var vertical: Double { top + bottom }

    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}

extension Rect {
    /// The standardized rectangle with each edge moved inward by the matching inset.
    ///
    /// Guarantee: the result never has a negative size. When the two insets of an axis overlap, that
    /// dimension collapses to zero at the midpoint of the overlap.
    public func inset(by insets: EdgeInsets) -> Rect {
        let (x, w) = Rect.inset(minX, width, insets.left, insets.right)
        let (y, h) = Rect.inset(minY, height, insets.top, insets.bottom)
        return Rect(x: x, y: y, width: w, height: h)
    }
}
