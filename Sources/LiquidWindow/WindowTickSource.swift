import LiquidMotion

/// The frame source of `liquid play`: LiquidMotion's real-time ``IntervalTickSource`` at the display's
/// refresh rate, with a hook before each tick (gather window events, dispatch touches) and one after it
/// (composite and show the frame), so one thread does everything in a fixed order per frame:
/// events → ``UIRunLoop`` step (the handler from ``start(_:)``) → present.
final class WindowTickSource: TickSource {
    /// Runs before each tick's handler, with the tick's timestamp (seconds since ``run()`` began).
    var beforeTick: (Double) -> Void = { _ in }
    /// Runs after each tick's handler, with the same timestamp.
    var afterTick: (Double) -> Void = { _ in }
    private let interval: IntervalTickSource

    /// - Throws: ``MotionError`` unless `framesPerSecond` is positive, finite and at most 1000.
    init(framesPerSecond: Double) throws {
        interval = try IntervalTickSource(framesPerSecond: framesPerSecond)
    }

    func start(_ handler: @escaping (Double) -> Void) {
        interval.start { [weak self] time in
            self?.beforeTick(time)
            handler(time)
            self?.afterTick(time)
        }
    }

    /// Makes ``run()`` return after the current tick.
    func stop() { interval.stop() }

    /// Delivers ticks on the calling thread until ``stop()`` (call ``start(_:)`` first, e.g. through
    /// ``UIRunLoop/drive(from:)``).
    func run() { interval.run(seconds: .infinity) }
}
