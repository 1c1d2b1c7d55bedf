import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene

/// `liquid render SCENE.json --out OUT.png [--scale N] [--animate]` (format: docs/scene-format.md): a thin
/// caller of LiquidScene.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a JSON scene (docs/scene-format.md) to a PNG, or with --animate to an animated PNG."
    )

    @Argument(help: "The scene file (JSON), or - for standard input.") var scene: String
    @Option(help: "Output PNG.") var out: String
    @Option(parsing: .unconditional, help: "Pixels per point, overriding the scene's scale.", transform: CommandLineInput.decimal) var scale: Double?
    @Flag(help: "Render the keyframed scene over time into an animated PNG.") var animate = false
    @Option(parsing: .unconditional, help: "Animation length in seconds (default: the scene's \"duration\", else its last keyframe).", transform: CommandLineInput.decimal) var duration: Double?
    @Option(parsing: .unconditional, help: "Frames per second of the animation (1…120).", transform: CommandLineInput.whole) var fps: Int = 30
    @Option(parsing: .unconditional, help: "Render the still frame at this time in seconds (default 0; not with --animate).",
            transform: CommandLineInput.decimal) var time: Double?

    /// Longest animation accepted, in frames.
    static let maximumFrames = 1200
    /// The documented ranges (docs/command-line.md).
    static let scaleRange = 0.1...16.0
    static let timeRange = 0.0...1e6
    static let fpsRange = 1...120
    /// The longest animation the frame cap allows: 1,200 frames with both ends counted, at 1 fps.
    static let maximumDuration = Double(maximumFrames - 1)

    func validate() throws {
        if let scale { _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange) }
        _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange)
        if let time {
            guard !animate else {
                throw ValidationErrorMessage("--time renders one still frame; it does not combine with --animate (use --duration)")
            }
            _ = try CommandLineInput.check(time, "--time", in: Self.timeRange)
        }
        if let duration { _ = try Checked.number(duration, "--duration", above: 0, through: Self.maximumDuration) }
    }

    func run() throws {
        try MainActor.assumeIsolated { try render() }
    }

    @MainActor
    private func render() throws {
        let source = try Self.load(scene)
        guard animate else {
            let document = try Self.document(source, at: time ?? 0, file: scene, scale: scale)
            try Self.checkMemory(document, scale: scale ?? document.scale, file: scene)
            try PNG.write(try document.render(scale: scale), to: out)
            return
        }
        let length = duration ?? source.declaredDuration ?? source.lastKeyTime
        guard length > 0 else { throw ValidationError("\(scene): nothing is keyframed and no duration is given; use --duration") }
        let frames = try Self.frameCount(length: length, fps: fps,
                                         source: duration == nil ? "the duration of '\(scene)'" : "--duration")
        // The budget is checked on the first frame's canvas before anything is drawn.
        let first = try Self.document(source, at: 0, file: scene, scale: scale)
        try Self.checkBudget(first, scale: scale ?? first.scale, frames: frames)
        try Self.checkMemory(first, scale: scale ?? first.scale, file: scene)
        // Frames stream to the file as they are drawn; none is kept.
        let writer = try AnimatedPNGFileWriter(path: out, loopCount: 0, storesChangedRegions: true, frameCount: frames)
        let delay = try AnimatedPNGEncoder.Delay.frameRate(fps)
        for i in 0..<frames {
            let t = min(Double(i) / Double(fps), length)
            let document = i == 0 ? first : try Self.document(source, at: t, file: scene, scale: scale)
            try writer.append(try document.render(scale: scale), delay: delay)
        }
        try writer.finish()
    }

    /// Most pixels one animation may draw: canvas pixels × frames (about a thousand frames of 1024 × 1024).
    static let maximumPixelFrames = 1 << 30

    /// Refuses an animation of `frames` frames of `document`'s canvas at `scale` beyond
    /// ``maximumPixelFrames``.
    static func checkBudget(_ document: SceneDocument, scale: Double, frames: Int) throws {
        let side = 1...Pixmap.maximumSide
        let width = try Checked.integer(document.width * scale, "canvas width in pixels", in: side, rounding: .up)
        let height = try Checked.integer(document.height * scale, "canvas height in pixels", in: side, rounding: .up)
        let pixels = try Checked.product(width, height, "canvas pixels", atMost: Pixmap.maximumPixels)
        _ = try Checked.product(pixels, frames, "animation of \(width)×\(height) pixels: pixels × frames",
                                atMost: maximumPixelFrames)
    }

    /// Refuses a document whose render at `scale` would need more memory than a render may use
    /// (``RenderBudget``), naming the file, before anything is drawn or written.
    static func checkMemory(_ document: SceneDocument, scale: Double, file: String) throws {
        do { try RenderBudget(document, scale: scale).check() } catch {
            throw ValidationErrorMessage("\(ImageFileIO.quoted(file)): \(error)")
        }
    }

    /// Frames of an animation `length` seconds long at `fps` (both ends included), at most ``maximumFrames``.
    /// `length` may come from the scene file, so it is checked here too; `source` names where it came from.
    static func frameCount(length: Double, fps: Int, source: String) throws -> Int {
        let seconds = try Checked.number(length, source, above: 0, through: maximumDuration)
        let frames = try Checked.integer(seconds * Double(fps), "frame count", in: 0...Int(Int32.max), rounding: .up) + 1
        guard frames <= maximumFrames else {
            throw ValidationErrorMessage("\(source) \(seconds) s at --fps \(fps) is \(frames) frames; at most \(maximumFrames) are allowed")
        }
        return frames
    }

    /// Reads a scene file (a regular file, or `-` for standard input, whose relative image paths are then
    /// taken from the current folder); failures name the file.
    static func load(_ path: String) throws -> SceneSource {
        let bytes = try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, allowsStandardInput: true,
                                            failure: "cannot read scene file")
        let folder = path == "-" ? FileManager.default.currentDirectoryPath
            : URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            return try SceneSource(json: Data(bytes), baseDirectory: folder)
        } catch {
            throw ValidationErrorMessage("\(ImageFileIO.quoted(path)): \(error)")
        }
    }

    /// The scene at time `t`, keyframes resolved and decoded; failures name the file and the JSON path.
    /// At `scale` (the scale it will be rendered at, else the scene's own) its canvas must be at least one
    /// pixel on each side: a canvas of a sliver of a point is an error, not a one-pixel image. (The upper
    /// limits are the renderer's.)
    static func document(_ source: SceneSource, at t: Double, file: String, scale: Double? = nil) throws -> SceneDocument {
        let document: SceneDocument
        do { document = try source.document(at: t) } catch { throw ValidationErrorMessage("\(file): \(error)") }
        let s = scale ?? document.scale
        let pixels = 1...Double.infinity
        _ = try Checked.number(document.width * s, "\(file): canvas width in pixels (\(document.width) pt × \(s))", in: pixels)
        _ = try Checked.number(document.height * s, "\(file): canvas height in pixels (\(document.height) pt × \(s))", in: pixels)
        return document
    }
}
