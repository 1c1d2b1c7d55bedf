/// The timeline of a metaball icon morph (as in published shape-morphing write-ups): the icons are blurred, the old one
/// cross-fades into the new one while the blur is high (the threshold then makes the blobs stretch toward
/// each other and fuse), and the blur returns to 0.
///
/// For a duration D (the timeline's unit, e.g. 0.5 s), with every ramp linear:
/// - the blur radius ramps 0 → ``maximumBlurRadius`` over [0, D/4];
/// - starting 3/4 of the way through that ramp (t = 3D/16), the old icon fades 1 → 0 and the new one
///   0 → 1 over D/2, i.e. over [3D/16, 11D/16];
/// - starting 3/4 of the way through the cross-fade (t = 9D/16), the blur ramps back to 0 over D/4, i.e.
///   over [9D/16, 13D/16];
/// - at ``endTime`` = 13D/16 everything has settled and the old icon can be removed.
///
/// A pure function of time: `state(at:)` has no memory, so scrubbing and reversing are free. Before 0 it
/// gives the start state, after ``endTime`` the end state. Guarantees: the opacities always sum to 1;
/// the blur radius is continuous, within 0…``maximumBlurRadius``, and equals the maximum on
/// [D/4, 9D/16]. A duration ≤ 0 or not finite is an instant morph (the end state at every t ≥ 0).
package struct IconMorph: Sendable, Hashable {
    /// The timeline's unit D in seconds.
    package var duration: Double
    /// The peak blur radius in points (≈ 5 in the published timeline).
    package var maximumBlurRadius: Double

    /// A morph over `duration` seconds peaking at `maximumBlurRadius` points.
    package init(duration: Double = 0.5, maximumBlurRadius: Double = 5) {
        self.duration = duration
        self.maximumBlurRadius = maximumBlurRadius
    }

    /// What to draw at one instant.
    package struct State: Sendable, Hashable {
        /// The blur radius (points) of the goo pass.
        package var blurRadius: Double
        /// Opacity of the old icon (0…1).
        package var oldOpacity: Double
        /// Opacity of the new icon (0…1) = 1 − `oldOpacity`.
        package var newOpacity: Double

        package init(blurRadius: Double, oldOpacity: Double, newOpacity: Double) {
            self.blurRadius = blurRadius
            self.oldOpacity = oldOpacity
            self.newOpacity = newOpacity
        }
    }

    /// The blur's rise, [0, D/4].
    package var blurRise: ClosedRange<Double> { 0...(duration / 4) }
    /// The cross-fade, [3D/16, 11D/16].
    package var crossFade: ClosedRange<Double> { (3 * duration / 16)...(11 * duration / 16) }
    /// The blur's fall, [9D/16, 13D/16].
    package var blurFall: ClosedRange<Double> { (9 * duration / 16)...(13 * duration / 16) }
    /// When the morph is over and the old icon can be removed: 13D/16.
    package var endTime: Double { 13 * duration / 16 }

    /// The state at `time` seconds after the morph started.
    package func state(at time: Double) -> State {
        let peak = maximumBlurRadius.isFinite ? Swift.max(maximumBlurRadius, 0) : 0
        guard duration.isFinite, duration > 0, !time.isNaN else {
            let started = !time.isNaN && time >= 0
            return State(blurRadius: 0, oldOpacity: started ? 0 : 1, newOpacity: started ? 1 : 0)
        }
        let rise = Self.progress(time, over: blurRise)
        let fall = Self.progress(time, over: blurFall)
        let fade = Self.progress(time, over: crossFade)
        return State(blurRadius: peak * Swift.min(rise, 1 - fall), oldOpacity: 1 - fade, newOpacity: fade)
    }

    /// Whether the morph has finished at `time` (the old icon can be removed).
    package func isFinished(at time: Double) -> Bool { time >= endTime }

    /// (t − start) / length clamped to 0…1.
    private static func progress(_ t: Double, over range: ClosedRange<Double>) -> Double {
        let length = range.upperBound - range.lowerBound
        guard length > 0 else { return t >= range.upperBound ? 1 : 0 }
        return Swift.min(Swift.max((t - range.lowerBound) / length, 0), 1)
    }
}
