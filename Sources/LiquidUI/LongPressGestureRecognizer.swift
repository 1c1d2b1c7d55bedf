import LiquidGeometry

/// Recognizes a finger held still (continuous: possible → began → changed* → ended | cancelled, or
/// failed).
///
/// It begins once the finger has been down for ``minimumDuration`` without moving more than
/// ``allowableMovement`` from its touch-down point — detected by the run loop's ticks, or by the next
/// touch sample, whichever comes first, so it begins at the first frame or sample at or after the
/// deadline (``beganTime``). Lifting or moving too far before then fails it. After it has begun the finger
/// may move freely (changed) until it lifts (ended).
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the finger must stay down, in seconds (default 0.5). Compared with `≥` (within
    /// `GestureRecognizer.timeTolerance`).
    public var minimumDuration = 0.5
    /// How far, in points, the finger may move before the press begins (default 10). Compared with `>`.
    public var allowableMovement = 10.0

    /// When the press began (the tick or sample time that found the deadline passed); `nil` before.
    public private(set) var beganTime: Double?

    public override init() {
        super.init()
    }

    package override var wantsTimeUpdates: Bool {
        isTracking && state == .possible
    }

    package override func touchBegan(_ touch: Touch) {
        beganTime = nil
        if minimumDuration <= 0 { begin(at: touch.timestamp) }
    }

    package override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            if let down = firstTouch, touch.location.distance(to: down.location) > allowableMovement {
                transition(to: .failed)
            }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    package override func touchEnded(_ touch: Touch) {
        if state == .possible {
            transition(to: .failed)
        } else {
            transition(to: .ended)
        }
    }

    package override func timeDidAdvance(to time: Double) {
        guard isTracking, state == .possible, let down = firstTouch,
            time - down.timestamp >= minimumDuration - GestureRecognizer.timeTolerance
        else { return }
        begin(at: time)
    }

    package override func reset() {
        beganTime = nil
    }

    private func begin(at time: Double) {
        beganTime = time
        transition(to: .began)
    }
}
