import ArgumentParser
import LiquidMotion

struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Evaluate springs, decay and rubber-banding exactly; print JSON samples.",
        subcommands: [SpringCommand.self, DecayCommand.self, RubberbandCommand.self]
    )
}
