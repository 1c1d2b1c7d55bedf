import LiquidGeometry
import LiquidMotion

/// The drawer of "Designing Fluid Interfaces", the example of rewarding momentum: a sheet that slides up
/// from the bottom edge, closed with only its top ``peekHeight`` points showing, moved by one
/// ``PropertyAnimator`` and an instant-began pan.
///
/// - A finger landing on the sheet catches it: a moving sheet stops where it is shown (the animator is
///   paused within the latest frame); a resting one gets an animator toward the other end, paused at 0.
/// - Dragging scrubs the animator's ``PropertyAnimator/fractionComplete``, so the sheet stays under the
///   finger (held at the ends: it neither rises above open nor sinks below closed while dragged).
/// - A tap (a ``TapGestureRecognizer``'s rules) sends the sheet to the other end from the one it rested
///   at or was heading to, by continuing the animator with the bounce-free spring ``tapSpring``
///   (critically damped, response 0.3 s).
/// - A flick (release faster than ``flickSpeed``) goes the way it was thrown — reversing the animator
///   when that is back where it came from — on ``flickSpring`` (damping ratio 0.8, response 0.3 s) whose
///   initial velocity is the finger's velocity relative to the distance left
///   (`GestureMath.relativeVelocity`), capped at ``velocityLimit``; so a flick lands with a small
///   overshoot. A slower release goes to the nearer end on ``tapSpring`` with the same relative velocity.
///
/// Every motion lands exactly on its end; ``isOpen`` changes when it does. Touches that begin off the
/// sheet are ignored.
@MainActor
public final class DrawerSheet: View, SimulatableComponent {
    /// 320 × 480 points.
    public static let defaultSize = Size(width: 320, height: 480)
    /// The sheet's height, points (420).
    public static let sheetHeight = 420.0
    /// How much of the sheet shows when closed, points (80).
    public static let peekHeight = 80.0
    /// The offset of the closed sheet below its open position, points (340).
    public static let closedOffset = sheetHeight - peekHeight
    /// The release speed, points per second, from which a release counts as a flick (300).
    public static let flickSpeed = 300.0
    /// The largest initial velocity a flick hands to the spring, in units of the distance left per
    /// second (30).
    public static let velocityLimit = 30.0
    /// The bounce-free timing of taps and slow releases: critically damped, response 0.3 s.
    public static let tapSpring = Spring.constant(response: 0.3, dampingRatio: 1)
    /// The timing of flicks: damping ratio 0.8, response 0.3 s.
    public static let flickSpring = Spring.constant(response: 0.3, dampingRatio: 0.8)

    /// Whether the sheet rests open; it changes when a motion lands on the other end.
    public private(set) var isOpen = false

    private let sheet = View()
    private let grabber = Layer()
    private let rows = (0..<4).map { _ in Layer() }
    private let tap = TapGestureRecognizer()
    private let pan = PanGestureRecognizer(instantBegan: true)
    /// The present transition, from one end toward the other (nil at rest).
    private var animator: PropertyAnimator?
    /// Whether the animator's progress 1 is the open end.
    private var opensAtEnd = true
    /// The animator's progress when the present touch caught the sheet.
    private var caughtFraction = 0.0
    /// Whether the sheet was open, or heading open, when the present touch caught it.
    private var caughtHeadingOpen = false
    /// Whether the present touch began on the sheet.
    private var touchOnSheet = false
    /// Whether the present touch was a tap (already handled when the pan ends).
    private var touchWasTap = false

    /// A closed drawer filling `frame`.
    public override init(frame: Rect = Rect(origin: .zero, size: DrawerSheet.defaultSize)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.82, green: 0.88, blue: 0.84)
        layer.clipsToBounds = true
        sheet.layer.backgroundColor = .white
        sheet.layer.cornerRadii = CornerRadii(topLeft: 18, topRight: 18, bottomRight: 0, bottomLeft: 0)
        grabber.backgroundColor = RGBA(red: 0.75, green: 0.75, blue: 0.78)
        sheet.layer.addSublayer(grabber)
        for row in rows {
            row.backgroundColor = RGBA(red: 0.93, green: 0.93, blue: 0.95)
            sheet.layer.addSublayer(row)
        }
        sheet.transform = AffineTransform(translation: Vector2(0, Self.closedOffset))
        addSubview(sheet)
        // The tap is added first, so a lifting tap is handled before the pan ends.
        tap.addAction { [unowned self] _ in tapped() }
        addGestureRecognizer(tap)
        pan.addAction { [unowned self] recognizer in follow(recognizer.state) }
        addGestureRecognizer(pan)
    }

    /// How far the sheet is shown below its open position, points: 0 open, ``closedOffset`` closed (a
    /// flick's overshoot goes briefly past either).
    public var offset: Double { sheet.layer.transform.ty }

    /// How fast the sheet moves, points per second (negative upward): the finger's while dragged,
    /// otherwise the animator's.
    public var velocity: Double {
        if touchOnSheet, pan.state == .began || pan.state == .changed { return pan.velocity(in: self).y }
        guard let animator else { return 0 }
        return animator.progressVelocity * span
    }

    /// The present transition's progress (0 at the end it started from, 1 at the other), 0 at rest.
    public var fractionComplete: Double { animator?.fractionComplete ?? 0 }

    public override func layout() {
        // The sheet reaches past the bottom edge, so an overshoot above open shows no gap beneath it.
        sheet.frame = Rect(x: 0, y: bounds.height - Self.sheetHeight, width: bounds.width, height: Self.sheetHeight + 60)
        grabber.frame = Rect(x: (bounds.width - 40) / 2, y: 8, width: 40, height: 5)
        grabber.cornerRadii = CornerRadii(all: 2.5)
        for (i, row) in rows.enumerated() {
            row.frame = Rect(x: 16, y: 32 + Double(i) * 60, width: bounds.width - 32, height: 48)
            row.cornerRadii = CornerRadii(all: 10)
        }
    }

    /// Points of offset per unit of the animator's progress.
    private var span: Double { opensAtEnd ? -Self.closedOffset : Self.closedOffset }

    /// Whether the animator is heading to the open end.
    private var headingOpen: Bool { opensAtEnd != (animator?.isReversed ?? false) }

    private func follow(_ state: GestureRecognizerState) {
        switch state {
        case .began:
            let shown = sheet.frame.offsetBy(dx: 0, dy: offset)
            touchOnSheet = shown.contains(pan.location(in: self))
            touchWasTap = false
            if touchOnSheet { catchSheet() }
        case .changed:
            guard touchOnSheet, let animator else { return }
            let fraction = caughtFraction + pan.translation(in: self).y / span
            try? animator.setFractionComplete(Swift.min(Swift.max(fraction, 0), 1))
        case .ended, .cancelled:
            guard touchOnSheet, !touchWasTap else { return }
            release(velocity: state == .ended ? pan.velocity(in: self).y : 0)
        case .possible, .failed:
            break
        }
    }

    /// Stops a moving sheet where it is shown, or readies a resting one to move toward the other end.
    private func catchSheet() {
        if let animator {
            caughtHeadingOpen = headingOpen
            // Pausing an active animator cannot throw (it is never stopped).
            try? animator.pauseAnimation()
        } else {
            caughtHeadingOpen = isOpen
            let fresh = makeAnimator(opening: !isOpen)
            try? fresh.pauseAnimation()
        }
        caughtFraction = animator?.fractionComplete ?? 0
    }

    private func tapped() {
        guard touchOnSheet else { return }
        touchWasTap = true
        head(open: !caughtHeadingOpen, timing: try? .spring(Self.tapSpring))
    }

    /// The end of a drag: a flick goes the way it was thrown, a slow release to the nearer end.
    private func release(velocity: Double) {
        let isFlick = abs(velocity) >= Self.flickSpeed
        let open = isFlick ? velocity < 0 : offset < Self.closedOffset / 2
        let target = open ? 0 : Self.closedOffset
        // The velocity is finite (a tracker's estimate) and the limit positive, so this cannot throw.
        let relative = (try? GestureMath.relativeVelocity(velocity, from: offset, to: target, limit: Self.velocityLimit)) ?? 0
        head(open: open, timing: try? .spring(isFlick ? Self.flickSpring : Self.tapSpring, initialVelocity: relative))
    }

    /// Continues the animator toward the open or closed end with `timing`, reversing it when needed.
    private func head(open: Bool, timing: AnimationTiming?) {
        guard let animator, let timing else { return }
        animator.isReversed = open != opensAtEnd
        try? animator.continueAnimation(with: timing)
    }

    /// A paused-ready animator from the present end toward the other, kept as ``animator``.
    private func makeAnimator(opening: Bool) -> PropertyAnimator {
        // The tap spring is written as a constant and settles, so its timing cannot throw.
        let fresh = PropertyAnimator(timing: (try? .spring(Self.tapSpring)) ?? .default)
        opensAtEnd = opening
        try? fresh.addAnimations { sheet.transform = AffineTransform(translation: Vector2(0, opening ? 0 : Self.closedOffset)) }
        fresh.addCompletion { [weak self, weak fresh] position in
            guard let self, let fresh, self.animator === fresh else { return }
            if position != .current { isOpen = (position == .end) == opensAtEnd }
            animator = nil
            // The view's model follows where the sheet landed (a reversed animator lands on its start).
            sheet.transform = AffineTransform(translation: Vector2(0, isOpen ? 0 : Self.closedOffset))
        }
        animator = fresh
        return fresh
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        ["isOpen": .bool(isOpen), "offset": .number(offset), "velocity": .number(velocity),
         "fractionComplete": .number(fractionComplete)]
    }
}
