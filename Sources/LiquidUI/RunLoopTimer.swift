import LiquidGeometry

/// A timer on a run loop's frame clock: it fires during the first frame at or after each scheduled time,
/// before the view passes, and is handed the scheduled time (not the frame's), so work keyed to it stays
/// exact however the frames fall. Nothing reads a wall clock: a headless run steps it exactly.
///
/// Fire times are `firstFire + k·interval` (no drift). When a late frame skips several of them, the timer
/// fires once, for the latest one passed, and continues from the next — missed fires are coalesced. An
/// `interval` of 0 makes a one-shot timer. ``invalidate()`` stops it; so does the run loop going away.
@MainActor
public final class RunLoopTimer {
    /// Seconds between fires (0 for a one-shot timer).
    public let interval: Double
    /// The next scheduled fire time, `nil` once the timer is invalid.
    public private(set) var nextFireTime: Double?
    private let action: @MainActor (Double) -> Void
    private weak var runLoop: UIRunLoop?
    private var handle: AnimationDriver.Handle?

    /// Schedules a timer on `runLoop` that first fires at run-loop time `firstFire`, then every `interval`
    /// seconds, calling `action` with each scheduled fire time.
    /// - Throws: `LiquidError` for a non-finite `firstFire` or an `interval` that is negative, not finite,
    ///   or shorter than a millisecond (0, a one-shot, excepted).
    public init(on runLoop: UIRunLoop, firstFire: Double, interval: Double,
                action: @escaping @MainActor (_ fireTime: Double) -> Void) throws(LiquidError) {
        guard firstFire.isFinite else { throw .invalidParameter(name: "timer start", value: firstFire, requirement: "must be finite") }
        guard interval.isFinite, interval == 0 || interval >= 0.001 else {
            throw .invalidParameter(name: "timer interval", value: interval, requirement: "must be 0 (once) or at least 0.001 s")
        }
        self.interval = interval
        self.action = action
        self.runLoop = runLoop
        nextFireTime = firstFire
        handle = runLoop.animations.add { [weak self] time, _ in self?.tick(time) ?? false }
    }

    /// Whether the timer will fire again.
    public var isValid: Bool { nextFireTime != nil }

    /// Stops the timer; it never fires again.
    public func invalidate() {
        nextFireTime = nil
        if let handle { runLoop?.animations.remove(handle) }
        handle = nil
    }

    /// Frame times within this of a fire time count as reaching it (frame times are sums of 1/fps).
    private static let tolerance = 1e-9

    private func tick(_ time: Double) -> Bool {
        guard let next = nextFireTime else { return false }
        guard time + Self.tolerance >= next else { return true }
        var fired = next
        if interval > 0 {
            let passed = ((time + Self.tolerance - next) / interval).rounded(.down)
            fired = next + passed * interval
            nextFireTime = fired + interval
        } else {
            nextFireTime = nil
            handle = nil
        }
        action(fired)
        return nextFireTime != nil
    }
}
