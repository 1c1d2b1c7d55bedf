import LiquidMotion

/// Up to eight numbers animated together: the common form every animatable layer property takes while it
/// moves (a frame is four numbers, a decomposed transform six, a colour four, an opacity one), so one
/// spring and one interpolation serve them all. Unused lanes stay zero.
package struct AnimationVector: AnimatableVector {
    package var lanes: SIMD8<Double>

    package init(_ lanes: SIMD8<Double>) {
        self.lanes = lanes
    }

    /// The vector whose first lanes are `values` (at most eight; extra values are a programming error).
    package init(_ values: [Double]) {
        precondition(values.count <= 8, "an animation vector holds at most eight numbers")
        var lanes = SIMD8<Double>()
        for (i, value) in values.enumerated() { lanes[i] = value }
        self.lanes = lanes
    }

    package static var zero: AnimationVector { AnimationVector(SIMD8<Double>()) }
    package static func + (a: AnimationVector, b: AnimationVector) -> AnimationVector { AnimationVector(a.lanes + b.lanes) }
    package static func - (a: AnimationVector, b: AnimationVector) -> AnimationVector { AnimationVector(a.lanes - b.lanes) }
    package func scaled(by factor: Double) -> AnimationVector { AnimationVector(lanes * factor) }
    package var magnitudeSquared: Double { (lanes * lanes).sum() }

    /// Whether every lane is finite.
    package var isFinite: Bool {
        for i in 0..<8 where !lanes[i].isFinite { return false }
        return true
    }

    /// `self + (other − self)·t`.
    package func interpolated(to other: AnimationVector, _ t: Double) -> AnimationVector {
        AnimationVector(lanes + (other.lanes - lanes) * t)
    }
}
