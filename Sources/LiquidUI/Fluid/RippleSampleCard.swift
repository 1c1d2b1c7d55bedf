import LiquidGeometry
import LiquidRaster

/// The sample content of a ``RippleView``: a colourful card with circles, a grid of fine lines (which
/// make the warp easy to see) and a caption; it counts the touches that reach it.
@MainActor
final class RippleSampleCard: View {
    /// Touches that began on the card.
    private(set) var touches = 0
    private let caption = Layer()
    private static let font: Font? = try? Font.fallback()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        layer.addSublayer(caption)
    }

    override func touchBegan(_ touch: Touch) { touches += 1 }

    override func layout() {
        let size = bounds.size
        layer.content = .custom { canvas, rect in
            guard let background = try? Gradient(stops: [GradientStop(0, RGBA(red: 0.36, green: 0.22, blue: 0.92)),
                                                         GradientStop(1, RGBA(red: 0.98, green: 0.38, blue: 0.45))])
            else { return }
            canvas.fill(Path(rect: rect), paint: .linearGradient(LinearGradient(start: .zero,
                                                                                end: Point(size.width, size.height),
                                                                                gradient: background)))
            var lines = Path()
            var x = 20.0
            while x < size.width { lines.addRect(Rect(x: x, y: 0, width: 1, height: size.height)); x += 20 }
            var y = 20.0
            while y < size.height { lines.addRect(Rect(x: 0, y: y, width: size.width, height: 1)); y += 20 }
            canvas.fill(lines, paint: .solid(RGBA(red: 1, green: 1, blue: 1, alpha: 0.18)))
            let dots: [(Double, Double, Double, RGBA)] = [
                (0.25, 0.35, 0.16, RGBA(red: 1, green: 0.84, blue: 0.25)),
                (0.7, 0.3, 0.11, RGBA(red: 0.3, green: 0.9, blue: 0.75)),
                (0.55, 0.72, 0.13, RGBA(red: 0.35, green: 0.65, blue: 1)),
            ]
            let shorter = Swift.min(size.width, size.height)
            for (fx, fy, fr, color) in dots {
                canvas.fill(Path(ellipseIn: Rect(x: fx * size.width - fr * shorter, y: fy * size.height - fr * shorter,
                                                 width: 2 * fr * shorter, height: 2 * fr * shorter)),
                            paint: .solid(color))
            }
        }
        caption.frame = Rect(x: 0, y: size.height - 44, width: size.width, height: 28)
        if let font = Self.font {
            caption.content = .text("Tap to ripple", TextStyle(font: font, size: 20, color: .white, alignment: .center))
        }
    }
}
