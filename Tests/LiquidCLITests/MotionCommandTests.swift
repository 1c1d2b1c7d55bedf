import Foundation
import Testing
import TestSupport

@Suite("liquid motion: the command-line contract")
struct MotionCommandTests {
    func spring(_ arguments: [String]) throws -> (spring: [String: Double], samples: [[String: Double]]) {
        let result = try LiquidProcess.run(["motion", "spring"] + arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        let spring = try #require(json["spring"] as? [String: Double])
        let samples = try #require(json["samples"] as? [[String: Double]])
        return (spring, samples)
    }

    @Test func springPrintsParametersAndExactSamples() throws {
        let out = try spring(["--duration", "0.5", "--bounce", "0.3", "--from", "0", "--to", "10", "--times", "0,0.1,5"])
        #expect(Set(out.spring.keys) == ["mass", "stiffness", "damping", "response", "dampingRatio", "duration", "bounce", "settlingDuration"])
        #expect(abs(out.spring["stiffness"]! - 157.9) < 0.05 && abs(out.spring["damping"]! - 17.6) < 0.05)
        #expect(out.samples.map { $0["t"]! } == [0, 0.1, 5])
        #expect(out.samples[0]["value"] == 0 && out.samples[0]["velocity"] == 0)
        // x(t) = 10 − 10·e^(−λt)(cos ω_d t + λ/ω_d sin ω_d t), with ω₀ = 4π, ζ = 0.7.
        let w0 = 4 * Double.pi, zeta = 0.7, lambda = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
        let expected = 10 - 10 * exp(-lambda * 0.1) * (cos(wd * 0.1) + lambda / wd * sin(wd * 0.1))
        #expect(abs(out.samples[1]["value"]! - expected) < 1e-12)
        #expect(abs(out.samples[2]["value"]! - 10) < 1e-9)
    }

    @Test func everyParameterFamilyDescribesTheSameSpring() throws {
        let families = [
            ["--response", "0.5", "--damping-ratio", "0.7"],
            ["--duration", "0.5", "--bounce", "0.3"],
            ["--mass", "1", "--stiffness", "\(pow(4 * Double.pi, 2))", "--damping", "\(2 * 0.7 * 4 * Double.pi)"],
        ]
        let springs = try families.map { try spring($0 + ["--times", "0.25"]).spring }
        let settling = try spring(["--settling-duration", "\(springs[0]["settlingDuration"]!)", "--damping-ratio", "0.7", "--times", "0"]).spring
        for other in springs.dropFirst() + [settling] {
            for key in ["stiffness", "damping", "dampingRatio", "response"] {
                #expect(isClose(other[key]!, springs[0][key]!, relative: 1e-12), "\(key)")
            }
        }
    }

    @Test func defaultSamplesRunToTheSettlingDuration() throws {
        let out = try spring(["--response", "0.4", "--damping-ratio", "1"])
        let last = try #require(out.samples.last)
        #expect(abs(last["t"]! - out.spring["settlingDuration"]!) < 1e-12)
        #expect(abs(last["value"]! - 1) <= 1e-3 + 1e-12)
        #expect(out.samples.count == Int((out.spring["settlingDuration"]! * 60).rounded(.up)) + 1)
    }

    @Test func decayMatchesTheWWDCProjection() throws {
        let discrete = try LiquidProcess.run(["motion", "decay", "--from", "0", "--velocity", "1000"]).json()
        #expect(abs((discrete["destination"] as! Double) - 499) < 1e-9)
        let continuous = try LiquidProcess.run(["motion", "decay", "--from", "10", "--velocity", "1000", "--model", "continuous"]).json()
        #expect(abs((continuous["destination"] as! Double) - (10 - 1000 / (1000 * log(0.998)))) < 1e-9)
        let fast = try LiquidProcess.run(["motion", "decay", "--velocity", "-1000", "--rate", "fast", "--times", "0,10"]).json()
        let samples = fast["samples"] as! [[String: Double]]
        #expect(abs((fast["destination"] as! Double) - (-99)) < 1e-9)
        #expect(abs(samples[1]["value"]! - (-99)) < 1e-9)
        #expect(fast["duration"] as! Double > 0)
    }

    @Test func rubberbandMatchesUIScrollView() throws {
        let json = try LiquidProcess.run(["motion", "rubberband", "--offset", "100", "--dimension", "800"]).json()
        #expect(abs((json["value"] as! Double) - 51.46) < 0.005)
    }

    @Test(arguments: [
        (["motion", "spring", "--duration", "0.5", "--bounce", "1"], "bounce"),
        (["motion", "spring", "--response", "nan", "--damping-ratio", "0.5"], "--response"),
        (["motion", "spring", "--response", "0.5", "--damping-ratio", "0.5", "--duration", "1"], "only one"),
        (["motion", "spring"], "parameter family"),
        (["motion", "spring", "--response", "0.5", "--damping-ratio", "0.5", "--times", "0,abc"], "abc"),
        (["motion", "spring", "--response", "0.5", "--damping-ratio", "0.5", "--times", "-1"], "--times"),
        (["motion", "spring", "--response", "0.5", "--damping-ratio", "0.5", "--from", "inf"], "--from"),
        (["motion", "spring", "--frobnicate"], "frobnicate"),
        (["motion", "decay", "--velocity", "100", "--rate", "1.5"], "rate"),
        (["motion", "decay", "--velocity", "x"], "velocity"),
        (["motion", "rubberband", "--offset", "10", "--dimension", "-5"], "dimension"),
        (["bench", "--filter", "no-such-benchmark"], "no-such-benchmark"),
    ])
    func badInputGetsOneClearLine(arguments: [String], mentions: String) throws {
        let result = try LiquidProcess.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("liquid: error: "))
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
    }

    @Test func helpExitsCleanly() throws {
        let result = try LiquidProcess.run(["motion", "spring", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--damping-ratio"))
    }

    @Test func benchReportsMediansAsJSON() throws {
        let result = try LiquidProcess.run(["bench", "--filter", "motion.spring.transition", "--runs", "1", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let benchmarks = try #require(result.json()["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.map { $0["name"] as? String } == ["motion.spring.transition"])
        #expect((benchmarks[0]["median_ms"] as? Double).map { $0 > 0 } == true)
    }

    @Test func benchFiltersRepeatedRunEveryRowThatMatchesOne() throws {
        let result = try LiquidProcess.run(["bench", "--filter", "motion.spring.transition", "--filter",
                                            "motion.animator.scalar.steady", "--runs", "1", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let benchmarks = try #require(result.json()["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.map { $0["name"] as? String } == ["motion.spring.transition", "motion.animator.scalar.steady"])
        // When none of several filters matches, the error names them all.
        let none = try LiquidProcess.run(["bench", "--filter", "no-such", "--filter", "nor-this", "--runs", "1"])
        #expect(none.status != 0 && none.stderr.contains("'no-such', 'nor-this' match no benchmark"), "stderr: \(none.stderr)")
    }
}
