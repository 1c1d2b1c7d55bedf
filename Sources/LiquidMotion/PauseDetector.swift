import DequeModule
import LiquidGeometry

/// Detects that a drag has paused by the way it decelerates, without timers (the app-switcher gesture
/// from WWDC18 "Designing Fluid Interfaces").
///
/// Feed it the gesture's velocity (points per second) and its offset from where it began (points) on
/// every change. It keeps the last ``Configuration/historyLength`` velocities (7 by default) and reports
/// a pause when all three hold for the newest velocity `v` and the oldest kept velocity `v₀`:
///
/// - the finger is nearly still: `|v| ≤ maximumSpeed` (100 pt/s);
/// - the gesture has gone somewhere: `|offset| ≥ minimumOffset` (50 pt);
/// - it got there by braking: `(|v₀| − |v|) / |v₀| > minimumDeceleration` (0.9), i.e. the speed lost more
///   than 90 % of itself over the history. Only speeds are compared, so a finger that turns or reverses
///   without slowing down has not braked; a gesture that was never moving (`v₀ = 0`) has not either.
///
/// At least two velocities are needed; before that the gesture is not paused. The answer is re-evaluated
/// on every update, so moving off again un-pauses it. Updates with a NaN or infinite component are
/// ignored and leave the state unchanged.
public struct PauseDetector: Sendable {
    /// The thresholds of the pause test; every value is finite, the thresholds non-negative, the
    /// history at least 2 long.
    public struct Configuration: Hashable, Sendable {
        /// How many recent velocities are kept (7).
        public var historyLength: Int
        /// The highest speed, in points per second, that still counts as paused (100).
        public var maximumSpeed: Double
        /// The smallest distance from the gesture's start, in points, at which a pause counts (50).
        public var minimumOffset: Double
        /// The fraction of the oldest kept speed that must have been lost (0.9); compared with `>`.
        public var minimumDeceleration: Double

        /// Creates a configuration; the defaults are the talk's.
        ///
        /// - Throws: `LiquidError` if a threshold is NaN, ±∞ or negative, or `historyLength < 2`.
        public init(
            historyLength: Int = 7, maximumSpeed: Double = 100, minimumOffset: Double = 50,
            minimumDeceleration: Double = 0.9
        ) throws(LiquidError) {
            guard historyLength >= 2 else {
                throw .invalidParameter(
                    name: "pause history length", value: Double(historyLength), requirement: "must be at least 2")
            }
            for (name, value) in [
                ("pause maximum speed", maximumSpeed), ("pause minimum offset", minimumOffset),
                ("pause minimum deceleration", minimumDeceleration),
            ] {
                _ = try LiquidError.requireFinite(value, name)
                guard value >= 0 else {
                    throw .invalidParameter(name: name, value: value, requirement: "must not be negative")
                }
            }
            self.historyLength = historyLength
            self.maximumSpeed = maximumSpeed
            self.minimumOffset = minimumOffset
            self.minimumDeceleration = minimumDeceleration
        }

        /// The talk's thresholds: 7 velocities, 100 pt/s, 50 pt, 0.9.
        public static let standard = Configuration(unchecked: ())

        private init(unchecked: Void) {
            historyLength = 7
            maximumSpeed = 100
            minimumOffset = 50
            minimumDeceleration = 0.9
        }
    }

    /// The thresholds in use.
    public let configuration: Configuration
    /// Whether the most recent accepted update looked like a pause.
    public private(set) var isPaused = false

    private var velocities: Deque<Vector2> = []

    /// A detector with `configuration`, not paused.
    public init(configuration: Configuration = .standard) {
        self.configuration = configuration
    }

    /// The velocities kept, oldest first, in points per second.
    package var recentVelocities: [Vector2] { Array(velocities) }

    /// Records the gesture's current `velocity` (points per second) and `offset` from its start (points),
    /// and returns whether it is paused now (also available as ``isPaused``).
    ///
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(velocity: Vector2, offset: Vector2) -> Bool {
        guard velocity.isFinite, offset.isFinite else { return isPaused }
        velocities.append(velocity)
        if velocities.count > configuration.historyLength { velocities.removeFirst() }
        isPaused = evaluate(offset: offset)
        return isPaused
    }

    /// Forgets the history and un-pauses (call when a new gesture begins).
    public mutating func reset() {
        velocities.removeAll()
        isPaused = false
    }

    private func evaluate(offset: Vector2) -> Bool {
        guard velocities.count >= 2, let first = velocities.first, let current = velocities.last else { return false }
        guard current.length <= configuration.maximumSpeed else { return false }
        guard offset.length >= configuration.minimumOffset else { return false }
        let firstSpeed = first.length
        guard firstSpeed > 0 else { return false }
        return (firstSpeed - current.length) / firstSpeed > configuration.minimumDeceleration
    }
}
