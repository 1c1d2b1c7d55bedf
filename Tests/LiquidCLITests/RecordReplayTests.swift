import Foundation
import LiquidGeometry
import LiquidScene
@testable import LiquidUI
@testable import LiquidWindow
import Testing
@testable import LiquidCommands

/// `liquid play --record` and `liquid simulate --events RECORDING`, without an X server: a component is
/// played as `liquid play` plays it — the same view tree, the window's input path (pointer events in
/// pixels on the X server's millisecond clock, turned into touches by ``PointerInput``), the recorder
/// and the `--trace` writer, in the window's order per frame, at irregular frame times (jitter, late
/// frames, a first frame just after 0) — and the recording is then replayed by the real `liquid
/// simulate`. The play trace and the replay must agree frame for frame, bit for bit.
@MainActor
@Suite("liquid play --record, replayed by simulate")
struct RecordReplayTests {
    /// A pointer event, the time it happened (on the run loop's clock) and how long it waits in the X
    /// queue before the window can read it.
    struct Input {
        let time: Double
        let event: WindowEvent
        var delay = 0.0
    }

    /// Builds the synthetic window input of one session, in the component's own points.
    struct InputScript {
        let origin: Point
        let scale: Double
        /// The X server's clock at run-loop time 0, in milliseconds.
        let serverBase: UInt = 3_600_000
        private(set) var inputs: [Input] = []

        init(origin: Point, scale: Double) {
            self.origin = origin
            self.scale = scale
        }

        private func pixels(_ p: Point) -> (Double, Double) {
            (((origin.x + p.x) * scale).rounded(), ((origin.y + p.y) * scale).rounded())
        }

        private func server(_ time: Double) -> UInt { serverBase + UInt((time * 1000).rounded()) }

        mutating func press(_ p: Point, at time: Double) {
            let (x, y) = pixels(p)
            inputs.append(Input(time: time, event: .press(x: x, y: y, serverTime: server(time))))
        }

        mutating func release(_ p: Point, at time: Double) {
            let (x, y) = pixels(p)
            inputs.append(Input(time: time, event: .release(x: x, y: y, serverTime: server(time))))
        }

        /// Motion from `a` to `b` over `seconds`, a sample every 8 ms (a 125 Hz mouse).
        mutating func drag(from a: Point, to b: Point, at time: Double, over seconds: Double) {
            let count = max(1, Int(seconds / 0.008))
            for i in 1...count {
                let f = Double(i) / Double(count)
                let (x, y) = pixels(Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f))
                let t = time + seconds * f
                inputs.append(Input(time: t, event: .motion(x: x, y: y, serverTime: server(t))))
            }
        }

        mutating func tap(_ p: Point, at time: Double, hold: Double = 0.07) {
            press(p, at: time)
            release(p, at: time + hold)
        }

        mutating func wheel(_ steps: Int, at time: Double) {
            inputs.append(Input(time: time, event: .wheel(steps: steps, serverTime: server(time))))
        }

        mutating func shift(_ held: Bool, at time: Double) {
            inputs.append(Input(time: time, event: .shift(held: held, serverTime: server(time))))
        }
    }

    /// Frame times a window might tick at: a first frame just after 0, then intervals of 1/fps with
    /// jitter, now and then a late frame (two to four intervals) — from a fixed seed (SplitMix64).
    static func irregularTicks(framesPerSecond: Double, until end: Double, seed: UInt64) -> [Double] {
        var state = seed
        func random() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let interval = 1 / framesPerSecond
        var ticks = [0.0003 + 0.002 * random()]
        while ticks.last! < end {
            let r = random()
            let gap = r < 0.06 ? interval * (2 + 2 * random()) : interval * (0.85 + 0.3 * random())
            ticks.append(ticks.last! + gap)
        }
        return ticks
    }

    /// A temporary folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("liquid-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Plays `name` as `liquid play --trace TRACE --record RECORDING` would, with `inputs` read at `ticks`;
    /// the last tick closes the window (a finger still down is cancelled in it, as Escape does).
    static func play(_ name: String, framesPerSecond: Double, scale: Double, ticks: [Double],
                     inputs: (Point, Size) -> [Input], trace tracePath: String, record recordPath: String) throws {
        let component = try ComponentRegistry.make(name)
        let trace = try StateTrace(path: tracePath)
        try trace.record(component: name, time: 0, state: component.simulationState)
        let (root, size, origin) = PlayCommand.scene(component, name: name)
        let runLoop = try UIRunLoop(root: root, size: size, scale: scale, framesPerSecond: framesPerSecond)
        // Every frame is drawn, as the window draws it, so drawing cannot hide a difference (at half a
        // pixel per point: what is drawn does not depend on the scale, and the suite stays quick).
        runLoop.compositor = try Compositor(size: size, scale: 0.5)
        let recorder = try EventsRecorder(path: recordPath, origin: origin)
        recorder.framesPerSecond = framesPerSecond
        var input = PointerInput(scale: scale)
        var pending = inputs(origin, component.simulationSize)[...]
        for (index, now) in ticks.enumerated() {
            // The window's tick: its events become touches (through the recorder), then the frame.
            while let next = pending.first, next.time + next.delay <= now {
                pending.removeFirst()
                if let touch = input.touch(for: next.event, now: now) { runLoop.dispatch(recorder.touch(touch)) }
            }
            if index == ticks.count - 1, let cancel = input.cancel(at: now) { runLoop.dispatch(recorder.touch(cancel)) }
            runLoop.step(to: now)
            input.lastTick = now
            recorder.frame(at: now)
            try trace.record(component: name, time: now, state: component.simulationState)
        }
        try trace.finish(component: name, time: runLoop.lastFrameTime ?? 0, state: component.simulationState)
        try trace.close()
        try recorder.finish()
    }

    /// The lines the play trace should hold for the frames of `replay` (a `simulate` trace), given the
    /// state before the first frame: that state at t = 0, each frame whose state differs from the line
    /// before, and the last frame again as the closing line.
    static func expectedLines(initial: JSONValue, replay: [JSONValue]) -> [[JSONValue?]] {
        var lines: [[JSONValue?]] = [[.number(0), initial]]
        for frame in replay where frame["state"] != lines.last![1] {
            lines.append([frame["t"], frame["state"]])
        }
        if let last = replay.last { lines.append([last["t"], last["state"]]) }
        return lines
    }

    /// Where two traces' lines first differ, in a few words (`nil` when they agree).
    static func firstDifference(_ lines: [[JSONValue?]], _ expected: [[JSONValue?]]) -> String? {
        for (index, (line, want)) in zip(lines, expected).enumerated() where line != want {
            func text(_ pair: [JSONValue?]) -> String {
                let t = pair[0]?.number.map { "\($0)" } ?? "?"
                guard case .object(let members)? = pair[1] else { return "t = \(t)" }
                return "t = \(t): " + members.map { "\($0.key) \($0.value.number.map { "\($0)" } ?? "\($0.value)")" }.joined(separator: ", ")
            }
            return "play trace line \(index + 1) (\(text(line))) differs from the replay's (\(text(want)))"
        }
        return lines.count == expected.count ? nil : "the play trace has \(lines.count) lines, the replay gives \(expected.count)"
    }

    /// Parses the play trace (JSON lines) into `[t, state]` pairs, checking every line is of `name`.
    static func playLines(_ path: String, name: String) throws -> [[JSONValue?]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let value = try JSONParser.parse(Data(line.utf8), root: "")
            #expect(value["component"] == .string(name))
            return [value["t"], value["state"]]
        }
    }

    /// Replays `recording` with `liquid simulate` and returns its frames.
    static func replay(_ name: String, _ recording: String, extra: [String] = []) throws -> [JSONValue] {
        let result = try LiquidProcess.run(["simulate", name, "--events", recording] + extra)
        #expect(result.status == 0, "simulate failed: \(result.stderr)")
        guard case .array(let frames) = try JSONParser.parse(result.output, root: "") else {
            Issue.record("simulate printed no JSON array")
            return []
        }
        return frames
    }

    /// The sessions: a component, its frame rate, and synthetic input in its own points; `changing` is a
    /// state key that must take more than one value (so the agreement is about a real interaction).
    struct Session: Sendable, CustomStringConvertible {
        let name: String
        let framesPerSecond: Double
        let changing: String
        var description: String { name }
    }

    nonisolated static let sessions = [
        Session(name: "switch", framesPerSecond: 60, changing: "isOn"),
        Session(name: "slider", framesPerSecond: 59.94, changing: "value"),
        Session(name: "calculator", framesPerSecond: 120, changing: "taps"),
        Session(name: "flashlight", framesPerSecond: 75, changing: "forceState"),
    ]

    /// The synthetic mouse of each session.
    static func inputs(for name: String, scale: Double) -> (Point, Size) -> [Input] {
        { origin, size in
            var s = InputScript(origin: origin, scale: scale)
            let mid = Point(size.width / 2, size.height / 2)
            switch name {
            case "switch":
                s.tap(mid, at: 0.2)
                s.press(Point(size.width * 0.2, mid.y), at: 0.9)
                s.drag(from: Point(size.width * 0.2, mid.y), to: Point(size.width * 0.9, mid.y), at: 0.9, over: 0.25)
                s.drag(from: Point(size.width * 0.9, mid.y), to: Point(size.width * 0.1, mid.y + 30), at: 1.2, over: 0.3)
                s.release(Point(size.width * 0.1, mid.y + 30), at: 1.55)
                s.tap(mid, at: 2.0, hold: 0.4)
                s.press(mid, at: 2.7)  // still down when the window closes
            case "slider":
                let start = Point(size.width * 0.05, mid.y)
                s.press(start, at: 0.15)
                s.drag(from: start, to: Point(size.width * 0.8, mid.y + 4), at: 0.15, over: 0.6)
                s.release(Point(size.width * 0.8, mid.y + 4), at: 0.8)
                s.press(Point(size.width * 0.5, mid.y), at: 1.3)
                s.drag(from: Point(size.width * 0.5, mid.y), to: Point(size.width * 0.15, mid.y), at: 1.3, over: 0.09)
                s.release(Point(size.width * 0.15, mid.y), at: 1.4)
                s.tap(Point(size.width * 0.9, mid.y), at: 2.1)
            case "calculator":
                s.tap(mid, at: 0.1)
                s.tap(mid, at: 0.35, hold: 0.03)
                s.tap(Point(mid.x + 5, mid.y - 3), at: 0.5, hold: 0.6)
                s.press(mid, at: 1.6)
                s.drag(from: mid, to: Point(size.width * 2, mid.y), at: 1.6, over: 0.3)  // off the key
                s.release(Point(size.width * 2, mid.y), at: 2.0)
            case "flashlight":
                s.press(mid, at: 0.2)
                s.wheel(2, at: 0.3)
                s.wheel(3, at: 0.42)
                s.wheel(3, at: 0.55)  // 0.8
                s.shift(true, at: 0.8)  // full force
                s.shift(false, at: 1.0)  // back to 0.8
                s.wheel(-5, at: 1.15)  // eases off to 0.3
                s.release(mid, at: 1.5)
                s.wheel(-3, at: 1.7)  // no touch: the finger is up
                s.shift(true, at: 1.9)
                s.press(mid, at: 2.0)
                s.release(mid, at: 2.15)
                s.shift(false, at: 2.3)
            default:
                Issue.record("no input for \(name)")
            }
            // Every seventh event waits 30 ms in the queue (and the events behind it with it), so some are
            // read a frame or more after they happened and are stamped no earlier than the frame before.
            var inputs = s.inputs.sorted { $0.time < $1.time }
            for index in inputs.indices where index % 7 == 3 { inputs[index].delay = 0.03 }
            return inputs
        }
    }

    @Test(arguments: sessions)
    func aRecordingReplaysToTheSameTraceFrameForFrame(session: Session) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("trace.jsonl").path
        let recordPath = folder.appendingPathComponent("recording.json").path
        let scale = 3.0
        let ticks = Self.irregularTicks(framesPerSecond: session.framesPerSecond, until: 3.2,
                                        seed: UInt64(session.name.utf8.count) * 7919)
        try Self.play(session.name, framesPerSecond: session.framesPerSecond, scale: scale, ticks: ticks,
                      inputs: Self.inputs(for: session.name, scale: scale), trace: tracePath, record: recordPath)

        // The recording is an events file with the window's frames, bit for bit.
        let script = try TouchScriptFile.load(recordPath)
        #expect(script.frames == TouchScriptFile.Frames(ticks: ticks, framesPerSecond: session.framesPerSecond))
        #expect(script.touches.count > 4)

        let replay = try Self.replay(session.name, recordPath)
        #expect(replay.count == ticks.count)
        #expect(replay.map { $0["t"]?.number } == ticks.map { Optional($0) })
        let lines = try Self.playLines(tracePath, name: session.name)
        let initial = try #require(lines.first?[1] ?? nil)
        let expected = Self.expectedLines(initial: initial, replay: replay)
        let difference = Self.firstDifference(lines, expected)
        #expect(difference == nil)
        let values = Set(lines.compactMap { $0[1]?[session.changing] }.map { "\($0)" })
        #expect(values.count > 1, "'\(session.changing)' never changed: the session did not interact")
    }

    /// The agreement above is not automatic: the same touches played at simulate's fixed 60 Hz (the
    /// recording without its ticks) give a different trace.
    @Test func withoutItsTicksTheRecordingDoesNotReplayTheSession() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("trace.jsonl").path
        let recordPath = folder.appendingPathComponent("recording.json").path
        let ticks = Self.irregularTicks(framesPerSecond: 60, until: 3.2, seed: 11)
        try Self.play("switch", framesPerSecond: 60, scale: 2, ticks: ticks, inputs: Self.inputs(for: "switch", scale: 2),
                      trace: tracePath, record: recordPath)
        let text = try String(contentsOfFile: recordPath, encoding: .utf8)
        let eventsOnly = try #require(text.range(of: ",\"fps\":")).lowerBound
        let stripped = folder.appendingPathComponent("events-only.json").path
        try Data((text[..<eventsOnly] + "}\n").utf8).write(to: URL(fileURLWithPath: stripped))

        let lines = try Self.playLines(tracePath, name: "switch")
        let initial = try #require(lines.first?[1] ?? nil)
        let ticked = Self.expectedLines(initial: initial, replay: try Self.replay("switch", recordPath))
        let fixed = Self.expectedLines(initial: initial, replay: try Self.replay("switch", stripped))
        let withTicks = Self.firstDifference(lines, ticked), withoutTicks = Self.firstDifference(lines, fixed)
        #expect(withTicks == nil)
        #expect(withoutTicks != nil)
    }

    @Test func recordingStopsAtTheLongestSimulationAndStaysAValidEventsFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.json").path
        let recorder = try EventsRecorder(path: path, origin: Point(16, 16))
        let ticks = [0.01, 299.5, 599.99, 600, 600.02, 601]
        for (index, tick) in ticks.enumerated() {
            let phase: TouchPhase = index == 0 ? .began : .moved
            _ = recorder.touch(Touch(id: 1, phase: phase, location: Point(20, 20), timestamp: tick - 0.005))
            recorder.frame(at: tick)
        }
        #expect(recorder.stopReason?.contains("600 s") == true)
        try recorder.finish()
        let script = try TouchScriptFile.load(path)
        #expect(script.frames?.ticks == [0.01, 299.5, 599.99, 600])
        #expect(script.touches.map(\.timestamp) == [0.005, 299.495, 599.985, 599.995])
        #expect(script.touches.first?.location == Point(4, 4), "stored in the component's points")
    }

    @Test func recordingStopsBeforeTheFileWouldBeTooLargeToRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.json").path
        let limit = 2000
        let recorder = try EventsRecorder(path: path, origin: Point(0, 0), byteLimit: limit)
        _ = recorder.touch(Touch(id: 1, phase: .began, location: Point(1, 2), timestamp: 0.001))
        var frame = 0
        while recorder.stopReason == nil, frame < 10_000 {
            let time = Double(frame + 1) / 60
            _ = recorder.touch(Touch(id: 1, phase: .moved, location: Point(Double(frame) / 3, 2), timestamp: time - 0.001))
            recorder.frame(at: time)
            frame += 1
        }
        #expect(recorder.stopReason?.contains("MB") == true)
        try recorder.finish()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count <= limit && bytes.count > limit - 250)
        let script = try TouchScriptFile.script(in: bytes)
        #expect(script.frames?.ticks.count == recorder.frameCount)
        #expect(script.touches.count == recorder.frameCount + 1)
    }

    /// `liquid play --record`: a path that cannot be written is refused before the window is opened
    /// (so even without a display the error is the path's), and a session that never ran leaves no file.
    @Test func playRefusesAnUnwritableRecordingBeforeTheWindow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no/such/rec.json").path
        for (path, reason) in [(missing, "No such file or directory"), (folder.path, "it is a folder")] {
            let result = try LiquidProcess.run(["play", "switch", "--record", path], environment: ["DISPLAY": ""], timeout: 60)
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("liquid: error: ") && result.stderr.contains(path) && result.stderr.contains(reason),
                    "\(result.stderr)")
        }
        let fine = folder.appendingPathComponent("rec.json").path
        let noDisplay = try LiquidProcess.run(["play", "switch", "--record", fine], environment: ["DISPLAY": ""], timeout: 60)
        #expect(noDisplay.status != 0 && noDisplay.stderr.contains("no X display"), "\(noDisplay.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "no recording, no partial file")
        let same = try LiquidProcess.run(["play", "--record", fine, "--trace", fine], environment: ["DISPLAY": ""], timeout: 60)
        #expect(same.status != 0 && same.stderr.contains("--record and --trace name the same file"), "\(same.stderr)")
    }

    @Test func anUnwritableRecordingFailsWhenOpenedAndLeavesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-folder/rec.json").path
        #expect(throws: (any Error).self) { try EventsRecorder(path: missing, origin: .zero) }
        // A recorder dropped without finishing (a failed session) leaves no file behind.
        let path = folder.appendingPathComponent("rec.json").path
        do {
            let recorder = try EventsRecorder(path: path, origin: .zero)
            recorder.frame(at: 0.1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
