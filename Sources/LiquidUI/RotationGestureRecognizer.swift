import LiquidGeometry
import LiquidMotion

/// Recognizes a turn (continuous: possible → began → changed* → ended | cancelled, or failed) by two
/// fingers — the angle of the line from the first finger to the second — or by one finger about a
/// ``pivot`` — the angle of the finger about that point.
///
/// Unlike the other recognizers it tracks up to ``maximumNumberOfTouches`` (2) touches at once: the
/// touches that begin on its view while it is idle or tracking one finger. A third finger is ignored; so
/// are samples of touches it does not track (a move or lift for an id that never went down here).
///
/// - ``rotation`` is the angle turned since the first finger touched down, in radians, positive from +x
///   toward +y (clockwise on screen). It is summed from the turn between successive samples, so it is
///   unwrapped across ±π: two full turns read 4π. When a finger lands or lifts, the angle is measured
///   afresh from the new arrangement, so ``rotation`` never jumps. While the fingers are closer together
///   than ``minimumSpan`` (or the single finger is that close to the pivot) the angle is undefined and
///   ``rotation`` holds.
/// - ``velocity`` is the rate of turn, radians per second at the present time, from a `VelocityTracker`
///   fed with the rotation in degrees (so its 0.25 noise floor reads as a quarter of a degree).
/// - ``centroid`` is the mean of the tracked fingers' locations (the last one seen after they lift).
///
/// The gesture begins when the rotation reaches ``minimumRotation`` (compared with `≥`), or at once on
/// the first touch with ``instantBegan`` (so a touch can catch a spinning object), and ends when the last
/// tracked finger lifts; lifting before it began fails it. A cancelled finger cancels the gesture.
@MainActor
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The most fingers tracked at once (2).
    public static let maximumNumberOfTouches = 2
    /// Below this distance, in points, between the two fingers (or the finger and the pivot), the angle
    /// is not measured (4).
    public static let minimumSpan = 4.0

    /// Begin on the first touch down instead of after ``minimumRotation``.
    public var instantBegan: Bool
    /// How far, in radians, the fingers must turn before the gesture begins (default 0.05, about 3°;
    /// ignored with ``instantBegan``).
    public var minimumRotation: Double
    /// The point, in the view's coordinates, that a single finger turns about; `nil`: one finger does not
    /// turn anything.
    public var pivot: Point?
    /// The estimator of ``velocity``; replace it (between gestures) to change the fit.
    public var velocityTracker: VelocityTracker

    /// The angle turned since the gesture's first touch, radians (unwrapped).
    public private(set) var rotation = 0.0

    private struct Finger {
        let began: Touch
        var location: Point
    }

    private var fingers: [Finger] = []
    /// The first samples of every touch of the present gesture (for ``claims(_:)``).
    private var gestureTouches: [Touch] = []
    /// The direction the angle was last measured along (`nil` when undefined).
    private var lastDirection: Vector2?
    private var lastCentroid = Point.zero

    /// Creates a rotation recognizer.
    ///
    /// - Parameters:
    ///   - instantBegan: begin on the first touch down.
    ///   - minimumRotation: the turn that begins the gesture otherwise, radians.
    ///   - pivot: the point one finger turns about, in the view's coordinates.
    ///   - velocityTracker: the estimator (default: `VelocityTracker.standard`).
    public init(instantBegan: Bool = false, minimumRotation: Double = 0.05, pivot: Point? = nil,
                velocityTracker: VelocityTracker? = nil) {
        self.instantBegan = instantBegan
        self.minimumRotation = minimumRotation
        self.pivot = pivot
        self.velocityTracker = velocityTracker ?? VelocityTracker.standard
        super.init()
    }

    /// How many fingers are down on the gesture now.
    public var numberOfTouches: Int { fingers.count }

    /// Whether any finger is being tracked.
    public override var isTracking: Bool { !fingers.isEmpty }

    /// The ``centroid``.
    public override var location: Point { centroid }

    /// The mean of the tracked fingers' locations in window points (after they lift, where it last was).
    public var centroid: Point {
        guard !fingers.isEmpty else { return lastCentroid }
        var sum = Vector2.zero
        for finger in fingers { sum = sum + finger.location }
        return sum * (1 / Double(fingers.count))
    }

    /// ``centroid`` in `view`'s coordinates (window points for `nil`).
    public func centroid(in view: View?) -> Point {
        guard let view else { return centroid }
        return view.convert(centroid, from: nil)
    }

    /// The rate of turn, radians per second, at `GestureRecognizer.currentTime` (0 once the fingers have
    /// been still for the tracker's maximum gap).
    public var velocity: Double {
        velocityTracker.velocity(at: currentTime).x * .pi / 180
    }

    // MARK: - Touches

    override func receive(_ touch: Touch) {
        guard isEnabled else { return }
        advance(to: touch.timestamp)
        switch touch.phase {
        case .began: add(touch)
        case .moved: move(touch)
        case .ended, .cancelled: lift(touch)
        }
    }

    private func add(_ touch: Touch) {
        if fingers.isEmpty {
            if state.isFinal { resetToPossible() }
            guard state == .possible else { return }
            reset()
        } else {
            guard fingers.count < Self.maximumNumberOfTouches, !state.isFinal,
                !fingers.contains(where: { $0.began.id == touch.id })
            else { return }
        }
        fingers.append(Finger(began: touch, location: touch.location))
        gestureTouches.append(touch)
        lastDirection = direction()
        record(at: touch.timestamp)
        if state == .possible {
            if instantBegan { transition(to: .began) }
        } else {
            transition(to: .changed)
        }
    }

    private func move(_ touch: Touch) {
        guard let index = fingers.firstIndex(where: { $0.began.id == touch.id }), !state.isFinal else { return }
        follow(index, to: touch)
        switch state {
        case .possible:
            if abs(rotation) >= minimumRotation { transition(to: .began) }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    private func lift(_ touch: Touch) {
        guard let index = fingers.firstIndex(where: { $0.began.id == touch.id }) else { return }
        if state.isFinal {
            fingers.remove(at: index)
            return
        }
        if touch.phase == .cancelled {
            lastCentroid = centroid
            fingers.removeAll()
            transition(to: state == .possible ? .failed : .cancelled)
            return
        }
        follow(index, to: touch)
        fingers.remove(at: index)
        lastDirection = direction()
        if fingers.isEmpty {
            transition(to: state == .possible ? .failed : .ended)
        } else if state != .possible {
            transition(to: .changed)
        }
    }

    /// Moves finger `index` to the sample's location and adds the turn since the last measurement.
    private func follow(_ index: Int, to touch: Touch) {
        fingers[index].location = touch.location
        let direction = direction()
        if let direction, let last = lastDirection {
            rotation += GestureMath.turn(from: last, to: direction)
        }
        lastDirection = direction
        record(at: touch.timestamp)
    }

    /// The direction whose angle is measured: first finger → second, or pivot → finger; `nil` when there
    /// is none or it is shorter than ``minimumSpan``.
    private func direction() -> Vector2? {
        let d: Vector2
        switch fingers.count {
        case 2:
            d = fingers[1].location - fingers[0].location
        case 1:
            guard let pivot else { return nil }
            d = fingers[0].location - (view?.convert(pivot, to: nil) ?? pivot)
        default:
            return nil
        }
        return d.isFinite && d.length >= Self.minimumSpan ? d : nil
    }

    private func record(at time: Double) {
        lastCentroid = centroid
        velocityTracker.addSample(Point(rotation * 180 / .pi, 0), at: time)
    }

    package override func claims(_ began: Touch) -> Bool {
        gestureTouches.contains(began)
    }

    override func abandon() {
        super.abandon()
        fingers.removeAll()
        lastDirection = nil
    }

    package override func reset() {
        rotation = 0
        velocityTracker.reset()
        gestureTouches.removeAll()
        lastDirection = nil
    }
}
