/// Something that produces frame timestamps: a display link, a window's frame callback, a test's clock.
///
/// A source calls the handler given to ``start(_:)`` once per frame with a monotonic timestamp in seconds,
/// on the thread that drives it, until ``stop()``. A run loop driven by a source steps one frame per tick.
public protocol TickSource: AnyObject {
    func start(_ handler: @escaping (Double) -> Void)
    func stop()
}

/// A tick source driven by hand: tests and headless runs call ``tick(at:)`` or ``advance(by:)``.
package final class ManualTickSource: TickSource {
    private var handler: ((Double) -> Void)?
    /// The last timestamp delivered (seconds).
    package private(set) var now: Double

    package init(startingAt start: Double = 0) { now = start }

    package func start(_ handler: @escaping (Double) -> Void) { self.handler = handler }
    package func stop() { handler = nil }

    /// Delivers a frame at `timestamp` (ignored by the clock unless it is later than the previous one).
    package func tick(at timestamp: Double) {
        now = timestamp
        handler?(timestamp)
    }

    /// Delivers a frame `dt` seconds after the previous one.
    package func advance(by dt: Double) { tick(at: now + dt) }

    /// Delivers `count` frames spaced `interval` seconds apart.
    package func run(frames count: Int, interval: Double) {
        for _ in 0..<Swift.max(0, count) { advance(by: interval) }
    }
}

/// A real-time tick source: sleeps between frames at a fixed rate on the calling thread.
///
/// ``run(seconds:)`` blocks, delivering ticks stamped with a monotonic clock, until the duration has passed
/// or ``stop()`` is called from a handler. Late frames are delivered late (never bunched up), so the clock
/// sees the real frame time.
public final class IntervalTickSource: TickSource {
    /// Seconds between ticks: 1 / frames per second.
    public let interval: Double
    private var handler: ((Double) -> Void)?
    private var running = false

    /// - Throws: `LiquidError` unless `framesPerSecond` is positive, finite and at most 1000.
    public init(framesPerSecond: Double) throws(LiquidError) {
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidParameter(name: "frame rate", value: framesPerSecond,
                                    requirement: "must be between 0 (exclusive) and 1000 frames per second")
        }
        interval = 1 / framesPerSecond
    }

    /// Sets the handler ``run(seconds:)`` delivers ticks to.
    public func start(_ handler: @escaping (Double) -> Void) {
        self.handler = handler
        running = true
    }

    /// Makes a running ``run(seconds:)`` return after the current tick.
    public func stop() { running = false }

    /// Delivers ticks for `seconds` of wall time (or until stopped).
    public func run(seconds: Double) {
        let clock = ContinuousClock()
        let origin = clock.now
        func elapsed() -> Double {
            let d = clock.now - origin
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        var next = 0.0
        while running, let handler, elapsed() < seconds {
            let wait = next - elapsed()
            if wait > 0 { Self.sleep(wait) }
            handler(elapsed())
            next += interval
            // After a stall, resume from now instead of firing a burst of catch-up ticks.
            if next < elapsed() { next = elapsed() + interval }
        }
    }

    private static func sleep(_ seconds: Double) {
        let nanos = Int64(seconds * 1e9)
        guard nanos > 0 else { return }
        var request = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        _ = nanosleep(&request, nil)
    }
}

#if canImport(Glibc)
import Glibc
import LiquidGeometry
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
