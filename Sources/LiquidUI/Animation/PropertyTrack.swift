import LiquidMotion

/// One layer property moving from a start value to an end value, written to the layer once per frame.
///
/// A track moves on its own (a timing curve or a spring, stepped by the run loop's frame clock) or is
/// driven by a ``PropertyAnimator``'s progress. It is the property's only animation: starting another one
/// on the same property, or setting the property outside an animation block, ends it as interrupted.
@MainActor
package final class PropertyTrack {
    enum Motion {
        /// On its own: a curve or a spring on the run loop's clock.
        case own(AnimatedValue<AnimationVector>)
        /// By a property animator: the animator's progress `p` shows `from + (to − from)·(p − p₀)/(1 − p₀)`,
        /// `p₀` the progress when the track joined.
        case driven(progressStart: Double)
    }

    let layer: Layer
    /// The exact value the move started from and the one it lands on.
    let origin: LayerValue
    let target: LayerValue
    let from: AnimationVector
    let to: AnimationVector
    private(set) var motion: Motion
    /// The presented value and velocity (per second) as of the latest frame.
    private(set) var presented: AnimationVector
    private(set) var velocity: AnimationVector = .zero
    /// The block this track belongs to, told when it ends.
    var group: AnimationGroup?
    /// Called when the track ends interrupted (the driving animator drops it).
    var onInterrupt: (@MainActor (PropertyTrack) -> Void)?
    private(set) var hasEnded = false

    var property: AnimatableProperty { target.property }

    init(layer: Layer, origin: LayerValue, target: LayerValue, from: AnimationVector, to: AnimationVector,
         motion: Motion, velocity: AnimationVector = .zero) {
        self.layer = layer
        self.origin = origin
        self.target = target
        self.from = from
        self.to = to
        self.motion = motion
        self.presented = from
        self.velocity = velocity
    }

    /// Advances a self-moving track to run-loop time `time`, writes the presented value, and returns
    /// whether the track reached its end (it then wrote the exact end value).
    func advance(to time: Double) -> Bool {
        guard case .own(var value) = motion else { return false }
        let rests = value.advance(to: time)
        motion = .own(value)
        if rests { return land() }
        presented = value.value
        velocity = value.velocity
        layer.present(LayerValue.value(presented, like: target))
        return false
    }

    /// Shows the animator progress `progress`, moving at `progressVelocity` per second.
    func show(progress: Double, progressVelocity: Double) {
        guard case .driven(let p0) = motion else { return }
        let span = 1 - p0
        let t = span > 0 ? (progress - p0) / span : 1
        presented = from.interpolated(to: to, t)
        velocity = span > 0 ? (to - from).scaled(by: progressVelocity / span) : .zero
        layer.present(LayerValue.value(presented, like: target))
    }

    /// Writes the exact end value; returns `true`.
    @discardableResult
    func land() -> Bool {
        presented = to
        velocity = .zero
        layer.present(target)
        return true
    }

    /// Writes the exact start value.
    func returnToOrigin() {
        presented = from
        velocity = .zero
        layer.present(origin)
    }

    /// Ends the track: detaches it from its layer and tells its group. Ending twice does nothing.
    func end(interrupted: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        if layer.animationTracks[property] === self { layer.animationTracks[property] = nil }
        if interrupted { onInterrupt?(self) }
        group?.leave(interrupted: interrupted)
    }
}
