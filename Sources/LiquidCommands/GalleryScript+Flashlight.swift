import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The flashlight button: a press whose force rises past 0.5 and eases off (the light turns on as it
    /// eases), then a second firm press lifted straight away (it turns off on the lift).
    @MainActor
    static func flashlightScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let centre = Point(size.width / 2, size.height / 2)
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: centre, force: 0.05)
        finger.press(to: 0.8, over: 0.5)
        finger.wait(0.2)
        finger.press(to: 0.3, over: 0.4)
        let lit = finger.time
        finger.wait(0.2)
        finger.up()
        finger.wait(0.8)
        finger.down(at: centre, force: 0.05)
        finger.press(to: 0.9, over: 0.35)
        finger.wait(0.15)
        finger.up()
        return GalleryScript(
            title: "Flashlight button",
            caption: "The button grows with the force of the press. Past half force it ticks (light); as the "
                + "press eases off it ticks again (medium) and the light turns on. A firm press lifted at once "
                + "turns it off; on release a bouncy spring brings it back to size.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: lit + 0.1)
    }
}
