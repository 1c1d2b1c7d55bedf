import LiquidMotion

/// Runs a run loop's property animations: every frame, before the view passes, it advances each
/// self-moving ``PropertyTrack`` and each running ``PropertyAnimator`` to the frame's time and writes the
/// presented values into the layers. It asks the run loop for frames only while something moves.
@MainActor
package final class LayerAnimationEngine {
    private unowned let runLoop: UIRunLoop
    private var tracks: [PropertyTrack] = []
    private var animators: [PropertyAnimator] = []
    private var isRegistered = false

    init(runLoop: UIRunLoop) {
        self.runLoop = runLoop
    }

    /// How many tracks and animators are running.
    package var count: Int { tracks.count + animators.count }

    /// The time animations started now count from.
    var now: Double { runLoop.currentTime }

    /// Whether springs should not overshoot (the run loop's reduce-motion setting).
    var reducesMotion: Bool { runLoop.reduceMotion }

    /// A fixed-step clock for a spring starting at `start`, under the run loop's motion policy.
    func makeClock(start: Double) -> FixedStepClock {
        runLoop.animations.makeClock(start: start)
    }

    func add(_ track: PropertyTrack) {
        tracks.append(track)
        requestFrames()
    }

    func add(_ animator: PropertyAnimator) {
        guard !animators.contains(where: { $0 === animator }) else { return }
        animators.append(animator)
        requestFrames()
    }

    func remove(_ animator: PropertyAnimator) {
        animators.removeAll { $0 === animator }
    }

    private func requestFrames() {
        guard !isRegistered else { return }
        isRegistered = true
        runLoop.animations.add { [weak self] time, _ in
            guard let self else { return false }
            return self.advance(to: time)
        }
    }

    /// One frame: returns whether anything is still moving (else the engine stops asking for frames).
    private func advance(to time: Double) -> Bool {
        // Completions may start or end animations: work on a snapshot, then keep what is still live.
        for animator in animators {
            animator.advance(to: time)
        }
        let current = tracks
        for track in current where !track.hasEnded {
            if track.advance(to: time) { track.end(interrupted: false) }
        }
        tracks.removeAll { $0.hasEnded }
        isRegistered = !tracks.isEmpty || !animators.isEmpty
        return isRegistered
    }
}
