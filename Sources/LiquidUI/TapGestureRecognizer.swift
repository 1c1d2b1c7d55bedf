import LiquidGeometry

/// Recognizes one or more quick taps (a discrete gesture: possible → recognized, or failed).
///
/// Each tap must lift within ``maximumDuration`` of touching down and stay within ``maximumMovement`` of
/// where it touched down. With ``numberOfTapsRequired`` above 1, each further tap must touch down within
/// ``maximumInterval`` of the previous lift and within ``maximumTapDistance`` of the first tap. The gesture
/// is recognized when the last required tap lifts; it fails as soon as a rule is broken — including by
/// time alone (held too long, or the next tap never came), which the run loop's ticks detect. A cancelled
/// touch fails it. Limits are compared with `>` (times within `GestureRecognizer.timeTolerance`): a
/// tap lasting exactly ``maximumDuration`` counts.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps needed (default 1; values below 1 act as 1).
    public var numberOfTapsRequired = 1
    /// How far, in points, a tap may move from its touch-down point (default 10).
    public var maximumMovement = 10.0
    /// The longest a tap may stay down, in seconds (default 0.5).
    public var maximumDuration = 0.5
    /// The longest pause between one tap's lift and the next tap's touch-down, in seconds (default 0.35).
    public var maximumInterval = 0.35
    /// How far, in points, a later tap may land from the first one (default 45).
    public var maximumTapDistance = 45.0

    /// Taps completed in the current sequence.
    public private(set) var tapCount = 0

    private var firstTapLocation = Point.zero
    private var lastLiftTime = 0.0

    public override init() {
        super.init()
    }

    package override var wantsTimeUpdates: Bool {
        isTracking || (state == .possible && tapCount > 0)
    }

    package override func touchBegan(_ touch: Touch) {
        if tapCount == 0 {
            firstTapLocation = touch.location
        } else if touch.location.distance(to: firstTapLocation) > maximumTapDistance {
            transition(to: .failed)
        }
    }

    package override func touchMoved(_ touch: Touch) {
        guard state == .possible, let down = firstTouch else { return }
        if touch.location.distance(to: down.location) > maximumMovement {
            transition(to: .failed)
        }
    }

    package override func touchEnded(_ touch: Touch) {
        guard state == .possible, let down = firstTouch else { return }
        if touch.location.distance(to: down.location) > maximumMovement
            || touch.timestamp - down.timestamp > maximumDuration + GestureRecognizer.timeTolerance
        {
            transition(to: .failed)
            return
        }
        tapCount += 1
        lastLiftTime = touch.timestamp
        if tapCount >= Swift.max(numberOfTapsRequired, 1) {
            transition(to: .recognized)
        }
    }

    package override func timeDidAdvance(to time: Double) {
        guard state == .possible else { return }
        let slack = GestureRecognizer.timeTolerance
        if isTracking, let down = firstTouch, time - down.timestamp > maximumDuration + slack {
            transition(to: .failed)
        } else if !isTracking, tapCount > 0, time - lastLiftTime > maximumInterval + slack {
            transition(to: .failed)
        }
    }

    package override func reset() {
        tapCount = 0
    }
}
