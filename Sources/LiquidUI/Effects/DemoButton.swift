import LiquidGeometry
import LiquidRaster

/// A plain labelled button for the effect demos' own controls (start, stop, …): a rounded rectangle that
/// darkens while pressed and sends `.touchUpInside` when tapped. The label is drawn when a system font is
/// available.
@MainActor
final class DemoButton: Control {
    let title: String
    private let label = Layer()
    private static let font: Font? = try? Font(family: "DejaVu Sans", style: .bold)

    init(title: String) {
        self.title = title
        super.init(frame: .zero)
        layer.addSublayer(label)
    }

    override func updateProperties() {
        layer.backgroundColor = isHighlighted ? RGBA(red: 0.78, green: 0.8, blue: 0.84) : RGBA(red: 0.9, green: 0.91, blue: 0.94)
        if let font = Self.font {
            label.content = .text(title, TextStyle(font: font, size: 13, color: RGBA(red: 0.15, green: 0.17, blue: 0.22),
                                                   alignment: .center))
        }
    }

    override func layout() {
        layer.cornerRadii = CornerRadii(all: Swift.min(bounds.height / 2, 12))
        label.frame = bounds
    }
}
