import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The rubber band: a long drag to the right held, released; then a drag down and left, released.
    @MainActor
    static func rubberBandScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let centre = Point(size.width / 2, size.height / 2)
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: centre)
        finger.slide(to: Point(centre.x + 150, centre.y), over: 0.6)
        let stretched = finger.time
        finger.wait(0.3)
        finger.up()
        finger.wait(0.9)
        finger.down(at: centre)
        finger.slide(to: Point(centre.x - 90, centre.y + 120), over: 0.5)
        finger.wait(0.2)
        finger.up()
        return GalleryScript(
            title: "Rubber band",
            caption: "The card may not move, yet it always answers: dragged 150 points it gives 33 (each axis "
                + "follows |drag|^0.7), and released it springs home.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: stretched)
    }
}
