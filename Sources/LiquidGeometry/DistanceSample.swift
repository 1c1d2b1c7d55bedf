/// The value and the gradient of a distance field at one point.
///
/// For a single ``SignedDistanceShape`` the gradient is the unit outward normal (see
/// ``SignedDistanceShape/sample(at:)``); for a smooth union it is the blend of the members' normals that
/// ``SmoothUnion/smoothMin(_:_:k:)`` (the sample overload) documents, whose length can be below 1.
package struct DistanceSample: Hashable, Sendable, CustomStringConvertible {
    /// Signed distance in points: negative inside, positive outside.
    package var distance: Double
    /// The gradient of the field with respect to position.
    package var gradient: Vector2

    @inlinable
    package init(distance: Double, gradient: Vector2) {
        self.distance = distance
        self.gradient = gradient
    }

    package var description: String { "(distance \(distance), gradient \(gradient))" }
}
