import LiquidGeometry

/// A rect animates as its four numbers (origin x, y, width, height).
extension Rect: AnimatableVector {
    /// The sum of the squares of the components.
    @inlinable public static func + (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin + b.origin, size: a.size + b.size) }
    @inlinable public static func - (a: Rect, b: Rect) -> Rect { Rect(origin: a.origin - b.origin, size: a.size - b.size) }
    @inlinable public func scaled(by factor: Double) -> Rect { Rect(origin: origin * factor, size: size.scaled(by: factor)) }
    @inlinable public var magnitudeSquared: Double { origin.lengthSquared + size.magnitudeSquared }
}
