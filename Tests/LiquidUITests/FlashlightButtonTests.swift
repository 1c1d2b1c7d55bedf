import LiquidGeometry
import LiquidMotion
import Testing

@testable import LiquidUI

@MainActor
struct FlashlightButtonTests {
    private func host() throws -> (UIRunLoop, FlashlightButton) {
        let root = View()
        let button = FlashlightButton(origin: Point(25, 25))
        root.addSubview(button)
        let loop = try UIRunLoop(root: root, size: Size(width: 100, height: 100), framesPerSecond: 60)
        return (loop, button)
    }

    private static let centre = Point(50, 50)

    /// A press at the centre with `forces` sampled every 20 ms from t = 0.1, then lifted.
    private func press(_ forces: [Double], liftAfter: Bool = true) -> [Touch] {
        var script = [Touch(phase: .began, location: Self.centre, timestamp: 0.1, force: forces[0])]
        for (i, f) in forces.dropFirst().enumerated() {
            script.append(Touch(phase: .moved, location: Self.centre, timestamp: 0.1 + 0.02 * Double(i + 1), force: f))
        }
        if liftAfter {
            script.append(Touch(phase: .ended, location: Self.centre, timestamp: 0.1 + 0.02 * Double(forces.count)))
        }
        return script
    }

    @Test func scaleFollowsTheForce() throws {
        let (loop, button) = try host()
        loop.run(events: press([0.25, 0.5], liftAfter: false), duration: 0.2)
        #expect(abs(button.scale - (1 + 0.6 * 0.5)) < 1e-12, "50 → 80 pt: scale 1 + 0.6·force")
    }

    @Test func hapticsAreLightThenMediumAndTheLightTogglesOnTheFallingEdge() throws {
        let (loop, button) = try host()
        var toggledAt: [Double] = []
        button.onToggle = { _ in toggledAt.append(loop.currentTime) }
        let forces = [0.1, 0.3, 0.5, 0.7, 0.8, 0.6, 0.5, 0.49, 0.45, 0.42]
        loop.run(events: press(forces, liftAfter: false), duration: 0.4)
        #expect(loop.haptics.events == [.impactLight, .impactMedium])
        #expect(button.isOn)
        #expect(toggledAt.count == 1 && abs(toggledAt[0] - (0.1 + 0.02 * 7)) < 1e-9, "on the 0.49 sample")
        #expect(button.forceState == "confirmed")
    }

    @Test func liftingAnActivatedPressTogglesOnceAndSpringsBack() throws {
        let (loop, button) = try host()
        loop.run(events: press([0.2, 0.6, 0.9]), duration: 2)
        #expect(loop.haptics.events == [.impactLight, .impactMedium])
        #expect(button.isOn && button.forceState == "reset")
        #expect(button.scale == 1, "the release spring lands exactly")
    }

    @Test func aFallStraightPastTheResetTogglesOnce() throws {
        let (loop, button) = try host()
        loop.run(events: press([0.6, 0.2, 0.7, 0.1]), duration: 1)
        #expect(loop.haptics.events == [.impactLight, .impactMedium, .impactLight, .impactMedium])
        #expect(!button.isOn, "two toggles: on, then off")
    }

    @Test func theReleaseSpringBouncesBelowRestSize() throws {
        let (loop, button) = try host()
        var smallest = 2.0
        loop.run(events: press([0.3, 1.0]), duration: 1.5) { _ in smallest = min(smallest, button.scale) }
        #expect(smallest < 0.99, "damping 0.4 overshoots")
        #expect(button.scale == 1)
    }
}
