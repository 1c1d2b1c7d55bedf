import LiquidGeometry
import LiquidRaster

/// Renders a ``Layer`` tree into a `Pixmap` of `size` points at `scale` pixels per point, redrawing only
/// what changed since the previous frame.
///
/// Painter's order, back to front: for each layer its backdrop effect, background, content, then its
/// sublayers, under the clips of its ancestors. Grouped layers (opacity < 1, a blend mode, a mask,
/// ``Layer/rendersAsGroup``, or filters) are rendered offscreen and composited; filter groups are rendered
/// whole (their bounds plus the filters' outset, widened to start on a multiple of
/// `filterGridAlignment` device pixels) and cached until something in them changes; when only a group's
/// own filters change, its unfiltered pixels are reused and filtered anew. Under a clip, tiles that lie
/// wholly where the clip's shape covers every pixel draw without the clip mask.
///
/// Damage tracking: each non-idle frame compares every visible layer's change stamp and device extent with
/// the previous frame's; a changed layer damages its old and new extents (grown by enclosing filter
/// outsets, clipped by enclosing clips), a removed one its old extent. Damage touching what a backdrop
/// effect reads grows to everything it reads. Only the fixed screen tiles (`tileSize` pixels square)
/// touched by damage are re-rendered, each from scratch.
///
/// Workers (``WorkerPool/shared``, one per core by default): a frame's ``LayerDrawing`` updates run one
/// layer per job, and each pass's damaged tiles are drawn one tile per job (``TilePainter``), after the
/// main actor has prepared the pass's filter-group buffers. Tiles that reach a custom-drawn layer (a
/// main-actor closure) are drawn by the calling thread while the workers draw the rest; backdrop effects
/// run on it between passes.
///
/// Underlays: when the lowest layer (in painter's order) that changed in a frame lies above others that did
/// not, each re-rendered tile keeps its pixels as drawn up to that layer — the unchanged underlay — and later
/// frames whose changes all lie at or above it start the tile from that copy instead of drawing the layers
/// beneath again; the underlay ends at the first screen-level backdrop at the latest. A change below it, a
/// layer added or removed, or a full render drops them all. Memory: at most one tile-sized image per screen
/// tile (one screen's pixels), and only for tiles where the underlay draws something. Measured reason: a tab
/// bar's lens redrew the bar's blurred shadow and its capsule under every damaged tile, every frame.
///
/// Guarantees:
/// - The image is byte for byte the same for any worker count: every tile is drawn from scratch into a
///   buffer of its own, from data the tiles only read.
/// - After any sequence of changes, the image equals byte for byte what a new compositor renders from the
///   same tree: every pixel is always produced inside the same tile buffer at the same offset, so the
///   floating-point work is identical.
/// - An unchanged tree (same root, no change stamp newer than the last render) returns at once with `nil`
///   damage: one comparison, no tree walk, no pixel work.
/// - The returned image is shared with the compositor (copy-on-write): holding it past the next non-idle
///   render makes that render copy the whole image once.
@MainActor
public final class Compositor {
    /// The size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    /// Side of the square screen tiles, in pixels.
    package let tileSize: Int
    /// The colour beneath everything.
    package let background: PremultipliedRGBA8
    /// The image as of the last render.
    public private(set) var image: Pixmap
    /// What the last render did.
    package private(set) var statistics = RenderStatistics()

    private weak var lastRoot: Layer?
    private var hasRendered = false
    private var needsFullRender = true
    /// The change clock's value when the last render started.
    private var renderedStamp: UInt64 = 0
    /// Each visible layer's damage extent in the last frame.
    private var records: [ObjectIdentifier: PixelRect?] = [:]
    /// The version each drawing layer (``LayerContent/drawing(_:)``) had when last drawn.
    private var drawingVersions: [ObjectIdentifier: UInt64] = [:]
    /// How long each drawing layer's last update took, nanoseconds: the next frame hands out the longest
    /// first.
    private var drawingCosts: [ObjectIdentifier: Int64] = [:]
    private var groupCache: [ObjectIdentifier: GroupCacheEntry] = [:]
    /// The kept underlays (see the type's notes).
    private var underlays = Underlays()
    /// Each screen-level backdrop layer's last input (the screen pixels under its reading area), and the
    /// layers in painter's order when it was read: while no layer beneath it changes, the next frame hands
    /// the effect the same pixels without cropping them anew (see ``computeRootBackdrop(_:stillBeneath:)``).
    private var keptBackdrops: [ObjectIdentifier: (rect: PixelRect, pixels: Pixmap)] = [:]
    private var keptBackdropLayers: [ObjectIdentifier] = []
    private let workspace = BlurWorkspace()
    /// The layers' rounded-bounds clip masks, shared by the tiles' painters (see ``ClipMaskCache``); `nil`
    /// makes every mask afresh.
    var clipMasks: ClipMaskCache? = ClipMaskCache()

    // Per-frame state.
    private var nodes: [RenderNode] = []
    private var rootBackdrops: [RenderNode] = []
    private var nextIndex = 0
    private var backdropOutputs: [Int: (rect: PixelRect, pixmap: Pixmap)] = [:]
    private var visitedGroups: Set<ObjectIdentifier> = []
    /// Maps the root layer's superlayer space before the scale: identity for a screen; for a snapshot, the
    /// inverse of the root's placement, so the root's bounds start at pixel (0, 0).
    private var rootPlacement = AffineTransform.identity

    /// Filter-group buffers start at multiples of this many root device pixels. A large blur runs on an
    /// image reduced by up to 8× (``GaussianBlur``), whose grid is fixed to the buffer's origin; pinning
    /// the origin to the screen grid makes a group's filtered pixels independent of its extent, so a
    /// child that moves or grows does not shift the blur of the others (and a group covering the screen
    /// filters exactly as a screen-sized buffer would).
    package static let filterGridAlignment = 8

    /// Tiles' pixels as drawn up to painter's index `split` (exclusive), by tile origin, for the tree whose
    /// layers in painter's order were `layers`.
    private struct Underlays {
        struct Origin: Hashable {
            var x: Int
            var y: Int
        }

        var split = 0
        var layers: [ObjectIdentifier] = []
        var tiles: [Origin: Pixmap] = [:]

        mutating func reset(split: Int, layers: [ObjectIdentifier]) {
            self.split = split
            self.layers = layers
            tiles = [:]
        }
    }

    private struct GroupCacheEntry {
        var stamp: UInt64
        var unfilteredStamp: UInt64
        var toDevice: AffineTransform
        var rect: PixelRect
        /// The filtered group (`nil` for a mesh-warp group drawn tile by tile from `unfiltered`).
        var pixmap: Pixmap?
        /// The group drawn before its filters, kept for groups whose filters change alone.
        var unfiltered: Pixmap?
        /// A mesh-warp group's laid-out mesh, valid while the subtree stamp equals `planStamp`.
        var plan: MeshWarpPlan? = nil
        var planStamp: UInt64 = 0
    }

    /// A compositor for a screen of `size` points at `scale` pixels per point (pixel size rounded up).
    /// - Parameters:
    ///   - size: the screen's size in points.
    ///   - scale: pixels per point.
    ///   - tileSize: side of the re-rendered tiles in pixels (16…1024): smaller tiles redraw less around a
    ///     small change, larger ones cost less per full frame.
    ///   - background: the colour beneath the root layer.
    /// - Throws: `LiquidError` (`.outOfRange`) for a size or scale that is not positive and finite, or
    ///   too large; `LiquidError` (`.outOfRange`) for a tile size outside 16…1024.
    public init(size: Size, scale: Double, tileSize: Int = 64, background: PremultipliedRGBA8 = .transparent) throws {
        guard (16...1024).contains(tileSize) else {
            throw LiquidError.invalidParameter("tile size \(tileSize) must lie in 16…1024 pixels")
        }
        image = try Pixmap(size: size, scale: scale, fill: background)
        self.size = size
        self.scale = scale
        self.tileSize = tileSize
        self.background = background
    }

    /// `layer` and its sublayers drawn alone over transparency at `scale`, in its own coordinates: the
    /// bounds' top-left corner at pixel (0, 0), the image as large as the bounds (rounded up to whole
    /// pixels). Its opacity, filters and mask apply; its frame position and transform do not. Glass in the
    /// subtree reads only what the subtree draws beneath it.
    /// - Throws: as ``render(_:)``, and `LiquidError` (`.outOfRange`) when the bounds are empty or too large.
    package static func snapshot(of layer: Layer, scale: Double) throws -> Pixmap {
        let compositor = try Compositor(size: layer.bounds.size, scale: scale, tileSize: 256)
        guard let placement = layer.localToSuperlayer.inverted() else { return compositor.image }
        compositor.rootPlacement = placement
        return try compositor.render(layer)
    }

    /// Called during a render right after each screen-level backdrop effect has run, before anything above
    /// it is drawn: content that follows what an effect measured (the vibrant colour of glass content,
    /// from ``GlassBackdropProbe``) can update its layers' paints for this same frame. The render tree was
    /// built before, so only paints (colours) take effect now; any change also marks its layer for the
    /// next render, as usual.
    package var didRenderBackdrop: (() -> Void)?

    /// Makes the next render redraw everything (after changing what a custom closure or effect reads
    /// without telling its layer).
    public func setNeedsFullRender() { needsFullRender = true }

    /// Brings the image up to date with the tree under `root` and returns it with the device rect that
    /// changed, or `nil` damage when no pixel needed redrawing.
    /// - Throws: a filter's or text's `LiquidError` for bad parameters, or a backdrop effect's error; the
    ///   image may then be partly updated, and the next render redraws everything.
    /// - Complexity: O(1) when nothing changed; otherwise O(layers) to rebuild the render tree plus pixel
    ///   work proportional to the damaged tiles (and to any filter group that changed).
    public func render(_ root: Layer) throws -> Pixmap {
        try renderFrame(root).image
    }

    /// ``render(_:)``, also returning the device rect that changed (`nil` damage when no pixel needed
    /// redrawing).
    package func renderFrame(_ root: Layer) throws -> (image: Pixmap, damage: PixelRect?) {
        guard let frame = try beginFrame(root) else { return (image, nil) }
        return try finishFrame(frame, drawn: Self.updateDrawings(of: [frame])[0])
    }

    /// A render begun by ``beginFrame(_:)``: the render tree is built and the drawing layers' updates are
    /// listed; ``updateDrawings(of:)`` runs them and ``finishFrame(_:drawn:)`` completes the render.
    package struct PendingFrame {
        fileprivate let root: Layer
        fileprivate let tree: RenderNode?
        fileprivate let stampAtStart: UInt64
        fileprivate let full: Bool
        /// The visible drawing layers' nodes, and each one's update to run.
        fileprivate let drawn: [RenderNode]
        fileprivate let jobs: [DrawingJob]
    }

    /// One drawing layer's update: what ``LayerDrawing/update(bounds:toDevice:scale:)`` is called with, and
    /// how long its last update took (nanoseconds; `.max` when unknown), to hand out the longest first.
    fileprivate struct DrawingJob: Sendable {
        let drawing: any LayerDrawing
        let bounds: Rect
        let toDevice: AffineTransform
        let scale: Double
        let lastCost: Int64
    }

    /// What running a frame's drawing updates produced: each update and how long it took (nanoseconds).
    package struct DrawnLayers {
        fileprivate var updates: [LayerDrawingUpdate]
        fileprivate var costs: [Int64]
    }

    /// Starts a render: `nil` when nothing changed since the last one (the image stands, as ``render(_:)``
    /// returns it with `nil` damage), else the built frame. Until ``finishFrame(_:drawn:)`` completes it,
    /// the compositor must not begin another render, and the next render after a failure redraws
    /// everything.
    package func beginFrame(_ root: Layer) throws -> PendingFrame? {
        if hasRendered, !needsFullRender, root === lastRoot, root.subtreeStamp <= renderedStamp {
            statistics = RenderStatistics()
            statistics.wasIdle = true
            return nil
        }
        let stampAtStart = Layer.currentStamp
        let full = !hasRendered || needsFullRender || root !== lastRoot
        // Until this render completes, a failure must leave the next one redrawing everything.
        needsFullRender = true
        statistics = RenderStatistics()
        nodes = []
        rootBackdrops = []
        nextIndex = 0
        visitedGroups = []
        backdropOutputs = [:]
        let tree: RenderNode?
        do {
            tree = try build(root, parentToDevice: rootPlacement.concatenating(AffineTransform(scale: scale)),
                             insideBuffer: false,
                             limit: image.bounds, chain: [])
        } catch {
            backdropOutputs = [:]; nodes = []; rootBackdrops = []
            throw error
        }
        statistics.layers = nodes.count
        var drawn: [RenderNode] = []
        var jobs: [DrawingJob] = []
        for node in nodes {
            guard case .drawing(let drawing) = node.layer.content, node.contentBox?.intersects(image.bounds) == true
            else { continue }
            drawn.append(node)
            jobs.append(DrawingJob(drawing: drawing, bounds: node.layer.bounds, toDevice: node.toDevice, scale: scale,
                                   lastCost: drawingCosts[ObjectIdentifier(node.layer)] ?? .max))
        }
        return PendingFrame(root: root, tree: tree, stampAtStart: stampAtStart, full: full, drawn: drawn, jobs: jobs)
    }

    /// Runs the drawing layers' updates of `frames` (begun by their compositors, one frame each) as one loop
    /// on the worker pool, one job per layer, longest first by each layer's last time — so with frames of
    /// several compositors (``UIRunLoop/step(_:)``) one control's goo runs beside another's instead of after
    /// it. Returns each frame's results, in order. Each update only reads its layer's drawing, so the
    /// results are those of running the frames one by one.
    package static func updateDrawings(of frames: [PendingFrame]) -> [DrawnLayers] {
        var work: [DrawingJob] = []
        var starts: [Int] = []
        for frame in frames {
            starts.append(work.count)
            work.append(contentsOf: frame.jobs)
        }
        var results = frames.map { _ in DrawnLayers(updates: [], costs: []) }
        guard !work.isEmpty else { return results }
        // Longest first (by last frame's time), so that a long update does not start last while the other
        // workers idle: with the screen's four controls on two workers, the tab bar's render (the longest)
        // last made the frame wait for it alone.
        let order = work.indices.sorted { work[$0].lastCost > work[$1].lastCost }
        var updates = [LayerDrawingUpdate](repeating: LayerDrawingUpdate(version: 0, changed: nil), count: work.count)
        var costs = [Int64](repeating: 0, count: work.count)
        let jobs = work
        updates.withUnsafeMutableBufferPointer { buffer in
            costs.withUnsafeMutableBufferPointer { costBuffer in
                // Each job writes only its own slots.
                nonisolated(unsafe) let out = buffer, took = costBuffer
                WorkerPool.shared.forEach(jobs.count) { k in
                    let i = order[k], job = jobs[i]
                    let start = ContinuousClock.now
                    out[i] = job.drawing.update(bounds: job.bounds, toDevice: job.toDevice, scale: job.scale)
                    let elapsed = start.duration(to: .now).components
                    took[i] = elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
                }
            }
        }
        for (f, frame) in frames.enumerated() {
            let range = starts[f]..<(starts[f] + frame.jobs.count)
            results[f] = DrawnLayers(updates: Array(updates[range]), costs: Array(costs[range]))
        }
        return results
    }

    /// Completes a render begun by ``beginFrame(_:)`` with its drawing layers' updates (from
    /// ``updateDrawings(of:)``): the damage, the passes and the image, as ``renderFrame(_:)`` returns them.
    package func finishFrame(_ frame: PendingFrame, drawn: DrawnLayers) throws -> (image: Pixmap, damage: PixelRect?) {
        precondition(drawn.updates.count == frame.drawn.count, "a frame finished with another frame's drawing updates")
        defer { backdropOutputs = [:]; nodes = []; rootBackdrops = [] }
        let root = frame.root, tree = frame.tree, stampAtStart = frame.stampAtStart, full = frame.full
        drawingCosts = [:]
        for (node, cost) in zip(frame.drawn, drawn.costs) { drawingCosts[ObjectIdentifier(node.layer)] = cost }
        statistics.drawingUpdates += frame.jobs.count
        let updates = Array(zip(frame.drawn, drawn.updates)).map { (node: $0.0, update: $0.1) }

        var newRecords: [ObjectIdentifier: PixelRect?] = [:]
        newRecords.reserveCapacity(nodes.count)
        var damage = DamageRegion()
        // The lowest painter's index of a layer whose pixels may differ from the last frame.
        var lowestChange = Int.max
        if full {
            damage.add(image.bounds)
            for node in nodes { newRecords[ObjectIdentifier(node.layer)] = node.damageExtent }
        } else {
            for node in nodes {
                let id = ObjectIdentifier(node.layer)
                newRecords[id] = node.damageExtent
                var changed = true
                if node.layer.changeStamp > renderedStamp {
                    damage.add(records[id] ?? nil)
                    damage.add(node.damageExtent)
                } else if let old = records[id] {
                    if old != node.damageExtent {
                        damage.add(old)
                        damage.add(node.damageExtent)
                    } else if node.layer.displayStamp > renderedStamp {
                        damage.add(partialDamage(node))
                    } else {
                        changed = false
                    }
                } else {
                    damage.add(node.damageExtent)
                }
                if changed { lowestChange = Swift.min(lowestChange, node.index) }
            }
            for (id, old) in records where newRecords[id] == nil { damage.add(old) }
            for (node, update) in updates {
                let id = ObjectIdentifier(node.layer)
                guard let drawn = drawingVersions[id], node.layer.changeStamp <= renderedStamp,
                      records[id] == .some(node.damageExtent) else { continue }
                if drawn == update.version { continue }
                lowestChange = Swift.min(lowestChange, node.index)
                if drawn == update.version &- 1, let changed = update.changed {
                    if changed.width > 0, changed.height > 0 { damage.add(deviceDamage(of: changed, node: node)) }
                } else {
                    damage.add(node.damageExtent)
                }
            }
        }
        updateUnderlays(tree: tree, full: full, lowestChange: lowestChange)
        drawingVersions = [:]
        for (node, update) in updates { drawingVersions[ObjectIdentifier(node.layer)] = update.version }
        damage = damage.clipped(to: image.bounds)

        // Tiles, grown until every backdrop whose reading area is touched is re-read whole.
        var grid = TileGrid(bounds: image.bounds, tileSize: tileSize)
        for rect in damage.rects { grid.mark(rect) }
        var needed: [RenderNode] = []
        var grew = true
        while grew {
            grew = false
            for node in rootBackdrops {
                guard let sample = node.sampleRect?.intersection(image.bounds), grid.anyMarked(in: sample) else { continue }
                if !grid.allMarked(in: sample) {
                    grid.mark(sample)
                    grew = true
                }
            }
        }
        for node in rootBackdrops {
            guard let sample = node.sampleRect?.intersection(image.bounds), grid.anyMarked(in: sample) else { continue }
            needed.append(node)
            damage.add(sample)
        }

        // Whether the screen beneath a backdrop is as it was last frame: no layer beneath it changed, none was
        // added or removed, and no paint changed during this render (a backdrop callback may change paints).
        let layerOrder = nodes.map { ObjectIdentifier($0.layer) }
        var beneathUnchanged = !full && layerOrder == keptBackdropLayers
        if !beneathUnchanged { keptBackdrops = [:] }
        keptBackdropLayers = layerOrder

        let tiles = grid.markedTiles
        if !tiles.isEmpty {
            var lower = 0
            for node in needed {
                try renderPass(tiles, of: grid, tree: tree, range: lower..<node.index, first: lower == 0,
                               underlaySplit: lower == 0 ? underlays.split : 0)
                try computeRootBackdrop(node, stillBeneath: beneathUnchanged && lowestChange >= node.index)
                let stampBefore = Layer.currentStamp
                didRenderBackdrop?()
                if Layer.currentStamp != stampBefore { beneathUnchanged = false }
                // The callback may have changed paints of the layers still to draw.
                for later in nodes[node.index...] { later.refreshLooks() }
                lower = node.index
            }
            try renderPass(tiles, of: grid, tree: tree, range: lower..<Int.max, first: lower == 0,
                           underlaySplit: lower == 0 ? underlays.split : 0)
        }

        for node in nodes { node.layer.consumeDisplayRects(upTo: stampAtStart) }
        records = newRecords
        groupCache = groupCache.filter { visitedGroups.contains($0.key) }
        renderedStamp = stampAtStart
        lastRoot = root
        hasRendered = true
        needsFullRender = false
        return (image, damage.bounds)
    }

    // MARK: Building the render tree

    private func build(_ layer: Layer, parentToDevice: AffineTransform, insideBuffer: Bool, limit: PixelRect,
                       chain: [ChainStep], isMaskTree: Bool = false) throws -> RenderNode? {
        let opacity = layer.opacity.isNaN ? 0 : Swift.min(Swift.max(layer.opacity, 0), 1)
        guard !layer.isHidden, opacity > 0, layer.frame.isFinite, layer.transform.isFinite else { return nil }
        let toDevice = layer.localToSuperlayer.concatenating(parentToDevice)
        guard toDevice.isFinite else { return nil }
        let index: Int
        if isMaskTree {
            index = -1
        } else {
            index = nextIndex
            nextIndex += 1
        }
        let node = RenderNode(layer: layer, index: index, toDevice: toDevice, opacity: opacity)
        let bounds = layer.bounds
        let boundsBox = PixelRect.enclosing(toDevice.apply(to: bounds))

        var outset = 0
        for filter in layer.filters { outset = Swift.min(outset + filter.outset(scale: scale), 1 << 14) }
        let hasFilters = !layer.filters.isEmpty
        let grouped = hasFilters || opacity < 1 || layer.blendMode != .normal || layer.mask != nil
            || layer.rendersAsGroup
        let childLimit = hasFilters ? limit.expanded(by: outset) : limit

        // The layer's own drawing.
        var own: PixelRect? = nil
        if layer.backgroundColor != nil { own = own.union(boundsBox) }
        switch layer.content {
        case .none: break
        case .shape(let path, let fill, let stroke, _):
            if let box = path.bounds, box.isFinite {
                var reach = 0.0
                if let stroke, stroke.style.width.isFinite, stroke.style.width > 0 {
                    let miter = stroke.style.join == .miter && stroke.style.miterLimit.isFinite
                        ? stroke.style.miterLimit : 1
                    reach = stroke.style.width / 2 * Swift.max(miter, 2.0.squareRoot())
                }
                if fill != nil || reach > 0 {
                    own = own.union(PixelRect.enclosing(toDevice.apply(to: box.insetBy(dx: -reach, dy: -reach)),
                                                        margin: reach > 0 ? 1 : 0))
                }
            }
        case .roundedRect(let rect, _, _, _):
            if rect.isFinite { own = own.union(PixelRect.enclosing(toDevice.apply(to: rect))) }
        case .image, .custom, .drawing:
            own = own.union(boundsBox)
        case .text(let string, let style):
            own = own.union(try layOutText(string, style: style, node: node))
        }
        if layer.backdrop != nil, let box = boundsBox {
            node.backdropBox = box
            let reach = Swift.max(layer.backdrop!.sampleOutset, 0) * scale
            node.sampleRect = box.expanded(by: reach.isFinite ? Int(Swift.min(reach, 4096).rounded(.up)) : 0)
            node.isRootLevelBackdrop = !insideBuffer
            own = own.union(box)
            if !insideBuffer && !isMaskTree { rootBackdrops.append(node) }
        }
        node.contentBox = own
        if !isMaskTree { nodes.append(node) }

        // Sublayers.
        var childChain = chain
        if hasFilters { childChain.append(.outset(outset)) }
        if layer.clipsToBounds { childChain.append(.clip(boundsBox)) }
        var union = own
        for sublayer in layer.sublayers {
            guard let child = try build(sublayer, parentToDevice: toDevice, insideBuffer: insideBuffer || grouped,
                                        limit: childLimit, chain: childChain, isMaskTree: isMaskTree)
            else { continue }
            node.children.append(child)
            node.hasBackdropBelow = node.hasBackdropBelow || child.layer.backdrop != nil || child.hasBackdropBelow
            union = union.union(child.extent)
        }
        node.lastIndex = isMaskTree ? -1 : nextIndex - 1
        if layer.clipsToBounds { union = union.intersection(boundsBox) }

        // Mode, extent and masks.
        if hasFilters || (grouped && node.hasBackdropBelow) {
            node.mode = .group
            var rect = union.map { $0.expanded(by: outset) }.intersection(childLimit)
            if hasFilters, let r = rect { rect = Self.alignedToFilterGrid(r) }
            node.groupRect = rect
            node.extent = rect
            if rect != nil {
                visitedGroups.insert(ObjectIdentifier(layer))
                node.filterMasks = try layer.filters.map { filter in
                    guard let maskLayer = filter.maskLayer else { return nil }
                    return try build(maskLayer, parentToDevice: toDevice, insideBuffer: true, limit: childLimit,
                                     chain: [], isMaskTree: true)
                }
            }
        } else {
            node.mode = grouped ? .isolated : .plain
            node.extent = union
        }
        if let maskLayer = layer.mask {
            node.mask = try build(maskLayer, parentToDevice: toDevice, insideBuffer: true, limit: limit, chain: [],
                                  isMaskTree: true)
            // Nothing shows where the mask has no pixels (the backdrop is not masked).
            node.extent = node.extent.intersection(node.mask?.extent).union(node.backdropBox)
        }

        node.damageExtent = ChainStep.screenPixels(of: node.extent, through: chain)
        node.chain = chain
        return node
    }

    /// The screen pixels a layer's ``Layer/setNeedsDisplay(in:)`` rects can change: each rect's device box
    /// pushed through the clips and filter outsets above it, or the whole damage extent when this
    /// compositor did not see every rect since its last render.
    private func partialDamage(_ node: RenderNode) -> PixelRect? {
        let layer = node.layer
        guard layer.displayRectsSince <= renderedStamp else { return node.damageExtent }
        var out: PixelRect? = nil
        for rect in layer.displayRects { out = out.union(deviceDamage(of: rect, node: node)) }
        return out
    }

    /// The screen pixels a change within `rect` (the node's local points) can reach: its device box pushed
    /// through the clips and filter outsets above the node, within the node's damage extent.
    private func deviceDamage(of rect: Rect, node: RenderNode) -> PixelRect? {
        ChainStep.screenPixels(of: PixelRect.enclosing(node.toDevice.apply(to: rect)), through: node.chain)
            .intersection(node.damageExtent)
    }

    /// Keeps the underlays (see the type's notes) valid for this frame: drops them on a full render, when the
    /// layers changed, or when a change reaches below their split, and then splits at the lowest change (moved
    /// down to the outermost group holding it, which is drawn whole) or the first screen-level backdrop,
    /// whichever comes first.
    private func updateUnderlays(tree: RenderNode?, full: Bool, lowestChange: Int) {
        let layers = nodes.map { ObjectIdentifier($0.layer) }
        guard !full, let tree else {
            underlays.reset(split: 0, layers: [])
            return
        }
        // The underlay ends at the first screen-level backdrop at the latest: what lies above it is drawn
        // over the backdrop's output, which is computed anew.
        let firstBackdrop = rootBackdrops.map(\.index).min() ?? .max
        var split = Swift.min(lowestChange, firstBackdrop)
        if split == .max { split = 0 }
        if split > 0 {
            // The outermost grouped node whose subtree holds the split.
            var node = tree
            search: while node.mode == .plain {
                for child in node.children where child.index <= split && split <= child.lastIndex {
                    node = child
                    continue search
                }
                break
            }
            if node.mode != .plain { split = node.index }
        }
        if underlays.layers != layers || underlays.split == 0 || split < underlays.split {
            underlays.reset(split: split, layers: layers)
        }
    }

    /// `rect` grown to start on a multiple of ``filterGridAlignment`` (the far edges stay).
    private static func alignedToFilterGrid(_ rect: PixelRect) -> PixelRect {
        let n = filterGridAlignment
        func floor(_ v: Int) -> Int { v >= 0 ? v / n * n : -((-v + n - 1) / n * n) }
        let x = floor(rect.x), y = floor(rect.y)
        return PixelRect(x: x, y: y, width: rect.maxX - x, height: rect.maxY - y)
    }

    /// Lays out a text layer (cached in the layer between frames) and returns its ink box in device pixels.
    private func layOutText(_ string: String, style: TextStyle, node: RenderNode) throws -> PixelRect? {
        let t = node.toDevice
        var magnification = abs(t.determinant).squareRoot() / scale
        if !magnification.isFinite || magnification <= 0 { return nil }
        if abs(magnification - 1) < 1e-9 { magnification = 1 }
        let key = TextMetricsKey(text: string, style: style, scale: scale * magnification)
        let metrics: TextRenderer.Metrics
        if let cached = node.layer.textMetricsCache, cached.key == key {
            metrics = cached.metrics
        } else {
            metrics = try style.renderer(magnification: magnification).measure(string, scale: scale)
            node.layer.textMetricsCache = (key, metrics)
        }
        let bounds = node.layer.bounds
        let x: Double
        switch style.alignment {
        case .left: x = 0
        case .center: x = bounds.width / 2
        case .right: x = bounds.width
        }
        let anchor = t.apply(to: Point(x, bounds.height / 2))
        let baseline: Double
        switch style.verticalAlignment {
        case .center: baseline = anchor.y + (metrics.ascent - metrics.descent) / 2 * scale
        case .baseline: baseline = anchor.y
        }
        let origin = Point(anchor.x.rounded(), baseline.rounded())
        guard origin.isFinite else { return nil }
        node.text = (metrics, magnification, origin)
        let ink = Rect(x: origin.x + metrics.bounds.minX * scale, y: origin.y + metrics.bounds.minY * scale,
                       width: metrics.bounds.width * scale, height: metrics.bounds.height * scale)
        return PixelRect.enclosing(ink, margin: 1)
    }

    // MARK: Rendering

    /// Renders the painter's-order range `range` of the tree into each tile (the marked tiles of `grid`),
    /// starting from the background (`first`) or from the image as left by the previous pass.
    ///
    /// The pass first prepares, on the main actor, the buffer of every filter group it will composite
    /// (``TilePainter`` only composites them), then draws the tiles on the worker pool, one tile per job:
    /// each tile is drawn from scratch into a buffer of its own and copied into its own part of the
    /// image, so the tiles share nothing but read-only data and the image is the same for any worker
    /// count. Tiles that reach a custom-drawn layer (a main-actor closure) are drawn by the calling thread
    /// meanwhile.
    private func renderPass(_ tiles: [PixelRect], of grid: TileGrid, tree: RenderNode?, range: Range<Int>,
                            first: Bool, underlaySplit: Int = 0) throws {
        try RenderProfiler.measure(.blits) { () throws -> Void in
            var painter = TilePainter(scale: scale)
            painter.clipMasks = clipMasks
            painter.backdropOutputs = backdropOutputs
            if let tree { try prepareGroups(tree, range: range, grid: grid, painter: &painter) }

            // After a backdrop pass, a tile that no layer of the range can change is already final: skip it
            // rather than copy it out and back. Measured reason: a screen of four controls with a glass
            // button last re-rendered every damaged tile in the button's second pass (perf, `ui.screen.frame`).
            var reach: [PixelRect] = []
            if !first {
                for node in nodes[Swift.min(range.lowerBound, nodes.count)..<Swift.min(range.upperBound, nodes.count)] {
                    if let extent = node.damageExtent { reach.append(extent) }
                }
            }
            var onMain: [PixelRect] = []
            if let tree { collectMainActorExtents(tree, range: range, into: &onMain) }
            var mainTiles: [PixelRect] = [], workerTiles: [PixelRect] = []
            for rect in tiles {
                if !first, !reach.contains(where: { $0.intersects(rect) }) { continue }
                if onMain.contains(where: { $0.intersects(rect) }) { mainTiles.append(rect) } else { workerTiles.append(rect) }
            }

            let fill: PremultipliedRGBA8? = first ? background : nil
            let shared = painter
            // Each tile's kept underlay, and whether the layers beneath the split draw anything there (a
            // tile where they do not needs no underlay: it starts from the fill).
            let split = first && range.lowerBound == 0 && underlaySplit > 0 ? underlaySplit : 0
            var beneath: [PixelRect] = []
            if split > 0 {
                for node in nodes[..<Swift.min(split, nodes.count)] {
                    if let box = node.mode == .plain ? node.contentBox : node.extent { beneath.append(box) }
                }
            }
            let keptTiles = underlays.tiles
            func underlay(_ rect: PixelRect) -> TileUnderlay {
                guard split > 0, beneath.contains(where: { $0.intersects(rect) }) else { return TileUnderlay() }
                return TileUnderlay(split: split, kept: keptTiles[Underlays.Origin(x: rect.x, y: rect.y)])
            }
            let workerUnderlays = workerTiles.map(underlay), mainUnderlays = mainTiles.map(underlay)
            var results = [TileResult](repeating: TileResult(), count: workerTiles.count)
            var mainResult = TileResult()
            var mainKept: [(PixelRect, Pixmap)] = []
            // The pass draws into the image moved out of the property, so that a custom closure reading
            // `image` meanwhile (it sees an empty placeholder) does not overlap the pass's exclusive access.
            var screenImage = image
            image = Self.placeholder
            defer { image = screenImage }
            screenImage.withMutableView { screen in
                results.withUnsafeMutableBufferPointer { slots in
                    // Each job writes only its tile's pixels of the screen and its own result slot.
                    nonisolated(unsafe) let screen = screen, out = slots
                    let jobs = workerTiles
                    WorkerPool.shared.forEach(jobs.count, whileCallerRuns: {
                        for (rect, underlay) in zip(mainTiles, mainUnderlays) {
                            let result = Self.renderTile(rect, tree: tree, range: range, fill: fill, underlay: underlay,
                                                         painter: shared, screen: screen)
                            if let kept = result.kept { mainKept.append((rect, kept)) }
                            mainResult.merge(result)
                        }
                    }) { i in
                        out[i] = Self.renderTile(jobs[i], tree: tree, range: range, fill: fill, underlay: workerUnderlays[i],
                                                 painter: shared, screen: screen)
                    }
                }
            }
            statistics.addWork(of: painter.counts)
            for (rect, result) in zip(workerTiles, results) {
                if let kept = result.kept { mainKept.append((rect, kept)) }
                mainResult.merge(result)
            }
            for (rect, kept) in mainKept { underlays.tiles[Underlays.Origin(x: rect.x, y: rect.y)] = kept }
            statistics.addWork(of: mainResult.counts)
            if let error = mainResult.error { throw error }
        }
    }

    /// What a custom closure sees as `image` while a pass draws (1×1, transparent).
    private static let placeholder = try! Pixmap(width: 1, height: 1)

    /// What drawing some tiles did: the painters' counts and the first error.
    private struct TileResult: @unchecked Sendable {
        var counts = RenderStatistics()
        /// `@unchecked`: an error is handed from the worker that threw it to the main actor once the loop
        /// has finished, never shared meanwhile.
        var error: (any Error)?
        /// A tile's underlay drawn this frame, to keep.
        var kept: Pixmap?

        mutating func merge(_ other: TileResult) {
            counts.addWork(of: other.counts)
            if error == nil { error = other.error }
        }
    }

    /// A tile's underlay for a pass: the split (0: none) and the pixels kept from an earlier frame, if any.
    private struct TileUnderlay: Sendable {
        var split = 0
        var kept: Pixmap? = nil
    }

    /// Draws one tile from scratch (from `fill`, or from the screen's pixels when `fill` is `nil`) and
    /// copies it into the screen. With an underlay split, the layers beneath it are not drawn when their
    /// kept pixels are given; otherwise they are drawn first and their pixels returned to keep.
    private nonisolated static func renderTile(_ rect: PixelRect, tree: RenderNode?, range: Range<Int>,
                                               fill: PremultipliedRGBA8?, underlay: TileUnderlay = TileUnderlay(),
                                               painter: TilePainter, screen: MutablePixmapView) -> TileResult {
        var result = TileResult()
        do {
            var target: RenderTarget
            var remaining = range
            var painter = painter
            if let fill, underlay.split > range.lowerBound, underlay.split <= range.upperBound {
                remaining = underlay.split..<range.upperBound
                if let kept = underlay.kept {
                    // Drawing into it copies the kept pixels once (copy on write); the kept image stays.
                    target = RenderTarget(pixmap: kept, rect: rect)
                } else {
                    target = try RenderTarget(rect: rect, scale: painter.scale, fill: fill)
                    if let tree { try painter.draw(tree, into: &target, range: range.lowerBound..<underlay.split) }
                    result.kept = target.canvas.pixmap
                }
            } else if let fill {
                target = try RenderTarget(rect: rect, scale: painter.scale, fill: fill)
            } else {
                var pixels = try Pixmap(width: rect.width, height: rect.height, scale: painter.scale)
                pixels.withMutableView { $0.copy(from: screen.region(rect).readOnly) }
                target = RenderTarget(pixmap: pixels, rect: rect)
            }
            if let tree, !remaining.isEmpty { try painter.draw(tree, into: &target, range: remaining) }
            let pixels = target.canvas.pixmap
            pixels.withView { screen.region(rect).copy(from: $0) }
            result.counts = painter.counts
            result.counts.tiles = 1
            result.counts.pixels = rect.area
            result.counts.underlaysReused = fill != nil && underlay.kept != nil && remaining != range ? 1 : 0
        } catch {
            result.error = error
        }
        return result
    }

    /// Adds the device pixels whose tiles must be drawn on the calling thread in `range`: where a
    /// custom-drawn layer outside groups draws (a group's buffer is drawn before the tiles), and where a
    /// layer whose mask tree holds a custom closure or a backdrop effect is masked (masks are drawn per
    /// tile, and a backdrop in a mask runs in each tile). The boxes are the layers' own, not cut by the
    /// clips above them: a tile draws a layer whenever its box meets the tile, clipped away or not.
    private func collectMainActorExtents(_ node: RenderNode, range: Range<Int>, into rects: inout [PixelRect]) {
        if node.lastIndex < range.lowerBound || node.index >= range.upperBound { return }
        let reach = node.extent.union(node.contentBox)
        if let mask = node.mask, Self.needsMainActor(mask), let reach { rects.append(reach) }
        if node.mode == .group { return }
        if node.look.drawsOnMainActor, range.contains(node.index), let reach { rects.append(reach) }
        for child in node.children { collectMainActorExtents(child, range: range, into: &rects) }
    }

    /// Whether drawing the tree calls a main-actor closure or runs a backdrop effect.
    private static func needsMainActor(_ node: RenderNode) -> Bool {
        node.look.drawsOnMainActor || node.look.backdrop != nil || node.mask.map(needsMainActor) == true
            || node.children.contains(where: needsMainActor)
    }

    /// Prepares the buffer of every filter group in `range` whose extent meets a marked tile of `grid`
    /// (and of the groups inside the masks drawn there).
    private func prepareGroups(_ node: RenderNode, range: Range<Int>, grid: TileGrid, painter: inout TilePainter) throws {
        guard let extent = node.extent?.intersection(image.bounds), grid.anyMarked(in: extent) else { return }
        if node.lastIndex < range.lowerBound || node.index >= range.upperBound { return }
        if let mask = node.mask { try prepareAllGroups(mask, painter: &painter) }
        if node.mode == .group {
            guard range.contains(node.index) else { return }
            try prepareGroup(node, painter: &painter)
            return
        }
        for child in node.children { try prepareGroups(child, range: range, grid: grid, painter: &painter) }
    }

    /// Prepares every group in the subtree (drawn whole into a buffer or a mask, not tile by tile).
    private func prepareAllGroups(_ node: RenderNode, painter: inout TilePainter) throws {
        if let mask = node.mask { try prepareAllGroups(mask, painter: &painter) }
        if node.mode == .group {
            try prepareGroup(node, painter: &painter)
            return
        }
        for child in node.children { try prepareAllGroups(child, painter: &painter) }
    }

    /// Prepares one group's pixels: a mesh-warp group's unfiltered pixels and plan, any other group's
    /// filtered buffer (from the cache when nothing in it changed). The groups nested in it come first.
    private func prepareGroup(_ node: RenderNode, painter: inout TilePainter) throws {
        let id = ObjectIdentifier(node.layer)
        guard painter.groups[id] == nil else { return }
        if let warped = try warpedGroup(node, painter: &painter) {
            painter.groups[id] = warped
        } else if let (pixmap, rect) = try groupBuffer(node, painter: &painter) {
            painter.groups[id] = .filtered(pixmap, rect: rect)
        }
    }

    /// Reads the screen beneath a screen-level backdrop layer (all tiles under it are rendered up to it)
    /// and stores the effect's output for the tiles.
    ///
    /// With `stillBeneath` (nothing beneath the layer changed since the last frame, see ``renderFrame(_:)``)
    /// and the same reading area, the pixels read last frame are handed to the effect again: the tiles under
    /// it were redrawn from the same layers, so they hold the same bytes. Measured reason: the crop and the
    /// glass's byte comparison of the new crop with the last one took 4–5 % of an animating glass button's
    /// frame (perf, `ui.button.animating`); the same buffer compares equal at once.
    private func computeRootBackdrop(_ node: RenderNode, stillBeneath: Bool) throws {
        guard let effect = node.look.backdrop, let sample = node.sampleRect?.intersection(image.bounds) else { return }
        let id = ObjectIdentifier(node.layer)
        let backdrop: Pixmap
        if stillBeneath, let kept = keptBackdrops[id], kept.rect == sample {
            backdrop = kept.pixels
            statistics.backdropInputsReused += 1
        } else {
            backdrop = try image.cropped(to: sample)
            keptBackdrops[id] = (sample, backdrop)
        }
        var painter = TilePainter(scale: scale)
        painter.clipMasks = clipMasks
        backdropOutputs[node.index] = (sample, try painter.runBackdrop(effect, node: node, backdrop: backdrop, rect: sample))
        statistics.backdropsRendered += painter.counts.backdropsRendered
    }

    /// The filtered buffer of a filter group (or a group holding backdrop layers), from the cache when
    /// nothing in it changed; its content (and nested groups) drawn with `painter`.
    ///
    /// When only the group's own filters changed since the cached render (an animated filter over still
    /// content, such as a ripple's mesh), the group is not redrawn: its unfiltered pixels, kept from that
    /// render, are filtered anew. They are kept only once a filters-only change has been seen, so groups
    /// whose content changes every frame hold one buffer, not two. Measured reason: a full-screen ripple at
    /// 3× spent most of its frame redrawing the still card under the warp.
    private func groupBuffer(_ node: RenderNode, painter: inout TilePainter) throws -> (Pixmap, PixelRect)? {
        guard let rect = node.groupRect else { return nil }
        let id = ObjectIdentifier(node.layer)
        let layer = node.layer
        let previous = groupCache[id].flatMap { $0.toDevice == node.toDevice && $0.rect == rect ? $0 : nil }
        if let entry = previous, entry.stamp == layer.subtreeStamp, let pixmap = entry.pixmap {
            statistics.groupsReused += 1
            return (pixmap, rect)
        }
        var buffer: RenderTarget
        var unfiltered: Pixmap? = nil
        if let entry = previous, entry.unfilteredStamp == layer.unfilteredStamp {
            if let kept = entry.unfiltered {
                buffer = RenderTarget(pixmap: kept, rect: rect)
                statistics.groupsRefiltered += 1
            } else {
                buffer = try drawGroupContent(node, rect: rect, painter: &painter)
            }
            unfiltered = buffer.canvas.pixmap
        } else {
            buffer = try drawGroupContent(node, rect: rect, painter: &painter)
        }
        let filters = layer.filters
        for (i, filter) in filters.enumerated() {
            let mask = i < node.filterMasks.count ? node.filterMasks[i] : nil
            if let mask { try prepareAllGroups(mask, painter: &painter) }
            try apply(filter, to: &buffer, node: node, mask: mask, painter: &painter)
        }
        let pixmap = buffer.canvas.pixmap
        groupCache[id] = GroupCacheEntry(stamp: layer.subtreeStamp, unfilteredStamp: layer.unfilteredStamp,
                                         toDevice: node.toDevice, rect: rect, pixmap: pixmap, unfiltered: unfiltered)
        return (pixmap, rect)
    }

    /// The group's subtree drawn unfiltered into a new buffer covering `rect` (its nested groups first).
    private func drawGroupContent(_ node: RenderNode, rect: PixelRect, painter: inout TilePainter) throws -> RenderTarget {
        for child in node.children { try prepareAllGroups(child, painter: &painter) }
        var buffer = try RenderTarget(rect: rect, scale: scale)
        try painter.drawPlain(node, into: &buffer, range: nil, backdrop: false)
        statistics.groupsRendered += 1
        return buffer
    }

    /// For a group whose only filter is a mesh warp: its unfiltered pixels (kept while its content does
    /// not change) and the laid-out mesh (kept while nothing in the subtree changes), from which the tiles
    /// warp just their part (``TilePainter``). `nil` for any other group, or a warp without a usable box.
    private func warpedGroup(_ node: RenderNode, painter: inout TilePainter) throws -> TilePainter.GroupPixels? {
        let layer = node.layer
        guard layer.filters.count == 1, case .meshWarp(let mesh) = layer.filters[0], let rect = node.groupRect else {
            return nil
        }
        let box = node.toDevice.apply(to: layer.bounds)
        guard box.isFinite, box.width > 0, box.height > 0 else { return nil }
        let id = ObjectIdentifier(layer)
        var entry: GroupCacheEntry
        if let kept = groupCache[id], kept.toDevice == node.toDevice, kept.rect == rect,
           kept.unfilteredStamp == layer.unfilteredStamp, kept.unfiltered != nil {
            entry = kept
        } else {
            let buffer = try drawGroupContent(node, rect: rect, painter: &painter)
            entry = GroupCacheEntry(stamp: 0, unfilteredStamp: layer.unfilteredStamp, toDevice: node.toDevice,
                                    rect: rect, pixmap: nil, unfiltered: buffer.canvas.pixmap)
        }
        if entry.plan == nil || entry.planStamp != layer.subtreeStamp {
            let origin = Vector2(box.minX - Double(rect.x), box.minY - Double(rect.y))
            let stretch = Vector2(box.width / mesh.size.width, box.height / mesh.size.height)
            entry.plan = try MeshWarpPlan(mesh: mesh, origin: origin, scale: stretch, width: rect.width, height: rect.height)
            entry.planStamp = layer.subtreeStamp
            entry.stamp = 0
            entry.pixmap = nil
            statistics.groupsRefiltered += 1
            groupCache[id] = entry
        } else {
            statistics.groupsReused += 1
        }
        guard let plan = entry.plan, let unfiltered = entry.unfiltered else { return nil }
        return .warped(plan: plan, unfiltered: unfiltered, rect: rect)
    }

    private func apply(_ filter: LayerFilter, to target: inout RenderTarget, node: RenderNode, mask: RenderNode?,
                       painter: inout TilePainter) throws {
        let workspace = self.workspace
        switch filter {
        case .blur(let sigma):
            let blur = try GaussianBlur(sigma: sigma * scale, edgeMode: .transparent)
            target.canvas.pixmap.withMutableView { blur.apply(to: $0, workspace: workspace) }
        case .alphaThreshold(let threshold, let color, let softEdge):
            let step = try AlphaThreshold(threshold: threshold, edgeWidth: softEdge, color: color)
            target.canvas.pixmap.withMutableView { step.apply(to: $0) }
        case .gooColorMatrix:
            target.canvas.pixmap.withMutableView { ColorMatrix.goo.apply(to: $0) }
        case .colorMatrix(let matrix):
            target.canvas.pixmap.withMutableView { matrix.apply(to: $0) }
        case .saturation(let amount):
            let matrix = try ColorMatrix.saturation(amount)
            target.canvas.pixmap.withMutableView { matrix.apply(to: $0) }
        case .meshWarp(let mesh):
            let box = node.toDevice.apply(to: node.layer.bounds)
            guard box.isFinite, box.width > 0, box.height > 0 else { return }
            let origin = Vector2(box.minX - Double(target.rect.x), box.minY - Double(target.rect.y))
            let stretch = Vector2(box.width / mesh.size.width, box.height / mesh.size.height)
            try MeshWarp.warp(&target.canvas.pixmap, through: mesh, origin: origin, scale: stretch)
        case .variableBlur(let sigma, let source):
            let blur = try VariableBlur(maximumSigma: sigma * scale, edgeMode: .transparent)
            var strength = try RenderTarget(rect: target.rect, scale: scale)
            switch source {
            case .layer:
                if let mask { try painter.draw(mask, into: &strength, range: nil) }
            case .linearGradient(let from, let to):
                strength.setTransform(node.toDevice)
                let gradient = try Gradient(stops: [GradientStop(0, RGBA(red: 0, green: 0, blue: 0, alpha: 0)),
                                                    GradientStop(1, .black)])
                if let inverse = strength.canvas.deviceTransform.inverted() {
                    let all = Rect(x: 0, y: 0, width: Double(target.rect.width), height: Double(target.rect.height))
                    strength.canvas.fill(Path(rect: inverse.apply(to: all)),
                                         paint: .linearGradient(LinearGradient(start: from, end: to, gradient: gradient)))
                }
            }
            let strengthPixels = strength.canvas.pixmap
            try target.canvas.pixmap.withMutableView { view in
                try strengthPixels.withView { maskView in
                    try blur.apply(to: view, mask: CoverageMask.alpha(of: maskView), workspace: workspace)
                }
            }
        }
    }
}
