import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct RotationGestureRecognizerTests {
    /// A 300 × 300 root with a rotation recognizer, hosted by a 60 Hz run loop.
    private func host(_ recognizer: RotationGestureRecognizer) throws -> (UIRunLoop, View) {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        root.addGestureRecognizer(recognizer)
        return (try UIRunLoop(root: root, size: Size(width: 300, height: 300), framesPerSecond: 60), root)
    }

    private static let centre = Point(150, 150)

    /// The point `radius` out from the centre at `degrees` (clockwise from +x), built independently of the
    /// recognizer's arithmetic.
    private static func at(_ degrees: Double, _ radius: Double) -> Point {
        AffineTransform(rotationAngle: degrees * .pi / 180).apply(to: Point(radius, 0)) + centre
    }

    /// Two fingers on opposite sides of the centre turned together by `degrees` in `steps` moves, finger
    /// 1 `lag` seconds after finger 0 each time; the fingers lift at the end when `lift`.
    private static func twoFingerTurn(from start: Double, by degrees: Double, steps: Int, t0: Double = 0.1,
                                      duration: Double = 0.5, lag: Double = 0.002, lift: Bool = true) -> [Touch] {
        var touches = [Touch(id: 0, phase: .began, location: at(start, 60), timestamp: t0),
                       Touch(id: 1, phase: .began, location: at(start + 180, 60), timestamp: t0)]
        for s in 1...steps {
            let f = Double(s) / Double(steps), t = t0 + duration * f
            touches.append(Touch(id: 0, phase: .moved, location: at(start + degrees * f, 60), timestamp: t - lag))
            touches.append(Touch(id: 1, phase: .moved, location: at(start + 180 + degrees * f, 60), timestamp: t))
        }
        if lift {
            let end = t0 + duration
            touches.append(Touch(id: 0, phase: .ended, location: at(start + degrees, 60), timestamp: end))
            touches.append(Touch(id: 1, phase: .ended, location: at(start + 180 + degrees, 60), timestamp: end))
        }
        return touches
    }

    @Test(arguments: [37.0, -125.0, 200.0, 725.0])
    func twoFingersTurningByAKnownAngleReportIt(degrees: Double) throws {
        let recognizer = RotationGestureRecognizer()
        let (loop, _) = try host(recognizer)
        var states: [GestureRecognizerState] = []
        recognizer.addAction { states.append($0.state) }
        // Steps of under half a turn; start just below the ±π seam, so the turn crosses it.
        let steps = Int((abs(degrees) / 15).rounded(.up))
        loop.run(events: Self.twoFingerTurn(from: 170, by: degrees, steps: steps, lift: false), duration: 0.7)
        #expect(abs(recognizer.rotation - degrees * .pi / 180) < 1e-9, "unwrapped across ±π")
        #expect(recognizer.centroid.distance(to: Self.centre) < 1e-9)
        #expect(recognizer.numberOfTouches == 2 && states.first == .began && states.last == .changed)
    }

    @Test func theVelocityIsTheRateOfTurn() throws {
        let recognizer = RotationGestureRecognizer()
        let (loop, _) = try host(recognizer)
        // 3 rad/s (171.9°/s) for 0.5 s, both fingers moving at the same instants, 120 times a second.
        let degrees = 3 * 0.5 * 180 / Double.pi
        loop.run(events: Self.twoFingerTurn(from: 0, by: degrees, steps: 60, lag: 0, lift: false), duration: 0.6)
        #expect(abs(recognizer.velocity - 3) < 1e-6, "\(recognizer.velocity)")
    }

    @Test func oneFingerTurnsAboutThePivot() throws {
        let recognizer = RotationGestureRecognizer(pivot: Self.centre)
        let (loop, _) = try host(recognizer)
        var touches = [Touch(phase: .began, location: Self.at(-90, 100), timestamp: 0.1)]
        for s in 1...12 {
            touches.append(Touch(phase: .moved, location: Self.at(-90 + 120 * Double(s) / 12, 100), timestamp: 0.1 + Double(s) / 60))
        }
        loop.run(events: touches, duration: 0.5)
        #expect(abs(recognizer.rotation - 120 * .pi / 180) < 1e-9)
        #expect(recognizer.state == .changed)
        // Without a pivot one finger turns nothing and never begins.
        let still = RotationGestureRecognizer()
        let (other, _) = try host(still)
        other.run(events: touches + [Touch(phase: .ended, location: Self.at(30, 100), timestamp: 0.4)], duration: 0.5)
        #expect(still.rotation == 0 && still.state == .failed)
    }

    @Test func aFingerLandingOrLiftingDoesNotMakeTheRotationJump() throws {
        let recognizer = RotationGestureRecognizer(pivot: Self.centre)
        let (loop, _) = try host(recognizer)
        // One finger turns 30° about the centre; a second lands elsewhere, both turn 20° more about their
        // midpoint; the first lifts, and the second turns 10° about the pivot.
        var touches = [Touch(id: 0, phase: .began, location: Self.at(0, 80), timestamp: 0.1)]
        for s in 1...6 { touches.append(Touch(id: 0, phase: .moved, location: Self.at(5 * Double(s), 80), timestamp: 0.1 + Double(s) / 60)) }
        let second = Point(40, 260)
        touches.append(Touch(id: 1, phase: .began, location: second, timestamp: 0.3))
        let first = Self.at(30, 80), mid = Point((first.x + second.x) / 2, (first.y + second.y) / 2)
        for s in 1...4 {
            let turn = AffineTransform(rotationAngle: 5 * Double(s) * .pi / 180)
            touches.append(Touch(id: 0, phase: .moved, location: mid + turn.apply(toDirection: first - mid), timestamp: 0.3 + Double(s) / 60))
            touches.append(Touch(id: 1, phase: .moved, location: mid + turn.apply(toDirection: second - mid), timestamp: 0.3 + Double(s) / 60))
        }
        let turned = AffineTransform(rotationAngle: 20 * .pi / 180)
        let lastSecond = mid + turned.apply(toDirection: second - mid)
        touches.append(Touch(id: 0, phase: .ended, location: mid + turned.apply(toDirection: first - mid), timestamp: 0.4))
        let about = lastSecond - Self.centre
        touches.append(Touch(id: 1, phase: .moved, location: Self.centre + AffineTransform(rotationAngle: 10 * .pi / 180).apply(toDirection: about),
                             timestamp: 0.45))
        loop.run(events: touches, duration: 0.5)
        #expect(abs(recognizer.rotation - 60 * .pi / 180) < 1e-9)
        #expect(recognizer.numberOfTouches == 1)
    }

    @Test func aThirdFingerAndUnknownTouchesAreIgnored() throws {
        let recognizer = RotationGestureRecognizer()
        let (loop, _) = try host(recognizer)
        var touches = Self.twoFingerTurn(from: 0, by: 40, steps: 8, lift: false)
        touches.append(Touch(id: 2, phase: .began, location: Point(20, 20), timestamp: 0.61))
        touches.append(Touch(id: 2, phase: .moved, location: Point(200, 280), timestamp: 0.62))
        loop.run(events: touches, duration: 0.65)
        #expect(recognizer.numberOfTouches == 2 && abs(recognizer.rotation - 40 * .pi / 180) < 1e-9)
        // Samples of a touch that never went down: the run loop drops them, and the recognizer fed one
        // directly leaves everything as it was.
        let stray = Touch(id: 9, phase: .moved, location: Point(5, 5), timestamp: 0.7)
        #expect(loop.dispatch(stray) == false)
        recognizer.receive(stray)
        recognizer.receive(stray.with(phase: .ended))
        #expect(recognizer.numberOfTouches == 2 && recognizer.state == .changed)
        #expect(abs(recognizer.rotation - 40 * .pi / 180) < 1e-9)
    }

    @Test func liftingBeforeTheMinimumFailsAndTheNextGestureStartsAtZero() throws {
        let recognizer = RotationGestureRecognizer()
        let (loop, _) = try host(recognizer)
        loop.run(events: Self.twoFingerTurn(from: 0, by: 2, steps: 4), duration: 0.7)
        #expect(recognizer.state == .failed, "2° is under the 0.05 rad minimum")
        loop.run(events: Self.twoFingerTurn(from: 0, by: 30, steps: 4, t0: 1), duration: 1)
        #expect(recognizer.state == .ended && abs(recognizer.rotation - 30 * .pi / 180) < 1e-9)
    }

    @Test func aCancelledFingerCancelsTheGesture() throws {
        let recognizer = RotationGestureRecognizer()
        let (loop, _) = try host(recognizer)
        var touches = Self.twoFingerTurn(from: 0, by: 30, steps: 6, lift: false)
        touches.append(Touch(id: 1, phase: .cancelled, location: Self.at(210, 60), timestamp: 0.65))
        loop.run(events: touches, duration: 0.7)
        #expect(recognizer.state == .cancelled && recognizer.numberOfTouches == 0)
    }
}
