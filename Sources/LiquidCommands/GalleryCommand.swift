import ArgumentParser
import Foundation
import LiquidRaster

/// `liquid gallery --out DIR`: every registered component under its scripted interaction, every example
/// scene and a spring plot, as animated PNGs with posters, on one self-contained page `DIR/index.html`.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every component, example scene and a spring as animated PNGs into DIR/index.html.",
        discussion: """
        Components are driven by scripted touches (a tap, a drag, a press) exactly as `liquid simulate` drives \
        them; scenes are rendered as by `liquid render` (keyframed ones with --animate). The page has no scripts \
        and loads nothing from the network: open DIR/index.html in any browser.
        """
    )

    @Option(help: "Output folder (created if needed): index.html and media/.") var out: String
    @Option(parsing: .unconditional, help: "Pixels per point of every frame.", transform: CommandLineInput.decimal) var scale: Double = 3
    @Option(parsing: .unconditional, help: "Frames per second of every animation (1…60).", transform: CommandLineInput.whole) var fps: Int = 30
    @Option(help: "Folder of example scenes (*.json); skipped with a note when absent and not given.")
    var scenes: String?
    @Option(parsing: .unconditional, help: "Processes rendering cards side by side (1…16; default: one per active core).",
            transform: CommandLineInput.whole)
    var jobs: Int?
    /// Set on the child processes: render only these cards (indices into the page order) into --out, which
    /// is the parent's staging folder, and print a record line per card.
    @Option(help: .hidden) var only: String?

    /// The scenes folder used when --scenes is not given.
    static let defaultScenes = "examples/scenes"

    /// The documented ranges (docs/command-line.md).
    static let scaleRange = 0.1...8.0
    static let fpsRange = 1...60

    func validate() throws {
        _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange)
        _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange)
        guard !out.isEmpty else { throw ValidationError("--out must name a folder") }
        if let jobs { _ = try CommandLineInput.check(jobs, "--jobs", in: 1...16) }
    }

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let folder = scenes ?? Self.defaultScenes
        let sceneFiles = try Self.sceneFiles(in: folder, required: scenes != nil)
        if let only {
            let indices = try only.split(separator: ",", omittingEmptySubsequences: false).map { text -> Int in
                guard let index = Int(text), index >= 0 else {
                    throw ValidationErrorMessage("--only '\(ImageFileIO.quoted(only))' must list card numbers, e.g. 0,3,6")
                }
                return index
            }
            try MainActor.assumeIsolated {
                let builder = GalleryBuilder(directory: out, scale: scale, framesPerSecond: fps, scenes: sceneFiles)
                try GalleryWorkers.renderPart(builder, indices: indices)
            }
            return
        }
        let processes = jobs ?? WorkerPool.activeCoreCount
        // Built in a staging folder and moved into --out only when whole: a failed run leaves nothing.
        var items: [GalleryItem] = []
        try OutputFolder.writeWhole(out) { staging in
            items = try MainActor.assumeIsolated {
                var builder = GalleryBuilder(directory: staging, scale: scale, framesPerSecond: fps, scenes: sceneFiles)
                builder.report = { print($0) }
                let scenesFolder = scenes.map { ["--scenes", $0] } ?? []
                return try GalleryWorkers.build(builder, processes: processes) { indices in
                    ["gallery", "--out", staging, "--scale", String(scale), "--fps", String(fps)] + scenesFolder
                        + ["--only", indices.map(String.init).joined(separator: ",")]
                }
            }
            try ImageFileIO.writeAll(Array(GalleryPage(items: items).html().utf8), to: staging + "/index.html")
        }
        let index = out + "/index.html"
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let bytes = items.reduce(0) { $0 + $1.bytes }
        // Said once the page is written, so that a failure is the run's only line on stderr.
        if scenes == nil, sceneFiles.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            StandardStreams.error("liquid: note: no '\(folder)' folder here; the gallery has no scenes")
        }
        print(String(format: "wrote %@: %d animations, %.1f MB, in %.1f s", index, items.count, Double(bytes) / 1e6, seconds))
    }

    /// The `*.json` files of `folder`, sorted by name. A missing default folder gives none (the run notes it
    /// once the page is written); a missing folder the user named is an error.
    static func sceneFiles(in folder: String, required: Bool) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            if required { throw ValidationErrorMessage("--scenes '\(ImageFileIO.quoted(folder))' is not a folder") }
            return []
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw ValidationErrorMessage("cannot list the folder '\(ImageFileIO.quoted(folder))'")
        }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder + "/" + $0 }
    }
}
