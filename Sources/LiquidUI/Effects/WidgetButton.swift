import LiquidGeometry
import LiquidRaster

/// A widget-style button: a rounded rectangle (corner radius 13) filled with a top-to-bottom gradient,
/// outlined by a 2 pt stroke of the same gradient that casts a shadow (blur radius 4, 4 pt down), an inner
/// 1 pt white border whose opacity fades from 0.22 at the top to 0 at the bottom, and a 20 × 20 icon
/// beside a 14 pt bold title with a soft shadow (black at 0.45, blur radius 12, 1 pt down).
///
/// A shadow's blur radius is taken as two standard deviations of the Gaussian. While pressed the button
/// dims to 85 % opacity; a tap that ends inside counts in ``tapCount``. The title is drawn when a bold
/// system font is available.
@MainActor
public final class WidgetButton: Control, SimulatableComponent {
    /// 180 × 56 points.
    public static let defaultSize = Size(width: 180, height: 56)
    /// Corner radius of both rounded rectangles, points.
    public let cornerRadius = 13.0
    /// The title.
    public let title: String
    /// The gradient's top and bottom colours.
    public let topColor: RGBA, bottomColor: RGBA
    /// How many taps ended inside.
    public private(set) var tapCount = 0

    private let strokeShadow = Layer()
    private let body = Layer()
    private let innerBorder = Layer()
    private let icon = Layer()
    private let titleShadow = Layer()
    private let titleLayer = Layer()
    private static let font: Font? = try? Font(family: "DejaVu Sans", style: .bold)

    /// A button titled `title` with a gradient from `topColor` to `bottomColor`.
    public init(title: String = "Widgets", topColor: RGBA = RGBA(red: 0.38, green: 0.66, blue: 1),
                bottomColor: RGBA = RGBA(red: 0.16, green: 0.4, blue: 0.9)) {
        self.title = title
        self.topColor = topColor
        self.bottomColor = bottomColor
        super.init(frame: Rect(origin: .zero, size: Self.defaultSize))
        for sublayer in [strokeShadow, body, innerBorder, icon, titleShadow, titleLayer] { layer.addSublayer(sublayer) }
        strokeShadow.filters = [.blur(sigma: 2)]
        titleShadow.filters = [.blur(sigma: 6)]
        addAction(for: .touchUpInside) { [unowned self] _ in tapCount += 1 }
    }

    public override func updateProperties() {
        layer.opacity = isHighlighted ? 0.85 : 1
    }

    public override func layout() {
        let box = bounds
        let shape = Path(roundedRect: box, cornerRadii: CornerRadii(all: cornerRadius))
        let fill = gradient(topColor, bottomColor, height: box.height)
        strokeShadow.frame = box.offsetBy(dx: 0, dy: 4)
        strokeShadow.content = .shape(shape, fill: nil,
                                      stroke: (StrokeStyle(width: 2), .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.33))))
        body.frame = box
        body.content = .shape(shape, fill: fill, stroke: (StrokeStyle(width: 2), fill))
        innerBorder.frame = box
        let inner = Path(roundedRect: box.insetBy(dx: 1.5, dy: 1.5), cornerRadii: CornerRadii(all: cornerRadius - 1.5))
        innerBorder.content = .shape(inner, fill: nil, stroke: (StrokeStyle(width: 1), gradient(
            RGBA(red: 1, green: 1, blue: 1, alpha: 0.22), RGBA(red: 1, green: 1, blue: 1, alpha: 0), height: box.height)))
        let titleWidth = Self.font.flatMap { try? TextRenderer(font: $0, size: 14).measure(title).advance } ?? 0
        let gap = titleWidth > 0 ? 8.0 : 0
        let left = (box.width - 20 - gap - titleWidth) / 2
        icon.frame = Rect(x: left, y: (box.height - 20) / 2, width: 20, height: 20)
        icon.content = .shape(Self.iconPath, fill: .color(.white), stroke: nil)
        let titleFrame = Rect(x: left + 20 + gap, y: 0, width: titleWidth, height: box.height)
        titleLayer.frame = titleFrame
        titleShadow.frame = titleFrame.offsetBy(dx: 0, dy: 1)
        if let font = Self.font {
            titleLayer.content = .text(title, TextStyle(font: font, size: 14, color: .white))
            titleShadow.content = .text(title, TextStyle(font: font, size: 14, color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.45)))
        }
    }

    private func gradient(_ top: RGBA, _ bottom: RGBA, height: Double) -> Paint {
        // Two valid stops: this cannot throw.
        let ramp = try! Gradient(stops: [GradientStop(0, top), GradientStop(1, bottom)])
        return .linearGradient(LinearGradient(start: Point(0, 0), end: Point(0, height), gradient: ramp))
    }

    /// A 20 × 20 four-tile grid, the widget symbol.
    private static let iconPath: Path = {
        var path = Path()
        for (x, y) in [(1.0, 1.0), (11.0, 1.0), (1.0, 11.0), (11.0, 11.0)] {
            path.addRoundedRect(Rect(x: x, y: y, width: 8, height: 8), cornerRadii: CornerRadii(all: 2.5))
        }
        return path
    }()

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { Self.defaultSize }
    package var simulationState: [String: TraceValue] {
        ["pressed": .bool(isHighlighted), "taps": .number(Double(tapCount)), "opacity": .number(layer.opacity)]
    }
}
