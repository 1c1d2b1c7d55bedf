import ArgumentParser
import LiquidMotion

struct MotionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motion",
        abstract: "Evaluate springs, decay and rubber-banding exactly; estimate release velocities; print JSON.",
        subcommands: [SpringCommand.self, DecayCommand.self, RubberbandCommand.self, VelocityCommand.self]
    )
}
