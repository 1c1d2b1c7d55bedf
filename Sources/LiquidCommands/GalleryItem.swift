/// One card of the gallery page: an animated PNG, its poster, and what to say about it.
struct GalleryItem: Codable {
    /// The part of the page a card belongs to, in page order.
    enum Section: Int, CaseIterable, Comparable, Codable {
        case controls, scenes, motion

        var heading: String {
            switch self {
            case .controls: return "Controls"
            case .scenes: return "Scenes"
            case .motion: return "Motion"
            }
        }

        var blurb: String {
            switch self {
            case .controls:
                return "Each control is driven by a scripted finger through the same headless run loop as "
                    + "<code>liquid simulate</code>: touches in, springs stepped at a fixed rate, layers composited on the CPU."
            case .scenes:
                return "The example scenes of <code>examples/scenes/</code>, rendered like <code>liquid render</code>: "
                    + "keyframed ones over time as with <code>--animate</code>, still ones built up layer by layer in painter’s order."
            case .motion:
                return "The exact closed-form spring that every animation above is made of."
            }
        }

        static func < (a: Section, b: Section) -> Bool { a.rawValue < b.rawValue }
    }

    var section: Section
    /// A short id, unique on the page (also the file names' stem).
    var slug: String
    var title: String
    /// Plain text (escaped when the page is written).
    var caption: String
    /// Where it came from, e.g. `liquid simulate switch` or a scene file (shown in monospace).
    var source: String
    /// The animation's file, relative to the page.
    var animation: String
    /// The poster's file (a plain PNG), relative to the page.
    var poster: String
    /// The animation's header facts.
    var info: AnimatedPNGInfo
    /// Frames rendered (before identical ones were merged).
    var renderedFrames: Int
    /// The animation's file size in bytes.
    var bytes: Int
    /// Device pixels per point of the frames.
    var scale: Double
    /// Frames per second the animation was rendered at.
    var framesPerSecond: Int

    /// How large the page shows the animation: CSS pixels per point (small controls are shown larger).
    var displayScale: Double {
        switch section {
        case .controls: return 2
        case .scenes: return 1.5
        case .motion: return 1.25
        }
    }
}
