/// The exact linear map that advances a spring's (displacement, velocity) by a fixed time.
///
/// A spring is linear, so one 2×2 matrix per time step moves values of any dimension: compute it once with
/// ``Spring/transition(over:)`` and apply it to every component (or to every animator sharing the spring
/// and step).
@usableFromInline package struct SpringTransition: Hashable, Sendable {
    @usableFromInline package let positionFromPosition: Double
    @usableFromInline package let positionFromVelocity: Double
    @usableFromInline package let velocityFromPosition: Double
    @usableFromInline package let velocityFromVelocity: Double

    @usableFromInline package init(positionFromPosition: Double, positionFromVelocity: Double,
                velocityFromPosition: Double, velocityFromVelocity: Double) {
        self.positionFromPosition = positionFromPosition
        self.positionFromVelocity = positionFromVelocity
        self.velocityFromPosition = velocityFromPosition
        self.velocityFromVelocity = velocityFromVelocity
    }

    /// Advances a scalar displacement `x` (value − target) and velocity `v`.
    @inlinable
    package func apply(displacement x: Double, velocity v: Double) -> (displacement: Double, velocity: Double) {
        (positionFromPosition * x + positionFromVelocity * v, velocityFromPosition * x + velocityFromVelocity * v)
    }

    /// Advances a vector displacement and velocity.
    @inlinable
    package func apply<V: AnimatableVector>(displacement x: V, velocity v: V) -> (displacement: V, velocity: V) {
        (x.scaled(by: positionFromPosition) + v.scaled(by: positionFromVelocity),
         x.scaled(by: velocityFromPosition) + v.scaled(by: velocityFromVelocity))
    }
}
