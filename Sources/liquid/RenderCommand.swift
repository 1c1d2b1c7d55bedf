import ArgumentParser
import Foundation
import LiquidRaster
import LiquidScene

/// `liquid render SCENE.json --out OUT.png [--scale N] [--animate]` (format: docs/scene-format.md): a thin
/// caller of LiquidScene.
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
        try MainActor.assumeIsolated { try render() }
    }

    @MainActor
    private func render() throws {
        let source = try Self.load(scene)
        guard animate else {
            try PNG.write(try Self.document(source, at: time, file: scene).render(scale: scale), to: out)
            return
        }
        let length = duration ?? source.declaredDuration ?? source.lastKeyTime
        guard length > 0 else { throw ValidationError("\(scene): nothing is keyframed and no duration is given; use --duration") }
        let frames = Int((length * Double(fps)).rounded(.up)) + 1
        guard frames <= Self.maximumFrames else {
            throw ValidationError("\(length) s at \(fps) fps is \(frames) frames; at most \(Self.maximumFrames) are allowed")
        }
        var encoder = try AnimatedPNGEncoder(loopCount: 0, storesChangedRegions: true)
        for i in 0..<frames {
            let t = min(Double(i) / Double(fps), length)
            let image = try Self.document(source, at: t, file: scene).render(scale: scale)
            try encoder.append(image, delay: try .frameRate(fps))
        }
        try encoder.write(to: out)
    }

    /// Reads a scene file; failures name the file.
    static func load(_ path: String) throws -> SceneSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read scene file '\(path)'")
        }
        do {
            return try SceneSource(json: data, baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
        } catch {
            throw ValidationError("\(path): \(error)")
        }
    }

    /// The scene at time `t`, keyframes resolved and decoded; failures name the file and the JSON path.
    static func document(_ source: SceneSource, at t: Double, file: String) throws -> SceneDocument {
        do { return try source.document(at: t) } catch { throw ValidationError("\(file): \(error)") }
    }
}
