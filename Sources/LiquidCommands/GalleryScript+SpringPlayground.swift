import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The spring playground: a tap sends the square with the default spring; the damping slider is tapped
    /// low and the next tap shows the wobblier spring; a quick drag then throws the square.
    @MainActor
    static func springPlaygroundScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        // The play area is the top of the component; the damping slider's row sits 46 points below it.
        let play = Size(width: size.width, height: max(size.height - 136, 1))
        let dampingRow = play.height + 46
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.tap(at: Point(play.width * 0.8, play.height * 0.25), hold: 0.06)
        finger.wait(1.2)
        finger.tap(at: Point(10 + (size.width - 20) * 0.12, dampingRow), hold: 0.06)
        finger.wait(0.4)
        finger.tap(at: Point(play.width * 0.22, play.height * 0.75), hold: 0.06)
        let wobble = finger.time + 0.35
        finger.wait(1.6)
        finger.down(at: Point(play.width * 0.3, play.height * 0.7))
        finger.slide(to: Point(play.width * 0.75, play.height * 0.3), over: 0.18, curve: .linear)
        finger.up()
        return GalleryScript(
            title: "Spring playground",
            caption: "A spring set only by damping ratio and response pulls the square to the finger. A tap sends "
                + "it with damping 0.5 (16 % overshoot); with the damping slider low the next tap wobbles; a quick "
                + "drag throws it past where the finger lifts and back.",
            touches: finger.touches, duration: finger.time + 1.8, posterTime: wobble)
    }
}
