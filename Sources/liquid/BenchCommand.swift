import ArgumentParser
import Foundation

/// `liquid bench`: the benchmark suite; medians in milliseconds.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the benchmark suite and report median times (one core, monotonic clock)."
    )

    @Option(help: "Run only benchmarks whose name contains this text.") var filter: String?
    @Flag(help: "Print JSON instead of a table.") var json = false
    @Option(help: "Timed runs per benchmark (after one warm-up).") var runs: Int = 9

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be between 1 and 1000; got \(runs)") }
    }

    func run() throws {
        let selected = MotionBenchmarks.all.filter { filter == nil || $0.name.contains(filter!) }
        guard !selected.isEmpty else { throw ValidationError("--filter '\(filter ?? "")' matches no benchmark") }
        let runner = BenchmarkRunner(runs: runs)
        var results: [BenchmarkResult] = []
        for benchmark in selected {
            let result = runner.measure(benchmark)
            results.append(result)
            if !json {
                let name = result.name.padding(toLength: max(40, result.name.count), withPad: " ", startingAt: 0)
                print(name + String(format: "median %9.3f ms  (min %.3f, max %.3f)  %10.2f ns/%@",
                                    result.median_ms, result.min_ms, result.max_ms,
                                    result.ns_per_iteration, result.unit as NSString))
            }
        }
        if json { try printJSON(["benchmarks": results]) }
    }
}
