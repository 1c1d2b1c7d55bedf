import Foundation
import Testing

/// `liquid simulate button --events FILE`: a tap fires the primary action once (tapCount 0 → 1), with the
/// press visible in `scale` and a light impact; a drag out and release fires nothing.
@Suite("liquid simulate button")
struct SimulateButtonCommandTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-simulate-button-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    func write(_ events: [[String: Any]]) throws -> String {
        let path = folder + "/events-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: URL(fileURLWithPath: path))
        return path
    }

    func simulate(_ events: String, extra: [String] = []) throws -> [[String: Any]] {
        let result = try LiquidProcess.run(["simulate", "button", "--events", events] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func tapTogglesTapCount() throws {
        let events = try write([["t": 0.2, "phase": "down", "x": 84, "y": 26], ["t": 0.3, "phase": "up", "x": 84, "y": 26]])
        let frames = try simulate(events)
        let states = frames.compactMap { $0["state"] as? [String: Any] }
        #expect(states.count == frames.count && states.count > 60)
        for state in states {
            #expect(Set(state.keys) == ["pressed", "highlighted", "scale", "tapCount"])
        }
        let counts = states.compactMap { $0["tapCount"] as? Double }
        #expect(counts.first == 0)
        #expect(counts.last == 1)
        #expect(zip(counts, counts.dropFirst()).filter { $0 != $1 }.count == 1)
        let scales = states.compactMap { $0["scale"] as? Double }
        #expect((scales.max() ?? 0) > 1.04)
        #expect(scales.last == 1)
        let haptics = frames.flatMap { ($0["haptics"] as? [String]) ?? [] }
        #expect(haptics == ["impactLight"])
    }

    @Test func dragOutAndReleaseKeepsTapCountAndWritesFrames() throws {
        var events: [[String: Any]] = [["t": 0.1, "phase": "down", "x": 84, "y": 26]]
        for i in 1...12 { events.append(["t": 0.1 + Double(i) / 60, "phase": "move", "x": 84 + Double(i) * 20, "y": 26]) }
        events.append(["t": 0.4, "phase": "up", "x": 324, "y": 26])
        let frames = folder + "/frames"
        let states = try simulate(try write(events), extra: ["--frames", frames, "--duration", "0.5", "--scale", "1"])
            .compactMap { $0["state"] as? [String: Any] }
        #expect(states.allSatisfy { ($0["tapCount"] as? Double) == 0 })
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }
        #expect(written.count == states.count)
    }
}
