import LiquidMotion

/// Runs a control's springs on the hosting run loop while any of them moves: one per-frame callback,
/// advanced in the whole fixed steps of the run loop's clock (``AnimationDriver/makeClock(start:)``), so
/// every control follows the same frame and catch-up policy.
///
/// The clock starts at the previous frame (`time − delta`), so the first frame after a change advances a
/// whole frame interval (two 1/120 s steps at 60 Hz). Without a run loop the springs jump to rest at once.
@MainActor
final class ControlSpringRunner {
    /// Whether any spring still moves.
    private let isMoving: @MainActor () -> Bool
    /// Advances every spring by one step of the given length, in seconds.
    private let step: @MainActor (Double) -> Void
    /// Puts every spring at its target (used when there is no run loop to animate on).
    private let jumpToRest: @MainActor () -> Void
    /// Called after every frame's steps (and after a jump), e.g. to invalidate the control's image.
    private let didAdvance: @MainActor () -> Void

    private var handle: AnimationDriver.Handle?
    /// The run loop's step clock while the springs move (`nil` until their first frame).
    private var clock: FixedStepClock?

    init(isMoving: @escaping @MainActor () -> Bool, step: @escaping @MainActor (Double) -> Void,
         jumpToRest: @escaping @MainActor () -> Void, didAdvance: @escaping @MainActor () -> Void) {
        self.isMoving = isMoving
        self.step = step
        self.jumpToRest = jumpToRest
        self.didAdvance = didAdvance
    }

    /// Registers the per-frame callback with `runLoop` if a spring moves and none is registered yet.
    func startIfNeeded(on runLoop: UIRunLoop?) {
        guard isMoving(), handle == nil else { return }
        guard let runLoop else {
            jumpToRest()
            didAdvance()
            return
        }
        clock = nil
        handle = runLoop.animations.add { [weak self, weak runLoop] time, delta in
            guard let self else { return false }
            return self.advance(to: time, delta: delta, driver: runLoop?.animations)
        }
    }

    /// One frame: the steps the clock owes at `time`; returns whether to keep running.
    private func advance(to time: Double, delta: Double, driver: AnimationDriver?) -> Bool {
        var frameClock = clock ?? driver?.makeClock(start: time - delta) ?? .sixtyHertz
        for _ in 0..<frameClock.advance(to: time) { step(frameClock.step) }
        clock = frameClock
        didAdvance()
        if isMoving() { return true }
        handle = nil
        clock = nil
        return false
    }
}
