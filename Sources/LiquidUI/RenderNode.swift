import LiquidGeometry
import LiquidRaster

/// One visible layer as the compositor sees it for one frame: its device transform, the pixel extents
/// it draws into, how it is composited, and what it draws (``look``, read from the layer when the node is
/// built). Built fresh for every frame that is not idle.
///
/// Sendable by contract (`@unchecked`): the main actor builds the tree and writes its fields; once the
/// tiles are handed to the workers nothing writes them until the frame ends (``refreshLooks()`` runs
/// between passes, while no tile is being drawn), so workers only read.
final class RenderNode: @unchecked Sendable {
    /// How a node reaches its render target.
    enum Mode {
        /// Drawn straight into the target.
        case plain
        /// Rendered (with its sublayers) into a buffer covering the part of the target in question, then
        /// composited with opacity, blend mode and mask. Per-pixel, so it can be done tile by tile.
        case isolated
        /// Rendered (with its sublayers) into one buffer covering the whole group (plus filter outset),
        /// filtered, cached between frames, then composited like `.isolated`.
        case group
    }

    let layer: Layer
    /// What the layer draws, as of the node's build (or its last ``refreshLook()``).
    private(set) var look: LayerLook
    /// Painter's-order (pre-order) position in the tree; -1 for mask trees.
    let index: Int
    /// The largest `index` in this node's subtree.
    var lastIndex: Int
    /// Local points → root device pixels.
    let toDevice: AffineTransform
    /// Opacity clamped to 0…1.
    let opacity: Double
    var mode: Mode = .plain
    var children: [RenderNode] = []
    /// The mask layer's tree, positioned in this layer's local space.
    var mask: RenderNode?
    /// For each filter, the tree of its mask layer (variable blur with a layer mask), else `nil`.
    var filterMasks: [RenderNode?] = []
    /// Device box of the layer's own drawing (background, content, backdrop shape).
    var contentBox: PixelRect?
    /// Device box of the bounds shape, for a layer with a backdrop effect.
    var backdropBox: PixelRect?
    /// Device rect the backdrop effect reads (shape box plus the effect's sample outset).
    var sampleRect: PixelRect?
    /// Whether the backdrop reads the screen itself (no grouped ancestor).
    var isRootLevelBackdrop = false
    /// Whether some descendant (not this node) has a backdrop effect.
    var hasBackdropBelow = false
    /// Everything this node (and its subtree) can change in its target, in device pixels.
    var extent: PixelRect?
    /// `extent` pushed through the ancestors' clips and filter outsets: the screen pixels it can change.
    var damageExtent: PixelRect?
    /// The clips and filter outsets between the layer and the screen, outermost first.
    var chain: [ChainStep] = []
    /// For `.group`: the buffer's device rect.
    var groupRect: PixelRect?
    /// Text layout of a text layer: metrics at the drawn size, the magnification of the style's size and
    /// the device point of the snapped baseline origin.
    var text: (metrics: TextRenderer.Metrics, magnification: Double, origin: Point)?

    @MainActor
    init(layer: Layer, index: Int, toDevice: AffineTransform, opacity: Double) {
        self.layer = layer
        look = LayerLook(layer)
        self.index = index
        self.lastIndex = index
        self.toDevice = toDevice
        self.opacity = opacity
    }

    /// Reads the layer's look again (its paints may have changed since the build), and those of its mask
    /// and filter-mask trees (its sublayers have nodes of their own).
    @MainActor
    func refreshLooks() {
        look = LayerLook(layer)
        func refreshTree(_ node: RenderNode) {
            node.refreshLooks()
            for child in node.children { refreshTree(child) }
        }
        if let mask { refreshTree(mask) }
        for case let mask? in filterMasks { refreshTree(mask) }
    }

    /// The bounds shape (bounds rounded by the corner radii) in local points.
    var boundsPath: Path {
        let bounds = look.bounds
        let radii = look.cornerRadii.clamped(toFit: bounds.size)
        var path = Path()
        if radii.maximum <= 0 {
            path.addRect(bounds)
            return path
        }
        switch look.cornerStyle {
        case .circular: path.addRoundedRect(bounds, cornerRadii: radii)
        case .continuous: path.addContinuousRoundedRect(bounds, cornerRadii: radii)
        }
        return path
    }
}

/// One step from a layer towards the screen that changes which pixels its drawing can reach.
enum ChainStep {
    case clip(PixelRect?)
    case outset(Int)

    /// The screen pixels that drawing within `rect` can change: `rect` pushed through `chain` (outermost
    /// first), from the innermost step out — cut by each clip, grown by each filter outset.
    static func screenPixels(of rect: PixelRect?, through chain: [ChainStep]) -> PixelRect? {
        var affected = rect
        for step in chain.reversed() {
            switch step {
            case .clip(let box): affected = affected.intersection(box)
            case .outset(let n): affected = affected.map { $0.expanded(by: n) }
            }
        }
        return affected
    }
}

/// The properties of a ``Layer`` that drawing it reads, copied so that tiles can be drawn off the main
/// actor.
///
/// `@unchecked Sendable`: ``content`` may hold a main-actor closure (``LayerContent/custom(_:)``) and
/// ``backdrop`` an effect that is not `Sendable`; the compositor calls those only on the main thread (tiles
/// they reach are drawn there, and backdrop effects run before or between the passes).
struct LayerLook: @unchecked Sendable {
    var bounds: Rect
    var cornerRadii: CornerRadii
    var cornerStyle: CornerStyle
    var clipsToBounds: Bool
    var blendMode: BlendMode
    var backgroundColor: RGBA?
    var content: LayerContent
    var backdrop: (any BackdropEffect)?

    @MainActor
    init(_ layer: Layer) {
        bounds = layer.bounds
        cornerRadii = layer.cornerRadii
        cornerStyle = layer.cornerStyle
        clipsToBounds = layer.clipsToBounds
        blendMode = layer.blendMode
        backgroundColor = layer.backgroundColor
        content = layer.content
        backdrop = layer.backdrop
    }

    /// Whether drawing the content calls a main-actor closure.
    var drawsOnMainActor: Bool {
        if case .custom = content { return true }
        return false
    }
}
