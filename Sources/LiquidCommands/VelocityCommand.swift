import ArgumentParser
import LiquidGeometry
import LiquidMotion

/// `liquid motion velocity`: the release velocity a tracker estimates from a samples file, or the
/// estimators' accuracy on synthetic flicks (`--report`).
struct VelocityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "velocity",
        abstract: "Estimate a touch's release velocity from samples, or measure the estimators (--report).",
        discussion: """
        --samples FILE reads {"samples": [{"t", "x", "y"}, …]} (seconds, points; - for standard input) and prints
        {"velocity": {"x", "y"}, "samplesUsed"}. --report scores every strategy on synthetic flicks and prints the
        median and 90th-percentile relative error overall, per sampling rate and per release profile.
        """
    )

    enum StrategyName: String, ExpressibleByArgument, CaseIterable {
        case adaptive, linear, quadratic

        var strategy: VelocityTracker.Strategy {
            switch self {
            case .adaptive: .adaptive
            case .linear: .linear
            case .quadratic: .quadratic
            }
        }
    }

    @Option(help: "Samples file (or - for standard input): {\"samples\": [{\"t\", \"x\", \"y\"}]}.") var samples: String?
    @Option(help: "adaptive (the gesture recognizers' default), linear or quadratic.") var strategy: StrategyName = .adaptive
    @Option(parsing: .unconditional, help: "Seconds of history that count (default: the strategy's, 0.15 adaptive, 0.1 otherwise).",
            transform: CommandLineInput.decimal) var horizon: Double?
    @Option(parsing: .unconditional, help: "Samples kept at most (default: the strategy's, 40 adaptive, 20 otherwise).",
            transform: CommandLineInput.whole) var capacity: Int?
    @Flag(help: "Score every strategy on synthetic flicks instead of reading samples.") var report = false
    @Option(parsing: .unconditional, help: "How many synthetic flicks --report draws (default 3000).", transform: CommandLineInput.whole)
    var streams: Int = 3000
    @Option(parsing: .unconditional, help: "The seed of --report's flicks (default 1).", transform: CommandLineInput.whole)
    var seed: Int = 1

    /// The documented range of `--horizon`, seconds.
    static let horizonRange = 0.001...10.0
    /// The documented range of `--capacity`.
    static let capacityRange = 3...100_000
    /// The documented range of `--streams`.
    static let streamRange = 1...100_000
    /// The documented range of `--seed`.
    static let seedRange = 0...Int.max

    func validate() throws {
        switch (samples, report) {
        case (nil, false): throw ValidationErrorMessage("give --samples FILE or --report")
        case (_?, true): throw ValidationErrorMessage("--samples and --report do not go together; give only one")
        default: break
        }
        if let horizon { _ = try CommandLineInput.check(horizon, "--horizon", in: Self.horizonRange) }
        if let capacity { _ = try CommandLineInput.check(capacity, "--capacity", in: Self.capacityRange) }
        _ = try CommandLineInput.check(streams, "--streams", in: Self.streamRange)
        _ = try CommandLineInput.check(seed, "--seed", in: Self.seedRange)
    }

    func run() throws {
        if let samples {
            var tracker = try tracker(strategy.strategy)
            for sample in try VelocitySamplesFile.load(samples) { tracker.addSample(sample.position, at: sample.time) }
            try printJSON(VelocityEstimateReport(velocity: JSONVector(tracker.velocity), samplesUsed: tracker.fittedSampleCount))
        } else {
            let flicks = SyntheticFlick.streams(count: streams, seed: UInt64(seed))
            var scores: [String: VelocityAccuracyReport] = [:]
            for name in StrategyName.allCases {
                let empty = try tracker(name.strategy)
                let accuracy = VelocityAccuracy(flicks: flicks) { VelocityAccuracy.tracked($0, by: empty) }
                scores[name.rawValue] = VelocityAccuracyReport(accuracy)
            }
            let oracle = VelocityAccuracyReport(VelocityAccuracy(flicks: flicks, estimate: VelocityAccuracy.oracle))
            try printJSON(VelocityBenchReport(seed: seed, streams: streams, strategies: scores, oracle: oracle))
        }
    }

    /// An empty tracker with `strategy` and the `--horizon` and `--capacity` given, else the strategy's defaults.
    func tracker(_ strategy: VelocityTracker.Strategy) throws -> VelocityTracker {
        do {
            return try VelocityTracker(strategy: strategy, horizon: horizon, capacity: capacity)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// A planar vector as `{"x", "y"}`.
struct JSONVector: Encodable {
    let x: Double
    let y: Double
    init(_ vector: Vector2) {
        x = vector.x
        y = vector.y
    }
}

/// The JSON shape of `liquid motion velocity --samples`.
struct VelocityEstimateReport: JSONReport {
    let velocity: JSONVector
    let samplesUsed: Int

    var nonFiniteNumber: String? { firstNonFinite(["x": velocity.x, "y": velocity.y], in: "velocity.") }
}

/// One strategy's errors in `liquid motion velocity --report`.
struct VelocityAccuracyReport: Encodable {
    struct Figures: Encodable {
        let median: Double
        let p90: Double
        let count: Int
        init(_ summary: VelocityAccuracy.Summary) {
            median = summary.median
            p90 = summary.p90
            count = summary.count
        }
    }

    let overall: Figures
    let rates: [String: Figures]
    let profiles: [String: Figures]

    init(_ accuracy: VelocityAccuracy) {
        overall = Figures(accuracy.overall)
        rates = Dictionary(uniqueKeysWithValues: accuracy.byRate.map { ("\($0.key)", Figures($0.value)) })
        profiles = Dictionary(uniqueKeysWithValues: accuracy.byProfile.map { ($0.key.rawValue, Figures($0.value)) })
    }

    /// The path of the first non-finite error, prefixed by `prefix`.
    func nonFinite(prefix: String) -> String? {
        let groups = [("overall", overall)] + rates.sorted { $0.key < $1.key }.map { ("rates.\($0.key)", $0.value) }
            + profiles.sorted { $0.key < $1.key }.map { ("profiles.\($0.key)", $0.value) }
        for (name, figures) in groups {
            if let path = firstNonFinite(["median": figures.median, "p90": figures.p90], in: "\(prefix)\(name).") { return path }
        }
        return nil
    }
}

/// The JSON shape of `liquid motion velocity --report`.
struct VelocityBenchReport: JSONReport {
    let seed: Int
    let streams: Int
    let strategies: [String: VelocityAccuracyReport]
    let oracle: VelocityAccuracyReport

    var nonFiniteNumber: String? {
        for (name, report) in strategies.sorted(by: { $0.key < $1.key }) {
            if let path = report.nonFinite(prefix: "strategies.\(name).") { return path }
        }
        return oracle.nonFinite(prefix: "oracle.")
    }
}
