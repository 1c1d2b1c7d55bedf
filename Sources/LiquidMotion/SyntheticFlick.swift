import LiquidGeometry
import RealModule

/// A synthetic touch stream ending in a release, with its true release velocity — the yardstick of the
/// velocity estimators (docs/motion.md).
///
/// A stream is drawn from a ``SplitMix64`` in a fixed order, so a seed always gives the same streams:
/// - a sampling rate of 60, 120 or 240 Hz (one third each);
/// - a duration T uniform in 0.08…0.35 s, a peak speed v̂ uniform in 300…4000 pt/s, a direction uniform
///   on the circle;
/// - a speed profile, one third each: ``Profile/accelerating`` `v = v̂·sin(πt/2T)`, ``Profile/holding``
///   `v = v̂`, ``Profile/decelerating`` `v = v̂·(1 − t/2T)`, with `t` from the first sample;
/// - a start point uniform in 0…400 × 0…800 pt and a clock origin uniform in 0…100 s.
///
/// Samples are due every 1/rate s from the start through T. Each after the first is taken at its due time
/// plus a Gaussian delay of σ ``Noise/timingJitter`` (never before the sample before it) and reports that
/// instant and the exact position there plus Gaussian noise of σ ``Noise/positionNoise`` per coordinate;
/// each but the first and the last is lost with probability ``Noise/dropProbability``. The truth,
/// ``releaseVelocity``, is the velocity at the last sample's due time.
package struct SyntheticFlick: Sendable {
    /// How the speed evolves up to the release.
    package enum Profile: String, CaseIterable, Sendable {
        /// Speeding up from rest to the peak at T: `v̂·sin(πt/2T)`.
        case accelerating
        /// At the peak speed throughout.
        case holding
        /// Braking from the peak to half of it at T: `v̂·(1 − t/2T)`.
        case decelerating
    }

    /// The imperfections of the stream.
    package struct Noise: Sendable {
        /// Standard deviation of each reported coordinate, points.
        package var positionNoise: Double
        /// Standard deviation of each sample's delay after its due time, seconds.
        package var timingJitter: Double
        /// Probability that a sample other than the first and last is lost.
        package var dropProbability: Double

        package init(positionNoise: Double, timingJitter: Double, dropProbability: Double) {
            self.positionNoise = positionNoise
            self.timingJitter = timingJitter
            self.dropProbability = dropProbability
        }

        /// 0.25 pt, 0.5 ms, 10 %.
        package static let standard = Noise(positionNoise: 0.25, timingJitter: 0.0005, dropProbability: 0.1)
        /// Perfect samples, all delivered on time.
        package static let none = Noise(positionNoise: 0, timingJitter: 0, dropProbability: 0)
    }

    /// The sampling rates drawn from, hertz.
    package static let rates = [60, 120, 240]

    package let rate: Int
    package let profile: Profile
    /// T, seconds.
    package let duration: Double
    /// v̂, points per second.
    package let peakSpeed: Double
    /// Unit direction of motion.
    package let direction: Vector2
    /// Where and when the stream starts (its first sample, which is exact apart from position noise).
    package let start: Point
    package let startTime: Double
    /// The samples as delivered, oldest first; times never decrease.
    package let samples: [VelocityTracker.Sample]
    /// The last sample's due time (clock time), seconds.
    package let releaseTime: Double

    /// Draws the next stream from `random`.
    package init(random: inout SplitMix64, noise: Noise = .standard) {
        rate = SyntheticFlick.rates[random.index(below: SyntheticFlick.rates.count)]
        duration = random.uniform(0.08, 0.35)
        peakSpeed = random.uniform(300, 4000)
        let angle = random.uniform(0, 2 * Double.pi)
        direction = Vector2(Double.cos(angle), Double.sin(angle))
        profile = Profile.allCases[random.index(below: Profile.allCases.count)]
        start = Point(random.uniform(0, 400), random.uniform(0, 800))
        startTime = random.uniform(0, 100)
        // Due times k/rate for k = 0…⌊T·rate⌋ (a hair of slack so T·rate landing on a whole number counts).
        let last = Int((duration * Double(rate) + 1e-9).rounded(.down))
        releaseTime = startTime + Double(last) / Double(rate)
        var delivered: [VelocityTracker.Sample] = []
        var previous = 0.0
        for k in 0...last {
            var elapsed = Double(k) / Double(rate)
            if k > 0 { elapsed = max(previous, elapsed + noise.timingJitter * random.gaussian()) }
            previous = elapsed
            let exact = start + direction * SyntheticFlick.distance(profile, peakSpeed, duration, after: elapsed)
            let reported = exact + Vector2(random.gaussian(), random.gaussian()) * noise.positionNoise
            let lost = k > 0 && k < last && random.uniform() < noise.dropProbability
            if !lost { delivered.append(VelocityTracker.Sample(position: reported, time: startTime + elapsed)) }
        }
        samples = delivered
    }

    /// `count` streams from the generator seeded with `seed`.
    package static func streams(count: Int, seed: UInt64, noise: Noise = .standard) -> [SyntheticFlick] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in SyntheticFlick(random: &random, noise: noise) }
    }

    /// The true velocity at ``releaseTime``, points per second.
    package var releaseVelocity: Vector2 { velocity(at: releaseTime) }

    /// The exact (noise-free) position at clock time `time` ≥ ``startTime``.
    package func position(at time: Double) -> Point {
        start + direction * SyntheticFlick.distance(profile, peakSpeed, duration, after: time - startTime)
    }

    /// The exact velocity at clock time `time` ≥ ``startTime``.
    package func velocity(at time: Double) -> Vector2 {
        direction * SyntheticFlick.speed(profile, peakSpeed, duration, after: time - startTime)
    }

    /// The speed `t` seconds after the start.
    package static func speed(_ profile: Profile, _ peak: Double, _ duration: Double, after t: Double) -> Double {
        switch profile {
        case .accelerating: peak * Double.sin(Double.pi * t / (2 * duration))
        case .holding: peak
        case .decelerating: peak * (1 - t / (2 * duration))
        }
    }

    /// The distance travelled `t` seconds after the start: the integral of ``speed(_:_:_:after:)``.
    package static func distance(_ profile: Profile, _ peak: Double, _ duration: Double, after t: Double) -> Double {
        peak * shape(profile, duration, after: t)
    }

    /// The distance travelled per unit of peak speed `t` seconds after the start, seconds.
    package static func shape(_ profile: Profile, _ duration: Double, after t: Double) -> Double {
        switch profile {
        case .accelerating: 2 * duration / Double.pi * (1 - Double.cos(Double.pi * t / (2 * duration)))
        case .holding: t
        case .decelerating: t - t * t / (4 * duration)
        }
    }
}
