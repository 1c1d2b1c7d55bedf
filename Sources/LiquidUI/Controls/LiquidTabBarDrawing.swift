import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Synchronization

/// The tab bar's image layer content (see ``LiquidTabBar``, step 3 of its rendering): the scene the bar
/// last set and everything that renders it — the ink in both colours, the tint goo, the baked lens
/// shading, the image and the image before badges — behind one lock, so the compositor can render it on
/// a worker thread (``LayerDrawing``) while the bar lives on the main actor.
///
/// An update after the lens alone moved rebuilds the part around the old and new lens (the goo's reach)
/// from the cached ink, redraws the badges over it, and reports that part, so the compositor redraws only
/// there — equal byte for byte to a render from scratch. Any other change renders the whole image.
final class LiquidTabBarDrawing: LayerDrawing {
    /// What the bar's image shows, in the bar's bounds coordinates: two equal scenes draw the same pixels.
    struct Scene: Equatable, Sendable {
        var size: Size
        /// The lens as presented (empty: no lens).
        var lens: Rect
        /// The lens's rest size (one item slot), at which its shading is baked.
        var lensRestSize: Size
        var items: [LiquidTabBarItem]
        var symbolBoxes: [Rect]
        var titleBaselines: [Point]
        var badgeRects: [Rect?]
        var metrics: LiquidTabBarMetrics
        var appearance: LiquidTabBarAppearance
        var gooMethod: GooLayer.Method

        /// The scene without its lens: what the ink and everything but the lens's neighbourhood depend on.
        var withoutLens: Scene {
            var copy = self
            copy.lens = .zero
            return copy
        }

        /// The goo's reach around the lens, points: three blur radii (the blur's support) and 2.5 σ of
        /// the edge softening.
        var gooReach: Double {
            3 * metrics.gooParameters(color: appearance.tintColor).blurRadius + 2.5 * metrics.edgeSoftening.sigma
        }

        /// The image pixels a lens at `lens` draws or tints (its goo box, 2 px to spare); `nil` for an empty
        /// lens.
        func lensRegion(_ lens: Rect, scale: Double) -> PixelRect? {
            guard lens.width > 0, lens.height > 0 else { return nil }
            let reach = gooReach
            return PixelRect.enclosing(AffineTransform(scale: scale).apply(to: lens.insetBy(dx: -reach, dy: -reach)))?
                .expanded(by: 2)
        }
    }

    /// The items' ink at one scene (lens aside) and scale, in both colours, with each item's colour regions.
    private struct InkImages {
        var key: Scene
        var scale: Double
        var normal: Pixmap
        var tinted: Pixmap
        var regions: [[Rect]]
    }

    private struct State {
        var scene: Scene?
        /// The scene the image shows, `nil` when the next draw must render.
        var rendered: Scene?
        var image: Pixmap?
        /// The image as rendered, before the badges were drawn over it.
        var imageBeforeBadges: Pixmap?
        var ink: InkImages?
        /// The goo pass that tints the ink under the lens.
        let goo = GooLayer()
        /// The lens's shading baked at its rest size (per scale; a new size or recipe bakes anew).
        let shadingCache = BakedShadingCache(capacity: 4)
        var versions = DrawingVersions()
        var renderCount = 0
        var partialRenders = 0
        var renderError: (any Error)?
    }

    private let state = Mutex(State())

    /// The scene drawn from now on, or `nil` (nothing drawn: empty bounds or no items).
    func set(_ scene: Scene?) {
        state.withLock { $0.scene = scene }
    }

    /// Renders so far, renders that rebuilt only the part around the lens, and the last render's error.
    var renderCount: Int { state.withLock { $0.renderCount } }
    var partialRenders: Int { state.withLock { $0.partialRenders } }
    var renderErrorDescription: String? { state.withLock { $0.renderError.map { "\($0)" } } }
    var hasRenderError: Bool { state.withLock { $0.renderError != nil } }
    /// The tint goo's latest image and whether its coverage was analytic (for tests).
    var gooImage: Pixmap? { state.withLock { $0.goo.image } }
    var lastGooRenderWasAnalytic: Bool { state.withLock { $0.goo.lastRenderWasAnalytic } }

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
            if let rendered = state.rendered, rendered.withoutLens == scene.withoutLens, state.image?.scale == scale {
                let region = scene.lensRegion(rendered.lens, scale: scale).union(scene.lensRegion(scene.lens, scale: scale))
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
        state.image = nil
        state.imageBeforeBadges = nil
        state.rendered = nil
        state.versions.advance()
    }

    /// Renders `scene` at `scale`: only the part around the lens when the image shows the same scene but
    /// for the lens, else everything.
    private static func render(_ scene: Scene, scale: Double, into state: inout State) {
        let partial = state.rendered.map { $0.withoutLens == scene.withoutLens } ?? false
            && state.image?.scale == scale && state.imageBeforeBadges != nil
        let oldLens = state.rendered?.lens
        state.rendered = nil
        state.versions.advance()
        state.renderCount += 1
        do {
            if partial, let oldLens {
                state.image = try updateImage(scene, oldLens: oldLens, scale: scale, state: &state)
                state.partialRenders += 1
            } else {
                state.image = nil
                state.imageBeforeBadges = nil
                state.image = try drawImage(scene, scale: scale, state: &state)
            }
            state.rendered = scene
            state.renderError = nil
        } catch {
            state.renderError = error
            state.image = nil
            state.imageBeforeBadges = nil
        }
    }

    private static func drawImage(_ scene: Scene, scale: Double, state: inout State) throws -> Pixmap {
        var image = try Pixmap(size: scene.size, scale: scale)
        try drawLensAndInk(scene, into: &image, region: image.bounds, scale: scale, state: &state)
        state.imageBeforeBadges = image
        try drawBadges(scene, on: &image)
        return image
    }

    /// Rebuilds the part of the image the lens's move (from `oldLens`) changed, from the image before
    /// badges of the last render: that part is cleared and redrawn — lens, ink, tint, shading — and
    /// copied into the image with every badge that overlaps it (grown until no other badge overlaps),
    /// and those badges are drawn again. Equals ``drawImage(_:scale:state:)`` byte for byte: outside
    /// the rebuilt part no pixel depends on the lens.
    private static func updateImage(_ scene: Scene, oldLens: Rect, scale: Double, state: inout State) throws -> Pixmap {
        guard var image = state.image, var base = state.imageBeforeBadges else {
            return try drawImage(scene, scale: scale, state: &state)
        }
        // Taken out of the state so that the locals hold the only references (no copy on write).
        state.image = nil
        state.imageBeforeBadges = nil
        guard let region = scene.lensRegion(oldLens, scale: scale).union(scene.lensRegion(scene.lens, scale: scale))?
            .intersection(base.bounds) else {
            state.imageBeforeBadges = base
            return image
        }
        base.withMutableRegion(region) { $0.fill(.transparent) }
        try drawLensAndInk(scene, into: &base, region: region, scale: scale, state: &state)
        state.imageBeforeBadges = base
        // The badges over the rebuilt part, and any badge overlapping those.
        var area = region
        var badges: [Int] = []
        var grew = true
        while grew {
            grew = false
            for index in scene.items.indices where !badges.contains(index) {
                guard let box = badgeBox(scene, forItem: index, scale: scale), box.intersects(area) else { continue }
                badges.append(index)
                area = area.union(box)
                grew = true
            }
        }
        if let area = area.intersection(base.bounds) {
            RenderProfiler.measure(.blits) {
                image.withMutableRegion(area) { destination in base.withView { destination.copy(from: $0.region(area)) } }
            }
        }
        try drawBadges(scene, on: &image, only: Set(badges))
        return image
    }

    /// Draws the lens, the ink (tinted around the lens) and the lens's shading into the transparent pixels
    /// `region` of `image` (everything they touch lies there).
    private static func drawLensAndInk(_ scene: Scene, into image: inout Pixmap, region: PixelRect, scale: Double,
                                       state: inout State) throws {
        let ink = try inkImages(scene, scale: scale, state: &state)
        let lensNow = scene.lens
        if lensNow.width > 0, lensNow.height > 0 {
            let lensColor = scene.appearance.lensColor
            image.withCanvas { canvas in
                canvas.fillRoundedRect(lensNow, cornerRadii: CornerRadii(all: lensNow.height / 2), paint: .color(lensColor))
            }
        }
        let mixed = try tintedInk(scene, ink, scale: scale, region: region, goo: state.goo)
        let failure: LiquidError? = RenderProfiler.measure(.composite) {
            image.withMutableRegion(region) { target in
                mixed.withView { source in
                    do throws(LiquidError) { try target.composite(source) } catch { return error }
                    return nil
                }
            }
        }
        if let failure { throw failure }
        if lensNow.width > 0, lensNow.height > 0 {
            try state.shadingCache.stretch(scene.appearance.lensShading, restSize: scene.lensRestSize, over: lensNow,
                                           onto: &image)
        }
    }

    /// The image pixels badge `index` can touch (its capsule grown by half its height for the digits), or
    /// `nil` without a badge.
    private static func badgeBox(_ scene: Scene, forItem index: Int, scale: Double) -> PixelRect? {
        guard scene.badgeRects.indices.contains(index), let rect = scene.badgeRects[index] else { return nil }
        let grow = rect.height / 2
        return PixelRect.enclosing(AffineTransform(scale: scale).apply(to: rect.insetBy(dx: -grow, dy: -grow)))?
            .expanded(by: 2)
    }

    /// The part `region` (image pixels) of the ink recoloured by the goo: the appearance's ink colour,
    /// mixed towards its tint colour by the goo's alpha inside the lens's neighbourhood.
    private static func tintedInk(_ scene: Scene, _ ink: InkImages, scale: Double, region: PixelRect,
                                  goo: GooLayer) throws(LiquidError) -> Pixmap {
        var mixed = try ink.normal.cropped(to: region)
        let metrics = scene.metrics, lensNow = scene.lens
        let parameters = metrics.gooParameters(color: scene.appearance.tintColor), softening = metrics.edgeSoftening
        let reach = scene.gooReach
        let grown = lensNow.insetBy(dx: -reach, dy: -reach)
        // The goo runs over the lens's neighbourhood only, aligned to whole pixels of the image.
        let x0 = Swift.max(Int((grown.minX * scale).rounded(.down)), 0)
        let y0 = Swift.max(Int((grown.minY * scale).rounded(.down)), 0)
        let x1 = Swift.min(Int((grown.maxX * scale).rounded(.up)), ink.normal.width)
        let y1 = Swift.min(Int((grown.maxY * scale).rounded(.up)), ink.normal.height)
        guard x1 > x0, y1 > y0, lensNow.width > 0, lensNow.height > 0 else { return mixed }
        let origin = Point(Double(x0) / scale, Double(y0) / scale)
        let size = Size(width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        let lensPath = Path(roundedRect: lensNow.offsetBy(dx: -origin.x, dy: -origin.y),
                            cornerRadii: CornerRadii(all: lensNow.height / 2))
        let regions = ink.regions
        let cornerCap = metrics.tintCornerRadius
        goo.method = scene.gooMethod
        if scene.gooMethod == .analytic {
            var shapes: [GooShape] = []
            for itemRegions in regions {
                for region in itemRegions where region.intersects(lensNow) {
                    shapes.append(.roundedRect(region.offsetBy(dx: -origin.x, dy: -origin.y),
                                               cornerRadius: Swift.min(region.height / 2, cornerCap)))
                }
            }
            try goo.render(size: size, scale: scale, parameters: parameters, shapes: shapes,
                           clip: .roundedRect(lensNow.offsetBy(dx: -origin.x, dy: -origin.y),
                                              cornerRadius: lensNow.height / 2),
                           softening: softening)
        } else {
            try goo.render(size: size, scale: scale, parameters: parameters, softening: softening) { canvas in
                canvas.clip(to: lensPath)
                for itemRegions in regions {
                    for region in itemRegions where region.intersects(lensNow) {
                        canvas.fillRoundedRect(region.offsetBy(dx: -origin.x, dy: -origin.y),
                                               cornerRadii: CornerRadii(all: Swift.min(region.height / 2, cornerCap)),
                                               paint: .color(.white))
                    }
                }
            }
        }
        guard let weights = goo.image else { return mixed }
        let tinted = ink.tinted
        // The goo box clipped to the region (it lies inside it whenever the region is the lens's).
        let gx0 = Swift.max(x0, region.x), gy0 = Swift.max(y0, region.y)
        let gx1 = Swift.min(x0 + Swift.min(weights.width, x1 - x0), region.maxX)
        let gy1 = Swift.min(y0 + Swift.min(weights.height, y1 - y0), region.maxY)
        guard gx1 > gx0, gy1 > gy0 else { return mixed }
        mixed.withMutableView { out in
            tinted.withView { tint in
                weights.withView { goo in
                    let w = gx1 - gx0
                    for y in gy0..<gy1 {
                        MaskedMix.mix(UnsafeMutableRawPointer(out.row(y - region.y) + 4 * (gx0 - region.x)),
                                      toward: UnsafeRawPointer(tint.row(y) + 4 * gx0),
                                      weights: UnsafeRawPointer(goo.row(y - y0) + 4 * (gx0 - x0)), count: w)
                    }
                }
            }
        }
        return mixed
    }

    // MARK: Ink

    /// The items' symbols and titles in both colours (cached per scene without its lens, and scale).
    private static func inkImages(_ scene: Scene, scale: Double, state: inout State) throws -> InkImages {
        let key = scene.withoutLens
        if let ink = state.ink, ink.key == key, ink.scale == scale { return ink }
        state.ink = nil
        let normal = try drawInk(scene, color: scene.appearance.inkColor, scale: scale)
        let tinted = try drawInk(scene, color: scene.appearance.tintColor, scale: scale)
        var regions: [[Rect]] = []
        let font = LiquidTabBar.titleFont, metrics = scene.metrics
        for index in scene.items.indices {
            let symbol = scene.symbolBoxes[index]
            let pad = metrics.tintPadding, padY = metrics.titleTintPaddingY
            var itemRegions = [symbol.insetBy(dx: -pad, dy: -pad)]
            if let font, !scene.items[index].title.isEmpty {
                let renderer = TextRenderer(font: font, size: metrics.titleSize, alignment: .center)
                let measured = try renderer.measure(scene.items[index].title, scale: scale)
                if measured.bounds.width > 0 {
                    let baseline = scene.titleBaselines[index]
                    itemRegions.append(measured.bounds.offsetBy(dx: baseline.x, dy: baseline.y).insetBy(dx: -pad, dy: -padY))
                }
            }
            regions.append(itemRegions)
        }
        let images = InkImages(key: key, scale: scale, normal: normal, tinted: tinted, regions: regions)
        state.ink = images
        return images
    }

    private static func drawInk(_ scene: Scene, color: RGBA, scale: Double) throws -> Pixmap {
        var pixmap = try Pixmap(size: scene.size, scale: scale)
        pixmap.withCanvas { canvas in
            for index in scene.items.indices {
                canvas.fill(scene.items[index].symbol.path(in: scene.symbolBoxes[index]), paint: .color(color))
            }
        }
        if let font = LiquidTabBar.titleFont {
            let renderer = TextRenderer(font: font, size: scene.metrics.titleSize, color: color, alignment: .center)
            for index in scene.items.indices where !scene.items[index].title.isEmpty {
                try renderer.draw(scene.items[index].title, at: scene.titleBaselines[index], into: &pixmap)
            }
        }
        return pixmap
    }

    // MARK: Badges

    private static func drawBadges(_ scene: Scene, on image: inout Pixmap, only subset: Set<Int>? = nil) throws {
        let font = LiquidTabBar.badgeFont
        for index in scene.items.indices where subset?.contains(index) ?? true {
            guard let rect = scene.badgeRects[index], let text = scene.items[index].badgeText else { continue }
            let badgeColor = scene.appearance.badgeColor
            image.withCanvas { canvas in
                canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: rect.height / 2), paint: .color(badgeColor))
            }
            if let font {
                let renderer = TextRenderer(font: font, size: scene.metrics.badgeTextSize,
                                            color: scene.appearance.badgeTextColor, alignment: .center)
                let measured = try renderer.measure(text, scale: image.scale)
                // Centre the digits' ink vertically in the capsule.
                let baseline = rect.midY - (measured.bounds.minY + measured.bounds.maxY) / 2
                try renderer.draw(text, at: Point(rect.midX, baseline), into: &image)
            }
        }
    }
}
