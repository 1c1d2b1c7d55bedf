import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The emoji burst: three taps on different keys, then a drag along the row that bursts every 22 pt.
    @MainActor
    static func burstScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        func key(_ index: Int) -> Point {
            if let burst = component as? EmojiBurst {
                let frame = burst.keyFrame(index)
                return Point(frame.midX, frame.midY)
            }
            return Point(size.width * Double(index + 1) / 6, size.height - 118)
        }
        var finger = TouchSequence()
        finger.wait(0.3)
        finger.tap(at: key(0), hold: 0.08)
        let first = finger.time
        finger.wait(0.35)
        finger.tap(at: key(1), hold: 0.08)
        finger.wait(0.35)
        finger.tap(at: key(2), hold: 0.08)
        finger.wait(0.4)
        finger.down(at: key(3))
        finger.slide(to: key(4), over: 0.3)
        finger.up()
        return GalleryScript(
            title: "Emoji burst",
            caption: "Each touch throws four of the touched emoji down out of the finger in a 60° fan at about "
                + "350 pt/s; pulled up at 1000 pt/s² they swing back and fly off the top, spinning, at 1.75–2.25×. "
                + "Dragging bursts again every 22 pt.",
            touches: finger.touches, duration: finger.time + 1.2, posterTime: first + 0.5)
    }
}
