import Foundation
import LiquidGeometry
@testable import LiquidUI
import Testing
@testable import LiquidCommands

/// The seeded random touches of `liquid simulate --random-touches`: reproducible, well formed, a real mix
/// of gestures, and playable as a trace.
@Suite("random touches: the soak's generator")
struct RandomTouchesTests {
    static let bounds = Size(width: 300, height: 44)

    /// The first touches of a stream covering `seconds` of script time.
    static func touches(seed: UInt64, seconds: Double, sampleRate: Double = 60) -> [Touch] {
        Array(RandomTouches(seed: seed, bounds: bounds, sampleRate: sampleRate).prefix { $0.timestamp <= seconds })
    }

    @Test func theSameSeedGivesTheSameStream() {
        let a = Self.touches(seed: 2026, seconds: 120)
        let b = Self.touches(seed: 2026, seconds: 120)
        #expect(a.count > 1000)
        #expect(a == b)
    }

    @Test func anotherSeedGivesAnotherStream() {
        let a = Self.touches(seed: 1, seconds: 60), b = Self.touches(seed: 2, seconds: 60)
        #expect(a.prefix(50) != b.prefix(50))
        #expect(a.first?.location != b.first?.location)
    }

    @Test(arguments: [0, 1, 42, UInt64.max])
    func phasesAreWellFormedAndTimesNeverGoBack(seed: UInt64) {
        var isDown = false
        var last = -Double.infinity
        var count = 0
        for touch in RandomTouches(seed: seed, bounds: Self.bounds, sampleRate: 120) {
            #expect(touch.location.isFinite && touch.timestamp.isFinite, "\(touch)")
            #expect((0...1).contains(touch.force), "\(touch)")
            #expect(touch.timestamp >= last, "time went back at \(touch)")
            #expect(touch.id == 0)
            switch touch.phase {
            case .began: #expect(!isDown, "a second down at \(touch)"); isDown = true
            case .moved: #expect(isDown, "a move while up at \(touch)")
            case .ended, .cancelled: #expect(isDown, "a lift while up at \(touch)"); isDown = false
            }
            last = touch.timestamp
            count += 1
            if touch.timestamp > 600 { break }
        }
        #expect(count > 10_000)
    }

    /// One touch from down to its end, as the checks below classify it.
    struct Gesture {
        var samples: [Touch]
        var duration: Double { samples.last!.timestamp - samples.first!.timestamp }
        var travel: Double {
            zip(samples, samples.dropFirst()).reduce(0) { $0 + ($1.1.location - $1.0.location).length }
        }
        var leavesBounds: Bool {
            samples.contains { !Rect(origin: .zero, size: RandomTouchesTests.bounds).contains($0.location) }
        }
    }

    static func gestures(seed: UInt64, seconds: Double) -> (gestures: [Gesture], pauses: [Double]) {
        var gestures: [Gesture] = [], pauses: [Double] = []
        var current: [Touch] = []
        var liftedAt: Double?
        for touch in touches(seed: seed, seconds: seconds) {
            if touch.phase == .began, let liftedAt { pauses.append(touch.timestamp - liftedAt) }
            current.append(touch)
            if touch.phase.isFinal {
                gestures.append(Gesture(samples: current))
                current = []
                liftedAt = touch.timestamp
            }
        }
        return (gestures, pauses)
    }

    @Test func theMixHasEveryKindOfGesture() {
        let (gestures, pauses) = Self.gestures(seed: 7, seconds: 600)
        #expect(gestures.count > 200)
        let taps = gestures.filter { $0.duration < 0.25 && $0.travel < 5 && $0.samples.last?.phase == .ended }
        let longPresses = gestures.filter { $0.duration > 0.5 && $0.travel < 40 && $0.samples.allSatisfy { $0.force == 0 } }
        let slowDrags = gestures.filter { $0.duration > 0.5 && $0.travel > 40 && !$0.leavesBounds }
        let flicks = gestures.filter { $0.duration < 0.2 && $0.travel > 60 }
        let outside = gestures.filter(\.leavesBounds)
        let cancels = gestures.filter { $0.samples.last?.phase == .cancelled }
        let pressed = gestures.filter { $0.samples.contains { $0.force > 0.2 } }
        for (name, kind) in [("taps", taps), ("long presses", longPresses), ("slow drags", slowDrags), ("flicks", flicks),
                             ("drags out of bounds", outside), ("cancels", cancels), ("force presses", pressed)] {
            #expect(kind.count >= 5, "only \(kind.count) \(name) in 10 minutes")
        }
        #expect(pauses.contains { $0 < 0.1 } && pauses.contains { $0 > 3 }, "pauses from \(pauses.min() ?? 0) to \(pauses.max() ?? 0) s")
    }

    @Test(arguments: [60.0, 120.0, 240.0])
    func movesComeOncePerFrame(rate: Double) {
        let touches = Self.touches(seed: 3, seconds: 120, sampleRate: rate)
        var gaps: [Double] = []
        for (a, b) in zip(touches, touches.dropFirst()) where a.phase == .moved && b.phase == .moved {
            gaps.append(b.timestamp - a.timestamp)
        }
        #expect(gaps.count > 500)
        #expect(gaps.allSatisfy { abs($0 - 1 / rate) < 1e-9 }, "gaps between moves from \(gaps.min() ?? 0) to \(gaps.max() ?? 0)")
    }

    @Test func aRandomSimulationGivesAValidTrace() throws {
        let result = try LiquidProcess.run(["simulate", "slider", "--random-touches", "11", "--duration", "20", "--fps", "30"])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]])
        #expect(frames.count == 601)
        var values: Set<Double> = []
        for (index, frame) in frames.enumerated() {
            #expect(abs((frame["t"] as? Double ?? -1) - Double(index) / 30) < 1e-9)
            let state = try #require(frame["state"] as? [String: Any])
            #expect(Set(state.keys) == ["value", "thumbX", "thumbScale", "pressed"])
            for key in ["value", "thumbX", "thumbScale"] {
                let number = try #require(state[key] as? Double, "frame \(index): \(key) is \(state[key] ?? "missing")")
                #expect(number.isFinite)
            }
            let value = try #require(state["value"] as? Double)
            #expect((0...1).contains(value))
            values.insert(value)
        }
        #expect(values.count > 10, "the random touches moved the slider to only \(values.count) values")
        // The same seed prints the same trace; rendering every frame does not change it.
        let again = try LiquidProcess.run(["simulate", "slider", "--random-touches", "11", "--duration", "20", "--fps", "30",
                                           "--render", "--scale", "1"])
        #expect(again.status == 0 && again.output == result.output, "\(again.stderr)")
    }

    @Test func randomTouchesNeedADurationAndExcludeAnEventsFile() throws {
        let cases: [([String], String)] = [
            (["simulate", "switch", "--random-touches", "1"], "--duration"),
            (["simulate", "switch", "--random-touches", "1", "--events", "-", "--duration", "1"], "--events"),
            (["simulate", "switch", "--duration", "1"], "--random-touches"),
            (["simulate", "switch", "--random-touches", "-1", "--duration", "1"], "--random-touches"),
            (["simulate", "switch", "--random-touches", "18446744073709551616", "--duration", "1"], "--random-touches"),
            (["simulate", "switch", "--random-touches", "0x10", "--duration", "1"], "--random-touches"),
            (["simulate", "switch", "--random-touches", "1", "--duration", "601"], "--duration"),
        ]
        for (arguments, flag) in cases {
            let result = try LiquidProcess.run(arguments)
            #expect(result.status != 0 && result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(flag), "\(arguments): \(result.stderr)")
        }
        let largest = try LiquidProcess.run(["simulate", "button", "--random-touches", "18446744073709551615", "--duration", "1"])
        #expect(largest.status == 0, "\(largest.stderr)")
    }

    @Test func aNonFiniteStateValueIsAnErrorNamingTheTimeAndTheKey() {
        let frame = ComponentSimulator.Frame(t: 1.25, state: ["value": .number(0.5), "thumbX": .number(.nan), "pressed": .bool(true)],
                                             haptics: [])
        #expect(throws: (any Error).self) { try SimulateCommand.requireFinite(frame) }
        do {
            try SimulateCommand.requireFinite(frame)
        } catch {
            #expect("\(error)" == "frame at t = 1.25 s: state 'thumbX' is not finite (nan)")
        }
        let fine = ComponentSimulator.Frame(t: 2, state: ["value": .number(1), "label": .string("x")], haptics: [])
        #expect(throws: Never.self) { try SimulateCommand.requireFinite(fine) }
    }
}
