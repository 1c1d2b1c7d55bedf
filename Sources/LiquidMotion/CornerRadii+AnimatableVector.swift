import LiquidGeometry

/// Corner radii animate as four numbers, so a shape can spring between corner configurations.
extension CornerRadii: AnimatableVector {
    @inlinable public static func + (a: CornerRadii, b: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: a.topLeft + b.topLeft, topRight: a.topRight + b.topRight,
                    bottomRight: a.bottomRight + b.bottomRight, bottomLeft: a.bottomLeft + b.bottomLeft)
    }
    @inlinable public static func - (a: CornerRadii, b: CornerRadii) -> CornerRadii {
        CornerRadii(topLeft: a.topLeft - b.topLeft, topRight: a.topRight - b.topRight,
                    bottomRight: a.bottomRight - b.bottomRight, bottomLeft: a.bottomLeft - b.bottomLeft)
    }
    @inlinable public func scaled(by f: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft * f, topRight: topRight * f, bottomRight: bottomRight * f, bottomLeft: bottomLeft * f)
    }
    @inlinable public var magnitudeSquared: Double {
        topLeft * topLeft + topRight * topRight + bottomRight * bottomRight + bottomLeft * bottomLeft
    }
}
