import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// `liquid motion spring`: one parameter family, a start, a target, and sample times → JSON.
struct SpringCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Sample a spring's exact motion.",
        discussion: """
        Give exactly one parameter family:
          --response R --damping-ratio Z
          --duration D [--bounce B]
          --stiffness K --damping C            (with --mass M, default 1)
          --settling-duration S --damping-ratio Z
        --mass may accompany any family. Without --times, samples run from 0 to the settling duration at
        60 per second (capped at 60 s for an undamped spring).
        """
    )

    @Option(parsing: .unconditional, help: "Period of the undamped oscillation, seconds.", transform: CommandLineInput.decimal) var response: Double?
    @Option(parsing: .unconditional, help: "Damping ratio ζ (1 = critical).", transform: CommandLineInput.decimal) var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "SwiftUI perceptual duration, seconds.", transform: CommandLineInput.decimal) var duration: Double?
    @Option(parsing: .unconditional, help: "SwiftUI bounce in (-1, 1).", transform: CommandLineInput.decimal) var bounce: Double?
    @Option(parsing: .unconditional, help: "Mass (default 1).", transform: CommandLineInput.decimal) var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k.", transform: CommandLineInput.decimal) var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping coefficient c.", transform: CommandLineInput.decimal) var damping: Double?
    @Option(parsing: .unconditional, help: "Settling duration (0.001 band), seconds.", transform: CommandLineInput.decimal) var settlingDuration: Double?
    @Option(parsing: .unconditional, help: "Start value.", transform: CommandLineInput.decimal) var from: Double = 0
    @Option(parsing: .unconditional, help: "Target value.", transform: CommandLineInput.decimal) var to: Double = 1
    @Option(parsing: .unconditional, help: "Initial velocity, units per second.", transform: CommandLineInput.decimal) var velocity: Double = 0
    @Option(parsing: .unconditional, help: "Comma-separated sample times in seconds.") var times: String?
    @Option(help: "Draw the curve into a PNG file.") var plot: String?

    /// The documented ranges (docs/command-line.md): springs a person could feel, from a millisecond to
    /// minutes, so every derived quantity stays finite and meaningful.
    static let responseRange = 0.001...100.0
    static let dampingRatioRange = 0.0...100.0
    static let massRange = 0.001...1000.0
    static let stiffnessRange = 0.001...1e6
    static let dampingRange = 0.0...1e5
    static let settlingDurationRange = 0.001...1000.0
    /// `--from`, `--to` (units) and `--velocity` (units per second).
    static let valueRange = -1e12...1e12

    func validate() throws {
        if let response { _ = try CommandLineInput.check(response, "--response", in: Self.responseRange) }
        if let dampingRatio { _ = try CommandLineInput.check(dampingRatio, "--damping-ratio", in: Self.dampingRatioRange) }
        if let duration { _ = try CommandLineInput.check(duration, "--duration", in: Self.responseRange) }
        if let bounce, !(bounce > -1 && bounce < 1) {
            throw LiquidError.invalidParameter(name: "--bounce", value: bounce, requirement: "must be more than -1 and less than 1")
        }
        if let mass { _ = try CommandLineInput.check(mass, "--mass", in: Self.massRange) }
        if let stiffness { _ = try CommandLineInput.check(stiffness, "--stiffness", in: Self.stiffnessRange) }
        if let damping { _ = try CommandLineInput.check(damping, "--damping", in: Self.dampingRange) }
        if let settlingDuration {
            _ = try CommandLineInput.check(settlingDuration, "--settling-duration", in: Self.settlingDurationRange)
        }
        _ = try CommandLineInput.check(from, "--from", in: Self.valueRange)
        _ = try CommandLineInput.check(to, "--to", in: Self.valueRange)
        _ = try CommandLineInput.check(velocity, "--velocity", in: Self.valueRange)
        if let times { _ = try CommandLineInput.times(times) }
    }

    /// Resolves the single parameter family the user gave.
    func makeSpring() throws -> Spring {
        let m = mass ?? 1
        let families: [(name: String, present: Bool)] = [
            ("--response/--damping-ratio", response != nil),
            ("--duration/--bounce", duration != nil || bounce != nil),
            ("--stiffness/--damping", stiffness != nil || damping != nil),
            ("--settling-duration/--damping-ratio", settlingDuration != nil),
        ]
        let given = families.filter(\.present).map(\.name)
        guard given.count == 1 else {
            if given.isEmpty {
                throw ValidationError("give one spring parameter family: --response R --damping-ratio Z, --duration D [--bounce B], --stiffness K --damping C, or --settling-duration S --damping-ratio Z")
            }
            throw ValidationError("give only one spring parameter family; got \(given.joined(separator: " and "))")
        }
        do {
            if let response {
                guard let dampingRatio else { throw ValidationError("--response needs --damping-ratio") }
                return try Spring(response: response, dampingRatio: dampingRatio, mass: m)
            }
            if duration != nil || bounce != nil {
                guard dampingRatio == nil else { throw ValidationError("--damping-ratio does not combine with --duration/--bounce; use --bounce") }
                guard let duration else { throw ValidationError("--bounce needs --duration") }
                return try Spring(duration: duration, bounce: bounce ?? 0, mass: m)
            }
            if stiffness != nil || damping != nil {
                guard dampingRatio == nil else { throw ValidationError("--damping-ratio does not combine with --stiffness/--damping") }
                guard let stiffness, let damping else { throw ValidationError("--stiffness and --damping go together") }
                return try Spring(mass: m, stiffness: stiffness, damping: damping)
            }
            guard let settlingDuration, let dampingRatio else { throw ValidationError("--settling-duration needs --damping-ratio") }
            return try Spring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, mass: m)
        } catch let error as LiquidError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let spring = try makeSpring()
        let sampleTimes = try times.map { try CommandLineInput.times($0) }
            ?? CommandLineInput.defaultTimes(until: min(spring.settlingDuration, 60))
        let samples = sampleTimes.map { t in
            MotionSample(t: t, value: spring.value(at: t, from: from, to: to, initialVelocity: velocity),
                         velocity: spring.velocity(at: t, from: from, to: to, initialVelocity: velocity))
        }
        // The plot is written to a temporary file first and put in place only once the JSON is out, so a
        // run that fails leaves no plot behind.
        var plotFile: OutputFile?
        if let plot {
            let title = String(format: "spring  response %.3g s  ζ %.3g  (stiffness %.4g, damping %.4g)",
                               spring.response, spring.dampingRatio, spring.stiffness, spring.damping)
            // The plot samples the closed form densely (600 points over the same span), not the JSON samples.
            let end = max(sampleTimes.max() ?? 1, 1e-3)
            let dense = (0...600).map { i -> MotionSample in
                let t = end * Double(i) / 600
                return MotionSample(t: t, value: spring.value(at: t, from: from, to: to, initialVelocity: velocity), velocity: 0)
            }
            let image = try MotionPlot(title: title, samples: dense, target: to, start: from).render()
            plotFile = try OutputFile(path: plot)
            try plotFile?.write(PNG.encode(image))
        }
        do {
            try printJSON(SpringReport(spring: .init(spring), samples: samples))
        } catch let error as LiquidError where OutputFile.isClosedPipe(error) {
            // Nobody reads the samples any more; the plot asked for is still delivered.
            try plotFile?.commit()
            throw error
        }
        try plotFile?.commit()
    }
}

/// The JSON shape of `liquid motion spring` (keys are part of the command-line contract).
struct SpringReport: JSONReport {
    struct Parameters: Encodable {
        let mass, stiffness, damping, response, dampingRatio, duration, bounce: Double
        let settlingDuration: FiniteOrNull

        init(_ s: Spring) {
            mass = s.mass; stiffness = s.stiffness; damping = s.damping; response = s.response
            dampingRatio = s.dampingRatio; duration = s.duration; bounce = s.bounce
            settlingDuration = FiniteOrNull(s.settlingDuration)
        }
    }
    let spring: Parameters
    let samples: [MotionSample]

    var nonFiniteNumber: String? {
        firstNonFinite(["mass": spring.mass, "stiffness": spring.stiffness, "damping": spring.damping,
                        "response": spring.response, "dampingRatio": spring.dampingRatio, "duration": spring.duration,
                        "bounce": spring.bounce], in: "spring.")
            ?? MotionSample.nonFinite(in: samples)
    }
}
