import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Synchronization

/// The slider's image layer content (see ``LiquidSlider``, "Rendering"): the scene the slider last set and
/// everything that renders it — the incremental goo, the baked shading and shadow, the image — behind one
/// lock, so the compositor can render it on a worker thread (``LayerDrawing``) while the slider lives on
/// the main actor.
///
/// An update after the thumb alone moved re-renders the goo only around the old and new thumb and fill
/// end (`IncrementalGooStack`, exact to the byte) and reports that region, so the compositor redraws
/// only there; any other change (size, metrics, colours, goo method, pixel scale) renders the whole image.
final class LiquidSliderDrawing: LayerDrawing {
    /// What the slider draws, in the image's points (the slider's bounds plus the content margin on every
    /// side): two equal scenes draw the same pixels.
    struct Scene: Equatable, Sendable {
        /// The image's size in points.
        var size: Size
        /// The thumb's rect and its scale (1 at rest).
        var thumb: Rect
        var thumbScale: Double
        /// The two goo passes (track, then fill).
        var passes: [GooStack.Pass]
        var metrics: LiquidSliderMetrics
        var appearance: LiquidSliderAppearance
        var gooMethod: GooLayer.Method

        /// Whether `other` differs from this scene only in where the thumb and the goo's shapes are.
        func differsOnlyInGeometry(from other: Scene) -> Bool {
            size == other.size && metrics == other.metrics && appearance == other.appearance
                && gooMethod == other.gooMethod
        }
    }

    private struct State {
        var scene: Scene?
        /// The scene the image shows, `nil` when the next draw must render.
        var rendered: Scene?
        var image: Pixmap?
        /// The device box (image pixels) of the thumb, its shadow and shading as last drawn.
        var renderedThumbBox: PixelRect?
        let goo = IncrementalGooStack()
        /// The thumb's shading baked at its rest size (per scale; a new size or recipe bakes anew).
        let shadingCache = BakedShadingCache(capacity: 4)
        var shadowCache: (key: ShadowKey, image: Pixmap)?
        var versions = DrawingVersions()
        var renderCount = 0
        var renderError: LiquidError?
    }

    private struct ShadowKey: Equatable {
        var scale: Double
        var metrics: LiquidSliderMetrics
        var color: RGBA
    }

    private let state = Mutex(State())

    /// The scene drawn from now on, or `nil` (nothing drawn: empty bounds).
    func set(_ scene: Scene?) {
        state.withLock { $0.scene = scene }
    }

    /// Renders so far, renders that re-rendered only the goo around the moving thumb, and the last
    /// render's error (nil when it succeeded).
    var renderCount: Int { state.withLock { $0.renderCount } }
    var partialRenders: Int { state.withLock { $0.goo.patchRenders } }
    var renderError: LiquidError? { state.withLock { $0.renderError } }

    /// Runs `body` on the goo passes' renderer (for tests that compare its images).
    func inspectGoo<R: Sendable>(_ body: (IncrementalGooStack) -> R) -> R {
        state.withLock { body($0.goo) }
    }

    func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        state.withLock { state in
            guard let scene = state.scene else {
                if state.image != nil { Self.forget(&state) }
                return state.versions.update
            }
            if state.rendered == scene, state.image?.scale == scale {
                return state.versions.update
            }
            var changed: Rect? = nil
            if let rendered = state.rendered, rendered.differsOnlyInGeometry(from: scene), state.image?.scale == scale,
               let previous = state.goo.passes {
                let region = IncrementalGooStack.changedRegion(from: previous, to: scene.passes, scale: scale,
                                                               softening: scene.metrics.edgeSoftening)
                    .union(state.renderedThumbBox).union(Self.thumbBox(scene, scale: scale))
                changed = region?.points(scale: scale) ?? .zero
            }
            Self.render(scene, scale: scale, into: &state)
            // A failed render leaves no image: the whole layer changed.
            state.versions.record(state.renderError == nil ? changed : nil)
            return state.versions.update
        }
    }

    func draw(in canvas: inout Canvas, bounds: Rect) {
        let scale = canvas.pixmap.scale
        let image: Pixmap? = state.withLock { state in
            guard let scene = state.scene else { return nil }
            if state.rendered != scene || state.image?.scale != scale { Self.render(scene, scale: scale, into: &state) }
            return state.image
        }
        if let image { canvas.drawImageAligned(image) }
    }

    // MARK: Rendering

    private static func forget(_ state: inout State) {
        state.goo.removeAll()
        state.image = nil
        state.rendered = nil
        state.renderedThumbBox = nil
        state.versions.advance()
    }

    /// Renders `scene` at `scale`: only the changed part of the goo when the image shows the same scene
    /// but for the thumb's geometry, else everything.
    private static func render(_ scene: Scene, scale: Double, into state: inout State) {
        let whole = state.rendered.map { !$0.differsOnlyInGeometry(from: scene) } ?? true
        if whole || state.image?.scale != scale {
            state.goo.removeAll()
            state.image = nil
            state.renderedThumbBox = nil
        }
        // Taken out of the state so that the local holds the only reference (no copy on write).
        var previous = state.image
        state.image = nil
        state.rendered = nil
        state.versions.advance()
        state.renderCount += 1
        do {
            state.image = try drawImage(scene, scale: scale, previous: &previous, state: &state)
            state.rendered = scene
            state.renderError = nil
        } catch {
            state.renderError = error
            state.goo.removeAll()
            state.renderedThumbBox = nil
        }
    }

    /// The image pixels the thumb, its shadow and its shading can touch (with 2 px to spare), or `nil`
    /// when the thumb is not drawn.
    private static func thumbBox(_ scene: Scene, scale: Double) -> PixelRect? {
        let s = scene.thumbScale, thumb = scene.thumb, metrics = scene.metrics
        guard s > 0, thumb.isFinite else { return nil }
        let spread = metrics.shadowSpread, size = metrics.thumbSize
        let shadow = Rect(x: thumb.minX - spread * s, y: thumb.minY - spread * s + metrics.shadowOffset * s,
                          width: (size.width + 2 * spread) * s, height: (size.height + 2 * spread) * s)
        return PixelRect.enclosing(AffineTransform(scale: scale).apply(to: shadow.union(thumb)))?.expanded(by: 2)
    }

    /// Renders the image: the goo (only its changed part when `previous` is the image of the last
    /// render), then the thumb. Equal byte for byte to a render from scratch: outside the re-rendered
    /// region the goo did not change, and the old and new thumb lie inside it.
    private static func drawImage(_ scene: Scene, scale: Double, previous slot: inout Pixmap?,
                                  state: inout State) throws(LiquidError) -> Pixmap {
        let metrics = scene.metrics, look = scene.appearance
        let thumb = scene.thumb, s = scene.thumbScale, size = scene.size
        let goo = state.goo
        let wholeRenders = goo.fullRenders
        goo.method = scene.gooMethod
        let gooChanged = try goo.render(size: size, scale: scale, passes: scene.passes, softening: metrics.edgeSoftening)
        guard let base = goo.image else { return try Pixmap(size: size, scale: scale) }
        let newThumbBox = thumbBox(scene, scale: scale)
        var image: Pixmap
        if slot != nil, goo.fullRenders == wholeRenders, slot!.width == base.width, slot!.height == base.height {
            // Moved out of the slot, so that the image is the only reference (no copy on write).
            image = slot!
            slot = nil
            if let region = gooChanged.union(state.renderedThumbBox).union(newThumbBox)?.intersection(base.bounds) {
                RenderProfiler.measure(.blits) {
                    image.withMutableRegion(region) { destination in base.withView { destination.copy(from: $0.region(region)) } }
                }
            }
        } else {
            slot = nil
            image = base
        }
        state.renderedThumbBox = newThumbBox
        if s > 0 {
            let shadow = try shadowImage(metrics: metrics, color: look.shadowColor, scale: scale, state: &state)
            let spread = metrics.shadowSpread
            let offset = metrics.shadowOffset
            let thumbColor = look.thumbColor
            // The rest-size shadow stretched with the thumb (its pixel grid scaled by s, as a transform
            // would draw it). Measured reason: drawing it through the general image shader was 15% of a
            // dragged slider frame (perf, `ui.slider.dragged`).
            let points = shadow.sizeInPoints
            let shadowRect = Rect(x: (thumb.minX - spread * s) * scale, y: (thumb.minY - spread * s + offset * s) * scale,
                                  width: points.width * s * scale, height: points.height * s * scale)
            RenderProfiler.measure(.shadow) {
                image.stretch(shadow, over: shadowRect, mode: .normal, opacity: 1)
                image.withCanvas { canvas in
                    canvas.fillRoundedRect(thumb, cornerRadii: CornerRadii(all: thumb.height / 2), paint: .color(thumbColor))
                }
            }
            try state.shadingCache.stretch(look.thumbShading, restSize: metrics.thumbSize, over: thumb, onto: &image)
        }
        return image
    }

    /// The thumb's drop shadow at rest size: a blurred capsule, baked once per scale, metrics and colour
    /// and drawn scaled.
    private static func shadowImage(metrics: LiquidSliderMetrics, color: RGBA, scale: Double,
                                    state: inout State) throws(LiquidError) -> Pixmap {
        let key = ShadowKey(scale: scale, metrics: metrics, color: color)
        if let cached = state.shadowCache, cached.key == key { return cached.image }
        let spread = metrics.shadowSpread, thumbSize = metrics.thumbSize
        let size = Size(width: thumbSize.width + 2 * spread, height: thumbSize.height + 2 * spread)
        var canvas = Canvas(try Pixmap(size: size, scale: scale))
        canvas.fillRoundedRect(Rect(x: spread, y: spread, width: thumbSize.width, height: thumbSize.height),
                               cornerRadii: CornerRadii(all: thumbSize.height / 2), paint: .color(color))
        let blur = try GaussianBlur(sigma: metrics.shadowSigma * scale, edgeMode: .transparent)
        let image = blur.applied(to: canvas.pixmap)
        state.shadowCache = (key, image)
        return image
    }
}
