import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The calculator key: four quick taps, then one slow press whose finger slides off and back on.
    @MainActor
    static func calculatorScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let centre = Point(size.width / 2, size.height / 2)
        var finger = TouchSequence()
        finger.wait(0.4)
        for _ in 0..<4 {
            finger.tap(at: centre, hold: 0.04)
            finger.wait(0.14)
        }
        let slow = finger.time
        finger.wait(0.5)
        finger.down(at: centre)
        finger.wait(0.4)
        finger.slide(to: Point(size.width * 3, centre.y), over: 0.15)
        finger.wait(0.25)
        finger.slide(to: centre, over: 0.15)
        finger.wait(0.3)
        finger.up()
        return GalleryScript(
            title: "Calculator key",
            caption: "Four quick taps each light the key fully (a new touch cancels the fade), then a press that "
                + "slides off — the light fades over half a second — and back on, where it lights at once.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: slow - 0.1)
    }
}
