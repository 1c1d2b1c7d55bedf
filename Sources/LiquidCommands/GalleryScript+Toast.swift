import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The toast demo: Loading, then Show, then Error, whose toast hides itself after its timeout. The
    /// four buttons share the bottom row equally, 8 pt from the edges and each other, 44 pt high.
    @MainActor
    static func toastScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let width = (size.width - 8 * 5) / 4
        func button(_ index: Int) -> Point {
            Point(8 + Double(index) * (width + 8) + width / 2, size.height - 8 - 22)
        }
        var finger = TouchSequence()
        finger.wait(0.3)
        finger.tap(at: button(1), hold: 0.08)
        finger.wait(0.8)
        finger.tap(at: button(0), hold: 0.08)
        let poster = finger.time + 0.5
        finger.wait(0.7)
        finger.tap(at: button(2), hold: 0.08)
        finger.wait(3.4)
        return GalleryScript(
            title: "Toast",
            caption: "Loading slides a toast in from above with a turning spinner; Show swaps it for a success "
                + "message and the pill's width follows; Error shows a failure that hides itself after three seconds.",
            touches: finger.touches, duration: finger.time + 0.5, posterTime: poster)
    }
}
