import ArgumentParser
import Foundation
import LiquidRaster

/// `liquid render SCENE.json --out OUT.png [--scale N] [--animate]` (format: docs/scene-format.md).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a JSON scene (docs/scene-format.md) to a PNG, or with --animate to an animated PNG."
    )

    @Argument(help: "The scene file (JSON).") var scene: String
    @Option(help: "Output PNG.") var out: String
    @Option(help: "Pixels per point, overriding the scene's scale.") var scale: Double?
    @Flag(help: "Render the keyframed scene over time into an animated PNG.") var animate = false
    @Option(help: "Animation length in seconds (default: the scene's \"duration\", else its last keyframe).") var duration: Double?
    @Option(help: "Frames per second of the animation (1…120).") var fps: Int = 30
    @Option(help: "Render the still frame at this time in seconds (default 0).") var time: Double = 0

    /// Longest animation accepted, in frames.
    static let maximumFrames = 1200

    func validate() throws {
        if let scale { guard scale.isFinite, scale > 0, scale <= 16 else { throw ValidationError("--scale must be in (0, 16]; got \(scale)") } }
        guard (1...120).contains(fps) else { throw ValidationError("--fps must be 1…120; got \(fps)") }
        guard time.isFinite, time >= 0 else { throw ValidationError("--time must be finite and ≥ 0; got \(time)") }
        if let duration { guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be positive and finite; got \(duration)") } }
    }

    func run() throws {
        let tree = try Self.loadTree(scene)
        let renderer = SceneRenderer(baseDirectory: URL(fileURLWithPath: scene).deletingLastPathComponent().path)
        guard animate else {
            try PNG.write(try renderer.render(Self.document(tree, at: time, file: scene), scale: scale), to: out)
            return
        }
        let declared = tree["duration"]?.number
        let length = duration ?? declared ?? SceneKeyframes.lastKeyTime(in: tree)
        guard length > 0 else { throw ValidationError("\(scene): nothing is keyframed and no duration is given; use --duration") }
        let frames = Int((length * Double(fps)).rounded(.up)) + 1
        guard frames <= Self.maximumFrames else {
            throw ValidationError("\(length) s at \(fps) fps is \(frames) frames; at most \(Self.maximumFrames) are allowed")
        }
        var encoder = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
        for i in 0..<frames {
            let t = min(Double(i) / Double(fps), length)
            let image = try renderer.render(Self.document(tree, at: t, file: scene), scale: scale)
            try encoder.append(image, delay: try .frameRate(fps))
        }
        try encoder.write(to: out)
    }

    /// Reads a scene file as a JSON tree; failures name the file.
    static func loadTree(_ path: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read scene file '\(path)'")
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ValidationError("\(path): scene: not valid JSON (\(error.localizedDescription))")
        }
    }

    /// The scene at time `t`: keyframes resolved, then decoded and validated.
    static func document(_ tree: JSONValue, at t: Double, file: String) throws -> SceneDocument {
        let resolved: JSONValue
        do { resolved = try SceneKeyframes.resolve(tree, at: t) } catch { throw ValidationError("\(file): \(error)") }
        guard case .object = resolved else { throw ValidationError("\(file): scene: must be a JSON object") }
        let data = try JSONEncoder().encode(resolved)
        do {
            return try JSONDecoder().decode(SceneDocument.self, from: data)
        } catch let error as DecodingError {
            throw ValidationError("\(file): \(error.sceneMessage)")
        }
    }
}
