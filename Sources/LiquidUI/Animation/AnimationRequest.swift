import LiquidMotion

/// How a change made now should animate: a timing, a delay, and the animation block whose completion waits
/// for it. Views whose changes are not layer properties (glass materializing and morphing) read
/// ``current`` when they change and move an ``AnimatedValue`` with it, so they animate inside
/// `View.animate` blocks and `withGlassAnimation` alike, on the same clock and arithmetic.
@MainActor
struct AnimationRequest {
    let timing: AnimationTiming
    /// Seconds from now before the motion starts.
    let delay: Double
    /// The block to tell when the motion ends (none for `withGlassAnimation`).
    let group: AnimationGroup?

    init(timing: AnimationTiming, delay: Double = 0, group: AnimationGroup? = nil) {
        self.timing = timing
        self.delay = delay
        self.group = group
    }

    /// The request in force: inside `withGlassAnimation` its animation (or none, for `nil`); otherwise the
    /// innermost open `View.animate` block's; otherwise none (changes show at once).
    static var current: AnimationRequest? {
        if GlassAnimation.isInScope { return GlassAnimation.current?.request }
        return AnimationTransaction.current?.request
    }

    /// Moves `value` to `target` under this request on `runLoop`'s clock (springs without overshoot when
    /// the run loop reduces motion).
    func start<Value>(_ value: inout AnimatedValue<Value>, to target: Value, on runLoop: UIRunLoop) {
        let start = runLoop.currentTime + delay
        value.animate(to: target, with: runLoop.reduceMotion ? timing.withoutOvershoot : timing, start: start,
                      clock: runLoop.animations.makeClock(start: start), group: group)
    }
}
