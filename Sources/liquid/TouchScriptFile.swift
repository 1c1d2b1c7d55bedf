import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene
import LiquidUI

/// The events file of `liquid simulate`:
/// `{"events": [{"t": 0.1, "phase": "down", "x": 10, "y": 20, "force": 0.5, "id": 0}, …]}` — times in
/// seconds, positions in the component's own points, phase `down | move | up | cancel`, force 0…1 and
/// id optional (defaults 0 and 0).
enum TouchScriptFile {
    private struct File: Decodable { let events: [Event] }
    private struct Event: Decodable {
        let t: Double
        let phase: String
        let x: Double
        let y: Double
        let force: Double?
        let id: Int?
    }

    /// Most events one script may hold.
    static let maximumEvents = 100_000

    static func load(_ path: String) throws -> [Touch] {
        let data = Data(try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, allowsStandardInput: true,
                                               failure: "cannot read events file"))
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch let error as DecodingError {
            throw ValidationErrorMessage("\(path): \(LiquidError.decoding(error, root: "events"))")
        } catch {
            throw ValidationErrorMessage("\(path): not valid JSON")
        }
        guard file.events.count <= maximumEvents else {
            throw ValidationErrorMessage("\(path): \(file.events.count) events; at most \(maximumEvents) are allowed")
        }
        return try file.events.enumerated().map { index, e in
            let place = "\(path): events[\(index)]"
            guard e.t.isFinite, e.t >= 0 else { throw ValidationErrorMessage("\(place).t must be finite and ≥ 0; got \(e.t)") }
            guard e.x.isFinite, e.y.isFinite else { throw ValidationErrorMessage("\(place): x and y must be finite") }
            let force = e.force ?? 0
            guard force.isFinite, (0...1).contains(force) else { throw ValidationErrorMessage("\(place).force must be in 0…1; got \(force)") }
            let phases: [String: TouchPhase] = ["down": .began, "move": .moved, "up": .ended, "cancel": .cancelled]
            guard let phase = phases[e.phase] else {
                throw ValidationErrorMessage("\(place).phase must be down, move, up or cancel; got '\(e.phase)'")
            }
            return Touch(id: e.id ?? 0, phase: phase, location: Point(e.x, e.y), timestamp: e.t, force: force)
        }
    }
}
