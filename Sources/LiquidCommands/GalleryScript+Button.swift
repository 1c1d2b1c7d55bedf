import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The glass button: pressed in the centre, held for half a second, released. It stands on the
    /// colourful stage so the glass has something to bend.
    @MainActor
    static func buttonScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: Point(size.width / 2, size.height / 2))
        let pressed = finger.time
        finger.wait(0.6)
        finger.up()
        return GalleryScript(
            title: "Glass button",
            caption: "Press and release over a colourful backdrop: the glass bends and blurs what lies beneath it; "
                + "under the finger it swells and brightens, and on release it springs back to rest.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: pressed + 0.35)
    }
}
