import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The emoji carousel: it runs on its own; Stop shows “+”, Start runs it again from the top.
    @MainActor
    static func carouselScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        // The buttons sit side by side along the bottom edge, Start on the left.
        let stop = Point(size.width / 2 + 46, size.height - 25)
        let start = Point(size.width / 2 - 46, size.height - 25)
        var finger = TouchSequence()
        finger.wait(1.9)
        finger.tap(at: stop, hold: 0.1)
        finger.wait(0.5)
        finger.tap(at: start, hold: 0.1)
        finger.wait(1.0)
        return GalleryScript(
            title: "Emoji carousel",
            caption: "“+” waits 0.3 s, then an emoji is pushed in from the right every 0.1 s (each push finishes the "
                + "one before), looping; Stop shows “+” again and Start runs the cycle from the top.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: 0.87)
    }
}
