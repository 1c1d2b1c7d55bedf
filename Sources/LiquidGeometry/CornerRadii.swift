/// The radii of a rectangle's four corners, in points, named for a y-down screen (top = `minY`).
///
/// The memberwise initializer does not check its inputs; ``init(validatingTopLeft:topRight:bottomRight:bottomLeft:)``
/// guarantees four finite, non-negative radii.
public struct CornerRadii: Hashable, Sendable, CustomStringConvertible {
    /// The top-left radius, in points.
    public var topLeft: Double
    /// The top-right radius, in points.
    public var topRight: Double
    /// The bottom-right radius, in points.
    public var bottomRight: Double
    /// The bottom-left radius, in points.
    public var bottomLeft: Double

    /// Creates radii without checking the values.
    @inlinable
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner, unchecked.
    @inlinable
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Creates radii guaranteed finite and non-negative.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite radius and
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) for a negative one, naming the corner.
    public init(
        validatingTopLeft topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    ) throws(LiquidError) {
        self = try CornerRadii(topLeft: topLeft, topRight: topRight, bottomRight: bottomRight, bottomLeft: bottomLeft)
            .validated()
    }

    /// Square corners.
    public static let zero = CornerRadii(all: 0)

    /// The same radii, after checking that all four are finite and non-negative.
    ///
    /// - Throws: as ``init(validatingTopLeft:topRight:bottomRight:bottomLeft:)``.
    public func validated() throws(LiquidError) -> CornerRadii {
        let named = [
            ("top-left", topLeft), ("top-right", topRight), ("bottom-right", bottomRight), ("bottom-left", bottomLeft),
        ]
        for (name, radius) in named {
            guard radius.isFinite else { throw .nonFinite("\(name) corner radius \(radius)") }
            guard radius >= 0 else { throw .negative("\(name) corner radius \(radius)") }
        }
        return self
    }

    /// All four radii are equal.
    @inlinable public var isUniform: Bool {
        topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft
    }

    /// The largest of the four radii.
    @inlinable public var maximum: Double {
        Swift.max(Swift.max(topLeft, topRight), Swift.max(bottomRight, bottomLeft))
    }

    /// Every radius multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> CornerRadii {
        CornerRadii(
            topLeft: topLeft * factor, topRight: topRight * factor,
            bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
    }

    /// The radii scaled down, all by one common factor, just enough that adjacent corners fit each side of a
    /// rectangle of `size` (the rule of CSS `border-radius`).
    ///
    /// Guarantee: with `w = |width|`, `h = |height|`, the result satisfies `topLeft + topRight ≤ w`,
    /// `bottomLeft + bottomRight ≤ w`, `topLeft + bottomLeft ≤ h` and `topRight + bottomRight ≤ h` (up to
    /// one rounding), keeps the ratios between the radii, and equals `self` when the radii already fit.
    /// The factor is the smallest of `side / (sum of its two radii)` over the four sides, capped at 1.
    public func clamped(toFit size: Size) -> CornerRadii {
        let w = abs(size.width), h = abs(size.height)
        var factor = 1.0
        let sides = [
            (w, topLeft + topRight), (w, bottomLeft + bottomRight),
            (h, topLeft + bottomLeft), (h, topRight + bottomRight),
        ]
        for (side, sum) in sides where sum > side {
            factor = Swift.min(factor, side / sum)
        }
        return factor < 1 ? scaled(by: factor) : self
    }

    public var description: String {
        "(topLeft \(topLeft), topRight \(topRight), bottomRight \(bottomRight), bottomLeft \(bottomLeft))"
    }
}
