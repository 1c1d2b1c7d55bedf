import Foundation
import Testing

/// `liquid simulate` reads its events file strictly: each bad file below gets exactly one line on stderr,
/// `liquid: error: FILE: PATH: …`, labelled with the events file (never `scene:`), and a non-zero exit.
@Suite("liquid simulate: strict events files")
struct EventsFileStrictnessTests {
    /// The repository's examples/events folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/events")

    /// Writes `text` to a new temporary events file and returns its path.
    func file(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("liquid-events-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("taps.json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// An events file holding `events` (JSON objects).
    static func events(_ events: String...) -> String { ##"{"events": ["## + events.joined(separator: ", ") + "]}" }

    static let down = ##"{"t": 0.1, "phase": "down", "x": 20, "y": 14}"##
    static let up = ##"{"t": 0.2, "phase": "up", "x": 20, "y": 14}"##

    @Test(arguments: [
        // Unknown keys, at the top level and in an event.
        (##"{"evnts": []}"##, "evnts", "unknown key (did you mean 'events'?)"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "froce": 0.5}"##), "events[0].froce", "unknown key (did you mean 'force'?)"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "ID": 1}"##), "events[0].ID", "did you mean 'id'?"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "pressure": 1}"##), "events[0].pressure", "unknown key (known keys: t, phase, x, y, force, id)"),
        // Types, null and integers.
        (events(##"{"t": "0.1", "phase": "down", "x": 20, "y": 14}"##), "events[0].t", "expected a number, found a string"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "force": null}"##), "events[0].force", "expected a number, found null"),
        (events(##"{"t": 0.1, "phase": null, "x": 20, "y": 14}"##), "events[0].phase", "expected a string, found null"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "id": 1.5}"##), "events[0].id", "expected an integer, found 1.5"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "id": "1"}"##), "events[0].id", "expected an integer, found a string"),
        // Beyond 2⁵³ a JSON number cannot tell neighbouring integers apart: refused, not merged with its neighbour.
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "id": 9007199254740993}"##), "events[0].id",
         "expected an integer from -9007199254740991 to 9007199254740991"),
        (events(##"{"t": 0.1, "phase": "down", "x": 20}"##), "events[0].y", "missing"),
        (##"{"events": {}}"##, "events", "expected a list, found an object"),
        (##"{"events": [3]}"##, "events[0]", "expected an object, found a number"),
        // Ranges.
        (events(##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "force": 1.5}"##), "events[0].force", "must be between 0 and 1; got 1.5"),
        (events(##"{"t": -1, "phase": "down", "x": 20, "y": 14}"##), "events[0].t", "must be finite and ≥ 0"),
        (events(##"{"t": 0.1, "phase": "press", "x": 20, "y": 14}"##), "events[0].phase", "must be down, move, up or cancel; got 'press'"),
        // Time order: never re-sorted.
        (events(down, ##"{"t": 0.2, "phase": "move", "x": 22, "y": 14}"##, ##"{"t": 0.4, "phase": "move", "x": 24, "y": 14}"##,
                ##"{"t": 0.1, "phase": "up", "x": 24, "y": 14}"##),
         "events[3].t", "0.1 is earlier than events[2].t (0.4)"),
        // Phase order per touch.
        (events(##"{"t": 0.1, "phase": "move", "x": 20, "y": 14}"##), "events[0].phase", "'move' for touch 0 with no 'down' before it"),
        (events(##"{"t": 0.1, "phase": "up", "x": 20, "y": 14}"##), "events[0].phase", "'up' for touch 0 with no 'down' before it"),
        (events(down, ##"{"t": 0.2, "phase": "down", "x": 20, "y": 14}"##), "events[1].phase", "a second 'down' for touch 0, which is already down since events[0]"),
        (events(down, up, ##"{"t": 0.3, "phase": "move", "x": 20, "y": 14}"##), "events[2].phase", "'move' for touch 0 after it was lifted at events[1]"),
        (events(down, ##"{"t": 0.15, "phase": "up", "x": 20, "y": 14, "id": 1}"##), "events[1].phase", "'up' for touch 1 with no 'down' before it"),
        // A recording's frames: "ticks" and "fps" together, strictly, and no event after the last tick.
        (##"{"events": [], "tick": [0.1], "fps": 60}"##, "tick", "unknown key (did you mean 'ticks'?)"),
        (##"{"events": [], "ticks": [0.1]}"##, "ticks", "need \"fps\""),
        (##"{"events": [], "fps": 60}"##, "fps", "give both or neither"),
        (##"{"events": [], "ticks": null, "fps": 60}"##, "ticks", "expected a list, found null"),
        (##"{"events": [], "ticks": 0.1, "fps": 60}"##, "ticks", "expected a list, found a number"),
        (##"{"events": [], "ticks": [0.1, "0.2"], "fps": 60}"##, "ticks[1]", "expected a number, found a string"),
        (##"{"events": [], "ticks": [0.1, null], "fps": 60}"##, "ticks[1]", "expected a number, found null"),
        (##"{"events": [], "ticks": [], "fps": 60}"##, "ticks", "is empty"),
        (##"{"events": [], "ticks": [0.1, 0.3, 0.2], "fps": 60}"##, "ticks[2]", "0.2 is not later than ticks[1] (0.3); ticks must strictly increase"),
        (##"{"events": [], "ticks": [0.1, 0.1], "fps": 60}"##, "ticks[1]", "is not later than ticks[0]"),
        (##"{"events": [], "ticks": [-0.5], "fps": 60}"##, "ticks[0]", "must be between 0 and 600 s"),
        (##"{"events": [], "ticks": [1, 600.5], "fps": 60}"##, "ticks[1]", "must be between 0 and 600 s"),
        (##"{"events": [], "ticks": [0.1], "fps": "60"}"##, "fps", "expected a number, found a string"),
        (##"{"events": [], "ticks": [0.1], "fps": 0}"##, "fps", "must be between 1 and 360"),
        (##"{"events": [], "ticks": [0.1], "fps": 1000}"##, "fps", "must be between 1 and 360"),
        (##"{"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14}, {"t": 0.25, "phase": "up", "x": 20, "y": 14}], "ticks": [0.05, 0.2], "fps": 60}"##,
         "events[1].t", "0.25 is after the last tick (0.2)"),
    ])
    func badEventsAreRefusedAtTheirPath(text: String, path: String, fragment: String) throws {
        let events = try file(text)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("liquid: error: \(events): \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(!result.stderr.contains("scene"), "\(result.stderr)")
    }

    /// JSON syntax errors name the line and column, in the project's words.
    @Test(arguments: [
        ("{\"events\": [\n  {\"t\": 0.1,}\n]}", "not valid JSON: expected a key in double quotes, found '}' (line 2, column 13)"),
        ("{\"events\": [}", "not valid JSON: expected a value, found '}' (line 1, column 13)"),
        ("[]", "expected an object, found a list"),
        (String(repeating: "[", count: 101) + String(repeating: "]", count: 101), "JSON nested deeper than 100 levels (line 1, column 101)"),
    ])
    func malformedFilesNameTheirPlace(text: String, message: String) throws {
        let events = try file(text)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", events])
        #expect(result.status != 0)
        #expect(result.stderr == "liquid: error: \(events): \(message)\n", "\(result.stderr)")
    }

    /// A recording is played at its ticks: one frame at each, touches dispatched before the first frame
    /// at or after their time; an event at the last tick's very time is still played.
    @Test func aRecordingIsPlayedAtItsTicks() throws {
        let text = ##"{"events": [{"t": 0.1, "phase": "down", "x": 20, "y": 14}, {"t": 0.2, "phase": "up", "x": 20, "y": 14}], "##
            + ##""ticks": [0.0125, 0.1, 0.15, 0.2], "fps": 60}"##
        let result = try LiquidProcess.run(["simulate", "switch", "--events", try file(text)])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(frames.map { $0["t"] as? Double } == [0.0125, 0.1, 0.15, 0.2])
        let pressed = frames.map { ($0["state"] as? [String: Any])?["pressed"] as? Bool }
        #expect(pressed == [false, true, true, false], "down dispatched before the frame at 0.1, up before 0.2")
    }

    /// `--fps` and `--duration` do not apply to a recording: each is refused in one line naming it.
    @Test(arguments: [["--fps", "30"], ["--duration", "2"], ["--fps", "60"]])
    func frameOptionsAreRefusedBesideARecording(options: [String]) throws {
        let recording = try file(##"{"events": [], "ticks": [0.1, 0.2], "fps": 60}"##)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", recording] + options)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "liquid: error: \(options[0]) does not apply to \(recording): it is a recording, played at its own "
            + "\"ticks\" (2 frames at 60.0 fps); drop \(options[0])\n", "\(result.stderr)")
    }

    /// A `liquid play --trace` file given where an events file belongs is named for what it is, in one line.
    @Test(arguments: [
        "{\"component\": \"switch\", \"state\": {\"isOn\": false}, \"t\": 0}\n",
        "{\"component\": \"switch\", \"state\": {\"isOn\": false}, \"t\": 0}\n{\"component\": \"switch\", \"exit\": true, \"state\": {\"isOn\": false}, \"t\": 1}\n",
    ])
    func aStateTraceIsNotTakenForAnEventsFile(text: String) throws {
        let trace = try file(text)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", trace])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.hasPrefix("liquid: error: \(trace): this is a state trace (liquid play --trace"), "\(result.stderr)")
    }

    /// What the format allows stays allowed: equal times, several touches at once, a touch still down
    /// at the end, a cancel, and integral ids written with a fraction of zero.
    @Test func validScriptsStillRun() throws {
        let text = Self.events(
            ##"{"t": 0.1, "phase": "down", "x": 20, "y": 14, "id": 1.0}"##,
            ##"{"t": 0.1, "phase": "down", "x": 30, "y": 14, "id": 2, "force": 1}"##,
            ##"{"t": 0.1, "phase": "move", "x": 22, "y": 14, "id": 1}"##,
            ##"{"t": 0.2, "phase": "cancel", "x": 22, "y": 14, "id": 1}"##,
            ##"{"t": 0.3, "phase": "down", "x": 22, "y": 14, "id": 1, "force": 0}"##)
        let result = try LiquidProcess.run(["simulate", "switch", "--events", try file(text), "--duration", "0.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [Any]
        #expect(frames?.count == 31)
    }

    /// Every example events file still loads and plays on every control.
    @Test func everyExampleEventsFileLoads() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            for control in ["switch", "slider", "tabbar", "button"] {
                let result = try LiquidProcess.run(["simulate", control, "--events", Self.examples.appendingPathComponent(name).path])
                #expect(result.status == 0, "\(name) on \(control): \(result.stderr)")
            }
        }
    }

    /// Scene files get the same treatment through `liquid render`, labelled with the scene file.
    @Test func sceneFilesNameTheFileAndThePath() throws {
        let scene = try file(##"{"width": 10, "height": 10, "layers": [{"type": "rect", "frame": [0, 0, 5, 5], "fill": "#000000", "opacty": 1}]}"##)
        let result = try LiquidProcess.run(["render", scene, "--out", scene + ".png"])
        #expect(result.status != 0)
        #expect(result.stderr == "liquid: error: \(scene): layers[0].opacty: unknown key (did you mean 'opacity'?)\n")
    }
}
