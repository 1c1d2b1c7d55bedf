import LiquidGeometry

extension Vector2: AnimatableVector {
    /// The sum of the squares of the components.
    @inlinable public func scaled(by factor: Double) -> Vector2 { self * factor }
    @inlinable public var magnitudeSquared: Double { lengthSquared }
}
