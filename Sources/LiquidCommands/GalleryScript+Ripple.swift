import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The ripple: three taps at different places, the last two overlapping so their waves cross.
    @MainActor
    static func rippleScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        var finger = TouchSequence()
        finger.wait(0.3)
        finger.tap(at: Point(size.width * 0.3, size.height * 0.4), hold: 0.08)
        let first = finger.time
        finger.wait(0.5)
        finger.tap(at: Point(size.width * 0.72, size.height * 0.6), hold: 0.08)
        finger.wait(0.12)
        finger.tap(at: Point(size.width * 0.5, size.height * 0.25), hold: 0.08)
        return GalleryScript(
            title: "Ripple",
            caption: "Each tap sends a shockwave through the card: the content is drawn through a mesh of "
                + "40-point cells moved by a damped sine travelling at 1400 pt/s, with a faint ring on the front.",
            touches: finger.touches, duration: finger.time + 0.9, posterTime: first + 0.06)
    }
}
