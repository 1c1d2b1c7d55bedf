import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// A button made of Liquid Glass, in the four styles of iOS 26's glass buttons (``GlassButtonStyle``):
/// glass, clear glass, prominent glass (stained with ``accentColor``) and prominent clear glass.
///
/// ## Look
/// A capsule (by default; see ``cornerConfiguration``) of `glassView` glass with a ``title`` and/or a
/// ``symbol`` centred on it, both drawn in `contentColor`: the glass's primary vibrant colour
/// (`GlassVibrancy`), which follows the backdrop measured beneath the glass — dark on light backdrops,
/// light on dark ones — or white on the accent colour of the prominent styles.
///
/// ## Interaction
/// - **Touch down**: highlighted; the glass swells on the press spring (up to +8 %, content with it) and
///   glows under the finger; dragging stretches it toward the finger.
/// - **Drag out** of the tracking boundary (the bounds grown by ``Control/dragMargin``): the highlight goes
///   and the glass relaxes; **drag back in** re-arms it.
/// - **Touch up inside** fires the primary action once: `tapCount` grows by one, ``primaryAction`` runs,
///   ``HapticEvent/impactLight`` plays and ``ControlEvent/touchUpInside`` is sent. Touch up outside or a
///   cancelled touch fire nothing.
/// - A quick tap still shows the swell for at least 0.12 s.
///
/// ## Simulation
/// As a `SimulatableComponent` it records `pressed` (a finger is down on it), `highlighted` (pressed with
/// the finger inside), `scale` (the glass's press scale, 1 at rest) and `tapCount` (primary actions
/// fired). With `showsSimulationBackdrop` it draws a busy, colourful picture beneath itself, filling its
/// simulation padding, so that the glass has something to refract when simulated on its own.
@MainActor
public final class GlassButton: Control, SimulatableComponent {
    /// The default size, 168 × 52 pt.
    public static let defaultSize = Size(width: 168, height: 52)

    /// The glass style.
    public var style: GlassButtonStyle { didSet { if style != oldValue { applyMaterial() } } }
    /// The tint of the prominent styles (``GlassButtonAppearance/accentColor``).
    public var accentColor: RGBA {
        get { appearance.accentColor }
        set { appearance.accentColor = newValue }
    }
    /// The accent and the disabled opacity.
    public var appearance: GlassButtonAppearance {
        didSet {
            guard appearance != oldValue else { return }
            if appearance.accentColor != oldValue.accentColor { applyMaterial() }
            setNeedsUpdateProperties()
        }
    }
    /// The sizes of the content and the touch area.
    public var metrics: GlassButtonMetrics { didSet { if metrics != oldValue { contentDidChange() } } }
    /// The label, or `nil`.
    public var title: String? { didSet { if title != oldValue { contentDidChange() } } }
    /// A filled symbol in a 24 × 24 pt box (see `GlassSymbol`), or `nil`.
    public var symbol: Path? { didSet { if symbol != oldValue { contentDidChange() } } }
    /// The title's font (DejaVu Sans Bold, else the fallback font; `nil` draws no title).
    public var font: Font? { didSet { if font != oldValue { contentDidChange() } } }
    /// The glass's corners (a capsule by default).
    public var cornerConfiguration: CornerConfiguration {
        get { glassView.cornerConfiguration }
        set { glassView.cornerConfiguration = newValue }
    }
    /// Accessibility settings for the glass (reduce motion also calms the press).
    public var accessibility: GlassAccessibility {
        get { glassView.accessibility }
        set { glassView.accessibility = newValue; setNeedsUpdateProperties() }
    }
    /// Run when the primary action fires (touch up inside).
    public var primaryAction: (@MainActor () -> Void)?
    /// How many times the primary action fired.
    package private(set) var tapCount = 0

    /// Draws the simulation picture beneath the button (see the type's overview).
    package var showsSimulationBackdrop = false {
        didSet { if showsSimulationBackdrop != oldValue { layoutSimulationBackdrop() } }
    }

    /// The glass the button is made of.
    package let glassView: GlassEffectView

    private let symbolLayer = Layer()
    private let titleLayer = Layer()
    private let simulationBackdrop = GlassSimulationBackdrop()
    private var titleWidth: (key: String, width: Double)?

    /// A button of `frame` with a title and/or symbol in `style`.
    public init(frame: Rect = Rect(origin: .zero, size: GlassButton.defaultSize), title: String? = nil,
                symbol: Path? = nil, style: GlassButtonStyle = .glass, accentColor: RGBA = GlassButtonAppearance.standard.accentColor,
                metrics: GlassButtonMetrics = .standard) {
        self.style = style
        var appearance = GlassButtonAppearance.standard
        appearance.accentColor = accentColor
        self.appearance = appearance
        self.metrics = metrics
        self.title = title
        self.symbol = symbol
        self.font = (try? Font(family: "DejaVu Sans", style: .bold)) ?? (try? Font.fallback())
        let material = style.material(accent: accentColor)
        glassView = GlassEffectView(frame: Rect(origin: .zero, size: frame.size), style: material.style,
                                    tint: material.tint, prominent: material.isProminent)
        super.init(frame: frame)
        glassView.isUserInteractionEnabled = false
        glassView.layer.name = "GlassButton.glass"
        symbolLayer.name = "GlassButton.symbol"
        titleLayer.name = "GlassButton.title"
        simulationBackdrop.layer.isHidden = true
        layer.addSublayer(simulationBackdrop.layer)
        addSubview(glassView)
        glassView.contentView.layer.addSublayer(symbolLayer)
        glassView.contentView.layer.addSublayer(titleLayer)
        contentDidChange()
    }

    /// A showcase button for simulations: “Continue” with a sparkle, regular glass, over the simulation
    /// backdrop.
    package static func simulationSample() -> GlassButton {
        let button = GlassButton(title: "Continue", symbol: GlassSymbol.sparkle, style: .glass)
        button.showsSimulationBackdrop = true
        return button
    }

    // MARK: - SimulatableComponent

    package var view: View { self }
    package var simulationSize: Size { frame.size }
    package var simulationPadding: Double { metrics.simulationPadding }
    package var simulationState: [String: TraceValue] {
        [
            "pressed": .bool(isTracking), "highlighted": .bool(isHighlighted), "scale": .number(glassView.pressScale),
            "tapCount": .number(Double(tapCount)),
        ]
    }

    // MARK: - Passes

    public override func updateProperties() {
        // Reads the probe (observable): a new backdrop colour recolours the content.
        let color = contentColor
        glassView.contentView.layer.opacity = isEnabled ? 1 : Swift.min(Swift.max(appearance.disabledOpacity, 0), 1)
        if let symbol {
            let s = metrics.symbolSize / GlassSymbol.box
            let path = symbol.transformed(by: AffineTransform(scale: s))
            symbolLayer.content = .shape(path, fill: .solid(color), stroke: nil)
        } else {
            symbolLayer.content = .none
        }
        if let title, let font {
            titleLayer.content = .text(title, TextStyle(font: font, size: metrics.titleSize, color: color, alignment: .left))
        } else {
            titleLayer.content = .none
        }
    }

    public override func layout() {
        glassView.frame = bounds
        layoutSimulationBackdrop()
        let hasSymbol = symbol != nil
        let textWidth = measuredTitleWidth()
        let symbolSize = metrics.symbolSize
        let gap = hasSymbol && textWidth > 0 ? metrics.symbolTitleGap : 0
        let total = (hasSymbol ? symbolSize : 0) + gap + textWidth
        var x = (bounds.width - total) / 2
        symbolLayer.frame = hasSymbol ? Rect(x: x, y: (bounds.height - symbolSize) / 2, width: symbolSize,
                                             height: symbolSize) : .zero
        if hasSymbol { x += symbolSize + gap }
        titleLayer.frame = Rect(x: x, y: 0, width: Swift.max(textWidth, 0), height: bounds.height)
    }

    public override func point(inside location: Point) -> Bool {
        bounds.insetBy(dx: -metrics.hitSlop, dy: -metrics.hitSlop).contains(location)
    }

    // MARK: - Tracking

    public override func beginTracking(_ touch: Touch) -> Bool {
        glassView.beginInteraction(at: convert(touch.location, from: nil))
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        glassView.moveInteraction(to: convert(touch.location, from: nil), inside: isTouchInside)
        return true
    }

    public override func endTracking(_ touch: Touch) {
        glassView.endInteraction()
        guard isTouchInside else { return }
        tapCount += 1
        playHaptic(.impactLight)
        primaryAction?()
    }

    public override func cancelTracking(_ touch: Touch) {
        glassView.endInteraction()
    }

    // MARK: - Helpers

    /// The colour of the title and symbol: white on prominent (accent-stained) glass while it keeps 3:1
    /// against the face (WCAG's minimum for large text and symbols, as on UIKit's prominent buttons),
    /// otherwise the glass's primary vibrant colour.
    package var contentColor: RGBA {
        if style.isProminent {
            let face = GlassVibrancy.luminance(glassView.faceColor)
            if GlassVibrancy.contrast(face, 1) >= 3 { return .white }
        }
        return glassView.vibrantColor(.primary)
    }

    private func applyMaterial() {
        let material = style.material(accent: accentColor)
        glassView.style = material.style
        glassView.tint = material.tint
        glassView.isProminent = material.isProminent
        setNeedsUpdateProperties()
    }

    private func contentDidChange() {
        setNeedsUpdateProperties()
        setNeedsLayout()
    }

    private func layoutSimulationBackdrop() {
        let pad = simulationPadding
        simulationBackdrop.layer.isHidden = !showsSimulationBackdrop
        let frame = bounds.insetBy(dx: -pad, dy: -pad)
        if simulationBackdrop.layer.frame != frame { simulationBackdrop.layer.frame = frame }
    }

    /// The title's advance width in points (0 without a title or font), cached per title, font and size.
    private func measuredTitleWidth() -> Double {
        guard let title, let font, !title.isEmpty else { return 0 }
        let titleSize = metrics.titleSize
        let key = "\(font.path)|\(titleSize)|\(title)"
        if let cached = titleWidth, cached.key == key { return cached.width }
        let width = (try? TextRenderer(font: font, size: titleSize).measure(title).advance) ?? 0
        titleWidth = (key, width)
        return width
    }
}
