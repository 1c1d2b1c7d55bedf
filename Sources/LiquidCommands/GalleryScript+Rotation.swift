import LiquidGeometry
import LiquidUI

extension GalleryScript {
    /// The rotating card: two fingers turn it 50° and let go slowly (it settles on 90°); then one finger
    /// flicks it around its centre and it coasts on to a later quarter turn.
    @MainActor
    static func rotationScript(for component: any SimulatableComponent) -> GalleryScript {
        let size = component.simulationSize
        let centre = Point(size.width / 2, size.height / 2)
        var touches: [Touch] = []
        // Two fingers on opposite sides of the centre, 60 points out, turned 50° over 0.6 s, held, lifted.
        let turned = orbit(fingers: [0, 1], about: centre, radius: 60, from: -20, by: 50, start: 0.4, over: 0.6, hold: 0.25,
                           into: &touches)
        // One finger 100 points out, flicked 60° in 0.2 s and let go while moving: 300°/s carries it on to 270°.
        _ = orbit(fingers: [0], about: centre, radius: 100, from: 100, by: 60, start: turned + 1.1, over: 0.2, hold: 0,
                  into: &touches)
        let end = touches.last?.timestamp ?? 0
        return GalleryScript(
            title: "Rotation",
            caption: "Two fingers turn the card 50° and let go slowly: it settles on the nearer quarter, 90°. Then "
                + "one finger flicks it around its centre: the angle is projected from the spin and a spring "
                + "lands it on a later quarter turn.",
            touches: touches, duration: end + settleTime + 0.5, posterTime: turned - 0.3)
    }

    /// Appends fingers `fingers` (touch ids) spaced evenly around `centre` at `radius`, the first at
    /// `from` degrees, turning together by `by` degrees over `over` seconds from `start` (60 moves a
    /// second), held still `hold` seconds, then lifted; returns the time they lift.
    private static func orbit(fingers: [Int], about centre: Point, radius: Double, from: Double, by: Double,
                              start: Double, over: Double, hold: Double, into touches: inout [Touch]) -> Double {
        func point(_ finger: Int, _ degrees: Double) -> Point {
            let a = (degrees + 360 * Double(finger) / Double(fingers.count)) * .pi / 180
            return centre + AffineTransform(rotationAngle: a).apply(toDirection: Vector2(radius, 0))
        }
        for (i, id) in fingers.enumerated() {
            touches.append(Touch(id: id, phase: .began, location: point(i, from), timestamp: start))
        }
        let steps = max(1, Int((over * TouchSequence.sampleRate).rounded()))
        for s in 1...steps {
            let f = Double(s) / Double(steps)
            for (i, id) in fingers.enumerated() {
                touches.append(Touch(id: id, phase: .moved, location: point(i, from + by * f), timestamp: start + over * f))
            }
        }
        let lift = start + over + hold
        for (i, id) in fingers.enumerated() {
            touches.append(Touch(id: id, phase: .ended, location: point(i, from + by), timestamp: lift))
        }
        return lift
    }
}
