import Foundation
import Testing

@testable import LiquidCommands

/// The committed seed corpus of every fuzz target (Fuzz/Corpus/<target>/) — examples, hand-made edge cases
/// and the minimised inputs of fixed findings — replayed through the same entry points the fuzz
/// executables call. An input that traps ends the test process, so the suite fails on it.
@Suite("fuzz corpus replay")
struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    /// The fuzz targets, each named as its corpus folder.
    static let targets = ["fuzz-scene", "fuzz-events", "fuzz-svg-path", "fuzz-png", "fuzz-options"]

    /// Runs `bytes` through the entry point of `target`, as its executable does.
    @MainActor
    static func run(_ target: String, _ bytes: [UInt8]) {
        switch target {
        case "fuzz-scene": FuzzEntry.scene(bytes, imageFolder: corpus.appendingPathComponent("fuzz-png").path)
        case "fuzz-events": FuzzEntry.events(bytes)
        case "fuzz-svg-path": FuzzEntry.svgPath(bytes)
        case "fuzz-png": FuzzEntry.png(bytes)
        case "fuzz-options": FuzzEntry.options(bytes)
        default: Issue.record("no entry point for \(target)")
        }
    }

    @Test func everyTargetHasACorpusAndNothingElseDoes() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(folders == Self.targets.sorted())
    }

    /// The entry points use the main actor (rendering, simulation), as the executables' main thread does.
    @Test(arguments: targets) @MainActor
    func everyInputRuns(_ target: String) throws {
        let folder = Self.corpus.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count >= 5)
        for file in files {
            Self.run(target, [UInt8](try Data(contentsOf: folder.appendingPathComponent(file))))
        }
    }
}
