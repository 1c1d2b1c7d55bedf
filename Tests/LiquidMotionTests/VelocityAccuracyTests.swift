import Foundation
import LiquidGeometry
import LiquidMotion
import Testing

/// The estimators, each at its default settings, on the synthetic flicks of docs/motion.md (3,000 streams,
/// seed 1): the adaptive fit must reach its documented accuracy and beat the linear and quadratic fits
/// overall, at every sampling rate and for every release profile. Seeded, so the figures are the same on
/// every run.
@Suite struct VelocityAccuracyTests {
    static let flicks = SyntheticFlick.streams(count: 3000, seed: 1)
    static let scores: [VelocityTracker.Strategy: VelocityAccuracy] = Dictionary(
        uniqueKeysWithValues: VelocityTracker.Strategy.allCases.map { strategy in
            (strategy, VelocityAccuracy(flicks: flicks) { VelocityAccuracy.tracked($0, by: .standard(strategy)) })
        })

    @Test func adaptiveReachesItsTarget() throws {
        let adaptive = try #require(Self.scores[.adaptive])
        // Measured: 0.54 % median and 2.7 % at the 90th percentile overall; at worst (accelerating
        // releases) 1.3 % and 3.7 %. The bounds leave a margin over those figures and meet the targets of
        // 1.5 % and 5 % in every group.
        #expect(adaptive.overall.median <= 0.007, "median \(adaptive.overall.median)")
        #expect(adaptive.overall.p90 <= 0.035, "p90 \(adaptive.overall.p90)")
        for (group, summary) in Self.groups(adaptive) {
            #expect(summary.median <= 0.015, "\(group) median \(summary.median)")
            #expect(summary.p90 <= 0.045, "\(group) p90 \(summary.p90)")
        }
    }

    @Test(arguments: [VelocityTracker.Strategy.linear, .quadratic])
    func adaptiveBeatsTheOlderFits(_ other: VelocityTracker.Strategy) throws {
        let adaptive = try #require(Self.scores[.adaptive])
        let rival = try #require(Self.scores[other])
        #expect(adaptive.overall.median < rival.overall.median)
        #expect(adaptive.overall.p90 < rival.overall.p90)
        let rivalGroups = Dictionary(uniqueKeysWithValues: Self.groups(rival))
        for (group, summary) in Self.groups(adaptive) {
            let theirs = try #require(rivalGroups[group])
            #expect(summary.median < theirs.median, "\(group): median \(summary.median) vs \(other) \(theirs.median)")
            #expect(summary.p90 < theirs.p90, "\(group): p90 \(summary.p90) vs \(other) \(theirs.p90)")
        }
    }

    @Test func theOracleIsAFloorAndTheLinearFitLags() throws {
        let oracle = VelocityAccuracy(flicks: Self.flicks, estimate: VelocityAccuracy.oracle)
        let adaptive = try #require(Self.scores[.adaptive])
        let linear = try #require(Self.scores[.linear])
        #expect(oracle.overall.median < adaptive.overall.median / 2)
        // A line through the last 100 ms reports the speed of about 50 ms ago: on a braking release that
        // is v̂/(2T)·0.05 s too fast relative to v̂/2, at least 14 % for T ≤ 0.35 s.
        let braking = try #require(linear.byProfile[.decelerating])
        #expect(braking.median > 0.14)
    }

    /// Every rate and profile group of `accuracy`, named.
    static func groups(_ accuracy: VelocityAccuracy) -> [(String, VelocityAccuracy.Summary)] {
        SyntheticFlick.rates.map { ("\($0) Hz", accuracy.byRate[$0]!) }
            + SyntheticFlick.Profile.allCases.map { ($0.rawValue, accuracy.byProfile[$0]!) }
    }
}
