import Foundation
import LiquidGeometry
import LiquidScene
import LiquidUI

/// The components `liquid simulate`, the gallery and `liquid play` know by name.
@MainActor
enum ComponentRegistry {
    /// Name → a fresh component in its default state.
    static let factories: [(name: String, make: @MainActor () -> any SimulatableComponent)] = [
        ("switch", { LiquidSwitch() }),
        ("slider", { LiquidSlider() }),
        ("tabbar", { LiquidTabBar() }),
        ("button", { GlassButton.simulationSample() }),
        ("calculator", { CalculatorButton() }),
        ("flashlight", { FlashlightButton() }),
        ("rubberband", { RubberBandCard() }),
        ("drawer", { DrawerSheet() }),
        ("rotation", { RotatingCard() }),
        ("spring", { SpringPlayground() }),
        ("switcher", { AppSwitcher() }),
        ("pip", { PictureInPicture() }),
        ("canvas", { SketchExchange(decoder: { (data: Data) throws -> Sketch in try Sketch(json: data) }) }),
        ("tooltip", { TooltipTour() }),
        ("toast", { ToastDemo() }),
        ("ripple", { RippleView() }),
        ("morph", { IconMorphView() }),
        ("carousel", { EmojiCarousel() }),
        ("widget", { WidgetButton() }),
        ("burst", { EmojiBurst() }),
    ]

    static var names: [String] { factories.map(\.name) }

    static func make(_ name: String) throws -> any SimulatableComponent {
        try requireKnown(name)
        return factories.first { $0.name == name }!.make()
    }

    /// Throws unless a component is registered as `name`; the message lists the known names.
    static func requireKnown(_ name: String) throws {
        guard names.contains(name) else {
            let known = names.isEmpty ? "none yet" : names.joined(separator: ", ")
            throw ValidationErrorMessage("unknown component '\(LiquidError.quoted(name))' (known: \(known))")
        }
    }
}
