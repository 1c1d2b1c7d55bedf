import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

/// The flashlight rule: activate at ≥ 0.5 (light tick), confirm when the force then falls to ≤ 0.49
/// (medium tick, the toggle), re-arm at ≤ 0.4; lifting is the force falling to 0.
@Suite struct ForceHysteresisTests {
    private func events(_ forces: [Double], _ machine: inout ForceHysteresis) -> [[ForceHysteresis.Event]] {
        forces.map { machine.update(force: $0) }
    }

    @Test func defaultsAreTheTalksThresholds() throws {
        let machine = try ForceHysteresis()
        #expect(machine.resetThreshold == 0.4)
        #expect(machine.activateThreshold == 0.5)
        #expect(machine.confirmThreshold == 0.49)
        #expect(machine.state == .idle)
    }

    @Test func pressConfirmsOnTheFallingEdgeThenReArms() throws {
        var machine = try ForceHysteresis()
        let forces = [0.1, 0.3, 0.5, 0.55, 0.45, 0.41, 0.4, 0.45, 0.5, 0.49]
        let expected: [[ForceHysteresis.Event]] = [[], [], [.activated], [], [.confirmed], [], [.reset], [],
                                                   [.activated], [.confirmed]]
        #expect(events(forces, &machine) == expected)
        #expect(machine.state == .confirmed)
    }

    @Test func aForceHeldAboveTheConfirmThresholdStaysActivated() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.5, 0.495, 0.6, 0.5], &machine) == [[.activated], [], [], []])
        #expect(machine.state == .activated)
        #expect(machine.update(force: 0.49) == [.confirmed])
    }

    @Test func flickerAroundTheThresholdsTogglesOnce() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.5, 0.45, 0.5, 0.45, 0.5, 0.41], &machine) == [[.activated], [.confirmed], [], [], [], []])
        #expect(machine.state == .confirmed)
    }

    @Test func oneSampleFallingPastTheResetConfirmsAndReArms() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.7, 0.2, 0.3, 0.6], &machine) == [[.activated], [.confirmed, .reset], [], [.activated]])
    }

    @Test func liftingIsTheForceFallingToZero() throws {
        var machine = try ForceHysteresis()
        #expect(machine.release().isEmpty, "an idle press lifts without events")
        machine.update(force: 0.8)
        #expect(machine.release() == [.confirmed, .reset], "lifting an activated press confirms it (one toggle)")
        machine.update(force: 0.8)
        machine.update(force: 0.45)
        #expect(machine.release() == [.reset])
        #expect(machine.state == .idle)
    }

    @Test func nonFiniteForcesAndResetMethod() throws {
        var machine = try ForceHysteresis()
        #expect(machine.update(force: .nan).isEmpty)
        #expect(machine.update(force: .infinity).isEmpty)
        #expect(machine.state == .idle)
        machine.update(force: 0.9)
        machine.reset()
        #expect(machine.state == .idle)
        #expect(machine.update(force: 0.9) == [.activated])
    }

    /// Random pressure traces: every event happens at its threshold, from the right state, in cycle order.
    @Test func randomTracesObeyTheRules() throws {
        var random = SeededRandom(seed: 0xF0)
        var machine = try ForceHysteresis()
        var force = 0.0
        var last: ForceHysteresis.Event = .reset
        var counts = [ForceHysteresis.Event: Int]()
        for _ in 0..<20_000 {
            force = min(max(force + random.uniform(-0.08...0.08), 0), 1)
            for event in machine.update(force: force) {
                counts[event, default: 0] += 1
                switch event {
                case .activated: #expect(last == .reset && force >= 0.5)
                case .confirmed: #expect(last == .activated && force <= 0.49)
                case .reset: #expect(last == .confirmed && force <= 0.4)
                }
                last = event
            }
        }
        #expect(counts[.activated, default: 0] > 10 && counts[.confirmed, default: 0] > 10)
    }

    @Test func thresholdsAreValidated() throws {
        #expect(throws: LiquidError.invalidParameter(
            name: "confirm threshold", value: 0.4, requirement: "must be greater than the reset threshold 0.4")
        ) { try ForceHysteresis(reset: 0.4, activate: 0.5, confirm: 0.4) }
        #expect(throws: LiquidError.invalidParameter(
            name: "confirm threshold", value: 0.5, requirement: "must be below the activate threshold 0.5")
        ) { try ForceHysteresis(reset: 0.4, activate: 0.5, confirm: 0.5) }
        #expect(throws: LiquidError.nonFinite(name: "activate threshold", value: .nan)) {
            try ForceHysteresis(activate: .nan)
        }
    }
}
