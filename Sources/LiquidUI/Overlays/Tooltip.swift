import LiquidGeometry
import LiquidRaster

/// A tooltip bubble: text in a rounded bubble with an arrow pointing at a source rectangle, placed by
/// ``TooltipLayout`` so that it never leaves the screen.
///
/// The text is set in 15 pt lines 20 pt apart, wrapped by words to the widest bubble the screen allows
/// (a word too long for a line is broken between characters); at most ``maximumLines`` lines, fewer when
/// the screen is too short for them, the last one cut with "…". Only the first 400 characters of the text
/// are used. The bubble does not take touches: they reach whatever is under it.
@MainActor
public final class Tooltip: View {
    /// The text shown.
    public private(set) var text: String
    /// The placement of the latest ``present(pointingAt:in:)``, `nil` before it.
    public private(set) var placement: TooltipLayout?
    /// The lines the text was wrapped into.
    public private(set) var lines: [String] = []
    /// Em size of the text, points.
    public static let textSize = 15.0
    /// Baseline-to-baseline distance, points.
    public static let lineHeight = 20.0
    /// The most lines shown.
    public static let maximumLines = 8
    /// The bubble's fill.
    public var fillColor = RGBA(red: 1, green: 1, blue: 1) { didSet { setNeedsUpdateProperties() } }
    /// The text's colour.
    public var textColor = RGBA(red: 0.1, green: 0.1, blue: 0.12) { didSet { setNeedsUpdateProperties() } }

    private static let font: Font? = try? Font.fallback()
    private var lineLayers: [Layer] = []

    /// A tooltip showing `text`; it has no size until ``present(pointingAt:in:)`` places it.
    public init(text: String) {
        self.text = text
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// Sets the text and places the bubble next to `source` (in the superview's coordinates, which span
    /// `screen`), as ``TooltipLayout`` says.
    ///
    /// - Throws: the layout's `LiquidError` (a non-finite source or a screen too small for a bubble); the
    ///   tooltip is unchanged then.
    public func present(_ text: String? = nil, pointingAt source: Rect, in screen: Size) throws(LiquidError) {
        let shown = text ?? self.text
        let measure = OverlayText(font: Self.font, size: Self.textSize)
        guard screen.isFinite else { throw .invalidParameter("tooltip screen size \(screen) is not finite") }
        let textWidth = TooltipLayout.maximumWidth(screenWidth: screen.width) - TooltipLayout.padding.horizontal
        let room = screen.height - 2 * TooltipLayout.margin - TooltipLayout.padding.vertical
        let fitting = Int(Swift.max(1, Swift.min(Double(Self.maximumLines), (room / Self.lineHeight).rounded(.down))))
        let wrapped = textWidth > 0 ? measure.wrapped(shown, toWidth: textWidth, maximumLines: fitting) : []
        let widest = wrapped.map(measure.width).max() ?? 0
        let content = Size(width: Swift.min(widest.rounded(.up), Swift.max(0, textWidth)),
                           height: Double(Swift.max(1, wrapped.count)) * Self.lineHeight)
        let layout = try TooltipLayout(source: source, contentSize: content, screen: screen)
        self.text = shown
        lines = wrapped
        placement = layout
        frame = layout.bounds
        rebuild()
    }

    private func rebuild() {
        for layer in lineLayers { layer.removeFromSuperlayer() }
        lineLayers = lines.map { _ in Layer() }
        for line in lineLayers { layer.addSublayer(line) }
        setNeedsUpdateProperties()
        setNeedsLayout()
    }

    public override func updateProperties() {
        guard let placement else {
            layer.content = .none
            return
        }
        layer.content = .shape(placement.outline, fill: .color(fillColor), stroke: nil)
        for (line, text) in zip(lineLayers, lines) {
            if let font = Self.font {
                line.content = .text(text, TextStyle(font: font, size: Self.textSize, color: textColor))
            } else {
                line.content = .none
            }
        }
    }

    public override func layout() {
        guard let placement else { return }
        let top = (placement.placement == .below ? TooltipLayout.arrowSize.height : 0) + TooltipLayout.padding.top
        let width = placement.frame.width - TooltipLayout.padding.horizontal
        for (i, line) in lineLayers.enumerated() {
            line.frame = Rect(x: TooltipLayout.padding.left, y: top + Double(i) * Self.lineHeight,
                              width: width, height: Self.lineHeight)
        }
    }
}
