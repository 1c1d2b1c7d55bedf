#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidRaster

/// A named workload for `liquid bench`.
///
/// `body` performs `iterations` units of work and returns a checksum, which the runner consumes so the
/// optimiser cannot delete the work.
struct Benchmark {
    let name: String
    /// What one iteration is ("step", "frame", "image"), for the per-iteration figure.
    let unit: String
    let iterations: Int
    /// Untimed work before every run (e.g. restoring the input of an in-place filter).
    var prepare: () -> Void = {}
    let body: () -> Double
}

/// A benchmark's measured runs.
/// The JSON shape of `liquid bench --json`.
struct BenchReport: JSONReport {
    let benchmarks: [BenchmarkResult]

    var nonFiniteNumber: String? {
        for (index, result) in benchmarks.enumerated() {
            if let path = firstNonFinite(["median_ms": result.median_ms, "min_ms": result.min_ms, "max_ms": result.max_ms,
                                          "ns_per_iteration": result.ns_per_iteration,
                                          "cpu_median_ms": result.cpu_median_ms ?? 0,
                                          "screen_copy_multiple": result.screen_copy_multiple ?? 0], in: "benchmarks[\(index)].") {
                return path
            }
            if let bad = result.profile_ms?.first(where: { !$0.value.isFinite }) {
                return "benchmarks[\(index)].profile_ms.\(bad.key)"
            }
        }
        return nil
    }
}

struct BenchmarkResult: Encodable {
    let name: String
    let unit: String
    let runs: Int
    let iterations: Int
    let median_ms: Double
    let min_ms: Double
    let max_ms: Double
    /// Median nanoseconds per iteration.
    let ns_per_iteration: Double
    /// For workloads that produce a count (W6: points kept), that count, as a correctness cross-check.
    var output_count: Int? = nil
    /// Median thread CPU time of the same runs (ms): on a shared, loaded machine wall time also counts the
    /// time slices other processes take on the core, CPU time mostly does not.
    var cpu_median_ms: Double? = nil
    /// For `ui.*` rows, the median time per unit (a frame, a move) as a multiple of `reference.screen-copy`'s
    /// (a memory copy of one full 1170×2532 RGBA8 screen).
    var screen_copy_multiple: Double? = nil
    /// With `--profile`, for `ui.*` rows: milliseconds per unit spent in each rendering phase
    /// (``RenderPhase`` names) during one extra, profiled run, with everything else as `overhead`.
    var profile_ms: [String: Double]? = nil
}

/// Times benchmarks with a monotonic clock: one warm-up run, then `runs` timed runs; reports medians.
struct BenchmarkRunner {
    let runs: Int

    func measure(_ benchmark: Benchmark) -> BenchmarkResult {
        let clock = ContinuousClock()
        benchmark.prepare()
        consume(benchmark.body())
        var times: [Double] = [], cpu: [Double] = []
        times.reserveCapacity(runs)
        cpu.reserveCapacity(runs)
        for _ in 0..<runs {
            benchmark.prepare()
            let cpuStart = Self.threadCPUMilliseconds()
            let start = clock.now
            let checksum = benchmark.body()
            let elapsed = clock.now - start
            cpu.append(Self.threadCPUMilliseconds() - cpuStart)
            consume(checksum)
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        times.sort()
        let median = Self.median(times)
        var result = BenchmarkResult(name: benchmark.name, unit: benchmark.unit, runs: runs, iterations: benchmark.iterations,
                                     median_ms: median, min_ms: times.first ?? 0, max_ms: times.last ?? 0,
                                     ns_per_iteration: median * 1e6 / Double(max(benchmark.iterations, 1)))
        result.cpu_median_ms = Self.median(cpu.sorted())
        return result
    }

    /// One extra run of `benchmark` with ``RenderProfiler`` on: milliseconds per iteration in each phase,
    /// and `overhead` for the rest of the run's wall time.
    func profile(_ benchmark: Benchmark) -> [String: Double] {
        let clock = ContinuousClock()
        benchmark.prepare()
        RenderProfiler.start()
        let start = clock.now
        consume(benchmark.body())
        let elapsed = clock.now - start
        let phases = RenderProfiler.stop()
        let perUnit = 1e-6 / Double(max(benchmark.iterations, 1))
        var out: [String: Double] = [:]
        var sum = 0.0
        for (phase, nanoseconds) in phases {
            out[phase.name] = Double(nanoseconds) * perUnit
            sum += Double(nanoseconds)
        }
        let total = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) * 1e-9
        out["overhead"] = Swift.max(total - sum, 0) * perUnit
        return out
    }

    private static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2])
    }

    /// The calling thread's CPU time (user + system) in milliseconds.
    private static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) * 1e-6
    }

    @inline(never)
    private func consume(_ value: Double) {
        if value.isNaN { benchmarkSink &+= 1 }
    }
}

/// Written only when a checksum is NaN; exists so the compiler must compute every checksum.
nonisolated(unsafe) private var benchmarkSink = 0
