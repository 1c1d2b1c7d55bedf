import LiquidGeometry
import LiquidRaster

/// A node of the retained layer tree: a rectangle in its superlayer's coordinates with content, sublayers
/// and the properties that say how the subtree reaches the screen (transform, opacity, blend mode, clip,
/// mask, group filters, a backdrop effect). A ``Compositor`` turns a tree of layers into pixels.
///
/// Coordinates: a layer's own (local) space runs from (0, 0) to `frame.size`, in points; sublayer frames
/// are given in it. ``transform`` applies about ``anchorPoint`` (by default the centre of the frame), so a
/// scale grows the layer in place and a rotation spins it around its middle.
///
/// Drawing order (painter's order, back to front): the backdrop effect, the ``backgroundColor``, the
/// ``content``, then the sublayers in array order. ``clipsToBounds`` clips all of them to the bounds
/// (rounded by ``cornerRadii``). ``opacity`` below 1, a ``blendMode`` other than `.normal`, a ``mask`` or
/// ``rendersAsGroup`` make the layer and its sublayers one group, composited as a whole; ``filters`` also
/// group them and filter the group.
///
/// Change tracking: every setter that changes what would be drawn stamps the layer with a new change
/// stamp and propagates it to the root (O(depth)); setting a property to its current value records
/// nothing (content, filters and backdrop, which cannot be compared, always record). A compositor
/// compares these stamps with the ones it saw last time, so an untouched tree costs one comparison.
/// After mutating state that a custom drawing closure or a backdrop effect reads, call
/// ``setNeedsDisplay()``.
///
/// Guarantees: the tree never has a cycle (adding an ancestor as a sublayer is a precondition failure); a
/// layer has at most one superlayer, and is either in a tree or used as a mask, never both.
@MainActor
public final class Layer {
    /// The frame in the superlayer's coordinates, in points. A non-finite frame draws nothing.
    public var frame: Rect {
        didSet { if frame != oldValue { markChanged(); animatableDidChange(from: .frame(oldValue)) } }
    }

    /// Applied about ``anchorPoint``. Identity by default.
    public var transform: AffineTransform = .identity {
        didSet { if transform != oldValue { markChanged(); animatableDidChange(from: .transform(oldValue)) } }
    }

    /// The point ``transform`` applies about, in unit coordinates of the bounds: (0.5, 0.5) is the centre
    /// (the default), (0, 0) the top-left corner — then the transform acts on local coordinates exactly
    /// as given, as a drawing transform would.
    public var anchorPoint = Point(0.5, 0.5) {
        didSet { if anchorPoint != oldValue { markChanged(); animatableDidChange(from: .anchorPoint(oldValue)) } }
    }

    /// 0…1 (values outside are clamped when rendering; NaN counts as 0). A layer at 0 draws nothing.
    public var opacity: Double = 1 {
        didSet {
            if opacity != oldValue && !(opacity.isNaN && oldValue.isNaN) {
                markChanged()
                animatableDidChange(from: .opacity(oldValue))
            }
        }
    }

    /// How the layer (as one group, with its sublayers) combines with what is beneath it. Non-normal modes
    /// act only over the layer's drawn extent: pixels outside it are never touched.
    public var blendMode: BlendMode = .normal {
        didSet { if blendMode != oldValue { markChanged() } }
    }

    /// Renders the layer and its sublayers as one group even at full opacity and the normal blend mode
    /// (CSS `isolation: isolate`): the group is drawn into a transparent buffer and composited as a whole,
    /// and backdrop effects inside it read only what the group drew beneath them, not the screen.
    /// Off by default.
    public var rendersAsGroup = false {
        didSet { if rendersAsGroup != oldValue { markChanged() } }
    }

    /// A hidden layer and its sublayers draw nothing.
    public var isHidden = false {
        didSet { if isHidden != oldValue { markChanged() } }
    }

    /// Clips the layer's own drawing and its sublayers to its bounds, rounded by ``cornerRadii``.
    public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { markChanged() } }
    }

    /// Corner radii (points) of the bounds shape: used by ``clipsToBounds``, ``backgroundColor`` and the
    /// shape handed to a `backdrop` effect.
    public var cornerRadii: CornerRadii = .zero {
        didSet { if cornerRadii != oldValue { markChanged(); animatableDidChange(from: .cornerRadii(oldValue)) } }
    }

    /// Circular or continuous corners for the bounds shape.
    public var cornerStyle: CornerStyle = .circular {
        didSet { if cornerStyle != oldValue { markChanged() } }
    }

    /// Fills the bounds shape (bounds rounded by ``cornerRadii``) beneath the content, when set.
    public var backgroundColor: RGBA? {
        didSet { if backgroundColor != oldValue { markChanged(); animatableDidChange(from: .backgroundColor(oldValue)) } }
    }

    /// A layer whose alpha masks this one (and its sublayers). Its frame is in this layer's local
    /// coordinates. A mask layer must not be in a tree; setting it takes it from any layer it masked before.
    public var mask: Layer? {
        didSet {
            guard mask !== oldValue else { return }
            if let oldValue, oldValue.owner === self { oldValue.owner = nil }
            if let mask { adopt(mask) }
            markChanged()
        }
    }

    /// What the layer draws itself (beneath its sublayers).
    public var content: LayerContent = .none {
        didSet { markChanged() }
    }

    /// Filters applied, in order, to the layer and its sublayers rendered together (a group).
    public var filters: [LayerFilter] = [] {
        didSet {
            for layer in oldValue.compactMap(\.maskLayer) where layer.owner === self { layer.owner = nil }
            for layer in filters.compactMap(\.maskLayer) { adopt(layer) }
            markFiltersChanged()
            animatableDidChange(from: .filters(oldValue))
        }
    }

    /// An effect drawn from the pixels beneath the layer (glass, frosted backgrounds), under its content.
    package var backdrop: (any BackdropEffect)? {
        didSet { markChanged() }
    }

    /// The animation moving each animated property, if any (see ``View/animate(_:delay:_:completion:)``).
    package var animationTracks: [AnimatableProperty: PropertyTrack] = [:]

    /// Set on the root layer by the ``UIRunLoop`` that hosts its tree.
    package weak var hostedBy: UIRunLoop?

    /// The run loop hosting the tree this layer is in (through superlayers and, for masks, the layer they
    /// mask), if any.
    package var hostingRunLoop: UIRunLoop? {
        var top = self
        while let next = top.superlayer ?? top.owner { top = next }
        return top.hostedBy
    }

    /// A name for debugging; changing it records nothing.
    public var name: String?

    /// The sublayers, back to front.
    public private(set) var sublayers: [Layer] = []

    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?

    /// The layer that uses this one as its mask or as a filter's mask.
    weak var owner: Layer?

    /// Stamp of the last change to this layer's own properties (or its mask's subtree).
    private(set) var changeStamp: UInt64
    /// Stamp of the last change anywhere in this layer's subtree, itself and masks included.
    private(set) var subtreeStamp: UInt64
    /// Stamp of the last change anywhere in this layer's subtree other than to this layer's own
    /// ``filters``: while it stays, the subtree drawn before the filters is the same.
    private(set) var unfilteredStamp: UInt64
    /// Stamp of the last ``setNeedsDisplay(in:)``.
    private(set) var displayStamp: UInt64 = 0
    /// The parts redrawn by ``setNeedsDisplay(in:)`` since ``displayRectsSince`` (local points).
    private(set) var displayRects: [Rect] = []
    /// The stamp from which ``displayRects`` holds every partial redraw.
    private(set) var displayRectsSince: UInt64 = 0
    /// Text measurement cached between frames: (text, style, pixel scale) → metrics.
    var textMetricsCache: (key: TextMetricsKey, metrics: TextRenderer.Metrics)?

    /// The global change clock: every recorded change takes the next value.
    private static var clock: UInt64 = 0

    /// The current value of the change clock (the stamp of the latest change anywhere).
    static var currentStamp: UInt64 { clock }

    /// A layer with `frame` and nothing else.
    public init(frame: Rect = .zero) {
        self.frame = frame
        Layer.clock &+= 1
        changeStamp = Layer.clock
        subtreeStamp = Layer.clock
        unfilteredStamp = Layer.clock
    }

    /// The layer's own coordinate space: origin zero, the frame's size.
    public var bounds: Rect { Rect(x: 0, y: 0, width: abs(frame.size.width), height: abs(frame.size.height)) }

    // MARK: Tree

    /// Appends `layer` on top of the other sublayers, taking it from its previous superlayer.
    /// - Precondition: `layer` is not this layer or one of its ancestors, and is not used as a mask.
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (0 is the back), taking it from its previous superlayer; the index is
    /// clamped to the valid range (counted after the removal).
    /// - Precondition: `layer` is not this layer or one of its ancestors, and is not used as a mask.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        var ancestor: Layer? = self
        while let a = ancestor {
            precondition(a !== layer, "adding a layer to itself or to one of its descendants would make a cycle")
            ancestor = a.superlayer ?? a.owner
        }
        precondition(layer.owner == nil, "a layer used as a mask cannot also be a sublayer")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: Swift.min(Swift.max(index, 0), sublayers.count))
        layer.superlayer = self
        layer.markChanged()
        #if LIQUIDKIT_INTERNAL_CHECKS
        InternalChecks.verifyTree(containing: self)
        #endif
    }

    /// Removes the layer from its superlayer (does nothing if it has none).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
        parent.markSubtreeChanged()
        markChanged()
        #if LIQUIDKIT_INTERNAL_CHECKS
        InternalChecks.verifyTree(containing: parent)
        InternalChecks.verifyTree(containing: self)
        #endif
    }

    /// Removes every sublayer.
    public func removeAllSublayers() {
        for layer in sublayers { layer.removeFromSuperlayer() }
    }

    /// Records that what the layer draws changed although no property did (a custom drawing closure or a
    /// backdrop effect reads state that changed).
    public func setNeedsDisplay() { markChanged() }

    /// Records that only the part `rect` (local points) of what the layer draws changed: the next render
    /// redraws the screen pixels under `rect` (its device box, through the clips above) instead of the
    /// whole layer. A custom drawing closure must then draw the same pixels everywhere outside `rect` as
    /// before. An empty rect records nothing; a non-finite one counts as ``setNeedsDisplay()``.
    ///
    /// Rects are kept until a compositor renders them (at most ``maximumDisplayRects``: beyond that they
    /// merge into their bounding box). A compositor that did not see them all (another one rendered them
    /// first) redraws the whole layer.
    public func setNeedsDisplay(in rect: Rect) {
        guard rect.isFinite else { markChanged(); return }
        guard rect.width > 0, rect.height > 0 else { return }
        if displayRects.count >= Self.maximumDisplayRects {
            let all = displayRects.reduce(rect) { $0.union($1) }
            displayRects = [all]
        } else {
            displayRects.append(rect)
        }
        Layer.clock &+= 1
        displayStamp = Layer.clock
        propagate(Layer.clock)
    }

    /// Records that the state of the layer's ``LayerContent/drawing(_:)`` changed: the next render asks the
    /// drawing to update and redraws only the part it reports changed (nothing else of the layer).
    public func setNeedsDrawingUpdate() {
        Layer.clock &+= 1
        displayStamp = Layer.clock
        propagate(Layer.clock)
    }

    /// The most rects ``setNeedsDisplay(in:)`` keeps apart before merging them.
    package static let maximumDisplayRects = 16

    /// Forgets the rects of ``setNeedsDisplay(in:)`` recorded up to `stamp` (a compositor rendered them):
    /// later compositors that had not rendered since before `stamp` redraw the whole layer.
    func consumeDisplayRects(upTo stamp: UInt64) {
        guard !displayRects.isEmpty, displayStamp <= stamp else { return }
        displayRects.removeAll(keepingCapacity: true)
        displayRectsSince = stamp
    }

    // MARK: Change stamps

    private func adopt(_ layer: Layer) {
        precondition(layer.superlayer == nil, "a mask layer must not be in a layer tree")
        precondition(layer !== self, "a layer cannot mask itself")
        if let previous = layer.owner, previous !== self {
            if previous.mask === layer { previous.mask = nil }
        }
        layer.owner = self
    }

    /// Stamps this layer as changed and propagates the stamp to the root. A change inside a mask counts as
    /// a change of the masked layer itself.
    func markChanged() {
        Layer.clock &+= 1
        changeStamp = Layer.clock
        propagate(Layer.clock)
    }

    /// Stamps this layer as changed by a new ``filters`` value: as ``markChanged()``, except that its own
    /// ``unfilteredStamp`` stays (its ancestors' moves, as their unfiltered drawing includes this group).
    private func markFiltersChanged() {
        Layer.clock &+= 1
        changeStamp = Layer.clock
        propagate(Layer.clock, keepingOwnUnfiltered: true)
    }

    /// Propagates a new stamp to the root without changing this layer's own stamp (a sublayer left).
    func markSubtreeChanged() {
        Layer.clock &+= 1
        propagate(Layer.clock)
    }

    private func propagate(_ stamp: UInt64, keepingOwnUnfiltered: Bool = false) {
        var layer: Layer? = self
        while let l = layer {
            l.subtreeStamp = stamp
            if !(keepingOwnUnfiltered && l === self) { l.unfilteredStamp = stamp }
            if let owner = l.owner {
                owner.changeStamp = stamp
                layer = owner
            } else {
                layer = l.superlayer
            }
        }
    }

    /// The transform from this layer's local space (points) to its superlayer's: the frame's offset, and
    /// ``transform`` about ``anchorPoint``.
    package var localToSuperlayer: AffineTransform {
        let w = abs(frame.size.width), h = abs(frame.size.height)
        let cx = w * anchorPoint.x, cy = h * anchorPoint.y
        let toCentre = AffineTransform(translationX: -cx, y: -cy)
        let back = AffineTransform(translationX: frame.minX + cx, y: frame.minY + cy)
        if transform.isIdentity { return AffineTransform(translationX: frame.minX, y: frame.minY) }
        return toCentre.concatenating(transform).concatenating(back)
    }
}

/// What identifies a cached text measurement.
struct TextMetricsKey: Hashable {
    var text: String
    var style: TextStyle
    var scale: Double
}
