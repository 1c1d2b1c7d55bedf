import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct ForceHysteresisTests {
    private func events(_ forces: [Double], _ machine: inout ForceHysteresis) -> [ForceHysteresis.Event?] {
        forces.map { machine.update(force: $0) }
    }

    @Test func defaultsAreTheTalksThresholds() throws {
        let machine = try ForceHysteresis()
        #expect(machine.resetThreshold == 0.4)
        #expect(machine.activateThreshold == 0.5)
        #expect(machine.confirmThreshold == 0.49)
        #expect(machine.state == .idle)
    }

    @Test func fullPressConfirmReleaseAndPressAgain() throws {
        var machine = try ForceHysteresis()
        let forces = [0.1, 0.3, 0.5, 0.55, 0.45, 0.41, 0.4, 0.45, 0.5, 0.49]
        let expected: [ForceHysteresis.Event?] = [nil, nil, .activated, .confirmed, nil, nil, .reset, nil, .activated, .confirmed]
        #expect(events(forces, &machine) == expected)
        #expect(machine.state == .confirmed)
    }

    @Test func hoveringBelowConfirmStaysActivated() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.5, 0.45, 0.42, 0.48], &machine) == [.activated, nil, nil, nil])
        #expect(machine.state == .activated)
        #expect(machine.update(force: 0.49) == .confirmed)
    }

    @Test func flickerAroundActivateActivatesOnce() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.5, 0.45, 0.5, 0.45, 0.5, 0.41], &machine) == [.activated, nil, .confirmed, nil, nil, nil])
        #expect(machine.state == .confirmed)
    }

    @Test func releaseBeforeConfirmationReArms() throws {
        var machine = try ForceHysteresis()
        #expect(events([0.7, 0.2, 0.3, 0.6], &machine) == [.activated, .reset, nil, .activated])
    }

    @Test func nonFiniteForcesAndResetMethod() throws {
        var machine = try ForceHysteresis()
        #expect(machine.update(force: .nan) == nil)
        #expect(machine.update(force: .infinity) == nil)
        #expect(machine.state == .idle)
        _ = machine.update(force: 0.9)
        machine.reset()
        #expect(machine.state == .idle)
        #expect(machine.update(force: 0.9) == .activated)
    }

    /// Random pressure traces: every event happens at the right threshold and in the right order.
    @Test func randomTracesObeyTheRules() throws {
        var random = SeededRandom(seed: 0xF0)
        var machine = try ForceHysteresis()
        var force = 0.0
        var last: ForceHysteresis.Event? = .reset
        var counts = [ForceHysteresis.Event: Int]()
        for _ in 0..<20_000 {
            force = min(max(force + random.uniform(-0.08...0.08), 0), 1)
            let before = machine.state
            guard let event = machine.update(force: force) else { continue }
            counts[event, default: 0] += 1
            switch event {
            case .activated:
                #expect(before == .idle && force >= 0.5)
                #expect(last == .reset)
            case .confirmed:
                #expect(before == .activated && force >= 0.49)
                #expect(last == .activated)
            case .reset:
                #expect(before != .idle && force <= 0.4)
                #expect(last == .activated || last == .confirmed)
            }
            last = event
        }
        #expect(counts[.activated, default: 0] > 10 && counts[.confirmed, default: 0] > 10)
    }

    @Test func thresholdsAreValidated() throws {
        #expect(throws: LiquidError.invalidParameter(
            name: "confirm threshold", value: 0.4, requirement: "must be greater than the reset threshold 0.4")
        ) { try ForceHysteresis(reset: 0.4, activate: 0.5, confirm: 0.4) }
        #expect(throws: LiquidError.invalidParameter(
            name: "confirm threshold", value: 0.6, requirement: "must not exceed the activate threshold 0.5")
        ) { try ForceHysteresis(reset: 0.4, activate: 0.5, confirm: 0.6) }
        #expect(throws: LiquidError.nonFinite(name: "activate threshold", value: .nan)) {
            try ForceHysteresis(activate: .nan)
        }
        // confirm == activate is allowed.
        let equal = try ForceHysteresis(reset: 0.2, activate: 0.6, confirm: 0.6)
        #expect(equal.confirmThreshold == 0.6)
    }
}
