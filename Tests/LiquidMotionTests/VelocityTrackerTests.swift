import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct VelocityTrackerTests {
    private func close(_ a: Vector2, _ b: Vector2, _ tolerance: Double) -> Bool {
        (a - b).length <= tolerance
    }

    /// Feeds `position(t)` at `rate` Hz from `start` to `end` seconds.
    private func feed(
        _ tracker: inout VelocityTracker, from start: Double, to end: Double, rate: Double = 120,
        _ position: (Double) -> Point
    ) {
        let count = Int(((end - start) * rate).rounded())
        for i in 0...count {
            let t = start + Double(i) / rate
            tracker.addSample(position(t), at: t)
        }
    }

    @Test func linearMotionIsExactForEveryStrategy() throws {
        for strategy in VelocityTracker.Strategy.allCases {
            var tracker = try VelocityTracker(strategy: strategy)
            let velocity = Vector2(1234.5, -678.25)
            feed(&tracker, from: 0, to: 0.3) { t in Point(50, 400) + velocity * t }
            #expect(close(tracker.velocity, velocity, 1e-8), "\(strategy): \(tracker.velocity)")
        }
    }

    @Test func largeClockOriginsAndCoordinatesStayAccurate() throws {
        for strategy in VelocityTracker.Strategy.allCases {
            var tracker = try VelocityTracker(strategy: strategy)
            let velocity = Vector2(-900, 300)
            feed(&tracker, from: 86_400, to: 86_400.2) { t in Point(1e5, -1e5) + velocity * (t - 86_400) }
            #expect(close(tracker.velocity, velocity, 1e-4), "\(strategy)")
        }
    }

    @Test func theDefaultIsTheAdaptiveFitOverALongerView() throws {
        let tracker = try VelocityTracker()
        #expect(tracker.strategy == .adaptive && tracker.horizon == 0.15 && tracker.capacity == 40 && tracker.maximumGap == 0.04)
        let standard = VelocityTracker.standard
        #expect(standard.strategy == .adaptive && standard.horizon == 0.15 && standard.capacity == 40)
        let linear = try VelocityTracker(strategy: .linear)
        #expect(linear.horizon == 0.1 && linear.capacity == 20)
        let chosen = try VelocityTracker(strategy: .adaptive, horizon: 0.08, capacity: 12)
        #expect(chosen.horizon == 0.08 && chosen.capacity == 12)
    }

    @Test func adaptiveFitIsExactForConstantJerk() throws {
        // x(t) = v₀t + a t²/2 + j t³/6: only a cubic follows it; the adaptive fit must find it.
        let v0 = Vector2(300, -1200)
        let a = Vector2(9000, 4000)
        let j = Vector2(-90_000, 30_000)
        func position(_ t: Double) -> Point { Point(20, 700) + v0 * t + a * (t * t / 2) + j * (t * t * t / 6) }
        var adaptive = try VelocityTracker(strategy: .adaptive)
        var quadratic = try VelocityTracker(strategy: .quadratic)
        feed(&adaptive, from: 0, to: 0.2, rate: 240, position)
        feed(&quadratic, from: 0, to: 0.2, rate: 240, position)
        let t = 0.2
        let truth = v0 + a * t + j * (t * t / 2)
        #expect(close(adaptive.velocity, truth, 1e-6 * truth.length), "\(adaptive.velocity) vs \(truth)")
        #expect(!close(quadratic.velocity, truth, 10))
    }

    @Test func adaptiveFitMeasuresTheNoiseItIsGiven() throws {
        // Steady motion with 2 pt of noise, eight times the assumed floor. Were the floor taken at its word,
        // the noise would often pass for curvature and the cubic's slope is several times noisier than the
        // line's; measured from the residual, the noise keeps the fit near the line's accuracy.
        var random = SplitMix64(seed: 0x5EED)
        var squaredAdaptive = 0.0
        var squaredLinear = 0.0
        let velocity = Vector2(1000, -250)
        for _ in 0..<200 {
            var adaptive = try VelocityTracker(strategy: .adaptive)
            var linear = try VelocityTracker(strategy: .linear, horizon: 0.15, capacity: 40)
            for i in 0...18 {
                let t = Double(i) / 120
                let p = Point(100, 100) + velocity * t + Vector2(random.gaussian(), random.gaussian()) * 2
                adaptive.addSample(p, at: t)
                linear.addSample(p, at: t)
            }
            squaredAdaptive += (adaptive.velocity - velocity).lengthSquared
            squaredLinear += (linear.velocity - velocity).lengthSquared
        }
        #expect(squaredAdaptive < 9 * squaredLinear, "RMS \((squaredAdaptive / 200).squareRoot()) vs line \((squaredLinear / 200).squareRoot())")
    }

    @Test func hostileInputsNeverGiveNaNOrInfinity() throws {
        let one = 1.0
        let tiny = [one, one.nextUp, one.nextUp.nextUp, one.nextUp.nextUp.nextUp, one.nextUp.nextUp.nextUp.nextUp]
        let huge = Double.greatestFiniteMagnitude
        let cases: [[(Point, Double)]] = [
            // Times a rounding step apart, positions far apart: a slope beyond any Double.
            zip([Point(-1e300, 0), Point(1e300, 5), Point(-1e300, 0), Point(1e300, 1), Point(0, -1e300)], tiny).map { ($0, $1) },
            // The largest finite coordinates, alternating sign (differences overflow unless handled).
            (0..<12).map { i in (Point(i.isMultiple(of: 2) ? huge : -huge, -huge), Double(i) * 0.008) },
            // Positions at 1e300 moving a little, at a huge clock origin.
            (0..<12).map { i in (Point(1e300, 1e300 + Double(i)), 1e15 + Double(i) * 0.008) },
            // Subnormal movements.
            (0..<12).map { i in (Point(Double.leastNonzeroMagnitude * Double(i), 0), Double(i) * 0.008) },
            // Standing still.
            (0..<12).map { i in (Point(5, 5), Double(i) * 0.008) },
        ]
        for samples in cases {
            for strategy in VelocityTracker.Strategy.allCases {
                var tracker = try VelocityTracker(strategy: strategy)
                for (p, t) in samples { tracker.addSample(p, at: t) }
                #expect(tracker.velocity.isFinite, "\(strategy): \(tracker.velocity)")
                #expect(tracker.velocity(at: samples.last!.1 + 0.01).isFinite)
            }
        }
        var still = try VelocityTracker()
        for i in 0..<12 { still.addSample(Point(5, 5), at: Double(i) * 0.008) }
        #expect(still.velocity == .zero)
    }

    @Test func quadraticFitIsExactForConstantAcceleration() throws {
        var tracker = try VelocityTracker(strategy: .quadratic)
        let v0 = Vector2(2000, -500)
        let a = Vector2(-6000, 1500)
        feed(&tracker, from: 0, to: 0.25) { t in v0 * t + a * (0.5 * t * t) }
        let newest = tracker.samples.last!.time
        #expect(close(tracker.velocity, v0 + a * newest, 1e-6))
        // The linear fit lags behind (it estimates the velocity near the middle of the window).
        var linear = try VelocityTracker(strategy: .linear)
        feed(&linear, from: 0, to: 0.25) { t in v0 * t + a * (0.5 * t * t) }
        #expect(!close(linear.velocity, v0 + a * newest, 10))
        #expect(close(linear.velocity, v0 + a * (newest - 0.05), 1e-6))
    }

    @Test func noisySamplesGiveACloseEstimate() throws {
        var random = SeededRandom(seed: 0x7AC)
        var worstLinear = 0.0
        var worstQuadratic = 0.0
        for _ in 0..<100 {
            let speed = random.uniform(200...3000)
            let angle = random.uniform(0...(2 * .pi))
            let velocity = Vector2(speed * cos(angle), speed * sin(angle))
            let origin = Point(random.uniform(0...400), random.uniform(0...800))
            let start = random.uniform(0...1000)
            var linear = try VelocityTracker(strategy: .linear)
            var quadratic = try VelocityTracker(strategy: .quadratic)
            for i in 0...36 {
                let t = start + Double(i) / 120
                let noise = Vector2(random.uniform(-0.5...0.5), random.uniform(-0.5...0.5))
                let p = origin + velocity * (t - start) + noise
                linear.addSample(p, at: t)
                quadratic.addSample(p, at: t)
            }
            worstLinear = max(worstLinear, (linear.velocity - velocity).length)
            worstQuadratic = max(worstQuadratic, (quadratic.velocity - velocity).length)
        }
        // ±0.5 pt of noise at 120 Hz: the line's slope has a standard error of about 3 pt/s per axis.
        #expect(worstLinear < 25, "worst linear error \(worstLinear) pt/s")
        #expect(worstQuadratic < 150, "worst quadratic error \(worstQuadratic) pt/s")
    }

    @Test func onlyTheHorizonCounts() throws {
        // 500 pt/s until t = 0.2 s, then 2000 pt/s: within the last 100 ms the motion is a single line.
        func position(_ t: Double) -> Point {
            t <= 0.2 ? Point(500 * t, 0) : Point(100 + 2000 * (t - 0.2), 0)
        }
        var tracker = try VelocityTracker(strategy: .linear)
        feed(&tracker, from: 0, to: 0.3, rate: 100, position)
        #expect(close(tracker.velocity, Vector2(2000, 0), 1e-6))
        var wide = try VelocityTracker(strategy: .linear, horizon: 0.2)
        feed(&wide, from: 0, to: 0.3, rate: 100, position)
        #expect(wide.velocity.x > 500 && wide.velocity.x < 2000)
    }

    @Test func aGapMeansTheFingerStopped() throws {
        var tracker = try VelocityTracker()
        feed(&tracker, from: 0, to: 0.06) { t in Point(1000 * t, 0) }
        #expect(close(tracker.velocity, Vector2(1000, 0), 1e-8))
        // 50 ms without a sample, then only two samples: not enough after the gap.
        tracker.addSample(Point(60, 0), at: 0.11)
        tracker.addSample(Point(60, 5), at: 0.118)
        #expect(tracker.velocity == .zero)
        // A third sample after the gap: only the post-gap motion counts.
        tracker.addSample(Point(60, 10), at: 0.126)
        #expect(close(tracker.velocity, Vector2(0, 625), 1e-8))
    }

    @Test func aGapOfExactlyTheMaximumIsNotAStop() throws {
        var tracker = try VelocityTracker()
        for (i, t) in [0.0, 0.04, 0.08].enumerated() {
            tracker.addSample(Point(Double(i) * 10, 0), at: t)
        }
        #expect(close(tracker.velocity, Vector2(250, 0), 1e-8))
    }

    @Test func fewerThanThreeSamplesGiveZero() throws {
        var tracker = try VelocityTracker()
        #expect(tracker.velocity == .zero)
        tracker.addSample(Point(0, 0), at: 0)
        #expect(tracker.velocity == .zero)
        tracker.addSample(Point(10, 0), at: 0.01)
        #expect(tracker.velocity == .zero)
        tracker.addSample(Point(20, 0), at: 0.02)
        #expect(close(tracker.velocity, Vector2(1000, 0), 1e-8))
    }

    @Test func velocityAfterTheLastSample() throws {
        var tracker = try VelocityTracker()
        feed(&tracker, from: 0, to: 0.2) { t in Point(0, -800 * t) }
        #expect(close(tracker.velocity(at: 0.21), Vector2(0, -800), 1e-8))
        #expect(tracker.velocity(at: 0.25) == .zero)  // 50 ms of stillness: stopped
        #expect(tracker.velocity(at: 0.1) == tracker.velocity)
        #expect(tracker.velocity(at: .nan) == tracker.velocity)
    }

    @Test func ringIsBounded() throws {
        var tracker = try VelocityTracker(capacity: 20)
        feed(&tracker, from: 0, to: 1) { t in Point(t, t) }
        #expect(tracker.samples.count == 20)
        #expect(tracker.samples.last?.time == 1)
        tracker.reset()
        #expect(tracker.samples.isEmpty)
    }

    @Test func badSamplesAreHandled() throws {
        var tracker = try VelocityTracker()
        feed(&tracker, from: 0, to: 0.05) { t in Point(1000 * t, 0) }
        let count = tracker.samples.count
        #expect(tracker.addSample(Point(.nan, 0), at: 0.06) == false)
        #expect(tracker.addSample(Point(0, 0), at: .infinity) == false)
        #expect(tracker.samples.count == count)
        // Same timestamp: the newer position replaces the stored one.
        #expect(tracker.addSample(Point(99, 0), at: 0.05) == true)
        #expect(tracker.samples.count == count)
        #expect(tracker.samples.last?.position == Point(99, 0))
        // Time running backwards starts a new touch.
        #expect(tracker.addSample(Point(5, 5), at: 0.01) == true)
        #expect(tracker.samples == [VelocityTracker.Sample(position: Point(5, 5), time: 0.01)])
        #expect(tracker.velocity == .zero)
    }

    @Test func invalidConfigurationThrows() {
        #expect(throws: LiquidError.invalidParameter(name: "velocity horizon", value: 0, requirement: "must be positive")) {
            try VelocityTracker(horizon: 0)
        }
        #expect(throws: LiquidError.nonFinite(name: "maximum sample gap", value: .nan)) {
            try VelocityTracker(maximumGap: .nan)
        }
        #expect(throws: LiquidError.invalidParameter(name: "sample capacity", value: 2, requirement: "must be at least 3")) {
            try VelocityTracker(capacity: 2)
        }
    }
}
