import LiquidGeometry
import LiquidMotion

/// The frame source of a ``WindowHost``: LiquidMotion's real-time ``IntervalTickSource`` at the display's
/// refresh rate, with a hook before each tick (gather window events, dispatch touches) and one after it
/// (composite and show the frame), so one thread does everything in a fixed order per frame:
/// events → ``UIRunLoop`` step (the handler from ``start(_:)``) → present.
final class WindowTickSource: TickSource {
    /// Added to every timestamp, so a run loop that already ran frames sees time go on where it stopped.
    var origin = 0.0
    /// Runs before each tick's handler, with the tick's timestamp (``origin`` plus seconds since
    /// ``run(seconds:)`` began).
    var beforeTick: (Double) -> Void = { _ in }
    /// Runs after each tick's handler, with the same timestamp.
    var afterTick: (Double) -> Void = { _ in }
    private let interval: IntervalTickSource

    /// - Throws: `LiquidError` unless `framesPerSecond` is positive, finite and at most 1000.
    init(framesPerSecond: Double) throws {
        interval = try IntervalTickSource(framesPerSecond: framesPerSecond)
    }

    func start(_ handler: @escaping (Double) -> Void) {
        interval.start { [weak self] elapsed in
            guard let self else { return }
            let time = origin + elapsed
            beforeTick(time)
            handler(time)
            afterTick(time)
        }
    }

    /// Makes ``run(seconds:)`` return after the current tick.
    func stop() { interval.stop() }

    /// Delivers ticks on the calling thread for `seconds` of wall time or until ``stop()`` (call
    /// ``start(_:)`` first, e.g. through ``UIRunLoop/drive(from:)``).
    func run(seconds: Double) { interval.run(seconds: seconds) }
}
