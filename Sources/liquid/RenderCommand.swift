import ArgumentParser
import Foundation
import LiquidRaster

/// `liquid render SCENE.json --out OUT.png [--scale N]` (format: docs/scene-format.md).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a JSON scene (docs/scene-format.md) to a PNG."
    )

    @Argument(help: "The scene file (JSON).") var scene: String
    @Option(help: "Output PNG.") var out: String
    @Option(help: "Pixels per point, overriding the scene's scale.") var scale: Double?

    func validate() throws {
        if let scale { guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be in (0, 16]; got \(scale)") } }
    }

    func run() throws {
        let document = try Self.load(scene)
        let directory = URL(fileURLWithPath: scene).deletingLastPathComponent().path
        let image = try SceneRenderer(baseDirectory: directory).render(document, scale: scale)
        try PNG.write(image, to: out)
    }

    /// Reads and decodes a scene file; every failure becomes one line naming the file and the place.
    static func load(_ path: String) throws -> SceneDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read scene file '\(path)'")
        }
        do {
            return try JSONDecoder().decode(SceneDocument.self, from: data)
        } catch let error as DecodingError {
            throw ValidationError("\(path): \(error.sceneMessage)")
        }
    }
}
