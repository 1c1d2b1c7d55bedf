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

    @Test func linearMotionIsExactForBothStrategies() throws {
        for strategy in [VelocityTracker.Strategy.linear, .quadratic] {
            var tracker = try VelocityTracker(strategy: strategy)
            let velocity = Vector2(1234.5, -678.25)
            feed(&tracker, from: 0, to: 0.3) { t in Point(50, 400) + velocity * t }
            #expect(close(tracker.velocity, velocity, 1e-8), "\(strategy): \(tracker.velocity)")
        }
    }

    @Test func largeClockOriginsAndCoordinatesStayAccurate() throws {
        var tracker = try VelocityTracker()
        let velocity = Vector2(-900, 300)
        feed(&tracker, from: 86_400, to: 86_400.2) { t in Point(1e5, -1e5) + velocity * (t - 86_400) }
        #expect(close(tracker.velocity, velocity, 1e-4))
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
        var tracker = try VelocityTracker()
        feed(&tracker, from: 0, to: 0.3, rate: 100, position)
        #expect(close(tracker.velocity, Vector2(2000, 0), 1e-6))
        var wide = try VelocityTracker(horizon: 0.2)
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
