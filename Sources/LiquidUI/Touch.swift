import LiquidGeometry

/// One sample of a finger on the screen: a value, so scripted interactions are plain arrays of touches.
///
/// A touch's samples share its ``id``; its first sample has phase ``TouchPhase/began`` and its last
/// ``TouchPhase/ended`` or ``TouchPhase/cancelled``. Ids may be reused after a touch has finished.
public struct Touch: Hashable, Sendable, CustomStringConvertible {
    /// Identifies the finger across its samples.
    public var id: Int
    /// The phase of this sample.
    public var phase: TouchPhase
    /// Where the finger is, in window points.
    public var location: Point
    /// When the sample was taken, in seconds on the run loop's clock.
    public var timestamp: Double
    /// The normalised pressure: 0 (none, or unsupported) … 1 (the device's maximum).
    public var force: Double

    /// Creates a sample. `force` is clamped to 0…1 (NaN becomes 0); `location` and `timestamp` are kept as
    /// given — the run loop ignores samples where they are not finite.
    public init(id: Int = 0, phase: TouchPhase, location: Point, timestamp: Double, force: Double = 0) {
        self.id = id
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.force = force.isNaN ? 0 : Swift.min(Swift.max(force, 0), 1)
    }

    /// Whether the location and timestamp are finite (the run loop delivers only such touches).
    package var isValid: Bool { location.isFinite && timestamp.isFinite }

    /// The same sample with another phase.
    package func with(phase newPhase: TouchPhase) -> Touch {
        var copy = self
        copy.phase = newPhase
        return copy
    }

    public var description: String {
        "touch \(id) \(phase) at \(location) t=\(timestamp)" + (force > 0 ? " force \(force)" : "")
    }
}
