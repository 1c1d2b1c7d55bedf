import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene

/// Decoding and rendering scenes written inline, without files.
enum SceneTest {
    /// The repository's examples/scenes folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/scenes")

    /// The scene `json` at time `t`.
    static func document(_ json: String, at t: Double = 0) throws(LiquidError) -> SceneDocument {
        try SceneSource(json: Data(json.utf8), baseDirectory: NSTemporaryDirectory()).document(at: t)
    }

    /// A `width`×`height` scene (scale 1) holding `layers` (JSON objects) over `background`.
    static func scene(_ layers: [String], width: Int = 20, height: Int = 20, background: String? = nil) -> String {
        let back = background.map { ", \"background\": \"\($0)\"" } ?? ""
        return "{\"width\": \(width), \"height\": \(height)\(back), \"layers\": [\(layers.joined(separator: ", "))]}"
    }

    /// The decoding error for `json`, or `nil` when it decodes.
    static func error(_ json: String) -> LiquidError? {
        do { _ = try document(json); return nil } catch { return error }
    }

    /// The scene `json` rendered at its own scale.
    @MainActor
    static func render(_ json: String, at t: Double = 0) throws -> Pixmap {
        try document(json, at: t).render()
    }

    /// The reference image recorded from the renderer before LiquidScene existed.
    static func reference(_ name: String) throws -> Pixmap? {
        guard let path = Bundle.module.path(forResource: name, ofType: "png", inDirectory: "Reference") else { return nil }
        return try PNG.read(contentsOf: path)
    }

    /// Largest per-channel difference, number of differing pixels and mean per-channel difference.
    static func difference(_ a: Pixmap, _ b: Pixmap) -> (maximum: Int, pixels: Int, mean: Double) {
        precondition(a.width == b.width && a.height == b.height)
        var maximum = 0, pixels = 0, total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                            abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
                total += abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green))
                    + abs(Int(p.blue) - Int(q.blue)) + abs(Int(p.alpha) - Int(q.alpha))
                maximum = max(maximum, d)
                if d > 0 { pixels += 1 }
            }
        }
        return (maximum, pixels, Double(total) / Double(4 * a.width * a.height))
    }
}
