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
}

/// Times benchmarks with a monotonic clock: one warm-up run, then `runs` timed runs; reports medians.
struct BenchmarkRunner {
    let runs: Int

    func measure(_ benchmark: Benchmark) -> BenchmarkResult {
        let clock = ContinuousClock()
        benchmark.prepare()
        consume(benchmark.body())
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            benchmark.prepare()
            let start = clock.now
            let checksum = benchmark.body()
            let elapsed = clock.now - start
            consume(checksum)
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        times.sort()
        let median = times.count % 2 == 1 ? times[times.count / 2] : 0.5 * (times[times.count / 2 - 1] + times[times.count / 2])
        return BenchmarkResult(name: benchmark.name, unit: benchmark.unit, runs: runs, iterations: benchmark.iterations,
                               median_ms: median, min_ms: times.first ?? 0, max_ms: times.last ?? 0,
                               ns_per_iteration: median * 1e6 / Double(max(benchmark.iterations, 1)))
    }

    @inline(never)
    private func consume(_ value: Double) {
        if value.isNaN { benchmarkSink &+= 1 }
    }
}

/// Written only when a checksum is NaN; exists so the compiler must compute every checksum.
nonisolated(unsafe) private var benchmarkSink = 0
