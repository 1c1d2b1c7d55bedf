import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The switch: a tap turns it on; then the finger drags the thumb back past the middle and lets go,
    /// which turns it off.
    ///
    /// The thumb's resting x comes from the state's `thumbX` when it lies inside the component (else half
    /// the height, a pill's end); the on position mirrors it.
    @MainActor
    static func switchScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let y = size.height / 2
        var offX = size.height / 2
        if let x = number("thumbX", in: component.simulationState), x > 0, x < size.width / 2 { offX = x }
        let onX = size.width - offX

        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: Point(size.width / 2, y), hold: 0.07)
        finger.wait(1.1)
        finger.down(at: Point(onX, y))
        let dragStart = finger.time
        finger.wait(0.25)
        finger.slide(to: Point(size.width * 0.3, y), over: 0.55)
        finger.wait(0.1)
        finger.up()
        return GalleryScript(
            title: "Switch",
            caption: "A quick tap turns it on: the thumb swells into a liquid drop (held big for a moment, so even "
                + "a short tap shows), stretches and jiggles as it slides, and the track fills with the on colour. "
                + "Then the finger drags the thumb back past the middle and lets go — it turns off.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: dragStart + 0.5)
    }
}
