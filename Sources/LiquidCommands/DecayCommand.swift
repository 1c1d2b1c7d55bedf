import ArgumentParser
import LiquidGeometry
import LiquidMotion

/// `liquid motion decay`: momentum after a flick, UIScrollView-style.
struct DecayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decay",
        abstract: "Sample a decelerating motion (scroll-view momentum) and its resting point."
    )

    enum Model: String, ExpressibleByArgument, CaseIterable {
        case discrete, continuous
    }

    @Option(parsing: .unconditional, help: "Start value, points.", transform: CommandLineInput.decimal) var from: Double = 0
    @Option(parsing: .unconditional, help: "Release velocity, points per second.", transform: CommandLineInput.decimal) var velocity: Double
    @Option(parsing: .unconditional, help: "Deceleration rate per millisecond: normal (0.998), fast (0.99), or a number in 0.5…0.999999.")
    var rate: String = "normal"
    @Option(help: "discrete (per-millisecond steps, WWDC18) or continuous (exponential).") var model: Model = .discrete
    @Option(parsing: .unconditional, help: "Distance from the resting point that counts as stopped, points.", transform: CommandLineInput.decimal) var threshold: Double = 0.5
    @Option(parsing: .unconditional, help: "Comma-separated sample times in seconds.") var times: String?

    /// The documented ranges (docs/command-line.md).
    static let valueRange = SpringCommand.valueRange
    static let thresholdRange = 0.001...1e6
    /// A rate below 0.5 loses more than half the speed every millisecond: a stop, not a glide.
    static let rateRange = 0.5...0.999999

    func validate() throws {
        _ = try CommandLineInput.check(from, "--from", in: Self.valueRange)
        _ = try CommandLineInput.check(velocity, "--velocity", in: Self.valueRange)
        _ = try CommandLineInput.check(threshold, "--threshold", in: Self.thresholdRange)
        _ = try decelerationRate()
        if let times { _ = try CommandLineInput.times(times) }
    }

    /// The rate `--rate` names: a preset, or a number more than 0 and less than 1.
    func decelerationRate() throws -> DecelerationRate {
        switch rate {
        case "normal": return .normal
        case "fast": return .fast
        default:
            guard CommandLineInput.isDecimal(rate) else {
                throw ValidationErrorMessage("--rate must be normal, fast or a number from 0.5 to 0.999999; got '\(LiquidError.quoted(rate))'")
            }
            return try DecelerationRate(try CommandLineInput.check(try CommandLineInput.number(rate, "--rate"), "--rate", in: Self.rateRange))
        }
    }

    func run() throws {
        let decay: Decay
        let duration: Double
        do {
            decay = try Decay(initialValue: from, initialVelocity: velocity, rate: try decelerationRate(),
                              model: model == .discrete ? .discrete : .continuous)
            duration = try decay.duration(threshold: threshold)
        } catch let error as LiquidError {
            throw ValidationError(error.description)
        }
        let sampleTimes = try times.map { try CommandLineInput.times($0) } ?? CommandLineInput.defaultTimes(until: min(duration, 60))
        let samples = sampleTimes.map { MotionSample(t: $0, value: decay.value(at: $0), velocity: decay.velocity(at: $0)) }
        try printJSON(DecayReport(destination: decay.destination, duration: duration, samples: samples))
    }
}

/// The JSON shape of `liquid motion decay`.
struct DecayReport: JSONReport {
    let destination: Double
    let duration: Double
    let samples: [MotionSample]

    var nonFiniteNumber: String? {
        firstNonFinite(["destination": destination, "duration": duration]) ?? MotionSample.nonFinite(in: samples)
    }
}
