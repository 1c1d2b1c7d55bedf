import Foundation
import LiquidScene
import LiquidGeometry
import LiquidMotion
import LiquidRaster
import LiquidUI

/// Renders everything the gallery shows into `directory/media/` — each registered component under its
/// ``GalleryScript``, each example scene, a spring plot — as animated PNGs with posters, and returns the
/// cards for ``GalleryPage``.
///
/// Deterministic: the same sources, scale and frame rate give the same files byte for byte.
@MainActor
struct GalleryBuilder {
    /// The output folder (the page goes here, the images into its `media` folder).
    let directory: String
    /// Device pixels per point.
    let scale: Double
    /// Frames per second of every animation.
    let framesPerSecond: Int
    /// Scene files to include, in order.
    let scenes: [String]
    /// Called with one line per finished item (progress).
    var report: (String) -> Void = { _ in }

    /// The folder, relative to the page, that holds the images.
    static let mediaFolder = "media"

    /// One card to render.
    enum Task {
        case component(String)
        case scene(String)
        case spring
    }

    /// Every card, in page order.
    var tasks: [Task] {
        ComponentRegistry.names.map { Task.component($0) } + scenes.map { Task.scene($0) } + [.spring]
    }

    /// Renders every item.
    func build() throws -> [GalleryItem] {
        try OutputFolder.create(directory + "/" + Self.mediaFolder)
        return try tasks.indices.map { try item(at: $0) }
    }

    /// Renders the item `index` of ``tasks`` (its files into the media folder, which must exist). Each item
    /// is independent of the others, so any subset may be rendered by another process.
    func item(at index: Int) throws -> GalleryItem {
        switch tasks[index] {
        case .component(let name): return try timed { try component(name) }
        case .scene(let path): return try timed { try scene(path) }
        case .spring: return try timed { try springPlot() }
        }
    }

    private func timed(_ body: () throws -> GalleryItem) throws -> GalleryItem {
        let clock = ContinuousClock()
        let start = clock.now
        let item = try body()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let name = item.slug.padding(toLength: max(item.slug.count, 20), withPad: " ", startingAt: 0)
        report("  " + name + String(format: " %4d frames  %7.1f kB  %5.2f s", item.renderedFrames, Double(item.bytes) / 1000, seconds))
        return item
    }

    // MARK: - Components

    /// Plays the component's script at ``framesPerSecond`` and ``scale``, on its stage.
    private func component(_ name: String) throws -> GalleryItem {
        let script = try GalleryScript.script(for: name) { try ComponentRegistry.make(name) }
        let simulator = try ComponentSimulator(component: try ComponentRegistry.make(name),
                                               framesPerSecond: Double(framesPerSecond), scale: scale)
        try script.prepare?(simulator.component)
        GalleryStage.forComponent(name).install(in: simulator.runLoop.root, size: simulator.runLoop.size)
        var animation = try GalleryAnimation(framesPerSecond: framesPerSecond)
        let posterFrame = try Checked.integer(script.posterTime * Double(framesPerSecond), "poster frame of '\(name)'",
                                              in: 0...Int(Int32.max))
        var index = 0
        var failure: Error?
        _ = simulator.run(touches: script.touches, duration: script.duration) { _, image in
            defer { index += 1 }
            guard failure == nil else { return }
            guard let image else {
                failure = simulator.runLoop.renderError ?? ValidationErrorMessage("\(name): frame \(index) was not rendered")
                return
            }
            do { try animation.append(image, isPoster: index == posterFrame) } catch { failure = error }
        }
        if let failure { throw ValidationErrorMessage("gallery: component '\(name)': \(failure)") }
        return try save(animation, slug: name, section: .controls, title: script.title, caption: script.caption,
                        source: "liquid simulate \(name)")
    }

    // MARK: - Scenes

    /// An animated scene through `liquid render --animate` itself (poster: its middle instant); a still one
    /// shown finished, then built up layer by layer (poster: the finished scene).
    private func scene(_ path: String) throws -> GalleryItem {
        let sceneSource = try RenderCommand.load(path)
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let slug = "scene-" + stem
        let words = stem.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        var title = words.prefix(1).uppercased() + words.dropFirst()
        if let text = sceneSource.title { title = text }
        let caption = sceneSource.caption
        let source = path.hasPrefix("/") ? URL(fileURLWithPath: path).lastPathComponent : path
        let length = sceneSource.declaredDuration ?? sceneSource.lastKeyTime
        let animationPath = directory + "/" + Self.mediaFolder + "/" + slug + ".png"
        let posterPath = directory + "/" + Self.mediaFolder + "/" + slug + "-poster.png"

        if length > 0 {
            let common = ["--fps", String(framesPerSecond), "--scale", String(scale)]
            try RenderCommand.parse([path, "--out", animationPath, "--animate"] + common).run()
            try RenderCommand.parse([path, "--out", posterPath, "--time", String(length / 2), "--scale", String(scale)]).run()
            let bytes = try Self.read(animationPath)
            let info = try AnimatedPNGInfo(parsing: bytes)
            return GalleryItem(section: .scenes, slug: slug, title: title,
                               caption: caption ?? "The scene’s keyframed values over \(Self.seconds(length)), looping.",
                               source: source, animation: Self.mediaFolder + "/" + slug + ".png",
                               poster: Self.mediaFolder + "/" + slug + "-poster.png", info: info,
                               renderedFrames: try RenderCommand.frameCount(length: length, fps: framesPerSecond,
                                                                            source: "the duration of '\(path)'"),
                               bytes: bytes.count, scale: scale,
                               framesPerSecond: framesPerSecond)
        }

        var document = try RenderCommand.document(sceneSource, at: 0, file: path, scale: scale)
        let layers = document.layers
        var animation = try GalleryAnimation(framesPerSecond: framesPerSecond)
        // The finished scene first (the first frame is what viewers without APNG support see), then the
        // build-up from the bare background.
        let step = max(1, Checked.clamped(0.45 * Double(framesPerSecond), to: 0...Int(Int32.max), rounding: .down))
        let hold = 2 * framesPerSecond
        for count in [layers.count] + Array(0..<layers.count) {
            document.layers = Array(layers.prefix(count))
            let image = try document.render(scale: scale)
            let frames = count == layers.count ? hold : step
            for i in 0..<frames { try animation.append(image, isPoster: count == layers.count && i == 0) }
        }
        let built = "Shown finished, then rebuilt one layer at a time in painter’s order from the bare background."
        return try save(animation, slug: slug, section: .scenes, title: title,
                        caption: caption.map { $0 + " " + built } ?? built, source: source)
    }

    // MARK: - Motion

    /// The README's spring (`--duration 0.5 --bounce 0.3`, 0 → 100) with a dot running along its curve in
    /// real time.
    private func springPlot() throws -> GalleryItem {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        let end = min(spring.settlingDuration, 5)
        let samples = (0...600).map { i -> MotionSample in
            let t = end * Double(i) / 600
            return MotionSample(t: t, value: spring.value(at: t, from: 0, to: 100), velocity: 0)
        }
        let title = String(format: "spring  duration 0.5 s  bounce 0.3  (response %.3g s, ζ %.3g)",
                           spring.response, spring.dampingRatio)
        let overshoot = (samples.map(\.value).max() ?? 100) - 100
        var plot = MotionPlot(title: title, samples: samples, target: 100, start: 0)
        plot.scale = scale
        let base = try plot.render()
        var animation = try GalleryAnimation(framesPerSecond: framesPerSecond)
        let lead = framesPerSecond / 3
        let run = try Checked.integer(end * Double(framesPerSecond), "spring plot frames", in: 0...Int(Int32.max), rounding: .up)
        let posterFrame = lead + Checked.clamped(0.3 * Double(framesPerSecond), to: 0...Int(Int32.max), rounding: .down)
        for frame in 0...(lead + run + framesPerSecond) {
            var image = base
            plot.drawMarker(at: min(Double(max(frame - lead, 0)) / Double(framesPerSecond), end), on: &image)
            try animation.append(image, isPoster: frame == posterFrame)
        }
        return try save(animation, slug: "motion-spring", section: .motion, title: "Spring",
                        caption: "The dot runs along the spring’s exact curve in real time, from 0 towards the dashed "
                            + "target 100: it overshoots by \(String(format: "%.1f", overshoot)), swings back and is "
                            + "within 0.1 % of the target after \(Self.seconds(spring.settlingDuration)).",
                        source: "liquid motion spring --plot")
    }

    // MARK: - Files

    private func save(_ animation: GalleryAnimation, slug: String, section: GalleryItem.Section, title: String,
                      caption: String, source: String) throws -> GalleryItem {
        let animationFile = Self.mediaFolder + "/" + slug + ".png"
        let posterFile = Self.mediaFolder + "/" + slug + "-poster.png"
        let bytes = try animation.encoded()
        try ImageFileIO.writeAll(bytes, to: directory + "/" + animationFile)
        if let poster = animation.poster { try PNG.write(poster, to: directory + "/" + posterFile) }
        return GalleryItem(section: section, slug: slug, title: title, caption: caption, source: source,
                           animation: animationFile, poster: posterFile, info: try AnimatedPNGInfo(parsing: bytes),
                           renderedFrames: animation.appendedFrames, bytes: bytes.count, scale: scale,
                           framesPerSecond: framesPerSecond)
    }

    private static func read(_ path: String) throws -> [UInt8] {
        try ImageFileIO.readAll(path)
    }

    /// "1.2 s"
    static func seconds(_ value: Double) -> String { String(format: "%.2g s", value) }
}
