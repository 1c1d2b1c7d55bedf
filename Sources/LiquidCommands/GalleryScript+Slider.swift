import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The slider: the finger takes the thumb, drags it nearly to the right end, back nearly to the left,
    /// and lets go a little left of the middle.
    ///
    /// The finger starts on the thumb: the state's `thumbX` when it lies inside the component, else the
    /// middle.
    @MainActor
    static func sliderScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let y = size.height / 2
        var startX = size.width / 2
        if let x = number("thumbX", in: component.simulationState), x >= 0, x <= size.width { startX = x }

        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: Point(startX, y))
        finger.wait(0.2)
        finger.slide(to: Point(size.width * 0.92, y), over: 0.7)
        let poster = finger.time
        finger.wait(0.15)
        finger.slide(to: Point(size.width * 0.08, y), over: 0.9)
        finger.slide(to: Point(size.width * 0.4, y), over: 0.45)
        finger.wait(0.1)
        finger.up()
        return GalleryScript(
            title: "Slider",
            caption: "The finger takes the thumb, which grows while held, and drags it across and back. The fill "
                + "and the track are two goo layers, so the thumb stays one liquid shape with the fill behind it; "
                + "on release the thumb shrinks back and the value stays where it was let go.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: poster)
    }
}
