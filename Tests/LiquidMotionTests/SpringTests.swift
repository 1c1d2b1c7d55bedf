import Foundation
import Testing
import TestSupport
import LiquidGeometry
@testable import LiquidMotion

@Suite("Spring parameter families and closed form")
struct SpringTests {
    // MARK: Published reference values (Apple's documentation of CASpringAnimation and SwiftUI springs)

    @Test func durationAndBounceMatchApplesPhysicalParameters() throws {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
    }

    @Test func physicalParametersMatchApplesDurationAndBounce() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(isClose(spring.bounce, 0.5, relative: 1e-14))
    }

    @Test func coreAnimationSettlingEstimateMatchesDocumentedExamples() throws {
        let soft = try Spring(mass: 1, stiffness: 100, damping: 5)
        #expect(abs(soft.coreAnimationSettlingDuration - 2.85) < 0.05)
        let firm = try Spring(mass: 1, stiffness: 100, damping: 15)
        #expect(firm.coreAnimationSettlingDuration > 1.0)
        #expect(firm.coreAnimationSettlingDuration < 1.05)
    }

    /// A response or duration so short that the stiffness (m·(2π/T)²) overflows is refused with its name;
    /// one just short enough to keep it finite gives a spring whose values are finite.
    @Test func periodsTooShortForAFiniteStiffnessAreRefused() throws {
        for period in [Double.leastNonzeroMagnitude * 2024, 1e-300, 1e-160] {
            #expect(throws: LiquidError.self) { try Spring(response: period, dampingRatio: 0.5) }
            #expect(throws: LiquidError.self) { try Spring(duration: period, bounce: 0.2) }
            do { _ = try Spring(response: period, dampingRatio: 0.5) } catch {
                #expect(error.subject == "response" && error.message.contains("too short"), "\(error)")
            }
        }
        let short = try Spring(response: 1e-150, dampingRatio: 0.5)
        #expect(short.stiffness.isFinite && short.damping.isFinite)
        for t in [0, 1e-160, 1e-150, 0.5, 1] {
            #expect(short.value(at: t, from: 0.0, to: 1.0).isFinite, "at \(t)")
        }
    }

    @Test func presetsAreSwiftUIsValues() {
        for preset in [Spring.smooth, .snappy, .bouncy] { #expect(isClose(preset.duration, 0.5)) }
        #expect(Spring.smooth.bounce == 0)
        #expect(isClose(Spring.snappy.bounce, 0.15))
        #expect(isClose(Spring.bouncy.bounce, 0.3))
        #expect(isClose(Spring.default.response, 0.5))
        #expect(Spring.default.dampingRatio == 0.825)
        #expect(isClose(Spring.interactive.response, 0.15))
        #expect(Spring.interactive.dampingRatio == 0.86)
    }

    // MARK: Conversions

    @Test func parameterFamiliesConvertLosslessly() throws {
        var rng = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<500 {
            let response = rng.logUniform(0.05...5), zeta = rng.logUniform(0.01...20), mass = rng.logUniform(0.1...10)
            let a = try Spring(response: response, dampingRatio: zeta, mass: mass)
            #expect(isClose(a.response, response, relative: 1e-14))
            #expect(isClose(a.dampingRatio, zeta, relative: 1e-14))

            let b = try Spring(duration: a.duration, bounce: a.bounce, mass: mass)
            #expect(isClose(b.naturalFrequency, a.naturalFrequency, relative: 1e-13))
            #expect(isClose(b.dampingRatio, a.dampingRatio, relative: 1e-12))

            let c = try Spring(mass: mass, stiffness: a.stiffness, damping: a.damping)
            #expect(isClose(c.naturalFrequency, a.naturalFrequency, relative: 1e-13))
            #expect(isClose(c.dampingRatio, a.dampingRatio, relative: 1e-13))

            let d = try Spring(settlingDuration: a.settlingDuration, dampingRatio: zeta, mass: mass)
            #expect(isClose(d.naturalFrequency, a.naturalFrequency, relative: 1e-12))
            #expect(isClose(d.settlingDuration, a.settlingDuration, relative: 1e-12))
        }
    }

    @Test func bounceMapsToDampingRatioOnBothSides() throws {
        #expect(try Spring(duration: 1, bounce: 0.25).dampingRatio == 0.75)
        #expect(try Spring(duration: 1, bounce: -0.5).dampingRatio == 2)
        #expect(try Spring(duration: 1, bounce: 0).dampingRatio == 1)
        #expect(isClose(try Spring(duration: 1, bounce: -0.5).bounce, -0.5))
    }

    // MARK: Settling

    @Test func settlingDurationIsTheLastCrossingOfTheBand() throws {
        var rng = SeededRandom(seed: 0x5E771E)
        let zetas = [0.05, 0.3, 0.7, 0.999999, 1, 1.000001, 1.5, 4] + (0..<20).map { _ in rng.uniform(0.02...3) }
        for zeta in zetas {
            let spring = try Spring(response: 1, dampingRatio: zeta)
            let w0 = spring.naturalFrequency
            let settle = spring.settlingDuration
            // Exactly on the band at the settling time (reference: the matrix exponential, not the closed form).
            let atSettle = SpringReference.state(stiffness: w0 * w0, damping: 2 * zeta * w0, mass: 1, x0: 1, v0: 0, t: settle)
            #expect(abs(abs(atSettle.x) - 1e-3) < 1e-9, "ζ = \(zeta): |x(T)| = \(abs(atSettle.x))")
            // Never outside the band afterwards.
            var worst = 0.0
            for i in 1...2000 {
                let t = settle + Double(i) * (40 / w0) / 2000
                worst = max(worst, abs(SpringReference.state(stiffness: w0 * w0, damping: 2 * zeta * w0, mass: 1, x0: 1, v0: 0, t: t).x))
            }
            #expect(worst <= 1e-3 * (1 + 1e-9), "ζ = \(zeta): left the band after settling (\(worst))")
            // Just before it, the motion is still outside the band.
            let before = SpringReference.state(stiffness: w0 * w0, damping: 2 * zeta * w0, mass: 1, x0: 1, v0: 0, t: settle - 1e-6 / w0)
            #expect(abs(before.x) > 1e-3, "ζ = \(zeta)")
        }
    }

    @Test func settlingDurationIsContinuousAcrossCriticalDamping() throws {
        let below = try Spring(response: 0.5, dampingRatio: 0.999999).settlingDuration
        let critical = try Spring(response: 0.5, dampingRatio: 1).settlingDuration
        let above = try Spring(response: 0.5, dampingRatio: 1.000001).settlingDuration
        #expect(abs(below - critical) < 1e-5)
        #expect(abs(above - critical) < 1e-5)
        // Critical: e^(−ω₀T)(1 + ω₀T) = 0.001 has ω₀T = 9.2335…
        #expect(abs(critical * 4 * .pi - 9.233_413_476) < 1e-6)
    }

    @Test func undampedSpringNeverSettles() throws {
        let spring = try Spring(response: 1, dampingRatio: 0)
        #expect(spring.settlingDuration == .infinity)
        #expect(spring.coreAnimationSettlingDuration == .infinity)
    }

    // MARK: Closed form

    @Test func initialConditionsHoldInEveryRegime() throws {
        for zeta in [0, 0.2, 0.999999, 1, 1.000001, 3, 50] {
            let spring = try Spring(response: 0.4, dampingRatio: zeta)
            let m = spring.transition(over: 0)
            #expect(m.positionFromPosition == 1 && m.positionFromVelocity == 0)
            #expect(m.velocityFromPosition == 0 && m.velocityFromVelocity == 1)
            #expect(spring.value(at: 0, from: 3.0, to: -2.0, initialVelocity: 7.0) == 3)
            #expect(spring.velocity(at: 0, from: 3.0, to: -2.0, initialVelocity: 7.0) == 7)
        }
    }

    /// The error bound the issue sets: ≤ 1e-9 of the motion's scale for t ≤ 10 s, stepping at any dt,
    /// in every regime including both sides of ζ = 1. Stepping goes through `SpringAnimator` (exact mode),
    /// so the state is advanced frame by frame exactly as an app would.
    @Test(arguments: [0.1, 0.5, 0.9, 0.999999, 1.0, 1.000001, 1.5, 4.0, 25.0])
    func steppingMatchesTheExactSolution(zeta: Double) throws {
        var rng = SeededRandom(seed: UInt64(zeta * 1e6))
        let frameTimes: [[Double]] = [
            Array(repeating: 1.0 / 30, count: 300), Array(repeating: 1.0 / 60, count: 600),
            Array(repeating: 1.0 / 120, count: 1200), Array(repeating: 1.0 / 240, count: 2400),
            (0..<900).map { _ in rng.uniform(0.001...0.03) },
        ]
        for stiffness in [10.0, 170, 3000] {
            let mass = 1.3
            let damping = 2 * zeta * (stiffness * mass).squareRoot()
            let spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
            let x0 = -120.0, v0 = 900.0, target = 40.0
            let scale = max(abs(x0 - target), abs(v0) / (stiffness / mass).squareRoot())
            for frames in frameTimes {
                var animator = SpringAnimator(spring: spring, value: x0, target: target, velocity: v0,
                                              tolerance: try SettleTolerance(value: 1e-300, velocity: 1e-300))
                var t = 0.0, worst = 0.0
                for (i, dt) in frames.enumerated() {
                    animator.advance(by: dt)
                    t += dt
                    if i % 10 == 9 || i == frames.count - 1 {
                        let exact = SpringReference.state(stiffness: stiffness, damping: damping, mass: mass,
                                                          x0: x0 - target, v0: v0, t: t)
                        worst = max(worst, scaledError(animator.value - target, exact.x, scale: scale))
                        worst = max(worst, scaledError(animator.velocity / (stiffness / mass).squareRoot(),
                                                       exact.v / (stiffness / mass).squareRoot(), scale: scale))
                    }
                }
                #expect(worst <= 1e-9, "ζ \(zeta), k \(stiffness), \(frames.count) frames: error \(worst)")
            }
        }
    }

    @Test func closedFormAgreesWithRungeKutta() throws {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<40 {
            let k = rng.logUniform(5...500), m = rng.logUniform(0.5...2), zeta = rng.uniform(0.05...3)
            let c = 2 * zeta * (k * m).squareRoot()
            let spring = try Spring(mass: m, stiffness: k, damping: c)
            let t = rng.uniform(0...3)
            let x0 = rng.uniform(-100...100), v0 = rng.uniform(-500...500)
            let reference = SpringReference.rk4(stiffness: k, damping: c, mass: m, x0: x0, v0: v0, t: t, h: 1e-4)
            let scale = max(abs(x0), abs(v0) / (k / m).squareRoot())
            #expect(scaledError(spring.value(at: t, from: x0, to: 0, initialVelocity: v0), reference.x, scale: scale) < 1e-7)
        }
    }

    @Test func motionIsContinuousInDampingRatioAcrossCritical() throws {
        let ratios = [1 - 1e-6, 1, 1 + 1e-6]
        let springs = try ratios.map { try Spring(response: 0.3, dampingRatio: $0) }
        for i in 0...300 {
            let t = Double(i) * 0.01
            let values = springs.map { $0.value(at: t, from: 1.0, to: 0.0, initialVelocity: -4.0) }
            let velocities = springs.map { $0.velocity(at: t, from: 1.0, to: 0.0, initialVelocity: -4.0) }
            // A change of 1e-6 in ζ moves the motion by O(1e-6), never by a branch switch.
            #expect(abs(values[0] - values[1]) < 1e-5 && abs(values[2] - values[1]) < 1e-5)
            #expect(abs(velocities[0] - velocities[1]) < 1e-4 && abs(velocities[2] - velocities[1]) < 1e-4)
        }
    }

    @Test func energyNeverGrowsWhenDamped() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let zeta = rng.logUniform(0.001...30)
            let spring = try Spring(response: rng.logUniform(0.05...3), dampingRatio: zeta, mass: rng.logUniform(0.2...5))
            let x0 = rng.uniform(-50...50), v0 = rng.uniform(-400...400)
            func energy(_ t: Double) -> Double {
                let x = spring.value(at: t, from: x0, to: 0, initialVelocity: v0)
                let v = spring.velocity(at: t, from: x0, to: 0, initialVelocity: v0)
                return 0.5 * spring.mass * v * v + 0.5 * spring.stiffness * x * x
            }
            var previous = energy(0)
            let e0 = previous
            for i in 1...400 {
                let e = energy(Double(i) * spring.response / 40)
                #expect(e <= previous + 1e-12 * e0, "energy grew at step \(i) for ζ = \(zeta)")
                previous = e
            }
        }
    }

    @Test func stiffHeavilyDampedSpringsStayFiniteOverLongTimes() throws {
        let spring = try Spring(mass: 1, stiffness: 1e6, damping: 1e5)  // ζ = 50, λ·t ≈ 5·10⁵
        let m = spring.transition(over: 10)
        let entries = [m.positionFromPosition, m.positionFromVelocity, m.velocityFromPosition, m.velocityFromVelocity]
        #expect(entries.allSatisfy { $0.isFinite })
        // Only the slow mode survives: x(t)/x0 → ½·(1 + ζ/√(ζ²−1))·e^(−t·ω₀/(ζ + √(ζ²−1))), here ≈ e^(−100): tiny but not lost.
        let root = (50.0 * 50 - 1).squareRoot()
        let slowOnly = 0.5 * (1 + 50 / root) * exp(-10 * 1e3 / (50 + root))
        #expect(isClose(m.positionFromPosition, slowOnly, relative: 1e-12))
    }

    // MARK: Refusals

    @Test func invalidParametersAreRefusedWithClearErrors() {
        func message(_ body: () throws -> Spring) -> String {
            do { _ = try body(); return "" } catch { return "\(error)" }
        }
        #expect(message { try Spring(duration: 0.5, bounce: 1) }.contains("bounce must be in the open interval (-1, 1); got 1.0"))
        #expect(message { try Spring(duration: 0.5, bounce: -1) }.contains("bounce"))
        #expect(message { try Spring(duration: 0.5, bounce: .nan) }.contains("bounce"))
        #expect(message { try Spring(duration: 0, bounce: 0) }.contains("duration must be positive"))
        #expect(message { try Spring(response: -1, dampingRatio: 0.5) }.contains("response"))
        #expect(message { try Spring(response: .infinity, dampingRatio: 0.5) }.contains("response"))
        #expect(message { try Spring(response: 1, dampingRatio: -0.1) }.contains("damping ratio"))
        #expect(message { try Spring(mass: 0, stiffness: 100, damping: 10) }.contains("mass"))
        #expect(message { try Spring(mass: 1, stiffness: -100, damping: 10) }.contains("stiffness"))
        #expect(message { try Spring(mass: 1, stiffness: 100, damping: -10) }.contains("damping"))
        #expect(message { try Spring(mass: 1, stiffness: .nan, damping: 10) }.contains("stiffness"))
        #expect(message { try Spring(settlingDuration: 1, dampingRatio: 0) }.contains("damping ratio"))
        #expect(message { try Spring(settlingDuration: -1, dampingRatio: 0.5) }.contains("settling duration"))
    }
}

@Suite struct SpringSettlingRefusalTests {
    @Test func aDampingRatioTooSmallToSettleIsRefused() {
        for ratio in [1e-320, 1e-300] {
            #expect(throws: LiquidError.self) { try Spring(settlingDuration: 1, dampingRatio: ratio) }
        }
        #expect((try? Spring(settlingDuration: 1, dampingRatio: 1e-3))?.naturalFrequency.isFinite == true)
    }
}
