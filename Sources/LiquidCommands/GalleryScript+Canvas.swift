import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidUI

extension GalleryScript {
    /// The drawing canvas: a finger writes "hi" in joined-up letters and dots the i.
    @MainActor
    static func canvasScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        // The word in a 200 × 120 box, centred; the waypoints are traced at a steady pace.
        let box = Rect(x: (size.width - 200) / 2, y: (size.height - 120) / 2, width: 200, height: 120)
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
        let written = finger.time
        finger.wait(0.25)
        finger.tap(at: at(0.62, 0.38), hold: 0.06)
        return GalleryScript(
            title: "Drawing canvas",
            caption: "A finger writes a word: each stroke is smoothed into curves and only the newest curves are "
                + "redrawn as it moves; lifted, the stroke is simplified and handed over. A tap leaves a dot.",
            touches: finger.touches, duration: finger.time + settleTime, posterTime: written + 0.2)
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
