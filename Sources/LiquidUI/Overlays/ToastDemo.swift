import LiquidGeometry
import LiquidRaster

/// A screen with a ``Toast`` and four buttons along the bottom that send it events, so scripted touches
/// drive it: **Show** (a success message), **Loading** (a spinner), **Error** (an error message, which
/// hides itself after the toast's timeout) and **Hide**. A button sends its event when a touch that began
/// on it lifts inside it.
@MainActor
public final class ToastDemo: View, SimulatableComponent {
    /// The default screen, points.
    public static let defaultSize = Size(width: 360, height: 240)
    /// The toast.
    public let toast: Toast
    /// The buttons, left to right, with the events they send.
    public let buttons: [(title: String, event: ToastMachine.Event)] = [
        ("Show", .show(.success, title: "Saved", subtitle: "Your changes are safe")),
        ("Loading", .loading(title: "Uploading", subtitle: "3 photos")),
        ("Error", .show(.error, title: "Upload failed", subtitle: "Check your connection")),
        ("Hide", .hide),
    ]
    /// How high the buttons are, and their distance from the screen's edges and each other.
    public static let buttonHeight = 44.0, buttonSpacing = 8.0

    private var buttonViews: [Control] = []
    private static let font: Font? = try? Font.fallback()

    /// The default demo: the default screen, error toasts staying 3 seconds.
    public convenience init() {
        self.init(frame: Rect(origin: .zero, size: Self.defaultSize), toast: Toast())
    }

    /// A demo on a screen of `frame` whose error toasts stay `errorTimeout` seconds.
    ///
    /// - Throws: `LiquidError` unless `errorTimeout` is finite and positive.
    public convenience init(frame: Rect, errorTimeout: Double) throws(LiquidError) {
        self.init(frame: frame, toast: try Toast(errorTimeout: errorTimeout))
    }

    private init(frame: Rect, toast: Toast) {
        self.toast = toast
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.93, green: 0.94, blue: 0.96)
        for (i, button) in buttons.enumerated() {
            let control = Control()
            control.layer.backgroundColor = RGBA(red: 0.25, green: 0.45, blue: 0.9)
            control.layer.cornerRadii = CornerRadii(all: 12)
            let label = Layer()
            if let font = Self.font {
                label.content = .text(button.title, TextStyle(font: font, size: 14, color: .white, alignment: .center))
            }
            control.layer.addSublayer(label)
            control.addAction(for: .touchUpInside) { [unowned self] _ in toast.send(buttons[i].event) }
            buttonViews.append(control)
            addSubview(control)
        }
        addSubview(toast)
    }

    /// The frame of the button at `index` (0 Show, 1 Loading, 2 Error, 3 Hide).
    public func buttonFrame(_ index: Int) -> Rect {
        let count = Double(buttons.count), gap = Self.buttonSpacing
        let width = (bounds.width - gap * (count + 1)) / count
        return Rect(x: gap + Double(index) * (width + gap), y: bounds.height - gap - Self.buttonHeight,
                    width: width, height: Self.buttonHeight)
    }

    public override func layout() {
        for (i, control) in buttonViews.enumerated() {
            control.frame = buttonFrame(i)
            control.layer.sublayers.first?.frame = control.bounds
        }
        toast.superviewDidResize()
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationPadding: Double { 0 }
    package var simulationState: [String: TraceValue] {
        let shown = toast.layer.frame
        return [
            "state": .string(toast.state.name),
            "y": .number(shown.minY),
            "width": .number(shown.width),
            "title": .string(toast.shownText.title),
        ]
    }
}
