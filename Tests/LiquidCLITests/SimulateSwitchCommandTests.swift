import Foundation
import Testing

@Suite("liquid simulate switch: the command-line contract")
struct SimulateSwitchCommandTests {
    /// Writes `text` to a new temporary file and returns its path.
    func file(_ text: String, name: String = "events.json") throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("liquid-simulate-switch-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func trace(_ result: LiquidProcess.Result) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(object as? [[String: Any]])
    }

    @Test func aTapScriptTogglesAndEveryFrameHasTheRequiredKeys() throws {
        let events = try file("""
            {"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14},
                        {"t": 0.13, "phase": "up", "x": 20, "y": 14}]}
            """)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let frames = try trace(result)
        // Default duration: the last event + 1 s at 60 fps → frames at 0, 1/60, …, 1.13.
        #expect(frames.count == Int((1.13 * 60).rounded(.down)) + 1)
        let keys: Set<String> = ["isOn", "pressed", "thumbX", "thumbScale", "jiggle", "colorFraction"]
        for (index, frame) in frames.enumerated() {
            let state = try #require(frame["state"] as? [String: Any])
            #expect(keys.isSubset(of: Set(state.keys)), "frame \(index): \(state.keys.sorted())")
            #expect(frame["t"] is Double && frame["haptics"] is [Any])
        }
        let states = frames.compactMap { $0["state"] as? [String: Any] }
        #expect(states.first?["isOn"] as? Bool == false && states.last?["isOn"] as? Bool == true)
        #expect(states.first?["thumbX"] as? Double == 21 && states.last?["thumbX"] as? Double == 42)
        #expect(states.contains { ($0["thumbScale"] as? Double ?? 0) > 1.4 })
        let haptics = frames.flatMap { $0["haptics"] as? [String] ?? [] }
        #expect(haptics == ["impactLight"])
    }

    @Test func framesAreWrittenWhenAsked() throws {
        let events = try file(#"{"events": [{"t": 0, "phase": "down", "x": 20, "y": 14}, {"t": 0.02, "phase": "up", "x": 20, "y": 14}]}"#)
        let directory = (events as NSString).deletingLastPathComponent + "/frames"
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events, "--duration", "0.05",
                                            "--frames", directory, "--scale", "1"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(written == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png"])
        // A shorter run into the same folder leaves only its own frames (and files that are not frames).
        try Data("keep".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
        let shorter = try LiquidProcess.run(["simulate", "switch", "--events", events, "--duration", "0.02",
                                             "--frames", directory, "--scale", "1"])
        #expect(shorter.status == 0, "stderr: \(shorter.stderr)")
        let now = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(now == ["frame-0000.png", "frame-0001.png", "notes.txt"])
    }

    @Test(arguments: [
        (#"{"events": [{"t": 0, "phase": "press", "x": 1, "y": 1}]}"#, "phase"),
        (#"{"events": [{"t": -1, "phase": "down", "x": 1, "y": 1}]}"#, ".t"),
        (#"{"events": [{"t": 0, "phase": "down", "x": 1}]}"#, "y"),
        (#"{"events": [{"t": 0, "phase": "down", "x": 1, "y": 1, "force": 2}]}"#, "force"),
        ("not json", "events.json"),
    ])
    func badEventsFilesGetOneClearErrorLine(text: String, mentions: String) throws {
        let result = try LiquidProcess.run(["simulate", "switch", "--events", try file(text)])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    @Test func aMissingEventsFileIsOneLine() throws {
        let result = try LiquidProcess.run(["simulate", "switch", "--events", "/nonexistent/events.json"])
        #expect(result.status != 0 && result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("cannot read events file"), "\(result.stderr)")
    }
}
