import LiquidMotion

/// Runs per-frame callbacks — typically advancing ``SpringAnimator``s and requesting a pass — once per
/// frame, before the view passes, with the frame's time and duration.
///
/// A callback returns whether it wants more frames; returning `false` removes it (a settled spring).
/// Callbacks run in the order they were added; one added during a frame first runs on the next frame.
///
/// ## One motion policy
/// Every control steps its springs through a ``FixedStepClock`` made by ``makeClock(start:)``: fixed
/// steps of ``step`` (1/120 s), a displayed frame advancing them by the nominal ``frameInterval`` (two
/// steps at 60 Hz, one at 120, one every other frame at 240), and a late frame (more than 1.5 intervals
/// after the previous one — a dropped frame in a window) handled by ``lateFramePolicy``: by default the
/// motion pauses instead of skipping ahead;
/// ``FixedStepClock/LateFramePolicy/catchUp`` takes the missing steps instead. Headless runs at a fixed
/// frame rate are never late, so the policy does not change them.
@MainActor
package final class AnimationDriver {
    /// The simulation step of every clock this driver makes, seconds.
    package static let step = FixedStepClock.defaultStep

    /// The nominal interval between frames, seconds (the hosting run loop's ``UIRunLoop/frameInterval``).
    package internal(set) var frameInterval: Double
    /// What a late frame does to clocks made from now on (default ``FixedStepClock/LateFramePolicy/pause``).
    package var lateFramePolicy: FixedStepClock.LateFramePolicy = .pause
    /// Identifies a registered callback.
    package struct Handle: Hashable, Sendable {
        let id: Int
    }

    /// A per-frame callback: `(time, delta)` in seconds; returns whether to keep running.
    package typealias Callback = @MainActor (_ time: Double, _ delta: Double) -> Bool

    private var callbacks: [(id: Int, body: Callback)] = []
    private var nextID = 0

    /// A driver for frames `frameInterval` seconds apart (default 1/60 s; a non-positive or non-finite
    /// interval counts as 1/60 s).
    package init(frameInterval: Double = 1.0 / 60) {
        self.frameInterval = frameInterval.isFinite && frameInterval > 0 ? frameInterval : 1.0 / 60
    }

    /// A clock for one motion under this driver's policy, its step 0 at `start` (a non-finite start counts
    /// as 0).
    package func makeClock(start: Double) -> FixedStepClock {
        // The interval is positive and finite (init and the run loop guarantee it) and the step is a
        // positive constant, so the clock's validation cannot fail; the fallback is never used.
        let clock = try? FixedStepClock(step: Self.step, frameInterval: frameInterval,
                                        lateFramePolicy: lateFramePolicy, start: start.isFinite ? start : 0)
        return clock ?? .sixtyHertz
    }

    /// How many callbacks are registered.
    package var count: Int { callbacks.count }

    /// Whether any callback is registered (the run loop then has work every frame).
    package var isAnimating: Bool { !callbacks.isEmpty }

    /// Registers `body` to run every frame until it returns `false` or is removed.
    @discardableResult
    package func add(_ body: @escaping Callback) -> Handle {
        defer { nextID += 1 }
        callbacks.append((nextID, body))
        return Handle(id: nextID)
    }

    /// Unregisters a callback (no effect if it already finished).
    package func remove(_ handle: Handle) {
        callbacks.removeAll { $0.id == handle.id }
    }

    /// Runs every registered callback once for a frame at `time` lasting `delta` seconds, removing those
    /// that return `false`. Returns how many ran.
    @discardableResult
    package func advance(time: Double, delta: Double) -> Int {
        let due = callbacks
        var finished: Set<Int> = []
        for callback in due where !callback.body(time, delta) {
            finished.insert(callback.id)
        }
        if !finished.isEmpty {
            callbacks.removeAll { finished.contains($0.id) }
        }
        return due.count
    }
}
