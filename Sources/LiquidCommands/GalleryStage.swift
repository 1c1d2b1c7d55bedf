import LiquidGeometry
import LiquidRaster
import LiquidUI

/// What a component stands on in the gallery (and in `liquid play`): a view filling the run loop's root,
/// beneath the component, so it is part of the composited tree — glass and backdrop effects sample it.
enum GalleryStage {
    /// An even light grey, like a grouped settings screen.
    case plain
    /// A colourful gradient with a few bright shapes, so glass has something to bend and blur.
    case colourful

    /// The stage's base colour (also the window background of `liquid play`).
    static let baseColor = RGBA(red: 0.949, green: 0.949, blue: 0.969)

    /// The stage for the component registered as `name`: colourful under glass (the tab bar, buttons),
    /// plain under everything else.
    static func forComponent(_ name: String) -> GalleryStage {
        ["tabbar", "button"].contains(name) ? .colourful : .plain
    }

    /// Puts the stage beneath everything in `root`, filling `size` points.
    @MainActor
    func install(in root: View, size: Size) {
        let stage = View(frame: Rect(origin: .zero, size: size))
        stage.isUserInteractionEnabled = false
        stage.layer.backgroundColor = Self.baseColor
        if case .colourful = self {
            stage.layer.content = .custom { canvas, bounds in Self.drawColourful(in: &canvas, bounds: bounds) }
        }
        root.insertSubview(stage, at: 0)
    }

    /// A diagonal blue-to-peach wash, thin diagonal stripes (so refraction shows as bent lines) and two
    /// soft discs.
    private static func drawColourful(in canvas: inout Canvas, bounds: Rect) {
        func color(_ hex: String) -> RGBA { (try? RGBA(hex: hex)) ?? .white }
        if let wash = try? Gradient(stops: [GradientStop(0, color("#dbeafe")), GradientStop(0.5, color("#f5e1ff")),
                                            GradientStop(1, color("#ffe4d6"))]) {
            canvas.fillRect(bounds, paint: .linearGradient(LinearGradient(
                start: Point(bounds.minX, bounds.minY), end: Point(bounds.maxX, bounds.maxY), gradient: wash)))
        }
        let stripes = ["#5856d640", "#ff2d5533", "#34c75940", "#ff9f0a40"].map(color)
        let h = bounds.height, spacing = 14.0, width = 4.0
        var x = bounds.minX - h, index = 0
        while x < bounds.maxX {
            var stripe = Path()
            stripe.move(to: Point(x, bounds.maxY))
            stripe.line(to: Point(x + h, bounds.minY))
            stripe.line(to: Point(x + h + width, bounds.minY))
            stripe.line(to: Point(x + width, bounds.maxY))
            stripe.close()
            canvas.fill(stripe, paint: .solid(stripes[index % stripes.count]))
            x += spacing
            index += 1
        }
        let r = min(bounds.width, bounds.height) * 0.5
        canvas.fill(Path(ellipseIn: Rect(x: bounds.minX + bounds.width * 0.2 - r / 2, y: bounds.midY - r * 0.95,
                                         width: r, height: r)), paint: .solid(color("#ff9f0aaa")))
        canvas.fill(Path(ellipseIn: Rect(x: bounds.minX + bounds.width * 0.75 - r / 2, y: bounds.midY - r * 0.1,
                                         width: r, height: r)), paint: .solid(color("#30b0c7aa")))
    }
}
