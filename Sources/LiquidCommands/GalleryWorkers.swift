import Foundation
import LiquidRaster

/// Renders the gallery's cards in several processes at once: this one and child processes of the same
/// `liquid` executable (`liquid gallery --only I,J,…` into the same staging folder, each printing a
/// ``GalleryItemRecord`` line per card). Every card is rendered by the same code from the same inputs
/// whichever process renders it, so the files and the page are the same as from one process.
///
/// While processes render side by side each uses one worker for its filters (``WorkerPool/shared``), so
/// the machine's cores are shared between processes, not oversubscribed.
@MainActor
enum GalleryWorkers {
    /// The running `liquid` executable, or `nil` when this process is something else (a test or fuzz
    /// target running the command in-process), which then renders alone.
    static var executable: String? {
        #if os(Linux)
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        #else
        let path = CommandLine.arguments[0]
        #endif
        return URL(fileURLWithPath: path).lastPathComponent == "liquid" ? path : nil
    }

    /// Renders every card of `builder` with up to `processes` processes; `childArguments` gives the
    /// arguments of a child rendering the given card indices. Cards go round-robin: card i to process
    /// i mod n, process 0 being this one.
    /// - Throws: a card's error, or `ValidationErrorMessage` when a child fails or reports nonsense.
    static func build(_ builder: GalleryBuilder, processes: Int, childArguments: ([Int]) -> [String]) throws -> [GalleryItem] {
        let count = builder.tasks.count
        let n = Swift.min(processes, count)
        guard n > 1, let executable else { return try builder.build() }
        try OutputFolder.create(builder.directory + "/" + GalleryBuilder.mediaFolder)
        let saved = WorkerPool.shared
        WorkerPool.shared = WorkerPool(workers: 1)
        defer { WorkerPool.shared = saved }
        var children: [Process] = []
        var pipes: [Pipe] = []
        defer { for child in children where child.isRunning { child.terminate() } }
        for k in 1..<n {
            let process = Process(), pipe = Pipe()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = childArguments(Array(stride(from: k, to: count, by: n)))
            process.standardOutput = pipe
            try process.run()
            children.append(process)
            pipes.append(pipe)
        }
        var items = [GalleryItem?](repeating: nil, count: count)
        for index in stride(from: 0, to: count, by: n) { items[index] = try builder.item(at: index) }
        for (child, pipe) in zip(children, pipes) {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            guard child.terminationStatus == 0 else {
                throw ValidationErrorMessage("gallery: a rendering process failed (exit status \(child.terminationStatus))")
            }
            for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
                guard let record = try? JSONDecoder().decode(GalleryItemRecord.self, from: Data(line)),
                      items.indices.contains(record.index) else {
                    throw ValidationErrorMessage("gallery: a rendering process printed a line that is not a card record")
                }
                builder.report(record.report)
                items[record.index] = record.item
            }
        }
        return try items.enumerated().map { index, item in
            guard let item else { throw ValidationErrorMessage("gallery: card \(index) was not rendered") }
            return item
        }
    }

    /// The child's side: renders the cards `indices` of `builder` and prints one record line each.
    static func renderPart(_ builder: GalleryBuilder, indices: [Int]) throws {
        WorkerPool.shared = WorkerPool(workers: 1)
        var builder = builder
        let lines = ReportLines()
        builder.report = { lines.text.append($0) }
        let encoder = JSONEncoder()
        for index in indices {
            guard builder.tasks.indices.contains(index) else {
                throw ValidationErrorMessage("--only: there is no card \(index) (0…\(builder.tasks.count - 1))")
            }
            lines.text = []
            let item = try builder.item(at: index)
            let record = GalleryItemRecord(index: index, item: item, report: lines.text.joined(separator: "\n"))
            print(String(decoding: try encoder.encode(record), as: UTF8.self))
        }
    }

    /// The progress lines of the card being rendered.
    private final class ReportLines {
        var text: [String] = []
    }
}
