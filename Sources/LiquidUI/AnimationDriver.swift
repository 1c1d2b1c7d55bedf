/// Runs per-frame callbacks — typically advancing ``SpringAnimator``s and requesting a pass — once per
/// frame, before the view passes, with the frame's time and duration.
///
/// A callback returns whether it wants more frames; returning `false` removes it (a settled spring).
/// Callbacks run in the order they were added; one added during a frame first runs on the next frame.
/// Springs made with `SpringAnimator(stepping: .fixed(...))` turn the frame durations into fixed steps
/// themselves, so motion is identical whatever the frame rate or a dropped frame.
@MainActor
public final class AnimationDriver {
    /// Identifies a registered callback.
    public struct Handle: Hashable, Sendable {
        let id: Int
    }

    /// A per-frame callback: `(time, delta)` in seconds; returns whether to keep running.
    public typealias Callback = @MainActor (_ time: Double, _ delta: Double) -> Bool

    private var callbacks: [(id: Int, body: Callback)] = []
    private var nextID = 0

    public init() {}

    /// How many callbacks are registered.
    public var count: Int { callbacks.count }

    /// Whether any callback is registered (the run loop then has work every frame).
    public var isAnimating: Bool { !callbacks.isEmpty }

    /// Registers `body` to run every frame until it returns `false` or is removed.
    @discardableResult
    public func add(_ body: @escaping Callback) -> Handle {
        defer { nextID += 1 }
        callbacks.append((nextID, body))
        return Handle(id: nextID)
    }

    /// Unregisters a callback (no effect if it already finished).
    public func remove(_ handle: Handle) {
        callbacks.removeAll { $0.id == handle.id }
    }

    /// Runs every registered callback once for a frame at `time` lasting `delta` seconds, removing those
    /// that return `false`. Returns how many ran.
    @discardableResult
    public func advance(time: Double, delta: Double) -> Int {
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
