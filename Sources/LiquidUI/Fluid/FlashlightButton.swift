import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// The flashlight button of "Designing Fluid Interfaces": a pressure-sensitive button that grows with the
/// force of the press and toggles the light when a firm press eases off.
///
/// While pressed its scale is `1 + (maximumWidth / minimumWidth − 1) · force` (50 → 80 points by
/// default). The force goes through LiquidMotion's `ForceHysteresis`: reaching 0.5 activates (a light
/// impact), falling back to 0.49 confirms (a medium impact, and the light toggles), falling to 0.4
/// re-arms; lifting the finger is the force falling to 0, so an activated press that lifts still toggles
/// once. On release a spring (damping ratio 0.4, response 0.2 s) returns the scale to 1.
@MainActor
public final class FlashlightButton: View, SimulatableComponent {
    /// The button's width at rest, points (50).
    public let minimumWidth = 50.0
    /// The button's width at full force, points (80).
    public let maximumWidth = 80.0
    /// Whether the light is on.
    public private(set) var isOn = false
    /// Called after the light toggles.
    public var onToggle: (@MainActor (Bool) -> Void)?

    private var hysteresis = ForceHysteresis.standard
    private var trackedTouch: Int?
    private let glyph = Layer()
    private static let release = Spring.constant(response: 0.2, dampingRatio: 0.4)
    private static let offColor = RGBA(red: 0.16, green: 0.16, blue: 0.18)
    private static let onColor = RGBA(red: 0.99, green: 0.84, blue: 0.32)

    /// A button of the minimum width with its top-left corner at `origin`.
    public init(origin: Point = .zero) {
        super.init(frame: Rect(origin: origin, size: Size(width: minimumWidth, height: minimumWidth)))
        layer.addSublayer(glyph)
    }

    /// The presented scale (1 at rest).
    public var scale: Double { layer.transform.decomposed.scaleX }

    /// Where the press is in the hysteresis: `reset`, `activated` or `confirmed`.
    public var forceState: String {
        switch hysteresis.state {
        case .idle: "reset"
        case .activated: "activated"
        case .confirmed: "confirmed"
        }
    }

    public override func updateProperties() {
        layer.backgroundColor = isOn ? Self.onColor : Self.offColor
        glyph.backgroundColor = isOn ? Self.offColor : Self.onColor
    }

    public override func layout() {
        layer.cornerRadii = CornerRadii(all: bounds.width / 2)
        let side = bounds.width * 0.28
        glyph.frame = Rect(x: (bounds.width - side) / 2, y: (bounds.height - side) / 2, width: side, height: side)
        glyph.cornerRadii = CornerRadii(all: side / 2)
    }

    public override func touchBegan(_ touch: Touch) {
        guard trackedTouch == nil else { return }
        trackedTouch = touch.id
        hysteresis.reset()
        press(force: touch.force)
    }

    public override func touchMoved(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        press(force: touch.force)
    }

    public override func touchEnded(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
        handle(hysteresis.release())
        springBack()
    }

    public override func touchCancelled(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
        hysteresis.reset()
        springBack()
    }

    private func press(force: Double) {
        let f = force.isFinite ? Swift.min(Swift.max(force, 0), 1) : 0
        let s = 1 + (maximumWidth / minimumWidth - 1) * f
        transform = AffineTransform(scale: s)
        handle(hysteresis.update(force: f))
    }

    private func handle(_ events: [ForceHysteresis.Event]) {
        for event in events {
            switch event {
            case .activated:
                playHaptic(.impactLight)
            case .confirmed:
                playHaptic(.impactMedium)
                isOn.toggle()
                setNeedsUpdateProperties()
                onToggle?(isOn)
            case .reset:
                break
            }
        }
    }

    private func springBack() {
        // A spring written as a constant always settles, so the timing cannot throw.
        guard let timing = try? AnimationTiming.spring(Self.release) else { return }
        try? View.animate(timing) { transform = .identity }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { Size(width: minimumWidth, height: minimumWidth) }
    package var simulationPadding: Double { (maximumWidth - minimumWidth) / 2 + 8 }
    package var simulationState: [String: TraceValue] {
        ["isOn": .bool(isOn), "forceState": .string(forceState), "scale": .number(scale)]
    }
}
