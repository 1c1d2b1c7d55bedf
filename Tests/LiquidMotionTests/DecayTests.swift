import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct DecelerationRateTests {
    @Test func presetsAreUIScrollViewRates() {
        #expect(DecelerationRate.normal.perMillisecond == 0.998)
        #expect(DecelerationRate.fast.perMillisecond == 0.99)
        #expect(isClose(DecelerationRate.normal.perSecond, pow(0.998, 1000), relative: 1e-12))
        #expect(isClose(DecelerationRate.normal.decayConstant, -1000 * log(0.998), relative: 1e-12))
    }

    @Test func acceptsTheOpenUnitInterval() throws {
        for value in [1e-300, 0.001, 0.5, 0.998, 0.999_999_999] {
            #expect(try DecelerationRate(value).perMillisecond == value)
        }
    }

    @Test func rejectsValuesOutsideTheOpenUnitInterval() {
        for value in [0.0, 1.0, 1.2, -0.5, -0.0] {
            #expect(
                throws: LiquidError.invalidParameter(
                    name: "deceleration rate", value: value, requirement: "must be between 0 and 1 (exclusive)")
            ) { try DecelerationRate(value) }
        }
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: LiquidError.nonFinite(name: "deceleration rate", value: value)) {
                try DecelerationRate(value)
            }
        }
    }

    @Test func errorMessagesNameTheParameterAndValue() {
        do {
            _ = try DecelerationRate(1.2)
            Issue.record("1.2 was accepted")
        } catch {
            #expect(error.description == "deceleration rate must be between 0 and 1 (exclusive); got 1.2")
        }
        #expect(LiquidError.nonFinite(name: "initial velocity", value: .nan).description
            == "initial velocity must be finite; got nan")
    }

    @Test func errorEqualityTreatsNaNPayloadsAsEqual() {
        #expect(LiquidError.nonFinite(name: "a", value: .nan) == .nonFinite(name: "a", value: -.nan))
        #expect(LiquidError.nonFinite(name: "a", value: 1) != .nonFinite(name: "b", value: 1))
        #expect(LiquidError.nonFinite(name: "a", value: 1) != .invalidParameter(name: "a", value: 1, requirement: ""))
    }
}

@Suite struct DecayTests {
    /// The published reference: v0 = 1000 pt/s at 0.998 travels 499 pt (discrete) and ≈ 499.5 pt (continuous).
    @Test func publishedDestinations() throws {
        let discrete = try Decay(initialVelocity: 1000, rate: .normal, model: .discrete)
        #expect(isClose(discrete.destination, 499, relative: 1e-12))
        let continuous = try Decay(initialVelocity: 1000, rate: .normal, model: .continuous)
        #expect(abs(continuous.destination - 499.5) < 1e-3)
        #expect(isClose(continuous.destination, -1000 / (1000 * log(0.998)), relative: 1e-12))
        let offset = try Decay(initialValue: 200, initialVelocity: -1000)
        #expect(isClose(offset.destination, 200 - 499, relative: 1e-12))
    }

    /// The discrete model against UIScrollView's stepping, simulated here one millisecond at a time.
    @Test func discreteModelMatchesMillisecondStepping() throws {
        var random = SeededRandom(seed: 0xDEC0)
        let rates: [DecelerationRate] = [.normal, .fast, try DecelerationRate(0.95), try DecelerationRate(0.9995)]
        for trial in 0..<40 {
            let rate = rates[trial % rates.count]
            let x0 = random.uniform(-1000...1000)
            let v0 = random.uniform(-5000...5000)
            let decay = try Decay(initialValue: x0, initialVelocity: v0, rate: rate, model: .discrete)
            var position = x0
            var velocityPerMs = v0 / 1000
            #expect(decay.value(at: 0) == x0)
            for millisecond in 1...4000 {
                velocityPerMs *= rate.perMillisecond
                position += velocityPerMs
                if millisecond % 7 == 0 || millisecond < 5 {
                    let model = decay.value(at: Double(millisecond) / 1000)
                    #expect(scaledError(model, position, scale: abs(decay.distance) + 1) < 1e-9,
                        "ms \(millisecond): \(model) vs stepped \(position)")
                }
            }
            // The stepping converges to the published geometric-series limit.
            let limit = x0 + (v0 / 1000) * rate.perMillisecond / (1 - rate.perMillisecond)
            #expect(isClose(decay.destination, limit, absolute: 1e-9, relative: 1e-12))
        }
    }

    /// The continuous model against an RK4 integration of v' = 1000·ln(d)·v, x' = v.
    @Test func continuousModelMatchesNumericalIntegration() throws {
        var random = SeededRandom(seed: 0xC0DE)
        for trial in 0..<12 {
            let rate = trial.isMultiple(of: 2) ? DecelerationRate.normal : try DecelerationRate(random.uniform(0.98...0.9995))
            let x0 = random.uniform(-500...500)
            let v0 = random.uniform(-4000...4000)
            let decay = try Decay(initialValue: x0, initialVelocity: v0, rate: rate, model: .continuous)
            let lambda = 1000 * log(rate.perMillisecond)
            var x = x0
            var v = v0
            let dt = 1e-4
            var step = 0
            for checkpoint in [0.05, 0.2, 0.5, 1.0, 2.5] {
                while Double(step) * dt < checkpoint - dt / 2 {
                    // RK4 for the linear system (x, v)' = (v, λ·v).
                    let k1x = v, k1v = lambda * v
                    let k2x = v + 0.5 * dt * k1v, k2v = lambda * (v + 0.5 * dt * k1v)
                    let k3x = v + 0.5 * dt * k2v, k3v = lambda * (v + 0.5 * dt * k2v)
                    let k4x = v + dt * k3v, k4v = lambda * (v + dt * k3v)
                    x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                    v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                    step += 1
                }
                let t = Double(step) * dt
                #expect(scaledError(decay.value(at: t), x, scale: abs(decay.distance) + 1) < 1e-9)
                #expect(scaledError(decay.velocity(at: t), v, scale: abs(v0) + 1) < 1e-9)
            }
        }
    }

    @Test func velocityIsTheDerivativeOfValue() throws {
        var random = SeededRandom(seed: 0xD1FF)
        for model in [Decay.Model.discrete, .continuous] {
            for _ in 0..<20 {
                let decay = try Decay(
                    initialValue: random.uniform(-100...100), initialVelocity: random.uniform(-3000...3000),
                    rate: try DecelerationRate(random.uniform(0.98...0.999)), model: model)
                let t = random.uniform(0.01...2)
                let h = 1e-5
                let difference = (decay.value(at: t + h) - decay.value(at: t - h)) / (2 * h)
                #expect(scaledError(decay.velocity(at: t), difference, scale: abs(decay.initialVelocity) + 1) < 1e-6)
            }
        }
    }

    @Test func initialVelocityOfEachModel() throws {
        let continuous = try Decay(initialVelocity: 1234, model: .continuous)
        #expect(isClose(continuous.velocity(at: 0), 1234, relative: 1e-12))
        // The discrete model's first step already applies d, so its derivative at release is v0·d·ln(1/d)/(1 − d).
        let d = 0.998
        let discrete = try Decay(initialVelocity: 1234, model: .discrete)
        #expect(isClose(discrete.velocity(at: 0), 1234 * d * -log(d) / (1 - d), relative: 1e-12))
        #expect(abs(discrete.velocity(at: 0) / 1234 - 0.999) < 1e-4)
        #expect(discrete.velocity(at: .infinity) == 0)
    }

    /// Rates so small that `d − 1` rounds to −1 (below about 10⁻¹⁶, down to the smallest subnormal): the
    /// decay constant stays finite and the velocity is finite, matching the closed form computed here
    /// with the C library's `log` and `exp`.
    @Test(arguments: [0.4, 1e-17, 1e-100, 1e-300, Double.leastNonzeroMagnitude * 2024, Double.leastNonzeroMagnitude])
    func velocityIsFiniteForTinyRates(d: Double) throws {
        let rate = try DecelerationRate(d)
        #expect(rate.decayConstant.isFinite && rate.decayConstant > 0)
        #expect(isClose(rate.decayConstant, -1000 * log(d), relative: 1e-12))
        for model in [Decay.Model.discrete, .continuous] {
            let decay = try Decay(initialVelocity: 1000, rate: rate, model: model)
            let k = -1000 * log(d)
            let distance = model == .discrete ? 1000 * d / (1000 * (1 - d)) : 1000 / k
            for t in [0, 1e-6, 0.001, 1, .infinity] {
                let v = decay.velocity(at: t)
                #expect(v.isFinite, "rate \(d) \(model) at \(t): \(v)")
                let reference = distance * k * exp(-k * t)
                #expect(abs(v - reference) <= 1e-12 * abs(reference) + 1e-300, "rate \(d) \(model) at \(t): \(v) vs \(reference)")
                #expect(decay.value(at: t).isFinite)
            }
            #expect(decay.velocity(at: 0) >= 0 && decay.velocity(at: .infinity) == 0)
        }
    }

    @Test func timeEdges() throws {
        let decay = try Decay(initialValue: 10, initialVelocity: 1000)
        #expect(decay.value(at: -1) == 10)
        #expect(decay.value(at: 0) == 10)
        #expect(isClose(decay.value(at: .infinity), decay.destination, relative: 1e-15))
        #expect(decay.value(at: .nan).isNaN)
        #expect(decay.velocity(at: .nan).isNaN)
        #expect(decay.velocity(at: -1) == decay.velocity(at: 0))
    }

    @Test func durationReachesTheThresholdExactly() throws {
        var random = SeededRandom(seed: 0xD0)
        for model in [Decay.Model.discrete, .continuous] {
            for _ in 0..<30 {
                let decay = try Decay(
                    initialValue: random.uniform(-100...100), initialVelocity: random.uniform(-5000...5000),
                    rate: try DecelerationRate(random.uniform(0.98...0.999)), model: model)
                let threshold = random.logUniform(0.01...5)
                let t = try decay.duration(threshold: threshold)
                if abs(decay.distance) <= threshold {
                    #expect(t == 0)
                    continue
                }
                #expect(isClose(abs(decay.value(at: t) - decay.destination), threshold, relative: 1e-6))
                #expect(abs(decay.value(at: t * 0.99) - decay.destination) > threshold)
                #expect(abs(decay.value(at: t * 1.01) - decay.destination) < threshold)
            }
        }
    }

    /// For the discrete model, the first whole millisecond of the stepped simulation that is within the
    /// threshold is the duration rounded up to a millisecond.
    @Test func discreteDurationMatchesStepping() throws {
        let decay = try Decay(initialVelocity: 2000, rate: .normal)
        let threshold = 0.5
        let t = try decay.duration(threshold: threshold)
        var position = 0.0
        var velocityPerMs = 2.0
        var millisecond = 0
        while abs(position - decay.destination) > threshold {
            velocityPerMs *= 0.998
            position += velocityPerMs
            millisecond += 1
        }
        #expect(Double(millisecond) == (t * 1000).rounded(.up))
    }

    @Test func durationIsZeroWhenAlreadyWithin() throws {
        let decay = try Decay(initialValue: 5, initialVelocity: 0.5)  // travels 0.2495 pt
        #expect(try decay.duration(threshold: 0.5) == 0)
        #expect(try Decay(initialVelocity: 0).duration(threshold: 1e-9) == 0)
    }

    /// The brief's "duration to reach |v| < ε", ln(−1000·ln d·ε/|v0|)/(1000·ln d), is in fact the time at
    /// which the remaining distance |v|/k reaches ε: it agrees with `duration(threshold:)`, and the speed
    /// then is k·ε, not ε.
    @Test func publishedDurationFormulaIsTheDistanceThreshold() throws {
        let d = 0.998, v0 = 1500.0, epsilon = 1.0
        let decay = try Decay(initialVelocity: v0, rate: .normal, model: .continuous)
        let published = log(-1000 * log(d) * epsilon / abs(v0)) / (1000 * log(d))
        #expect(isClose(try decay.duration(threshold: epsilon), published, relative: 1e-12))
        #expect(isClose(abs(decay.velocity(at: published)), -1000 * log(d) * epsilon, relative: 1e-9))
    }

    @Test func velocityThresholdDurationReachesTheSpeed() throws {
        let v0 = 1500.0, epsilon = 1.0
        let decay = try Decay(initialVelocity: v0, rate: .normal, model: .continuous)
        let t = try decay.duration(velocityThreshold: epsilon)
        #expect(isClose(t, log(v0 / epsilon) / (-1000 * log(0.998)), relative: 1e-12))
        #expect(isClose(abs(decay.velocity(at: t)), epsilon, relative: 1e-9))
        let discrete = try Decay(initialVelocity: -v0, rate: .fast)
        let td = try discrete.duration(velocityThreshold: epsilon)
        #expect(isClose(abs(discrete.velocity(at: td)), epsilon, relative: 1e-9))
        #expect(try Decay(initialVelocity: 0.5, model: .continuous).duration(velocityThreshold: 1) == 0)
    }

    @Test func durationRejectsBadThresholds() throws {
        let decay = try Decay(initialVelocity: 100)
        #expect(throws: LiquidError.invalidParameter(name: "distance threshold", value: 0, requirement: "must be positive")) {
            try decay.duration(threshold: 0)
        }
        #expect(throws: LiquidError.nonFinite(name: "distance threshold", value: .nan)) {
            try decay.duration(threshold: .nan)
        }
        #expect(throws: LiquidError.invalidParameter(name: "velocity threshold", value: -1, requirement: "must be positive")) {
            try decay.duration(velocityThreshold: -1)
        }
    }

    @Test func inverseVelocityRoundTrips() throws {
        #expect(isClose(try Decay.velocity(toReach: 499, from: 0), 1000, relative: 1e-12))
        #expect(isClose(try Decay.velocity(toReach: -1000 / (1000 * log(0.998)), from: 0, model: .continuous), 1000, relative: 1e-12))
        #expect(try Decay.velocity(toReach: 42, from: 42) == 0)
        var random = SeededRandom(seed: 0x1D)
        for model in [Decay.Model.discrete, .continuous] {
            for _ in 0..<100 {
                let start = random.uniform(-2000...2000)
                let destination = random.uniform(-2000...2000)
                let rate = try DecelerationRate(random.uniform(0.9...0.9999))
                let v0 = try Decay.velocity(toReach: destination, from: start, rate: rate, model: model)
                let decay = try Decay(initialValue: start, initialVelocity: v0, rate: rate, model: model)
                #expect(isClose(decay.destination, destination, absolute: 1e-9, relative: 1e-12))
                #expect((v0 > 0) == (destination > start) || v0 == 0)
            }
        }
    }

    @Test func nonFiniteInputsAreRejected() {
        #expect(throws: LiquidError.nonFinite(name: "initial velocity", value: .nan)) {
            try Decay(initialVelocity: .nan)
        }
        #expect(throws: LiquidError.nonFinite(name: "initial value", value: .infinity)) {
            try Decay(initialValue: .infinity, initialVelocity: 1)
        }
        #expect(throws: LiquidError.nonFinite(name: "destination", value: -.infinity)) {
            try Decay.velocity(toReach: -.infinity, from: 0)
        }
        #expect(throws: LiquidError.nonFinite(name: "start value", value: .nan)) {
            try Decay.velocity(toReach: 0, from: .nan)
        }
    }

    @Test func overflowingDestinationsAreRejected() throws {
        let slow = try DecelerationRate(0.999_999_999_9)
        #expect(throws: LiquidError.self) { try Decay(initialVelocity: 1e306, rate: slow) }
        #expect(throws: LiquidError.self) {
            try Decay.velocity(toReach: 1.7e308, from: -1.7e308)
        }
        let fastest = try DecelerationRate(1e-300)
        #expect(throws: LiquidError.self) {
            try Decay.velocity(toReach: 1e300, from: 0, rate: fastest, model: .discrete)
        }
    }
}

@Suite struct ProjectionTests {
    /// The helper from the talk: `(v / 1000) · d / (1 − d)`.
    private func talkProjection(_ velocity: Double, _ d: Double) -> Double {
        (velocity / 1000) * d / (1 - d)
    }

    @Test func matchesTheTalksFormula() throws {
        var random = SeededRandom(seed: 0x9)
        for _ in 0..<50 {
            let v = random.uniform(-4000...4000)
            let d = random.uniform(0.9...0.9999)
            let rate = try DecelerationRate(d)
            #expect(isClose(try Projection.distance(velocity: v, rate: rate), talkProjection(v, d), relative: 1e-12))
            let start = random.uniform(-500...500)
            #expect(isClose(try Projection.project(start, velocity: v, rate: rate), start + talkProjection(v, d),
                absolute: 1e-12, relative: 1e-12))
        }
        #expect(isClose(try Projection.project(0, velocity: 1000), 499, relative: 1e-12))
    }

    @Test func projectsPointsPerAxis() throws {
        let projected = try Projection.project(Point(10, 20), velocity: Vector2(1000, -2000), rate: .normal)
        #expect(isClose(projected.x, 10 + 499, relative: 1e-12))
        #expect(isClose(projected.y, 20 - 998, relative: 1e-12))
        let continuous = try Projection.project(Point(0, 0), velocity: Vector2(1000, 0), model: .continuous)
        #expect(abs(continuous.x - 499.5) < 1e-3)
        #expect(continuous.y == 0)
    }

    @Test func rejectsNonFiniteInput() {
        #expect(throws: LiquidError.nonFinite(name: "initial velocity", value: .infinity)) {
            try Projection.distance(velocity: .infinity)
        }
        #expect(throws: LiquidError.nonFinite(name: "initial value", value: .nan)) {
            try Projection.project(Point(.nan, 0), velocity: .zero)
        }
    }
}
