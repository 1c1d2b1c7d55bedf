/// One frame delivered by a ``FrameClock``.
package struct FrameTick: Hashable, Sendable {
    /// The source's timestamp for this frame, in seconds.
    package let timestamp: Double
    /// Seconds since the previous frame (0 for the first frame; at most the clock's `maximumDelta`).
    package let delta: Double
    /// 0 for the first frame, then 1, 2, …
    package let index: Int
}

/// Turns a ``TickSource``'s timestamps into frames with durations, and hands them to observers.
///
/// Guarantees: every delivered `delta` is finite and ≥ 0 (safe to pass to ``SpringAnimator/advance(by:)``).
/// A timestamp that is NaN, infinite, or not later than the previous one is not a frame: it is dropped.
/// With ``maximumDelta`` set, a longer gap (a stall, a suspended process) is credited as `maximumDelta`
/// and the excess is dropped.
package final class FrameClock {
    /// Called once per accepted frame.
    package typealias Observer = (FrameTick) -> Void

    private let source: TickSource
    private var observers: [(id: Int, body: Observer)] = []
    private var nextObserverID = 0
    private var previousTimestamp: Double?

    /// The most recent frame, if any.
    package private(set) var lastTick: FrameTick?
    /// Timestamps dropped for being non-finite or not increasing.
    package private(set) var rejectedTimestamps = 0
    /// Frame time discarded by ``maximumDelta``.
    package private(set) var clampedTime = 0.0
    /// The longest frame duration delivered; `nil` for no limit.
    package var maximumDelta: Double?

    /// A clock fed by `source`, capping each frame's delta at `maximumDelta` seconds when given; call ``start()`` to begin.
    package init(source: TickSource, maximumDelta: Double? = nil) {
        self.source = source
        self.maximumDelta = maximumDelta
    }

    /// Registers `observer` for every frame; returns a token for ``removeObserver(_:)``.
    @discardableResult
    package func addObserver(_ observer: @escaping Observer) -> Int {
        defer { nextObserverID += 1 }
        observers.append((nextObserverID, observer))
        return nextObserverID
    }

    /// Removes the observer registered under `token`.
    package func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Starts listening to the source.
    package func start() {
        source.start { [unowned self] timestamp in self.receive(timestamp) }
    }

    /// Stops listening; the next start begins a new run (its first frame has delta 0).
    package func stop() {
        source.stop()
        previousTimestamp = nil
    }

    private func receive(_ timestamp: Double) {
        guard timestamp.isFinite else { rejectedTimestamps += 1; return }
        var delta = 0.0
        if let previous = previousTimestamp {
            guard timestamp > previous else { rejectedTimestamps += 1; return }
            delta = timestamp - previous
        }
        if let limit = maximumDelta, delta > limit {
            clampedTime += delta - limit
            delta = limit
        }
        previousTimestamp = timestamp
        let tick = FrameTick(timestamp: timestamp, delta: delta, index: (lastTick?.index ?? -1) + 1)
        lastTick = tick
        for observer in observers { observer.body(tick) }
    }
}
