import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// The calculator key of "Designing Fluid Interfaces": it lights up the instant a finger lands on it (or
/// slides back onto it) and fades back over half a second when the finger lifts, slides off or is
/// cancelled. A touch that lands during the fade cancels the fade, so every one of a rapid run of taps
/// shows its full highlight.
///
/// The highlight is a layer over the key whose opacity is set to 1 at once and animated back to 0 with
/// an ease-out curve over ``fadeDuration`` (see ``View/animate(_:delay:_:completion:)``). Both happen on
/// the touch itself; a fade that follows a highlight no frame has shown yet starts at the next frame, so
/// a tap shorter than a frame still shows at full strength.
@MainActor
public final class CalculatorButton: Control, SimulatableComponent {
    /// 80 × 80 points.
    public static let defaultSize = Size(width: 80, height: 80)
    /// The label (drawn when a system font is available).
    public var title: String { didSet { if title != oldValue { setNeedsUpdateProperties() } } }
    /// The key's colour at rest.
    public var normalColor = RGBA(red: 0.2, green: 0.2, blue: 0.2) {
        didSet { if normalColor != oldValue { setNeedsUpdateProperties() } }
    }
    /// The key's colour while highlighted.
    public var highlightColor = RGBA(red: 0.45, green: 0.45, blue: 0.45) {
        didSet { if highlightColor != oldValue { setNeedsUpdateProperties() } }
    }
    /// How long the highlight takes to fade, seconds (0.5, ease-out).
    public let fadeDuration = 0.5
    /// How many taps ended inside the key.
    public private(set) var tapCount = 0

    private let highlight = Layer()
    private let label = Layer()
    private static let font: Font? = try? Font.fallback()

    /// A key of `frame` showing `title`.
    public init(frame: Rect = Rect(origin: .zero, size: CalculatorButton.defaultSize), title: String = "7") {
        self.title = title
        super.init(frame: frame)
        highlight.opacity = 0
        layer.addSublayer(highlight)
        layer.addSublayer(label)
        addAction(for: [.touchDown, .dragEnter]) { [unowned self] _ in showHighlight() }
        addAction(for: [.touchUpInside, .touchUpOutside, .dragExit, .cancel]) { [unowned self] event in
            if event == .touchUpInside { tapCount += 1 }
            fadeHighlight()
        }
    }

    /// The highlight's presented opacity, 0…1.
    public var highlightLevel: Double { highlight.opacity }

    public override func updateProperties() {
        layer.backgroundColor = normalColor
        highlight.backgroundColor = highlightColor
        if let font = Self.font {
            label.content = .text(title, TextStyle(font: font, size: 34, color: .white, alignment: .center))
        } else {
            label.content = .none
        }
    }

    public override func layout() {
        let radius = Swift.min(bounds.width, bounds.height) / 2
        layer.cornerRadii = CornerRadii(all: radius)
        highlight.frame = bounds
        highlight.cornerRadii = CornerRadii(all: radius)
        label.frame = bounds
    }

    private func showHighlight() {
        highlight.opacity = 1
        litAt = runLoop?.currentTime
    }

    /// When the highlight last went up (run-loop time).
    private var litAt: Double?

    private func fadeHighlight() {
        // A highlight that went up since the last frame is shown whole on the next frame before it fades,
        // so a tap shorter than a frame still shows at full strength.
        var delay = 0.0
        if let loop = runLoop, let lit = litAt, let last = loop.lastFrameTime, lit >= last {
            delay = Swift.max(0, last + loop.frameInterval - loop.currentTime)
        }
        // The delay is finite and ≥ 0, so animate cannot throw here.
        try? View.animate(.constant(.easeOut, duration: fadeDuration), delay: delay) { highlight.opacity = 0 }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { Self.defaultSize }
    package var simulationState: [String: TraceValue] {
        ["highlight": .number(highlightLevel), "isHighlighted": .bool(isHighlighted), "taps": .number(Double(tapCount))]
    }
}
