import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene
import LiquidUI

/// The events file of `liquid simulate`:
/// `{"events": [{"t": 0.1, "phase": "down", "x": 10, "y": 20, "force": 0.5, "id": 0}, …]}` — times in
/// seconds, positions in the component's own points, phase `down | move | up | cancel`, force 0…1 and
/// id optional (defaults 0 and 0).
///
/// A recording (`liquid play --record`) also gives the frames it was played at: `"ticks": [t0, t1, …]`,
/// the frame times in seconds (finite, 0…600, strictly increasing, at least one), and `"fps"`, the
/// window's nominal frame rate (1…360), which the animations' fixed-step clocks are built on. The two go
/// together (one without the other is an error), and with ticks no event may come after the last tick —
/// it would never be played.
///
/// Read strictly, as scenes are (docs/command-line.md, `simulate`): standard JSON, no unknown key, no
/// `null`, every value of its type and range (`id` a whole number); times finite, ≥ 0 and never earlier
/// than the event before (the script is played as written, never re-sorted); each touch goes down before
/// it moves or lifts, and not again while it is down. Every problem is one line naming the file and the
/// event (`taps.json: events[3].t: 0.1 is earlier than events[2].t (0.4)`).
enum TouchScriptFile {
    /// A read events file: its touches, in file order, and the frames of a recording, if it gives them.
    struct Script {
        /// The touches, in file order (times never decrease).
        let touches: [Touch]
        /// The recorded frames, if the file gives them: times strictly increasing, the last at or after
        /// every touch.
        let frames: Frames?
    }

    /// The frames a recording was played at.
    struct Frames: Equatable {
        /// Frame times in seconds, strictly increasing, within 0…``SimulateCommand/maximumDuration``.
        let ticks: [Double]
        /// The nominal frame rate of the window that ticked them (1…360).
        let framesPerSecond: Double
    }

    /// The range of `"fps"`: `liquid play`'s own `--fps` range, which covers every rate it may tick at.
    static let framesPerSecondRange = 1.0...360.0

    private struct File: Decodable {
        let events: [Event]
        let ticks: [Double]?
        let fps: Double?

        private enum Key: String, CodingKey, CaseIterable { case events, ticks, fps }

        init(from decoder: any Decoder) throws {
            // No count limit: the file is at most ImageFileIO.documentByteLimit bytes, which bounds it.
            let c = try decoder.strictContainer(keyedBy: Key.self)
            events = try c.decode([Event].self, forKey: .events)
            ticks = try c.decodeIfPresent([Double].self, forKey: .ticks)
            fps = try c.decodeIfPresent(Double.self, forKey: .fps)
        }
    }

    private struct Event: Decodable {
        let t: Double
        let phase: String
        let x: Double
        let y: Double
        let force: Double
        let id: Int

        private enum Key: String, CodingKey, CaseIterable { case t, phase, x, y, force, id }

        init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: Key.self)
            t = try c.decode(Double.self, forKey: .t)
            phase = try c.decode(String.self, forKey: .phase)
            x = try c.decode(Double.self, forKey: .x)
            y = try c.decode(Double.self, forKey: .y)
            force = try c.decodeIfPresent(Double.self, forKey: .force) ?? 0
            id = try c.decodeIfPresent(Int.self, forKey: .id) ?? 0
        }
    }

    /// The events file at `path`: its touches, in file order, and its frames if it is a recording.
    /// - Throws: ``ValidationErrorMessage`` naming the file and the first problem.
    static func load(_ path: String) throws -> Script {
        let data = Data(try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, allowsStandardInput: true,
                                               failure: "cannot read events file"))
        do {
            return try script(in: data)
        } catch {
            throw ValidationErrorMessage("\(path): \(error)")
        }
    }

    /// The touches of an events file's contents (the whole file is checked, frames included).
    static func touches(in data: Data) throws(LiquidError) -> [Touch] {
        try script(in: data).touches
    }

    /// An events file's contents, checked: touches and, for a recording, its frames.
    static func script(in data: Data) throws(LiquidError) -> Script {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(data, root: "")
        } catch {
            if isStateTrace(data) { throw stateTraceError }
            throw error
        }
        if tree["component"] != nil, tree["state"] != nil, tree["events"] == nil { throw stateTraceError }
        let file = try JSONValueDecoder(tree, root: "").decode(File.self)
        let frames = try frames(of: file)
        let phases: [String: TouchPhase] = ["down": .began, "move": .moved, "up": .ended, "cancel": .cancelled]
        // Per touch id: the event that put it down while it is down, and the one that last lifted it.
        var downAt: [Int: Int] = [:]
        var liftedAt: [Int: Int] = [:]
        var touches: [Touch] = []
        touches.reserveCapacity(file.events.count)
        for (index, e) in file.events.enumerated() {
            func fail(_ key: String, _ reason: String) -> LiquidError {
                LiquidError.at("events[\(index)].\(key)", reason)
            }
            guard e.t.isFinite, e.t >= 0 else { throw fail("t", "must be finite and ≥ 0; got \(LiquidError.quoted(e.t))") }
            if let previous = touches.last, e.t < previous.timestamp {
                throw fail("t", "\(e.t) is earlier than events[\(index - 1)].t (\(previous.timestamp)); events must be in time order")
            }
            guard e.x.isFinite, e.y.isFinite else { throw fail("x", "x and y must be finite") }
            guard (0...1).contains(e.force) else { throw fail("force", "must be between 0 and 1; got \(LiquidError.quoted(e.force))") }
            guard let phase = phases[e.phase] else {
                throw fail("phase", "must be down, move, up or cancel; got '\(LiquidError.quoted(e.phase))'")
            }
            switch (phase, downAt[e.id]) {
            case (.began, let since?):
                throw fail("phase", "a second 'down' for touch \(e.id), which is already down since events[\(since)]")
            case (.began, nil):
                downAt[e.id] = index
            case (_, nil):
                let when = liftedAt[e.id].map { "after it was lifted at events[\($0)]" } ?? "with no 'down' before it"
                throw fail("phase", "'\(e.phase)' for touch \(e.id) \(when)")
            default:
                if phase != .moved {
                    downAt[e.id] = nil
                    liftedAt[e.id] = index
                }
            }
            if let last = frames?.ticks.last, e.t > last {
                throw fail("t", "\(e.t) is after the last tick (\(last)); with ticks, every event must come by the last one")
            }
            touches.append(Touch(id: e.id, phase: phase, location: Point(e.x, e.y), timestamp: e.t, force: e.force))
        }
        return Script(touches: touches, frames: frames)
    }

    /// What a `liquid play --trace` file given as an events file gets: one line saying what it is.
    private static let stateTraceError = LiquidError(.malformed, "this is a state trace (liquid play --trace: one "
        + "{\"component\", \"t\", \"state\"} line per change), not an events file; liquid play --record FILE writes the events to replay")

    /// Whether `data` starts with a line of a `liquid play --trace` file.
    private static func isStateTrace(_ data: Data) -> Bool {
        guard let end = data.firstIndex(of: UInt8(ascii: "\n")), end > data.startIndex,
              let first = try? JSONParser.parse(data[data.startIndex..<end], root: "") else { return false }
        return first["component"] != nil && first["state"] != nil
    }

    /// The file's frames: `nil` without ticks; checked ticks and rate with them.
    private static func frames(of file: File) throws(LiquidError) -> Frames? {
        switch (file.ticks, file.fps) {
        case (nil, nil): return nil
        case (nil, _?): throw LiquidError.at("fps", "is the frame rate of \"ticks\", and there are none; give both or neither")
        case (_?, nil): throw LiquidError.at("ticks", "need \"fps\", the frame rate the window ticked at; give both or neither")
        case (let ticks?, let fps?):
            guard fps.isFinite, framesPerSecondRange.contains(fps) else {
                throw LiquidError.at("fps", "must be between 1 and 360 frames per second; got \(LiquidError.quoted(fps))")
            }
            guard !ticks.isEmpty else { throw LiquidError.at("ticks", "is empty; a recording has at least one frame") }
            for (index, tick) in ticks.enumerated() {
                guard tick.isFinite, (0...SimulateCommand.maximumDuration).contains(tick) else {
                    throw LiquidError.at("ticks[\(index)]", "must be between 0 and \(Int(SimulateCommand.maximumDuration)) s; "
                        + "got \(LiquidError.quoted(tick))")
                }
                if index > 0, tick <= ticks[index - 1] {
                    throw LiquidError.at("ticks[\(index)]", "\(tick) is not later than ticks[\(index - 1)] (\(ticks[index - 1])); "
                        + "ticks must strictly increase")
                }
            }
            return Frames(ticks: ticks, framesPerSecond: fps)
        }
    }
}
