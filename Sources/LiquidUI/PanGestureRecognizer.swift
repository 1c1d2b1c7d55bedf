import LiquidGeometry
import LiquidMotion

/// Recognizes a drag (continuous: possible → began → changed* → ended | cancelled, or failed), reporting
/// its translation, a least-squares velocity (LiquidMotion's `VelocityTracker`, by default its adaptive
/// fit, which follows a braking or speeding finger without the lag of a straight line) and whether the finger
/// has paused (`PauseDetector`).
///
/// - Normally the pan begins once the finger has moved ``minimumDistance`` from where it touched down;
///   lifting before that fails it.
/// - With ``instantBegan`` it begins on touch down (WWDC18 "Designing Fluid Interfaces": a tap can catch a
///   moving object); lifting without moving then ends it with zero translation.
///
/// ``translation`` is measured from the touch-down point (not from where the pan began), so an object
/// dragged with it stays under the finger without a jump. ``velocity`` is in points per second at the
/// current time: after `VelocityTracker.maximumGap` without samples the finger counts as stopped and the
/// velocity is zero. Both are in window coordinates; ``translation(in:)`` and ``velocity(in:)`` map them
/// into a view's (rotation and scale, no offset).
@MainActor
public final class PanGestureRecognizer: GestureRecognizer {
    /// Begin on touch down instead of after ``minimumDistance``.
    public var instantBegan: Bool
    /// How far, in points, the finger must move before the pan begins (default 10; ignored with
    /// ``instantBegan``). Compared with `≥`.
    public var minimumDistance: Double

    /// The velocity estimator; replace it (between gestures) to change the fit.
    public var velocityTracker: VelocityTracker
    /// Pause detection fed with every change.
    public private(set) var pauseDetector: PauseDetector

    /// The finger's offset from its touch-down point, in window points (after ``setTranslation(_:)``,
    /// from the adjusted origin).
    public private(set) var translation = Vector2.zero

    private var origin = Point.zero

    /// Creates a pan recognizer.
    ///
    /// - Parameters:
    ///   - instantBegan: begin on touch down.
    ///   - minimumDistance: the movement that begins a normal pan, in points.
    ///   - velocityTracker: the estimator (default: `VelocityTracker.standard`, the adaptive fit over
    ///     150 ms, 40 ms gap, 40 samples).
    ///   - pauseConfiguration: the pause thresholds (default: the talk's).
    public init(
        instantBegan: Bool = false, minimumDistance: Double = 10, velocityTracker: VelocityTracker? = nil,
        pauseConfiguration: PauseDetector.Configuration = .standard
    ) {
        self.instantBegan = instantBegan
        self.minimumDistance = minimumDistance
        // The defaults satisfy the tracker's requirements (finite positive horizon and gap, capacity ≥ 3).
        self.velocityTracker = velocityTracker ?? VelocityTracker.standard
        self.pauseDetector = PauseDetector(configuration: pauseConfiguration)
        super.init()
    }

    /// The finger's velocity in window points per second at `GestureRecognizer.currentTime`.
    public var velocity: Vector2 {
        velocityTracker.velocity(at: currentTime)
    }

    /// Whether the drag has paused (decelerated to near rest after going somewhere; see `PauseDetector`).
    public var isPaused: Bool { pauseDetector.isPaused }

    /// ``translation`` in `view`'s coordinates (window points for `nil`).
    public func translation(in view: View?) -> Vector2 {
        Self.map(translation, into: view)
    }

    /// ``velocity`` in `view`'s coordinates per second (window points for `nil`).
    public func velocity(in view: View?) -> Vector2 {
        Self.map(velocity, into: view)
    }

    /// Makes the current translation equal `newValue` by moving the origin it is measured from (e.g. to
    /// zero after applying it incrementally).
    public func setTranslation(_ newValue: Vector2) {
        origin = location - newValue
        translation = newValue
    }

    package override func touchBegan(_ touch: Touch) {
        origin = touch.location
        translation = .zero
        velocityTracker.reset()
        pauseDetector.reset()
        velocityTracker.addSample(touch.location, at: touch.timestamp)
        if instantBegan { transition(to: .began) }
    }

    package override func touchMoved(_ touch: Touch) {
        velocityTracker.addSample(touch.location, at: touch.timestamp)
        translation = touch.location - origin
        switch state {
        case .possible:
            if translation.length >= minimumDistance {
                updatePause()
                transition(to: .began)
            }
        case .began, .changed:
            updatePause()
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    package override func touchEnded(_ touch: Touch) {
        velocityTracker.addSample(touch.location, at: touch.timestamp)
        translation = touch.location - origin
        if state == .possible {
            transition(to: .failed)
        } else {
            transition(to: .ended)
        }
    }

    package override func reset() {
        translation = .zero
        pauseDetector.reset()
    }

    private func updatePause() {
        pauseDetector.update(velocity: velocity, offset: translation)
    }

    private static func map(_ vector: Vector2, into view: View?) -> Vector2 {
        guard let view, let inverse = view.transformToWindow.inverted() else { return vector }
        return inverse.apply(toDirection: vector)
    }
}
