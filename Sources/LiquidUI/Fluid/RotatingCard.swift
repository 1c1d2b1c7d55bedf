import LiquidGeometry
import LiquidMotion

/// A card turned by the fingers that always comes to rest square: turned with two fingers (a
/// ``RotationGestureRecognizer``) or with one finger dragged around its centre (the angle of the finger
/// about the centre — the mouse in `liquid play`), and, on release, sent on by its momentum to the
/// nearest quarter turn.
///
/// - A touch anywhere on the component catches the card where it is shown (a settling card stops at
///   once); while fingers are down the card turns by exactly the recognizer's rotation.
/// - On release the angle is projected from the angular velocity with the scroll deceleration rate
///   (`Projection.project`, `DecelerationRate.normal`: about half a second of the release speed), the
///   nearest multiple of 90° to that (`GestureMath.nearestAngle`) becomes ``targetAngle``, and a spring
///   (damping ratio 0.8, response 0.4 s — critically damped under reduce motion) takes the card there,
///   starting with the release velocity relative to the distance left (`GestureMath.relativeVelocity`).
///   It lands exactly on the multiple of 90°.
///
/// Angles are in degrees, positive clockwise on screen, unwrapped (two turns read 720).
@MainActor
public final class RotatingCard: View, SimulatableComponent {
    /// 300 × 300 points.
    public static let defaultSize = Size(width: 300, height: 300)
    /// The card's side, points (150).
    public static let cardSide = 150.0
    /// The spring to the quarter turn: damping ratio 0.8, response 0.4 s.
    public static let snapSpring = Spring.constant(response: 0.4, dampingRatio: 0.8)
    /// The angle the card comes to rest on a multiple of, degrees (90).
    public static let restingStep = 90.0

    /// The angle shown now, degrees.
    public private(set) var angle = 0.0
    /// Where the card rests or is heading, degrees: a multiple of 90 once released (the angle shown
    /// while fingers hold it).
    public private(set) var targetAngle = 0.0

    private let card = View()
    private let marker = Layer()
    private let recognizer = RotationGestureRecognizer(instantBegan: true)
    /// The angle shown when the present gesture caught the card.
    private var caughtAngle = 0.0
    /// The spring to ``targetAngle`` (degrees) while it runs.
    private var spring: SpringAnimator<Double>?
    private lazy var runner = ControlSpringRunner(
        isMoving: { [unowned self] in spring.map { !$0.isSettled } ?? false },
        step: { [unowned self] dt in spring?.advance(by: dt) },
        jumpToRest: { [unowned self] in spring = nil; show(targetAngle) },
        didAdvance: { [unowned self] in
            guard let current = spring else { return }
            show(current.value)
            if current.isSettled { spring = nil }
        })

    /// A square card at rest, centred in `frame`.
    public override init(frame: Rect = Rect(origin: .zero, size: RotatingCard.defaultSize)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.93, green: 0.92, blue: 0.96)
        card.layer.backgroundColor = RGBA(red: 0.99, green: 0.55, blue: 0.2)
        marker.backgroundColor = .white
        card.layer.addSublayer(marker)
        addSubview(card)
        recognizer.addAction { [unowned self] recognizer in follow(recognizer.state) }
        addGestureRecognizer(recognizer)
    }

    /// The rate of turn, degrees per second: the fingers' while they hold the card, the spring's while it
    /// settles, 0 at rest.
    public var angularVelocity: Double {
        if recognizer.state == .began || recognizer.state == .changed { return recognizer.velocity * 180 / .pi }
        return spring?.velocity ?? 0
    }

    /// How many fingers hold the card.
    public var fingers: Int { recognizer.numberOfTouches }

    public override func layout() {
        let side = Self.cardSide
        card.frame = Rect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        card.layer.cornerRadii = CornerRadii(all: 22)
        marker.frame = Rect(x: side / 2 - 9, y: 14, width: 18, height: 18)
        marker.cornerRadii = CornerRadii(all: 9)
        recognizer.pivot = Point(bounds.width / 2, bounds.height / 2)
    }

    private func follow(_ state: GestureRecognizerState) {
        switch state {
        case .began:
            spring = nil
            caughtAngle = angle
            targetAngle = angle
        case .changed:
            show(caughtAngle + recognizer.rotation * 180 / .pi)
            targetAngle = angle
        case .ended, .cancelled:
            release(velocity: state == .ended ? recognizer.velocity * 180 / .pi : 0)
        case .possible, .failed:
            break
        }
    }

    /// Sends the card on from ``angle`` at `velocity` (degrees per second) to the quarter turn nearest
    /// where that momentum would carry it.
    private func release(velocity: Double) {
        // A tracker's velocity is finite; a projection too large to represent keeps the present angle.
        let projected = (try? Projection.project(angle, velocity: velocity)) ?? angle
        let quarters = (0..<4).map { Double($0) * .pi / 2 }
        let nearest = GestureMath.nearestAngle(to: projected * .pi / 180, among: quarters) ?? 0
        // Expressed in whole quarter turns, so the target is an exact multiple of 90°.
        targetAngle = (nearest / (.pi / 2)).rounded() * Self.restingStep
        let relative = (try? GestureMath.relativeVelocity(velocity, from: angle, to: targetAngle)) ?? 0
        let shape = runLoop?.reduceMotion == true ? Spring.constant(response: 0.4, dampingRatio: 1) : Self.snapSpring
        spring = SpringAnimator(spring: shape, value: angle, target: targetAngle, velocity: relative * (targetAngle - angle),
                                stepping: .exact, tolerance: .constant(value: 0.01, velocity: 0.1))
        runner.startIfNeeded(on: runLoop)
    }

    private func show(_ degrees: Double) {
        angle = degrees
        card.transform = AffineTransform(rotationAngle: degrees * .pi / 180)
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        ["angle": .number(angle), "angularVelocity": .number(angularVelocity), "targetAngle": .number(targetAngle),
         "fingers": .number(Double(fingers))]
    }
}
