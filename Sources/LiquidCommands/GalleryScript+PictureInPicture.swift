import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// Picture in picture: the tile, resting top left, is flicked right (it lands top right), then flicked
    /// down and left (it lands bottom left). The tile's centre is read from the initial state.
    @MainActor
    static func pictureInPictureScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let state = component.simulationState
        let start = Point(number("x", in: state) ?? size.width * 0.3, number("y", in: state) ?? size.height * 0.1)
        // The tile lands mirrored across the screen's middle on the right.
        let topRight = Point(size.width - start.x, start.y)
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: start)
        finger.slide(to: Point(start.x + 40, start.y + 4), over: 0.1, curve: .linear)
        finger.up()
        let flying = finger.time + 0.1
        finger.wait(1.1)
        finger.down(at: topRight)
        finger.slide(to: Point(topRight.x - 30, topRight.y + 90), over: 0.09, curve: .linear)
        finger.up()
        return GalleryScript(
            title: "Picture in picture",
            caption: "Let go, the tile's momentum is projected with the scroll deceleration rate (499 points per "
                + "1000 pt/s) and it springs to the corner nearest where it would coast, keeping the flick's "
                + "velocity: flicked right it lands top right, flicked down and left it lands bottom left.",
            touches: finger.touches, duration: finger.time + 1.2, posterTime: flying)
    }
}
