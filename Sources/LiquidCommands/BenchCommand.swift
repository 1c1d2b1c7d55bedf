import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster

/// `liquid bench`: the benchmark suite; medians in milliseconds.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the benchmark suite and report median times (one core, monotonic clock)."
    )

    @Option(help: "Run only benchmarks whose name contains this text (repeat it to run every row that matches one of them).") var filter: [String] = []
    @Flag(help: "Print JSON instead of a table.") var json = false
    @Option(parsing: .unconditional, help: "Timed runs per benchmark (after one warm-up).", transform: CommandLineInput.whole) var runs: Int = 15
    @Flag(help: "For ui and glass rows, also time one extra run phase by phase (goo drawing, blur and threshold, edge softening, shading, shadow, glass band, frost, composite, blits, the rest as overhead) and report each phase per frame; the timed runs stay unprofiled.")
    var profile = false
    @Option(parsing: .unconditional, help: "Workers that share each frame: drawing updates, screen tiles and the filters' row bands (1…64; default 1: every row on one core, as the figures are quoted).", transform: CommandLineInput.whole)
    var threads: Int = 1
    @Option(help: "Write the raster workloads' input images (w1.png … w4.png) and LiquidKit's G1–G3 results (glass-g1.png … glass-g3.png) into this folder and exit.")
    var writeInputs: String?

    func validate() throws {
        _ = try CommandLineInput.check(runs, "--runs", in: 1...1000)
        _ = try CommandLineInput.check(threads, "--threads", in: 1...64)
    }

    func run() throws {
        // The UI benchmarks drive main-actor views; the tool runs on the main thread, so run everything there.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        if let folder = writeInputs {
            try Self.writeInputs(to: folder)
            return
        }
        // Every row runs with this many workers (the library's own default is one per core).
        WorkerPool.shared = WorkerPool(workers: threads)
        // Raster inputs are large: build them only when a raster workload is selected.
        // A group is built when some filter could match one of its rows (a prefix of the group's name, or
        // a text that starts with it).
        func wants(_ group: String) -> Bool {
            filter.isEmpty || filter.contains { group.contains($0) || $0.hasPrefix(group) }
        }
        let candidates = MotionBenchmarks.all + (wants("raster") ? RasterBenchmarks.all : [])
            + (wants("glass") ? GlassBenchmarks.all : []) + (wants("ui") ? ControlBenchmarks.all : [])
        var selected = (ReferenceBenchmarks.all + candidates).filter { benchmark in
            filter.isEmpty || filter.contains { benchmark.name.contains($0) }
        }
        guard !selected.isEmpty else {
            let texts = filter.map { "'\(LiquidError.quoted($0))'" }.joined(separator: ", ")
            throw ValidationErrorMessage("--filter \(texts) \(filter.count == 1 ? "matches" : "match") no benchmark")
        }
        // UI rows are also given as multiples of the screen copy, so it runs first whenever one is selected.
        if selected.contains(where: { $0.name.hasPrefix("ui.") || $0.name.hasPrefix("glass.") }),
           !selected.contains(where: { $0.name == ReferenceBenchmarks.screenCopyName }) {
            selected = ReferenceBenchmarks.all + selected
        }
        var screenCopy: Double?
        let runner = BenchmarkRunner(runs: runs)
        var results: [BenchmarkResult] = []
        for benchmark in selected {
            // Progress only for a person watching a terminal: standard error otherwise carries nothing but
            // the one error line, if any.
            if isatty(STDERR_FILENO) == 1 { StandardStreams.error("bench: \(benchmark.name)") }
            var result = runner.measure(benchmark)
            if benchmark.name == "raster.w6.simplify" { result.output_count = RasterBenchmarks.simplifiedCount }
            // Per unit (a frame, a move), not per timed run: several ui rows time a batch of frames per run.
            if benchmark.name == ReferenceBenchmarks.screenCopyName { screenCopy = result.ns_per_iteration }
            if result.name.hasPrefix("ui.") || result.name.hasPrefix("glass."), let screenCopy, screenCopy > 0 {
                result.screen_copy_multiple = result.ns_per_iteration / screenCopy
            }
            if profile, result.name.hasPrefix("ui.") || result.name.hasPrefix("glass.") { result.profile_ms = runner.profile(benchmark) }
            results.append(result)
            if !json {
                let name = result.name.padding(toLength: max(40, result.name.count), withPad: " ", startingAt: 0)
                let multiple = result.screen_copy_multiple.map { String(format: "  %8.2f× screen copy", $0) } ?? ""
                print(name + String(format: "median %9.3f ms  (min %.3f, max %.3f)  %10.2f ns/%@",
                                    result.median_ms, result.min_ms, result.max_ms,
                                    result.ns_per_iteration, result.unit as NSString) + multiple)
                if let split = result.profile_ms {
                    let parts = split.filter { $0.value >= 0.0005 }.sorted { $0.value > $1.value }
                        .map { String(format: "%@ %.3f", $0.key as NSString, $0.value) }
                    print("    per \(result.unit), ms: " + parts.joined(separator: ", "))
                }
            }
        }
        if json { try printJSON(BenchReport(benchmarks: results)) }
    }

    /// Writes w1.png … w4.png and the glass references glass-g1.png … glass-g3.png (benchmarks/WORKLOADS.md)
    /// into `folder`, creating it if needed: all of them or, when one fails, none.
    static func writeInputs(to folder: String) throws {
        try OutputFolder.writeWhole(folder) { staging in
            // The quickest image first, so a folder that cannot take files (a full disk, a file-size limit)
            // fails before the slower ones are drawn.
            try PNG.write(RasterWorkloadInputs.circles(), to: staging + "/w3.png")
            let strip = RasterWorkloadInputs.strip()
            try PNG.write(strip, to: staging + "/w2.png")
            try PNG.write(strip, to: staging + "/w4.png")
            try PNG.write(RasterWorkloadInputs.busyImage(), to: staging + "/w1.png")
            for (name, image) in GlassBenchmarks.references() { try PNG.write(image, to: staging + "/" + name) }
        }
    }
}
