import LiquidGeometry
import LiquidMotion

extension View {
    /// Animates the changes `changes` makes to animatable layer properties, UIKit style: inside the block,
    /// set new values (`view.frame = …`, `view.transform = …`, `view.layer.opacity = 0`); each changed
    /// property then moves from the value it presented to its new value with `timing`, starting `delay`
    /// seconds from now on the hosting run loop's clock.
    ///
    /// Animatable: a layer's `frame`, `transform` (through its rotation, scales, shear and translation, the
    /// short way round), `anchorPoint`, `opacity`, `cornerRadii`, `backgroundColor` (to and from none as a
    /// fade) and the numbers of its `filters` (blur σ, thresholds, saturation, threshold colours) when the
    /// old and new lists have the same kinds. View properties that mirror a layer property animate through
    /// it: a view's own property holds the new value at once, its layer shows the motion. Glass changes
    /// (turning glass on or off, a glass style to or from `identity`, moving glass in a container) animate
    /// with the block's timing too, and the completion waits for them.
    ///
    /// Interrupting: starting an animation on a property that is moving starts from its presented value; a
    /// spring also takes over the property's current velocity (plus `initialVelocity`), so position and
    /// velocity stay continuous. A timing curve starts from the presented value at rest (it does not blend
    /// additively with the motion it replaces). Setting a moving property outside an animation block stops
    /// its animation at the new value. Each interrupted animation ends as not finished.
    ///
    /// `completion` runs once, on a frame of the run loop, when the last of the block's animations ends:
    /// with `true` if all of them reached their ends, `false` if any was interrupted. When nothing in the
    /// block animates (no changes, or only layers outside a run loop's tree, which take their new values at
    /// once) it runs before this method returns, with `true`. With the run loop's
    /// ``UIRunLoop/reduceMotion`` on, springs do not overshoot.
    /// - Throws: `LiquidError` (`.nonFinite` or `.outOfRange`) naming `delay` unless it is finite and ≥ 0;
    ///   nothing runs then.
    public static func animate(_ timing: AnimationTiming = .default, delay: Double = 0, _ changes: () -> Void,
                               completion: (@MainActor (_ finished: Bool) -> Void)? = nil) throws(LiquidError) {
        guard delay.isFinite, delay >= 0 else {
            throw .invalidParameter(name: "animation delay", value: delay,
                                    requirement: "must be finite and not negative (seconds)")
        }
        let group = AnimationGroup(completion: completion)
        let transaction = AnimationTransaction(timing: timing, delay: delay, group: group)
        transaction.record(changes)
        for move in transaction.moves() {
            let start = move.engine.now + delay
            let effective = move.engine.reducesMotion ? timing.withoutOvershoot : timing
            var value = AnimatedValue(move.from, velocity: move.velocity)
            var added: AnimationVector?
            if case .spring(_, let initialVelocity) = effective.kind {
                added = initialVelocity.velocity(covering: move.to - move.from, of: move.before.property)
            }
            value.animate(to: move.to, with: effective, start: start, clock: move.engine.makeClock(start: start),
                          addedVelocity: added)
            let velocity = value.velocity
            let track = PropertyTrack(layer: move.layer, origin: move.before, target: move.target, from: move.from,
                                      to: move.to, motion: .own(value), velocity: velocity)
            track.group = group
            group.join()
            move.layer.animationTracks[track.property] = track
            move.engine.add(track)
        }
        group.finishIfEmpty()
    }
}
