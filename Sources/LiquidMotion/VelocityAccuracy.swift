import LiquidGeometry

/// How far velocity estimates land from the truth on synthetic flicks: the median and 90th percentile of
/// the relative error `|v_est − v_true| / max(|v_true|, 1)`, overall, per sampling rate and per profile.
///
/// Quantiles interpolate linearly between order statistics (the q-quantile of n sorted errors is at
/// position q·(n − 1)).
package struct VelocityAccuracy: Sendable {
    /// The error distribution of one group of streams.
    package struct Summary: Sendable, Equatable {
        package let median: Double
        package let p90: Double
        package let count: Int
    }

    package let overall: Summary
    package let byRate: [Int: Summary]
    package let byProfile: [SyntheticFlick.Profile: Summary]

    /// Scores `estimate` on every stream of `flicks` (at least one).
    package init(flicks: [SyntheticFlick], estimate: (SyntheticFlick) -> Vector2) {
        precondition(!flicks.isEmpty, "accuracy needs at least one stream")
        let errors = flicks.map { VelocityAccuracy.error($0.releaseVelocity, estimate($0)) }
        func summary(_ keep: (SyntheticFlick) -> Bool) -> Summary? {
            let chosen = zip(flicks, errors).filter { keep($0.0) }.map(\.1).sorted()
            guard !chosen.isEmpty else { return nil }
            return Summary(median: VelocityAccuracy.quantile(chosen, 0.5), p90: VelocityAccuracy.quantile(chosen, 0.9),
                           count: chosen.count)
        }
        overall = summary { _ in true }!
        var rates: [Int: Summary] = [:]
        for rate in SyntheticFlick.rates { rates[rate] = summary { $0.rate == rate } }
        byRate = rates
        var profiles: [SyntheticFlick.Profile: Summary] = [:]
        for profile in SyntheticFlick.Profile.allCases { profiles[profile] = summary { $0.profile == profile } }
        byProfile = profiles
    }

    /// `|estimate − truth| / max(|truth|, 1)`: relative, except that speeds under 1 pt/s count as 1.
    package static func error(_ truth: Vector2, _ estimate: Vector2) -> Double {
        (estimate - truth).length / max(truth.length, 1)
    }

    /// The q-quantile (0…1) of `sorted` (ascending, not empty), interpolating between neighbours.
    package static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let below = Int(position.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        let fraction = position - Double(below)
        return sorted[below] + (sorted[above] - sorted[below]) * fraction
    }

    /// The release velocity `tracker` (emptied first) reports after every sample of `flick`.
    package static func tracked(_ flick: SyntheticFlick, by tracker: VelocityTracker) -> Vector2 {
        var tracker = tracker
        tracker.reset()
        for sample in flick.samples { tracker.addSample(sample.position, at: sample.time) }
        return tracker.velocity
    }

    /// A floor no estimator can be expected to beat: a least-squares fit that knows the stream's profile,
    /// its duration, its start time and the release's due time, and so only fits the start point and the
    /// peak velocity (two coefficients per axis) through every sample.
    package static func oracle(_ flick: SyntheticFlick) -> Vector2 {
        let shapes = flick.samples.map {
            SyntheticFlick.shape(flick.profile, flick.duration, after: $0.time - flick.startTime)
        }
        let n = Double(shapes.count)
        let meanShape = shapes.reduce(0, +) / n
        let meanPosition = flick.samples.reduce(Vector2.zero) { $0 + $1.position } / n
        var spread = 0.0
        var covariance = Vector2.zero
        for (shape, sample) in zip(shapes, flick.samples) {
            spread += (shape - meanShape) * (shape - meanShape)
            covariance += (sample.position - meanPosition) * (shape - meanShape)
        }
        guard spread > 0 else { return .zero }
        let peakVelocity = covariance / spread
        return peakVelocity * SyntheticFlick.speed(flick.profile, 1, flick.duration, after: flick.releaseTime - flick.startTime)
    }
}
