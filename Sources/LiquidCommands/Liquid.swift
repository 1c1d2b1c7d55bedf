import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster

/// The `liquid` command-line tool. Its contract (commands, flags, JSON keys) is docs/command-line.md.
package struct Liquid: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "liquid",
        abstract: "LiquidKit: fluid-interface motion, rendering and glass, headless.",
        subcommands: [MotionCommand.self, FilterCommand.self, RenderCommand.self, SimulateCommand.self,
                      GalleryCommand.self, PlayCommand.self, BenchCommand.self]
    )

    package init() {}

    /// Runs the tool. Errors become exactly one line on stderr (`liquid: error: …`, at most about 300
    /// characters: a longer message keeps its start and end) and a non-zero exit; help and version requests print normally and exit 0. A reader that
    /// closed standard output (or an output pipe) ends the run quietly with status 0.
    package static func main() {
        StandardStreams.installSignalHandling()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LiquidError where OutputFile.isClosedPipe(error) {
            Foundation.exit(0)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            StandardStreams.error(errorLine(for: error))
            Foundation.exit(code.rawValue == 0 ? 1 : code.rawValue)
        }
    }

    /// The one line `main` prints on standard error for `error`: `liquid: error: …`, line breaks folded
    /// into spaces, at most 300 characters. A word longer than 200 characters (a huge number a user typed;
    /// paths are already shortened to 120) is shortened in its middle first, so the words around it — the
    /// option's name — stay; a message still too long keeps its start and end.
    package static func errorLine(for error: any Error) -> String {
        let prefix = "liquid: error: "
        let message = Liquid.message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        let words = message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.count > 200 ? LiquidError.quoted(String(word), limit: 120) : String(word)
        }
        return prefix + LiquidError.quoted(words.joined(separator: " "), limit: 300 - prefix.count)
    }
}
