import LiquidGeometry

/// Corner radii animate as four numbers, so a shape can spring between corner configurations.
extension CornerRadii: AnimatableVector {
    /// Componentwise sum.
    @inlinable public static func + (a: CornerRadii, b: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: a.topLeft + b.topLeft, topRight: a.topRight + b.topRight,
                    bottomRight: a.bottomRight + b.bottomRight, bottomLeft: a.bottomLeft + b.bottomLeft)
    }
    /// Componentwise difference.
    @inlinable public static func - (a: CornerRadii, b: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: a.topLeft - b.topLeft, topRight: a.topRight - b.topRight,
                    bottomRight: a.bottomRight - b.bottomRight, bottomLeft: a.bottomLeft - b.bottomLeft)
    }
    /// Every component multiplied by the factor.
    @inlinable public func scaled(by f: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft * f, topRight: topRight * f, bottomRight: bottomRight * f, bottomLeft: bottomLeft * f)
    }
    /// The sum of the squares of the components.
    @inlinable public var magnitudeSquared: Double {
        topLeft * topLeft + topRight * topRight + bottomRight * bottomRight + bottomLeft * bottomLeft
    }
}
