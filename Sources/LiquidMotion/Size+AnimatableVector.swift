import LiquidGeometry

extension Size: AnimatableVector {
    /// The sum of the squares of the components.
    @inlinable public static func + (a: Size, b: Size) -> Size { Size(width: a.width + b.width, height: a.height + b.height) }
    @inlinable public static func - (a: Size, b: Size) -> Size { Size(width: a.width - b.width, height: a.height - b.height) }
    @inlinable public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    @inlinable public var magnitudeSquared: Double { width * width + height * height }
}
