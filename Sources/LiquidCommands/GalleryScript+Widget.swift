import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The widget button: two taps, the second held a little, so the pressed state shows.
    @MainActor
    static func widgetScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let centre = Point(size.width / 2, size.height / 2)
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: centre, hold: 0.1)
        finger.wait(0.4)
        finger.tap(at: centre, hold: 0.4)
        return GalleryScript(
            title: "Widget button",
            caption: "A gradient button with a gradient stroke casting a shadow, an inner white edge fading downwards, "
                + "an icon and a bold title with a soft shadow; it dims while pressed.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: 0.3)
    }
}
