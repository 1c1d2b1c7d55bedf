/// The exact linear map that advances a spring's (displacement, velocity) by a fixed time.
///
/// A spring is linear, so one 2×2 matrix per time step moves values of any dimension: compute it once with
/// ``Spring/transition(over:)`` and apply it to every component (or to every animator sharing the spring
/// and step).
public struct SpringTransition: Hashable, Sendable {
    public let positionFromPosition: Double
    public let positionFromVelocity: Double
    public let velocityFromPosition: Double
    public let velocityFromVelocity: Double

    public init(positionFromPosition: Double, positionFromVelocity: Double,
                velocityFromPosition: Double, velocityFromVelocity: Double) {
        self.positionFromPosition = positionFromPosition
        self.positionFromVelocity = positionFromVelocity
        self.velocityFromPosition = velocityFromPosition
        self.velocityFromVelocity = velocityFromVelocity
    }

    /// Advances a scalar displacement `x` (value − target) and velocity `v`.
    @inlinable
    public func apply(displacement x: Double, velocity v: Double) -> (displacement: Double, velocity: Double) {
        (positionFromPosition * x + positionFromVelocity * v, velocityFromPosition * x + velocityFromVelocity * v)
    }

    /// Advances a vector displacement and velocity.
    @inlinable
    public func apply<V: AnimatableVector>(displacement x: V, velocity v: V) -> (displacement: V, velocity: V) {
        (x.scaled(by: positionFromPosition) + v.scaled(by: positionFromVelocity),
         x.scaled(by: velocityFromPosition) + v.scaled(by: velocityFromVelocity))
    }
}
