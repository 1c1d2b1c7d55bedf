import LiquidGeometry

extension Vector2: AnimatableVector {
    @inlinable public func scaled(by factor: Double) -> Vector2 { self * factor }
    @inlinable public var magnitudeSquared: Double { lengthSquared }
}
