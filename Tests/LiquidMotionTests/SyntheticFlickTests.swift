import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct SyntheticFlickTests {
    @Test func splitMixMatchesThePublishedSequence() {
        // The reference SplitMix64 seeded with 0 starts e220a8397b1dcdaf, 6e789e6aa1b965f4, 06c45d188009454f.
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        // And the test suite's own generator, written separately, agrees for any seed.
        var ours = SplitMix64(seed: 0xDEC0DE)
        var theirs = SeededRandom(seed: 0xDEC0DE)
        for _ in 0..<1000 { #expect(ours.next() == theirs.next()) }
    }

    @Test func uniformAndGaussianDrawsHaveTheirMoments() {
        var random = SplitMix64(seed: 42)
        let count = 200_000
        var uniforms = [Double]()
        var sum = 0.0
        var squares = 0.0
        var indexCounts = [0, 0, 0]
        for _ in 0..<count {
            let u = random.uniform()
            uniforms.append(u)
            let g = random.gaussian()
            #expect(g.isFinite)
            sum += g
            squares += g * g
            indexCounts[random.index(below: 3)] += 1
        }
        #expect(uniforms.allSatisfy { $0 >= 0 && $0 < 1 })
        // Standard errors: mean 1/√n ≈ 0.0022, variance √(2/n) ≈ 0.0032, uniform mean 0.00065.
        #expect(abs(uniforms.reduce(0, +) / Double(count) - 0.5) < 0.004)
        #expect(abs(sum / Double(count)) < 0.012)
        #expect(abs(squares / Double(count) - 1) < 0.016)
        #expect(indexCounts.allSatisfy { abs(Double($0) / Double(count) - 1.0 / 3) < 0.006 })
    }

    @Test func perfectStreamsFollowTheirProfileExactly() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<300 {
            let flick = SyntheticFlick(random: &random, noise: .none)
            let rate = Double(flick.rate)
            // Every due sample is there, on time, at the exact position.
            #expect(flick.samples.count == Int((flick.duration * rate + 1e-9).rounded(.down)) + 1)
            for (k, sample) in flick.samples.enumerated() {
                #expect(abs(sample.time - (flick.startTime + Double(k) / rate)) < 1e-12)
                // (The clock origin rounds the time a little, so the position agrees to rounding.)
                #expect((sample.position - flick.position(at: sample.time)).length < 1e-9)
            }
            #expect(abs(flick.releaseTime - flick.samples.last!.time) < 1e-12)
            // The speed is the derivative of the distance (central difference) ...
            let h = 1e-6
            let t = flick.releaseTime
            let slope = (flick.position(at: t + h) - flick.position(at: t - h)) / (2 * h)
            #expect((slope - flick.releaseVelocity).length < 1e-5 * flick.peakSpeed)
            // ... and the distance the integral of the speed (Simpson's rule over the stream).
            let span = t - flick.startTime
            let steps = 200
            var integral = 0.0
            for i in 0...steps {
                let weight = i == 0 || i == steps ? 1.0 : (i.isMultiple(of: 2) ? 2.0 : 4.0)
                integral += weight * SyntheticFlick.speed(flick.profile, flick.peakSpeed, flick.duration, after: span * Double(i) / Double(steps))
            }
            integral *= span / Double(3 * steps)
            #expect(abs((flick.position(at: t) - flick.start).length - integral) < 1e-7 * flick.peakSpeed)
        }
    }

    @Test func profilesEndWhereTheyShould() {
        for profile in SyntheticFlick.Profile.allCases {
            let end = SyntheticFlick.speed(profile, 1000, 0.2, after: 0.2)
            let start = SyntheticFlick.speed(profile, 1000, 0.2, after: 0)
            switch profile {
            case .accelerating: #expect(abs(start) < 1e-9 && abs(end - 1000) < 1e-9)
            case .holding: #expect(start == 1000 && end == 1000)
            case .decelerating: #expect(start == 1000 && abs(end - 500) < 1e-9)
            }
        }
    }

    @Test func noisyStreamsHaveTheDocumentedImperfections() {
        let flicks = SyntheticFlick.streams(count: 3000, seed: 11)
        var due = 0
        var delivered = 0
        var positionErrors: [Double] = []
        var delays: [Double] = []
        var rates: [Int: Int] = [:]
        var profiles: [SyntheticFlick.Profile: Int] = [:]
        for flick in flicks {
            rates[flick.rate, default: 0] += 1
            profiles[flick.profile, default: 0] += 1
            #expect((0.08..<0.35).contains(flick.duration) && (300..<4000).contains(flick.peakSpeed))
            #expect(abs(flick.direction.length - 1) < 1e-12)
            let interval = 1 / Double(flick.rate)
            let last = Int((flick.duration * Double(flick.rate) + 1e-9).rounded(.down))
            due += last - 1
            delivered += flick.samples.count - 2
            // The first sample is on time; times never go back; the last is due at releaseTime.
            #expect(flick.samples.first!.time == flick.startTime)
            #expect(zip(flick.samples, flick.samples.dropFirst()).allSatisfy { $0.time <= $1.time })
            #expect(abs(flick.samples.last!.time - flick.releaseTime) < 0.004)
            for sample in flick.samples.dropFirst() {
                let elapsed = sample.time - flick.startTime
                let k = (elapsed / interval).rounded()
                delays.append(elapsed - k * interval)
                let offset = sample.position - flick.position(at: sample.time)
                positionErrors += [offset.x, offset.y]
            }
        }
        func deviation(_ values: [Double]) -> Double {
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
        }
        #expect(abs(deviation(positionErrors) - 0.25) < 0.005)
        #expect(abs(deviation(delays) - 0.0005) < 0.00002)
        #expect(abs(Double(due - delivered) / Double(due) - 0.1) < 0.01)
        #expect(rates.values.allSatisfy { abs(Double($0) / 3000 - 1.0 / 3) < 0.03 })
        #expect(profiles.values.allSatisfy { abs(Double($0) / 3000 - 1.0 / 3) < 0.03 })
    }

    @Test func aSeedAlwaysGivesTheSameStreams() {
        let a = SyntheticFlick.streams(count: 50, seed: 99)
        let b = SyntheticFlick.streams(count: 50, seed: 99)
        let c = SyntheticFlick.streams(count: 50, seed: 100)
        #expect(a.map(\.samples) == b.map(\.samples))
        #expect(a.map(\.samples) != c.map(\.samples))
    }

    @Test func errorsAndQuantilesFollowTheirDefinitions() {
        #expect(VelocityAccuracy.error(Vector2(300, 400), Vector2(300, 450)) == 0.1)
        #expect(VelocityAccuracy.error(Vector2(0, 0.5), Vector2(0, 2.5)) == 2)  // slow truth: divided by 1
        let sorted = [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        #expect(VelocityAccuracy.quantile(sorted, 0.5) == 5.5)
        #expect(abs(VelocityAccuracy.quantile(sorted, 0.9) - 9.1) < 1e-12)
        #expect(VelocityAccuracy.quantile([3], 0.9) == 3)
    }
}
