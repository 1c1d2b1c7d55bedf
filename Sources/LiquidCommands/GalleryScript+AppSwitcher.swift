import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The app switcher: a drag up from the bottom edge that pauses (the switcher appears) and lifts; a tap
    /// on the card opens the app; then a quick flick up without a pause goes home, and a tap comes back.
    @MainActor
    static func appSwitcherScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let edge = Point(size.width / 2, size.height - 10)
        var finger = TouchSequence()
        finger.wait(0.4)
        finger.down(at: edge)
        finger.slide(to: Point(edge.x, edge.y - size.height * 0.4), over: 0.3, curve: .linear)
        finger.wait(0.45)
        finger.up()
        let settled = finger.time + 0.5
        finger.wait(1)
        finger.tap(at: Point(size.width / 2, size.height / 2), hold: 0.06)
        finger.wait(0.9)
        finger.down(at: edge)
        finger.slide(to: Point(edge.x, edge.y - size.height * 0.3), over: 0.1, curve: .linear)
        finger.up()
        finger.wait(1)
        finger.tap(at: Point(size.width / 2, size.height / 2), hold: 0.06)
        return GalleryScript(
            title: "App switcher",
            caption: "Acceleration pausing: dragged up from the bottom edge the app shrinks with the finger; the "
                + "frame the finger stops, the switcher appears (a light tick) — no timer. A tap opens the app; "
                + "a quick flick without a pause goes home.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: settled)
    }
}
