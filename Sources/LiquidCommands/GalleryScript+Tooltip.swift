import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The tooltip tour: a tap every 0.8 s walks through the default tour's four tips (the last one flips
    /// above its source); the fourth tap, on the last tip, dismisses the tour.
    @MainActor
    static func tooltipScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        var finger = TouchSequence()
        finger.wait(0.8)
        var poster = 0.5
        for step in 0..<4 {
            finger.tap(at: Point(size.width * 0.5, size.height * 0.6), hold: 0.08)
            if step == 1 { poster = finger.time + 0.5 }
            finger.wait(0.8)
        }
        return GalleryScript(
            title: "Tooltip tour",
            caption: "Each tap on the dimmed backdrop moves to the next tip (a medium tick): bubbles fit the screen "
                + "with their arrows on the straight edge, as close to the source's centre as it allows, and the last "
                + "one flips above its source. The final tap dismisses the tour with a success notification.",
            touches: finger.touches, duration: finger.time + 0.4, posterTime: poster)
    }
}
