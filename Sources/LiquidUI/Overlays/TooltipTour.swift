import LiquidGeometry
import LiquidRaster

/// A guided tour of a screen: a dimmed backdrop over it and one ``Tooltip`` at a time pointing at the
/// part of the screen it explains.
///
/// The backdrop catches every touch while the tour runs, so nothing under it is tapped by accident. Each
/// tap (a touch that lifts, wherever it moved) advances to the next tip with a medium impact; a tap on
/// the last tip dismisses the tour with a success notification, fading the backdrop and the bubble out.
/// A tap after that starts the tour again (without a haptic). Each tip fades in over 0.2 s.
///
/// The default screen is 320 × 480 points (narrower than 324, so bubbles are at most `W − 24` = 296 pt
/// wide) with four sources: one in each top corner, one in the middle with a long tip that wraps, and one
/// in the bottom-right corner, whose bubble has no room below and flips above it.
@MainActor
public final class TooltipTour: View, SimulatableComponent {
    /// One tip of the tour: the rectangle it explains (screen points) and what it says.
    public struct Step: Hashable, Sendable {
        /// The source rectangle, in the tour's coordinates.
        public var source: Rect
        /// The tip's text.
        public var text: String

        /// A tip saying `text` about `source`.
        public init(source: Rect, text: String) {
            self.source = source
            self.text = text
        }
    }

    /// The default screen, points.
    public static let defaultSize = Size(width: 320, height: 480)
    /// The tips, in order.
    public let steps: [Step]
    /// The index of the tip shown, or `steps.count` once the tour is dismissed.
    public private(set) var stepIndex = 0
    /// Whether a tip is shown (the tour has not been dismissed).
    public var isShowing: Bool { stepIndex < steps.count }
    /// The bubble.
    public let tooltip = Tooltip(text: "")

    private let backdrop = View()
    private var sourceViews: [View] = []
    private var trackedTouch: Int?

    /// The default tour of the default screen.
    public static let defaultSteps = [
        Step(source: Rect(x: 12, y: 12, width: 44, height: 44), text: "Your profile: tap the picture to change it."),
        Step(source: Rect(x: 264, y: 12, width: 44, height: 44), text: "New messages arrive here."),
        Step(source: Rect(x: 100, y: 210, width: 120, height: 48),
             text: "Drag a conversation to the left to archive it, or to the right to pin it to the top of the list."),
        Step(source: Rect(x: 264, y: 424, width: 44, height: 44), text: "Start a new conversation."),
    ]

    /// The default tour on the default screen.
    public convenience init() {
        self.init(checkedFrame: Rect(origin: .zero, size: Self.defaultSize), steps: Self.defaultSteps)
    }

    /// A tour of `steps` over a screen of `frame`, showing the first tip.
    ///
    /// - Throws: `LiquidError` when `steps` is empty or a step cannot be placed (a non-finite source, a
    ///   screen too small for a bubble); see ``TooltipLayout``.
    public convenience init(frame: Rect, steps: [Step]) throws(LiquidError) {
        guard !steps.isEmpty else { throw LiquidError(.invalidState, "a tooltip tour needs at least one step") }
        let probe = Tooltip(text: "")
        for step in steps {
            try probe.present(step.text, pointingAt: step.source, in: frame.size)
        }
        self.init(checkedFrame: frame, steps: steps)
    }

    /// A tour whose steps are known to place on `frame`.
    private init(checkedFrame frame: Rect, steps: [Step]) {
        self.steps = steps
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.95, green: 0.95, blue: 0.97)
        for (i, step) in steps.enumerated() {
            let source = View(frame: step.source)
            let hue = Double(i) / Double(steps.count)
            source.layer.backgroundColor = RGBA(red: 0.3 + 0.5 * hue, green: 0.55, blue: 0.95 - 0.5 * hue)
            source.layer.cornerRadii = CornerRadii(all: Swift.min(step.source.width, step.source.height) / 4)
            sourceViews.append(source)
            addSubview(source)
        }
        backdrop.layer.backgroundColor = RGBA(red: 0, green: 0, blue: 0, alpha: 0.35)
        backdrop.isUserInteractionEnabled = false
        addSubview(backdrop)
        addSubview(tooltip)
        // The steps were placed on this frame before (or are the defaults), so this cannot fail.
        try? tooltip.present(steps[0].text, pointingAt: steps[0].source, in: frame.size)
    }

    /// The placement of the tip shown.
    public var currentLayout: TooltipLayout? { isShowing ? tooltip.placement : nil }

    public override func layout() {
        backdrop.frame = bounds
    }

    /// The tour takes every touch inside it: the backdrop catches taps while a tip shows, and a tap after
    /// the tour restarts it.
    public override func hitTest(_ location: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, point(inside: location) else { return nil }
        return self
    }

    public override func touchBegan(_ touch: Touch) {
        if trackedTouch == nil { trackedTouch = touch.id }
    }

    public override func touchEnded(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
        advance()
    }

    public override func touchCancelled(_ touch: Touch) {
        if touch.id == trackedTouch { trackedTouch = nil }
    }

    /// Moves to the next tip (a medium impact), dismisses after the last (a success notification), or
    /// restarts a dismissed tour.
    public func advance() {
        if !isShowing {
            stepIndex = 0
            show(step: 0)
            fade(backdrop.layer, to: 1, duration: 0.2)
            return
        }
        if stepIndex + 1 < steps.count {
            stepIndex += 1
            playHaptic(.impactMedium)
            show(step: stepIndex)
        } else {
            stepIndex = steps.count
            playHaptic(.notificationSuccess)
            fade(tooltip.layer, to: 0, duration: 0.25)
            fade(backdrop.layer, to: 0, duration: 0.25)
        }
    }

    private func show(step index: Int) {
        let step = steps[index]
        // Every step was placed once in init with this screen size, so placing it again cannot fail.
        try? tooltip.present(step.text, pointingAt: step.source, in: bounds.size)
        tooltip.layer.opacity = 0
        fade(tooltip.layer, to: 1, duration: 0.2)
    }

    private func fade(_ layer: Layer, to opacity: Double, duration: Double) {
        try? View.animate(.curve(.easeOut, duration: duration)) { layer.opacity = opacity }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationPadding: Double { 0 }
    package var simulationState: [String: TraceValue] {
        let layout = currentLayout
        let frame = layout.map { "\($0.frame.minX) \($0.frame.minY) \($0.frame.width) \($0.frame.height)" } ?? "none"
        return [
            "step": .number(Double(stepIndex)),
            "frame": .string(frame),
            "arrowX": .number(layout?.arrowX ?? -1),
            "placement": .string(layout?.placement.rawValue ?? "hidden"),
        ]
    }
}
