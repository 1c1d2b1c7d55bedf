import ArgumentParser
import LiquidGeometry
import LiquidMotion

/// `liquid motion rubberband`: how far content moves when dragged `offset` points past its edge.
struct RubberbandCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rubberband",
        abstract: "UIScrollView-style rubber-banding: b = (1 − 1/(x·c/d + 1))·d."
    )

    @Option(parsing: .unconditional, help: "Distance dragged past the edge, points (negative for the other edge).") var offset: Double
    @Option(parsing: .unconditional, help: "The scroll view's dimension along the drag, points (> 0).") var dimension: Double
    @Option(parsing: .unconditional, help: "The constant c (default 0.55).") var constant: Double = RubberBand.defaultCoefficient

    func validate() throws {
        _ = try CommandLineInput.finite(offset, "--offset")
        _ = try CommandLineInput.finite(dimension, "--dimension")
        _ = try CommandLineInput.finite(constant, "--constant")
    }

    func run() throws {
        do {
            let band = try RubberBand(dimension: dimension, coefficient: constant)
            try printJSON(["value": try band.offset(forOverscroll: offset)])
        } catch let error as LiquidError {
            throw ValidationError(error.description)
        }
    }
}
