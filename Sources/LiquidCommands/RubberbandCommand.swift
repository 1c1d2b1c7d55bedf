import ArgumentParser
import LiquidGeometry
import LiquidMotion

/// `liquid motion rubberband`: how far content moves when dragged `offset` points past its edge.
struct RubberbandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rubberband",
        abstract: "UIScrollView-style rubber-banding: b = (1 − 1/(x·c/d + 1))·d."
    )

    @Option(parsing: .unconditional, help: "Distance dragged past the edge, points (negative for the other edge).", transform: CommandLineInput.decimal) var offset: Double
    @Option(parsing: .unconditional, help: "The scroll view's dimension along the drag, points (> 0).", transform: CommandLineInput.decimal) var dimension: Double
    @Option(parsing: .unconditional, help: "The constant c (default 0.55).", transform: CommandLineInput.decimal) var constant: Double = RubberBand.defaultCoefficient

    /// The documented ranges (docs/command-line.md), in points.
    static let offsetRange = SpringCommand.valueRange
    static let dimensionRange = 0.001...1e9
    static let constantRange = 0.001...10.0

    func validate() throws {
        _ = try CommandLineInput.check(offset, "--offset", in: Self.offsetRange)
        _ = try CommandLineInput.check(dimension, "--dimension", in: Self.dimensionRange)
        _ = try CommandLineInput.check(constant, "--constant", in: Self.constantRange)
    }

    func run() throws {
        do {
            let band = try RubberBand(dimension: dimension, coefficient: constant)
            try printJSON(RubberbandReport(value: try band.offset(forOverscroll: offset)))
        } catch let error as LiquidError {
            throw ValidationError(error.description)
        }
    }
}

/// The JSON shape of `liquid motion rubberband`.
struct RubberbandReport: JSONReport {
    let value: Double
    var nonFiniteNumber: String? { firstNonFinite(["value": value]) }
}
