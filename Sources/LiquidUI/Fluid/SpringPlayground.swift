import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// The spring playground of "Designing Fluid Interfaces": a rounded square driven by a spring that is set
/// only by its damping ratio and its response, each on a ``LiquidSlider`` under the play area.
///
/// The square's centre is a spring (LiquidMotion's `SpringAnimator`, stepped on the run loop's frame
/// clock) whose target is the finger: a touch anywhere in the play area pulls the square toward it, a
/// drag drags it (lagging and swinging as the spring allows), and lifting leaves the target where the
/// finger lifted, so a tap sends the square there and a fast drag throws it past that point and back. The
/// target is kept where the whole square stays inside the play area.
///
/// A new touch at any moment only moves the target: the spring goes on from the value and velocity it
/// presented on the last frame, so nothing jumps. The sliders set ``dampingRatio`` (0.1…1, default 0.5)
/// and ``response`` (0.1…2 s, default 0.6); the spring in flight keeps its settings and the next touch
/// uses the new ones.
@MainActor
public final class SpringPlayground: View, SimulatableComponent {
    /// 320 × 436 points: a 320 × 300 play area over two labelled sliders.
    public static let defaultSize = Size(width: 320, height: 436)
    /// The square's side, points.
    public static let squareSide = 56.0
    /// The damping ratios the damping slider spans.
    public static let dampingRange: ClosedRange<Double> = 0.1...1
    /// The responses the response slider spans, seconds.
    public static let responseRange: ClosedRange<Double> = 0.1...2

    /// The play area, in the playground's own points (the top 300 points).
    public var playArea: Rect { Rect(x: 0, y: 0, width: bounds.width, height: Swift.max(0, bounds.height - 136)) }

    /// The damping ratio the next touch's spring uses, always inside ``dampingRange``; setting it moves its
    /// slider (a value outside the range is clamped, NaN is ignored).
    public var dampingRatio: Double {
        get { dampingSlider.value }
        set {
            dampingSlider.setValue(newValue, animated: false)
            setNeedsUpdateProperties()
        }
    }

    /// The response the next touch's spring uses, seconds, always inside ``responseRange``; setting it
    /// moves its slider (a value outside the range is clamped, NaN is ignored).
    public var response: Double {
        get { responseSlider.value }
        set {
            responseSlider.setValue(newValue, animated: false)
            setNeedsUpdateProperties()
        }
    }

    /// The square's centre as presented now, points.
    public var position: Point { motion.value }
    /// The square's velocity now, points per second.
    public var velocity: Vector2 { motion.velocity }
    /// Where the spring is pulling the square, points.
    public var target: Point { motion.target }
    /// The spring the square moves with now (the one chosen by the latest touch).
    public var spring: Spring { motion.spring }

    /// The slider that sets ``dampingRatio``.
    public let dampingSlider: LiquidSlider
    /// The slider that sets ``response``.
    public let responseSlider: LiquidSlider

    private var motion: SpringAnimator<Vector2>
    private var runner: ControlSpringRunner?
    private var trackedTouch: Int?
    private let square = Layer()
    private let area = Layer()
    private let dampingLabel = Layer()
    private let responseLabel = Layer()
    private static let font: Font? = try? Font.fallback()

    /// A playground of `frame` (by default ``defaultSize`` at the origin) with the square resting in the
    /// middle of the play area.
    public override init(frame: Rect = Rect(origin: .zero, size: SpringPlayground.defaultSize)) {
        dampingSlider = LiquidSlider(value: 0.5, range: Self.dampingRange)
        responseSlider = LiquidSlider(value: 0.6, range: Self.responseRange)
        let start = Point(frame.width / 2, Swift.max(0, frame.height - 136) / 2)
        motion = SpringAnimator(spring: Self.spring(dampingRatio: 0.5, response: 0.6), value: start, stepping: .exact,
                                tolerance: .points)
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.95, green: 0.95, blue: 0.97)
        area.backgroundColor = .white
        layer.addSublayer(area)
        square.backgroundColor = RGBA(red: 0.35, green: 0.34, blue: 0.84)
        square.cornerRadii = CornerRadii(all: 14)
        area.clipsToBounds = true
        area.addSublayer(square)
        layer.addSublayer(dampingLabel)
        layer.addSublayer(responseLabel)
        for slider in [dampingSlider, responseSlider] {
            slider.tapToJump = true
            addSubview(slider)
            slider.addAction(for: .valueChanged) { [unowned self] _ in setNeedsUpdateProperties() }
        }
        runner = ControlSpringRunner(
            isMoving: { [unowned self] in !motion.isSettled },
            step: { [unowned self] dt in motion.advance(by: dt) },
            jumpToRest: { [unowned self] in motion.jump(to: motion.target) },
            didAdvance: { [unowned self] in placeSquare() })
    }

    /// The spring of `dampingRatio` and `response` (both inside their ranges, so it always settles).
    private static func spring(dampingRatio: Double, response: Double) -> Spring {
        Spring.constant(response: response, dampingRatio: dampingRatio)
    }

    public override func updateProperties() {
        guard let font = Self.font else { return }
        let style = TextStyle(font: font, size: 13, color: RGBA(red: 0.3, green: 0.3, blue: 0.34))
        dampingLabel.content = .text("Damping ratio \(Self.format(dampingRatio))", style)
        responseLabel.content = .text("Response \(Self.format(response)) s", style)
    }

    /// `value` with two decimals.
    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    public override func layout() {
        let play = playArea
        area.frame = play
        let rowWidth = Swift.max(0, bounds.width - 20)
        dampingLabel.frame = Rect(x: 14, y: play.maxY + 6, width: rowWidth, height: 20)
        dampingSlider.frame = Rect(x: 10, y: play.maxY + 24, width: rowWidth, height: 44)
        responseLabel.frame = Rect(x: 14, y: play.maxY + 70, width: rowWidth, height: 20)
        responseSlider.frame = Rect(x: 10, y: play.maxY + 88, width: rowWidth, height: 44)
        placeSquare()
    }

    private func placeSquare() {
        let side = Self.squareSide, p = motion.value
        square.frame = Rect(x: p.x - side / 2, y: p.y - side / 2, width: side, height: side)
    }

    // MARK: - Touches

    public override func touchBegan(_ touch: Touch) {
        guard trackedTouch == nil else { return }
        let p = convert(touch.location, from: nil)
        guard playArea.contains(p) else { return }
        trackedTouch = touch.id
        motion.setSpring(Self.spring(dampingRatio: dampingRatio, response: response))
        pull(to: p)
    }

    public override func touchMoved(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        pull(to: convert(touch.location, from: nil))
    }

    public override func touchEnded(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
        pull(to: convert(touch.location, from: nil))
    }

    public override func touchCancelled(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
    }

    /// Moves the spring's target to `point`, kept where the whole square fits in the play area; value and
    /// velocity carry over.
    private func pull(to point: Point) {
        guard point.isFinite else { return }
        let half = Self.squareSide / 2, play = playArea
        let x = Swift.min(Swift.max(point.x, play.minX + half), Swift.max(play.minX + half, play.maxX - half))
        let y = Swift.min(Swift.max(point.y, play.minY + half), Swift.max(play.minY + half, play.maxY - half))
        motion.retarget(to: Point(x, y))
        runner?.startIfNeeded(on: runLoop)
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        let p = position, v = velocity
        return ["x": .number(p.x), "y": .number(p.y), "velocity": .number(v.length), "velocityX": .number(v.x),
                "velocityY": .number(v.y), "dampingRatio": .number(dampingRatio), "response": .number(response)]
    }
}
