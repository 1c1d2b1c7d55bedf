import LiquidGeometry
import LiquidRaster

/// A row of emoji that burst when touched: each touch throws four copies of the touched emoji out of the
/// finger, spinning and at different sizes, that swing up and fly off the top of the view.
///
/// - **When a burst starts:** when a touch begins (anywhere: on a key it picks that key's emoji, elsewhere
///   the last one picked, at first the first), and again each time the touch has moved 22 pt or more from
///   where its last burst started (on a key it picks that key first), so dragging leaves a trail.
/// - **A burst:** an emitter of the emoji's image, rendered once 22 × 22 pt and cached at the largest
///   scale it is drawn at (2.25 × the screen scale, so it stays sharp at 3×), four particles born 500 a
///   second (all out 8 ms after the touch), with the original SpriteKit emitter's numbers converted to
///   this y-down screen (``EmojiBurstEmission`` has them): each particle leaves within ±50 pt of the touch
///   horizontally, downwards in a 60° fan at 325–375 pt/s, at scale 1.75–2.25 and any rotation, and is
///   pulled up the screen at 1000 pt/s² — it dips 40–70 pt, then rises and flies off the top in a fan
///   that keeps widening. A particle is removed once it has wholly left the view. The particles live in
///   a ``ParticleStore`` drawn by an overlay (a ``ParticleDissolveView``) on the run loop's fixed-step
///   clock (1/120 s), and each burst's generator is seeded by its number: a headless run is exact.
/// - **Bounded:** at most ``maximumEmitters`` bursts live at once (the oldest is dropped for a new one),
///   so a thousand touches a second keep at most 4 × 24 particles.
/// - **Reduce motion** (``UIRunLoop/reduceMotion``): a burst is one still emoji at the touch, 22 pt,
///   that shows for 0.2 s and fades out over the next 0.5 s.
/// - **Emoji** are drawn by ``EmojiRenderer`` (colour when a colour emoji font is installed; the default
///   row has built-in stand-ins, so it looks right without one); which path drew each is in
///   ``emojiSources``. An emoji no font has is drawn as the renderer's placeholder and reported so.
@MainActor
public final class EmojiBurst: View, SimulatableComponent {
    /// 320 × 480 points: room above the row for the particles to fly and below it for their dip.
    public static let defaultSize = Size(width: 320, height: 480)
    /// The default row (each has a built-in stand-in drawing).
    public static let defaultEmoji = ["😎", "❤️", "🎆", "🌈", "🦈"]
    /// The most bursts alive at once.
    public static let maximumEmitters = 24
    /// How far a touch moves before it starts another burst, points.
    public static let trailSpacing = 22.0
    /// The side of a key of the row, points.
    public static let keySize = 48.0

    /// The emoji of the row, in order.
    public let emoji: [String]
    /// The renderer that draws the emoji.
    public var renderer = EmojiRenderer() { didSet { images = [:]; emojiSources = [:]; setNeedsLayout() } }
    /// The emoji of the latest burst (`nil` before the first).
    public private(set) var lastEmoji: String?
    /// Which path of the emoji renderer drew each emoji used so far.
    public private(set) var emojiSources: [String: EmojiSource] = [:]
    /// Bursts started so far.
    public private(set) var burstCount = 0

    private let overlay = ParticleDissolveView()
    private let keys: [Layer]
    private var picked = 0
    private var trailPoint: Point?
    /// Emoji images per (emoji, pixels per point).
    private var images: [String: Pixmap] = [:]

    /// A row of `emoji` (1…8 entries, each one grapheme cluster).
    /// - Throws: `LiquidError` for an empty or longer row or an entry that is not one grapheme cluster.
    public init(emoji: [String] = EmojiBurst.defaultEmoji) throws(LiquidError) {
        guard (1...8).contains(emoji.count) else {
            throw .invalidParameter("an emoji burst row needs 1…8 emoji; got \(emoji.count)")
        }
        for item in emoji where item.count != 1 {
            throw .invalidParameter("burst entry '\(LiquidError.quoted(item))' is not one grapheme cluster")
        }
        self.emoji = emoji
        keys = emoji.map { _ in Layer() }
        super.init(frame: Rect(origin: .zero, size: Self.defaultSize))
        layer.backgroundColor = RGBA(red: 0.95, green: 0.95, blue: 0.97)
        for key in keys {
            key.backgroundColor = .white
            key.cornerRadii = CornerRadii(all: 12)
            layer.addSublayer(key)
        }
        addSubview(overlay)
    }

    /// The default row (valid, so this cannot fail).
    public convenience init() {
        try! self.init(emoji: Self.defaultEmoji)
    }

    /// Particles born and not yet removed, in every live burst.
    public var particleCount: Int {
        let store = overlay.store
        var live = 0
        for group in store.groups {
            guard case .ballistic(let motion) = group.motion else { continue }
            for i in group.range where store.lifetime[i] > 0
                && group.phase >= motion.birthTime(ofParticle: i - group.start) - ParticleStore.phaseTolerance {
                live += 1
            }
        }
        return live
    }

    /// Bursts alive now.
    public var emitterCount: Int { overlay.store.groupCount }

    /// The store the bursts' particles live in.
    package var particleStore: ParticleStore { overlay.store }
    /// The overlay that draws them.
    package var particleOverlay: ParticleDissolveView { overlay }

    /// Where key `index` of the row lies, in this view's coordinates.
    public func keyFrame(_ index: Int) -> Rect {
        let gap = 10.0, size = Self.keySize
        let total = Double(emoji.count) * size + Double(emoji.count - 1) * gap
        let left = (bounds.width - total) / 2
        return Rect(x: left + Double(index) * (size + gap), y: bounds.height - 142, width: size, height: size)
    }

    public override func layout() {
        overlay.frame = bounds
        for (i, key) in keys.enumerated() {
            key.frame = keyFrame(i)
            key.content = image(for: emoji[i], scale: runLoop?.scale ?? 2).map(LayerContent.image) ?? LayerContent.none
        }
    }

    /// The emoji's image, 22 pt, at `scale` × the largest particle scale (at most 4 × it).
    private func image(for text: String, scale: Double) -> Pixmap? {
        let pixelsPerPoint = Swift.min(scale, 4) * EmojiBurstEmission.largestScale
        let key = "\(text)@\(pixelsPerPoint)"
        if let cached = images[key] { return cached }
        guard let drawn = try? renderer.render(text, size: EmojiBurstEmission.spriteSize, scale: pixelsPerPoint) else { return nil }
        images[key] = drawn.image
        emojiSources[text] = drawn.source
        return drawn.image
    }

    // MARK: - Touches

    public override func touchBegan(_ touch: Touch) {
        let point = convert(touch.location, from: nil)
        pick(at: point)
        burst(at: point)
    }

    public override func touchMoved(_ touch: Touch) {
        let point = convert(touch.location, from: nil)
        guard let last = trailPoint, point.isFinite,
              (point - last).length >= Self.trailSpacing else { return }
        pick(at: point)
        burst(at: point)
    }

    public override func touchEnded(_ touch: Touch) { trailPoint = nil }
    public override func touchCancelled(_ touch: Touch) { trailPoint = nil }

    private func pick(at point: Point) {
        if let index = emoji.indices.first(where: { keyFrame($0).contains(point) }) { picked = index }
    }

    /// Starts a burst of the picked emoji at `point` (this view's points); a point that is not finite or
    /// lies beyond ±``ParticleStore/maximumCoordinate`` is ignored.
    public func burst(at point: Point) {
        guard let loop = runLoop, point.isFinite, !bounds.isEmpty else { return }
        trailPoint = point
        let text = emoji[picked]
        guard let sprite = image(for: text, scale: loop.scale) else { return }
        let store = overlay.store
        while store.groupCount >= Self.maximumEmitters, let oldest = store.groups.first {
            store.removeGroup(id: oldest.id)
        }
        let reduced = loop.reduceMotion
        let particles = reduced ? [EmojiBurstEmission.reducedParticle()]
            : EmojiBurstEmission.particles(seed: 0x0B0A_57ED &+ UInt64(burstCount))
        let motion = reduced ? EmojiBurstEmission.reducedMotion(bounds: bounds) : EmojiBurstEmission.motion(bounds: bounds)
        guard (try? store.addEmitter(sprite: sprite, spriteSize: EmojiBurstEmission.spriteSize, position: point,
                                     particles: particles, motion: motion)) != nil else { return }
        burstCount += 1
        lastEmoji = text
        overlay.startTicking()
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { Self.defaultSize }
    package var simulationState: [String: TraceValue] {
        ["particles": .number(Double(particleCount)), "emitters": .number(Double(emitterCount)),
         "bursts": .number(Double(burstCount)), "lastEmoji": .string(lastEmoji ?? ""),
         "source": .string(lastEmoji.flatMap { emojiSources[$0]?.name } ?? "none")]
    }
}
