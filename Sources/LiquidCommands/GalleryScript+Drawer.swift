import LiquidGeometry
import LiquidMotion
import LiquidUI

extension GalleryScript {
    /// The drawer: a tap on the closed sheet opens it without a bounce; a drag down ending in a flick
    /// throws it closed; a touch catches it on the way and a flick up sends it back open, overshooting a
    /// little.
    @MainActor
    static func drawerScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let x = size.width / 2
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: Point(x, size.height - 40), hold: 0.08)
        finger.wait(1.0)
        finger.down(at: Point(x, 120))
        finger.slide(to: Point(x, 240), over: 0.3, curve: .easeIn)
        finger.up()
        finger.wait(0.06)
        let caught = finger.time
        finger.down(at: Point(x, size.height - 60))
        finger.wait(0.3)
        finger.slide(to: Point(x, size.height - 130), over: 0.1, curve: .linear)
        finger.up()
        return GalleryScript(
            title: "Drawer",
            caption: "A tap opens the drawer on a spring without bounce. Thrown down it closes; a touch catches "
                + "it mid-flight where it is, and a flick up reverses it, landing open with the flick's "
                + "momentum — a small overshoot.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: caught + 0.15)
    }
}
