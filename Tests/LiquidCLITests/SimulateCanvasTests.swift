import Foundation
import Testing

/// `liquid simulate canvas`: the life of a sketch traced per frame, the same whether frames are rendered
/// or not and at any scale.
struct SimulateCanvasTests {
    /// A wave drawn and lifted at 0.4 s (sent at 0.9 s), then a second stroke at 1.5 s, which starts the
    /// first sketch's dissolve.
    private static let events: String = {
        var lines: [String] = []
        for i in 0...18 {
            let x = 30 + Double(i) * 10, y = 120 + 30 * sin(Double(i) / 3)
            lines.append("{\"t\": \(0.1 + Double(i) / 60), \"phase\": \"\(i == 0 ? "down" : "move")\", \"x\": \(x), \"y\": \(y)}")
        }
        lines.append("{\"t\": 0.4, \"phase\": \"up\", \"x\": 210, \"y\": 120}")
        lines.append("{\"t\": 1.5, \"phase\": \"down\", \"x\": 100, \"y\": 60}")
        lines.append("{\"t\": 1.6, \"phase\": \"move\", \"x\": 140, \"y\": 70}")
        return "{\"events\": [" + lines.joined(separator: ",\n") + "]}"
    }()

    @Test func theTraceDoesNotDependOnRenderingOrScale() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("canvas-life-\(getpid()).json")
        try Data(Self.events.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let common = ["simulate", "canvas", "--events", file.path, "--duration", "2.2", "--fps", "30"]
        let plain = try LiquidProcess.run(common)
        #expect(plain.status == 0, "\(plain.stderr)")
        let frames = try #require(try JSONSerialization.jsonObject(with: plain.output) as? [[String: Any]])
        let states = frames.compactMap { $0["state"] as? [String: Any] }
        let phases = states.compactMap { $0["phase"] as? String }
        var order: [String] = []
        for phase in phases where order.last != phase { order.append(phase) }
        // The second stroke comes while the first sketch still settles (sent at 0.9 s, at rest a second later).
        #expect(order == ["idle", "draw", "settle", "draw"], "\(order)")
        for key in ["strokes", "livePoints", "flattenedPoints", "dirtyRect", "sentPoints", "phase", "particles"] {
            #expect(states.allSatisfy { $0[key] != nil }, "\(key) in every frame")
        }
        for arguments in [common + ["--render", "--scale", "0.5"], common + ["--render", "--scale", "1.5"]] {
            let rendered = try LiquidProcess.run(arguments)
            #expect(rendered.status == 0 && rendered.output == plain.output, "\(arguments): \(rendered.stderr)")
        }
    }
}
