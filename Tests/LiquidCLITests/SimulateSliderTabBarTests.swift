import Foundation
import Testing

/// `liquid simulate slider|tabbar --events FILE`: one JSON entry per frame with the documented keys, and a
/// scripted drag that changes the value or the selection.
@Suite("liquid simulate slider and tabbar")
struct SimulateSliderTabBarTests {
    let folder: String = {
        let path = NSTemporaryDirectory() + "liquid-simulate-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Writes an events file of a horizontal drag at `y` from `x0` to `x1` (moves at 60 Hz) and returns its path.
    func dragScript(y: Double, from x0: Double, to x1: Double, start: Double = 0.1, duration: Double = 0.5) throws -> String {
        var events: [[String: Any]] = [["t": start, "phase": "down", "x": x0, "y": y]]
        let moves = Int(duration * 60)
        for i in 1...moves {
            let f = Double(i) / Double(moves)
            events.append(["t": start + f * duration, "phase": "move", "x": x0 + f * (x1 - x0), "y": y])
        }
        events.append(["t": start + duration + 0.05, "phase": "up", "x": x1, "y": y])
        let path = folder + "/events-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: ["events": events]).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `liquid simulate COMPONENT --events PATH` and returns the frames' states.
    func simulate(_ component: String, events: String) throws -> [[String: Any]] {
        let result = try LiquidProcess.run(["simulate", component, "--events", events])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(frames.count > 30)
        for frame in frames {
            #expect(frame["t"] is Double)
            #expect(frame["haptics"] is [Any])
        }
        return frames.compactMap { $0["state"] as? [String: Any] }
    }

    @Test func sliderTraceHasTheKeysAndADragChangesTheValue() throws {
        let states = try simulate("slider", events: try dragScript(y: 22, from: 150, to: 250))
        for state in states {
            for key in ["value", "thumbX", "thumbScale"] { #expect(state[key] is Double, "\(key) in \(state)") }
            #expect(state["pressed"] is Bool)
        }
        let first = try #require(states.first?["value"] as? Double)
        let last = try #require(states.last?["value"] as? Double)
        #expect(first == 0.5)
        #expect(abs(last - (250.0 - 19) / 262) < 1e-9)
        let scales = states.compactMap { $0["thumbScale"] as? Double }
        #expect(scales.max()! > 1.4 && scales.last == 1)
    }

    @Test func tabBarTraceHasTheKeysAndADragChangesTheSelection() throws {
        // From item 0's centre (60.75) to item 3's (329.25).
        let states = try simulate("tabbar", events: try dragScript(y: 35, from: 60.75, to: 329.25))
        for state in states {
            for key in ["selectedIndex", "lensX", "lensScale"] { #expect(state[key] is Double, "\(key) in \(state)") }
            #expect(state["pressed"] is Bool)
        }
        #expect(states.first?["selectedIndex"] as? Double == 0)
        #expect(states.last?["selectedIndex"] as? Double == 3)
        #expect(states.last?["lensX"] as? Double == 329.25)
        let scales = states.compactMap { $0["lensScale"] as? Double }
        #expect(scales.max()! > 1.2)
    }

    @Test func framesAreWrittenWhenAsked() throws {
        let frames = folder + "/frames"
        let events = try dragScript(y: 35, from: 150.25, to: 239.75, duration: 0.1)
        let result = try LiquidProcess.run(["simulate", "tabbar", "--events", events, "--frames", frames,
                                            "--scale", "1", "--duration", "0.2"])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }
        #expect(written.count == 13)
    }
}
