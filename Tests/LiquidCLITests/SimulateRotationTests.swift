import Foundation
import Testing

/// `liquid simulate rotation`: the two-finger example plays and lands square, and an events file that moves
/// or lifts a touch id that never went down is refused in one line naming the event.
@Suite("liquid simulate rotation")
struct SimulateRotationTests {
    static let example = EventsFileStrictnessTests.examples.appendingPathComponent("rotation-turn.json").path

    /// Writes `text` to a new temporary events file and returns its path.
    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("liquid-rotation-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theTwoFingerExampleLandsOnQuarterTurns() throws {
        let result = try LiquidProcess.run(["simulate", "rotation", "--events", Self.example])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let states = frames.compactMap { $0["state"] as? [String: Any] }
        #expect(states.contains { ($0["fingers"] as? Double) == 2 }, "two touch ids down at once")
        // The slow two-finger turn of 50° rests on 90° before the one-finger flick, which lands on 270°.
        let angles = states.compactMap { $0["angle"] as? Double }
        #expect(angles.contains(90))
        #expect(states.last?["angle"] as? Double == 270 && states.last?["targetAngle"] as? Double == 270)
    }

    @Test(arguments: ["move", "up", "cancel"])
    func aTouchIdThatNeverWentDownIsOneLineNamingTheEvent(phase: String) throws {
        let events = try file(##"""
            {"events": [
              {"t": 0.1, "phase": "down", "x": 90, "y": 150, "id": 0},
              {"t": 0.1, "phase": "down", "x": 210, "y": 150, "id": 1},
              {"t": 0.2, "phase": "move", "x": 90, "y": 140, "id": 0},
              {"t": 0.2, "phase": "\##(phase)", "x": 210, "y": 160, "id": 7}
            ]}
            """##)
        let result = try LiquidProcess.run(["simulate", "rotation", "--events", events])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "liquid: error: \(events): events[3].phase: '\(phase)' for touch 7 with no 'down' before it\n",
                "\(result.stderr)")
    }
}
