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

    @Option(parsing: .unconditional, help: "Start value, points.") var from: Double = 0
    @Option(parsing: .unconditional, help: "Release velocity, points per second.") var velocity: Double
    @Option(help: "Deceleration rate per millisecond: normal (0.998), fast (0.99), or a number in (0, 1).")
    var rate: String = "normal"
    @Option(help: "discrete (per-millisecond steps, WWDC18) or continuous (exponential).") var model: Model = .discrete
    @Option(parsing: .unconditional, help: "Distance from the resting point that counts as stopped, points.") var threshold: Double = 0.5
    @Option(help: "Comma-separated sample times in seconds.") var times: String?

    func validate() throws {
        _ = try CommandLineInput.finite(from, "--from")
        _ = try CommandLineInput.finite(velocity, "--velocity")
        guard threshold.isFinite, threshold > 0 else { throw ValidationError("--threshold must be positive and finite; got \(threshold)") }
    }

    func decelerationRate() throws -> DecelerationRate {
        switch rate {
        case "normal": return .normal
        case "fast": return .fast
        default:
            guard let r = Double(rate) else { throw ValidationError("--rate must be normal, fast or a number in (0, 1); got '\(rate)'") }
            do { return try DecelerationRate(r) } catch { throw ValidationError("--rate: \(error.description)") }
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

struct DecayReport: Encodable {
    let destination: Double
    let duration: Double
    let samples: [MotionSample]
}
