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

    @Option(parsing: .unconditional, help: "Period of the undamped oscillation, seconds.") var response: Double?
    @Option(parsing: .unconditional, help: "Damping ratio ζ (1 = critical).") var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "SwiftUI perceptual duration, seconds.") var duration: Double?
    @Option(parsing: .unconditional, help: "SwiftUI bounce in (-1, 1).") var bounce: Double?
    @Option(parsing: .unconditional, help: "Mass (default 1).") var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness k.") var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping coefficient c.") var damping: Double?
    @Option(parsing: .unconditional, help: "Settling duration (0.001 band), seconds.") var settlingDuration: Double?
    @Option(parsing: .unconditional, help: "Start value.") var from: Double = 0
    @Option(parsing: .unconditional, help: "Target value.") var to: Double = 1
    @Option(parsing: .unconditional, help: "Initial velocity, units per second.") var velocity: Double = 0
    @Option(help: "Comma-separated sample times in seconds.") var times: String?
    @Option(help: "Draw the curve into a PNG file.") var plot: String?

    func validate() throws {
        for (value, flag) in [(response, "--response"), (dampingRatio, "--damping-ratio"), (duration, "--duration"),
                              (bounce, "--bounce"), (mass, "--mass"), (stiffness, "--stiffness"), (damping, "--damping"),
                              (settlingDuration, "--settling-duration")] {
            if let value { _ = try CommandLineInput.finite(value, flag) }
        }
        _ = try CommandLineInput.finite(from, "--from")
        _ = try CommandLineInput.finite(to, "--to")
        _ = try CommandLineInput.finite(velocity, "--velocity")
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
            try PNG.write(image, to: plot)
        }
        try printJSON(SpringReport(spring: .init(spring), samples: samples))
    }
}

/// The JSON shape of `liquid motion spring` (keys are part of the command-line contract).
struct SpringReport: Encodable {
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
}
