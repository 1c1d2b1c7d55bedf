import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidUI

extension GalleryScript {
    /// The life of a sketch: a finger writes "hi" in joined-up letters on the left half and dots the i; the
    /// sketch is sent, both copies settle, stay half a second and dissolve.
    @MainActor
    static func canvasScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        // The word in a 200 × 120 box, centred in the left half (the canvas); the waypoints are traced at a
        // steady pace.
        let half = (component as? SketchExchange)?.canvas.frame.width ?? size.width
        let box = Rect(x: (half - 200) / 2, y: (size.height - 120) / 2, width: 200, height: 120)
        func at(_ x: Double, _ y: Double) -> Point { Point(box.minX + x * box.width, box.minY + y * box.height) }
        var word: [Point] = [at(0.05, 0.35)]
        // The loop of the h: up to its top, then down the stem.
        word += arc(centre: at(0.12, 0.2), radius: 22, from: 0.65 * .pi, to: -0.4 * .pi, box: box)
        word += [at(0.08, 0.55), at(0.05, 0.95)]
        // The hump and the second leg.
        word += arc(centre: at(0.26, 0.78), radius: 26, from: -0.95 * .pi, to: -0.05 * .pi, box: box)
        word += [at(0.4, 0.9), at(0.45, 0.97)]
        // Up into the i, down its stem, and a flourish out.
        word += [at(0.55, 0.75), at(0.62, 0.6), at(0.62, 0.9), at(0.68, 0.97)]
        word += arc(centre: at(0.85, 0.8), radius: 30, from: 0.85 * .pi, to: 0.1 * .pi, box: box)
        var finger = TouchSequence()
        finger.wait(0.3)
        finger.down(at: word[0])
        for point in word.dropFirst() {
            let distance = point.distance(to: finger.position)
            finger.slide(to: point, over: max(distance / 260, 1 / 60), curve: .linear)
        }
        finger.up()
        finger.wait(0.25)
        finger.tap(at: at(0.62, 0.38), hold: 0.06)
        // Sent after the release pause; settled after the ease and the spring; then a short stay and most of
        // the dissolve.
        let sent = finger.time + SketchExchange.releasePause
        let settled = sent + SketchSettle.easeDuration + SketchSettle.spring.settlingDuration
        let stay = 0.5
        return GalleryScript(
            title: "The life of a sketch",
            caption: "A finger writes a word on the left: smoothed as it goes, simplified as each stroke lifts. "
                + "Sent, the author's copy sinks a little and springs back; the receiver's copy, decoded from "
                + "the JSON, comes out of a blur a little large and springs back too. Then both dissolve.",
            touches: finger.touches, duration: settled + stay + 2.4, posterTime: settled + 0.1,
            prepare: { component in try (component as? SketchExchange)?.setStayDuration(stay) })
    }

    /// Points along a circular arc (clockwise on screen for a decreasing angle), every ~8 points.
    private static func arc(centre: Point, radius: Double, from start: Double, to end: Double, box: Rect) -> [Point] {
        let steps = max(2, Int((abs(end - start) * radius / 8).rounded(.up)))
        return (0...steps).map { i in
            let angle = start + (end - start) * Double(i) / Double(steps)
            return Point(centre.x + radius * cos(angle), centre.y - radius * sin(angle))
        }
    }
}
