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
/// Read strictly, as scenes are (docs/command-line.md, `simulate`): standard JSON, no unknown key, no
/// `null`, every value of its type and range (`id` a whole number); times finite, ≥ 0 and never earlier
/// than the event before (the script is played as written, never re-sorted); each touch goes down before
/// it moves or lifts, and not again while it is down. Every problem is one line naming the file and the
/// event (`taps.json: events[3].t: 0.1 is earlier than events[2].t (0.4)`).
enum TouchScriptFile {
    private struct File: Decodable {
        let events: [Event]

        private enum Key: String, CodingKey, CaseIterable { case events }

        init(from decoder: any Decoder) throws {
            // No count limit: the file is at most ImageFileIO.documentByteLimit bytes, which bounds it.
            let c = try decoder.strictContainer(keyedBy: Key.self)
            events = try c.decode([Event].self, forKey: .events)
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

    /// The touches of the events file at `path`, in file order.
    /// - Throws: ``ValidationErrorMessage`` naming the file and the first problem.
    static func load(_ path: String) throws -> [Touch] {
        let data = Data(try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, allowsStandardInput: true,
                                               failure: "cannot read events file"))
        do {
            return try touches(in: data)
        } catch {
            throw ValidationErrorMessage("\(path): \(error)")
        }
    }

    /// The touches of an events file's contents.
    static func touches(in data: Data) throws(LiquidError) -> [Touch] {
        let tree = try JSONParser.parse(data, root: "")
        let file = try JSONValueDecoder(tree, root: "").decode(File.self)
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
            touches.append(Touch(id: e.id, phase: phase, location: Point(e.x, e.y), timestamp: e.t, force: e.force))
        }
        return touches
    }
}
