/// A value that springs and other motion can animate: an element of a real vector space.
///
/// One protocol serves scalars, points, sizes, rects, colours and corner radii, so the stepping code is
/// written once. Conforming types need only addition, subtraction, scaling by a `Double` and a squared
/// Euclidean norm (used to decide whether a motion has settled, in the value's own units).
public protocol AnimatableVector: Equatable, Sendable {
    /// The additive identity.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squares of the components.
    var magnitudeSquared: Double { get }
}

extension Double: AnimatableVector {
    /// The sum of the squares of the components.
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: AnimatableVector {
    /// The sum of the squares of the components.
    @inlinable public func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }
    @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

/// Two animatable values animated together: the way to spring a tuple (nest pairs for more).
package struct AnimatablePair<First: AnimatableVector, Second: AnimatableVector>: AnimatableVector {
    package var first: First
    package var second: Second

    @inlinable
    package init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// The pair as a Swift tuple.
    @inlinable package var tuple: (First, Second) { (first, second) }

    package static var zero: Self { Self(.zero, .zero) }
    @inlinable package static func + (a: Self, b: Self) -> Self { Self(a.first + b.first, a.second + b.second) }
    @inlinable package static func - (a: Self, b: Self) -> Self { Self(a.first - b.first, a.second - b.second) }
    @inlinable package func scaled(by factor: Double) -> Self {
        Self(first.scaled(by: factor), second.scaled(by: factor))
    }
    @inlinable package var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}
