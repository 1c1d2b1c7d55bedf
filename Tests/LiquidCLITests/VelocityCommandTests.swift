import Foundation
import Testing

/// `liquid motion velocity`: release velocities from a samples file, read strictly, and the accuracy report.
@Suite("liquid motion velocity: the command-line contract")
struct VelocityCommandTests {
    /// Writes `text` to a new temporary samples file and returns its path.
    func file(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("liquid-velocity-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("flick.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A samples file of `position(t)` at `rate` Hz over `count` samples from t = 0.
    func samples(count: Int, rate: Double, _ position: (Double) -> (Double, Double)) -> String {
        let entries = (0..<count).map { i -> String in
            let t = Double(i) / rate
            let (x, y) = position(t)
            return "{\"t\": \(t), \"x\": \(x), \"y\": \(y)}"
        }
        return "{\"samples\": [" + entries.joined(separator: ", ") + "]}"
    }

    func estimate(_ text: String, _ extra: [String] = []) throws -> (x: Double, y: Double, used: Int) {
        let result = try LiquidProcess.run(["motion", "velocity", "--samples", try file(text)] + extra)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        #expect(Set(json.keys) == ["velocity", "samplesUsed"])
        let velocity = try #require(json["velocity"] as? [String: Double])
        return (velocity["x"]!, velocity["y"]!, try #require(json["samplesUsed"] as? Int))
    }

    @Test func aSteadyFlickGivesItsVelocityWithEveryStrategy() throws {
        let text = samples(count: 25, rate: 120) { t in (100 + 1500 * t, 300 - 800 * t) }
        for strategy in [[], ["--strategy", "adaptive"], ["--strategy", "linear"], ["--strategy", "quadratic"]] {
            let out = try estimate(text, strategy)
            #expect(abs(out.x - 1500) < 1e-6 && abs(out.y + 800) < 1e-6, "\(strategy): \(out)")
        }
        // The adaptive default looks back 150 ms (19 samples at 120 Hz), the others 100 ms (13).
        #expect(try estimate(text).used == 19)
        #expect(try estimate(text, ["--strategy", "linear"]).used == 13)
        #expect(try estimate(text, ["--horizon", "0.05"]).used == 7)
        #expect(try estimate(text, ["--capacity", "5"]).used == 5)
    }

    @Test func aBrakingFlickIsFollowedByTheDefaultAndLaggedByTheLine() throws {
        // v = 2000 − 8000 t: at t = 0.2 s the finger moves at 400 pt/s.
        let text = samples(count: 25, rate: 120) { t in (2000 * t - 4000 * t * t, 0) }
        let adaptive = try estimate(text)
        #expect(abs(adaptive.x - 400) < 1e-6, "\(adaptive)")
        let linear = try estimate(text, ["--strategy", "linear"])
        #expect(abs(linear.x - (2000 - 8000 * 0.15)) < 1e-6, "\(linear)")  // the speed 50 ms earlier
    }

    @Test func fewSamplesOrAStopGiveZero() throws {
        let two = try estimate(##"{"samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.01, "x": 10, "y": 0}]}"##)
        #expect(two.x == 0 && two.y == 0 && two.used == 0)
        // Equal times: the later sample replaces the earlier, so three entries make two samples.
        let coalesced = try estimate(##"{"samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.01, "x": 5, "y": 0}, {"t": 0.01, "x": 10, "y": 0}]}"##)
        #expect(coalesced.used == 0)
        // 60 ms without a sample before the last three: only those count.
        let gap = try estimate(##"{"samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.01, "x": 10, "y": 0}, {"t": 0.07, "x": 10, "y": 0}, {"t": 0.08, "x": 10, "y": 1}, {"t": 0.09, "x": 10, "y": 2}]}"##)
        #expect(abs(gap.y - 100) < 1e-9 && abs(gap.x) < 1e-9 && gap.used == 3)
    }

    @Test func samplesComeFromStandardInputToo() throws {
        let path = try file(samples(count: 10, rate: 60) { t in (10 * t, 0) })
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let result = try LiquidProcess.run(["motion", "velocity", "--samples", "-", "--strategy", "linear"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let velocity = try #require(try result.json()["velocity"] as? [String: Double])
        #expect(abs(velocity["x"]! - 10) < 1e-9)
    }

    static func one(_ sample: String) -> String { ##"{"samples": ["## + sample + "]}" }

    @Test(arguments: [
        (##"{"sample": []}"##, "sample", "unknown key (did you mean 'samples'?)"),
        (one(##"{"t": 0, "x": 1, "y": 2, "z": 3}"##), "samples[0].z", "unknown key"),
        (one(##"{"t": null, "x": 1, "y": 2}"##), "samples[0].t", "expected a number, found null"),
        (one(##"{"t": "0", "x": 1, "y": 2}"##), "samples[0].t", "expected a number, found a string"),
        (one(##"{"t": 0, "x": 1}"##), "samples[0].y", "missing"),
        (one(##"{"t": -1, "x": 1, "y": 2}"##), "samples[0].t", "must be between 0 and 1000000 seconds; got -1.0"),
        (one(##"{"t": 0, "x": 1e13, "y": 2}"##), "samples[0].x", "must be between -1e12 and 1e12 points"),
        (##"{"samples": []}"##, "samples", "is empty"),
        (##"{"samples": {}}"##, "samples", "expected a list, found an object"),
        (##"{"samples": [{"t": 0.2, "x": 0, "y": 0}, {"t": 0.1, "x": 0, "y": 0}]}"##, "samples[1].t",
         "0.1 is earlier than samples[0].t (0.2); samples must be in time order"),
    ])
    func badSamplesAreRefusedAtTheirPath(text: String, path: String, fragment: String) throws {
        let samples = try file(text)
        let result = try LiquidProcess.run(["motion", "velocity", "--samples", samples])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("liquid: error: \(samples): \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    @Test(arguments: [
        (["motion", "velocity"], "--samples FILE or --report"),
        (["motion", "velocity", "--report", "--samples", "x.json"], "do not go together"),
        (["motion", "velocity", "--samples", "/no/such/flick.json"], "/no/such/flick.json"),
        (["motion", "velocity", "--samples", "x.json", "--strategy", "cubic"], "cubic"),
        (["motion", "velocity", "--report", "--streams", "0"], "--streams"),
        (["motion", "velocity", "--report", "--horizon", "nan"], "--horizon"),
        (["motion", "velocity", "--report", "--capacity", "2"], "--capacity"),
    ])
    func badOptionsGetOneClearLine(arguments: [String], mentions: String) throws {
        let result = try LiquidProcess.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("liquid: error: "))
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }

    @Test func theReportScoresEveryStrategyPerRateAndProfile() throws {
        let result = try LiquidProcess.run(["motion", "velocity", "--report", "--streams", "600", "--seed", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["streams"] as? Int == 600 && json["seed"] as? Int == 3)
        let strategies = try #require(json["strategies"] as? [String: [String: Any]])
        #expect(Set(strategies.keys) == ["adaptive", "linear", "quadratic"])
        func figures(_ group: [String: Any]) throws -> (median: Double, p90: Double) {
            let overall = try #require(group["overall"] as? [String: Double])
            let rates = try #require(group["rates"] as? [String: [String: Double]])
            let profiles = try #require(group["profiles"] as? [String: [String: Double]])
            #expect(Set(rates.keys) == ["60", "120", "240"])
            #expect(Set(profiles.keys) == ["accelerating", "holding", "decelerating"])
            #expect(rates.values.reduce(0) { $0 + $1["count"]! } == 600)
            #expect(overall["median"]! <= overall["p90"]!)
            return (overall["median"]!, overall["p90"]!)
        }
        let adaptive = try figures(strategies["adaptive"]!)
        let linear = try figures(strategies["linear"]!)
        let oracle = try figures(try #require(json["oracle"] as? [String: Any]))
        #expect(oracle.median < adaptive.median && adaptive.median < linear.median)
        // The same seed gives the same bytes.
        let again = try LiquidProcess.run(["motion", "velocity", "--report", "--streams", "600", "--seed", "3"])
        #expect(again.output == result.output)
    }
}
