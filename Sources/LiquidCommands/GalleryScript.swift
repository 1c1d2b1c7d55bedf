import LiquidGeometry
import LiquidUI

/// The scripted interaction the gallery plays on one component, with the words that go under it.
///
/// Each registered component name has its script in a file of its own (`GalleryScript+Switch.swift`, …);
/// a name without one gets ``fallback(name:size:)``, a tap in the centre, so a newly registered component
/// shows up in the gallery before anyone writes its script. Scripts are built from the component's size
/// and its initial ``SimulatableComponent/simulationState`` (never from its type), so they keep working as
/// the components change.
struct GalleryScript {
    /// The card's heading.
    var title: String
    /// One or two sentences on what the viewer sees, in order.
    var caption: String
    /// The finger, in the component's own points.
    var touches: [Touch]
    /// How long to record, in seconds.
    var duration: Double
    /// The instant shown as the poster (the still image), in seconds.
    var posterTime: Double
    /// Sets up the recorded component before the script plays (a shorter wait, say), if needed.
    var prepare: (@MainActor (any SimulatableComponent) throws -> Void)? = nil

    /// Seconds of stillness recorded after the finger lifts, so the settling shows before the loop restarts.
    static let settleTime = 1.0

    /// The script for the component registered as `name`. `make` returns a fresh component in its default
    /// state; scripts may build a few to probe how it responds (the tab bar finds its items that way).
    @MainActor
    static func script(for name: String, make: () throws -> any SimulatableComponent) throws -> GalleryScript {
        let sample = try make()
        switch name {
        case "switch": return switchScript(for: sample)
        case "slider": return sliderScript(for: sample)
        case "tabbar": return try tabBarScript(for: sample, make: make)
        case "button": return buttonScript(for: sample)
        case "calculator": return calculatorScript(for: sample)
        case "flashlight": return flashlightScript(for: sample)
        case "rubberband": return rubberBandScript(for: sample)
        case "drawer": return drawerScript(for: sample)
        case "rotation": return rotationScript(for: sample)
        case "spring": return springPlaygroundScript(for: sample)
        case "switcher": return appSwitcherScript(for: sample)
        case "pip": return pictureInPictureScript(for: sample)
        case "canvas": return canvasScript(for: sample)
        case "tooltip": return tooltipScript(for: sample)
        case "toast": return toastScript(for: sample)
        case "ripple": return rippleScript(for: sample)
        case "morph": return morphScript(for: sample)
        case "carousel": return carouselScript(for: sample)
        case "widget": return widgetScript(for: sample)
        case "burst": return burstScript(for: sample)
        default: return fallback(name: name, size: sample.simulationSize)
        }
    }

    /// A tap in the centre of a component nobody has written a script for yet.
    static func fallback(name: String, size: Size) -> GalleryScript {
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: Point(size.width / 2, size.height / 2), hold: 0.12)
        return GalleryScript(
            title: name.prefix(1).uppercased() + name.dropFirst(),
            caption: "A tap in the centre of the “\(name)” component, then it settles.",
            touches: finger.touches, duration: finger.time + 1.6, posterTime: 0.45)
    }

    /// A number from the component's state, when it is there and finite.
    static func number(_ key: String, in state: [String: TraceValue]) -> Double? {
        guard let value = state[key]?.number, value.isFinite else { return nil }
        return value
    }
}
