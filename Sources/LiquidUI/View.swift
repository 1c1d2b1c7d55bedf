import LiquidGeometry
import LiquidRaster
import Observation

/// A rectangle of the interface: it owns a ``Layer``, has subviews, reads its model in three passes and
/// receives touches.
///
/// ## Passes and observation
/// A view draws its state from its model in three overridable passes, run once per frame by the
/// ``UIRunLoop`` in this order, each top-down over the tree (parents before children):
/// 1. ``updateProperties()`` — read the model, set layer and view properties (colours, text, content);
/// 2. ``layout()`` — position subviews and sublayers;
/// 3. display — for views whose ``drawsContent`` is `true`, install ``draw(in:rect:)`` as the layer's
///    custom content so the compositor redraws it.
///
/// Every pass runs inside `withObservationTracking`: reading a property of an `@Observable` model during
/// a pass registers it, and a later change to that property marks exactly that pass of exactly that view
/// as needed — a change to a property that only `updateProperties()` read re-runs `updateProperties()`
/// and neither `layout()` nor `draw`. Passes can also be requested by hand with
/// ``setNeedsUpdateProperties()``, ``setNeedsLayout()`` and ``setNeedsDisplay()`` and run at once with
/// ``updatePropertiesIfNeeded()``, ``layoutIfNeeded()`` and ``displayIfNeeded()``. A new view needs all
/// three passes.
///
/// ## Threading
/// `View` is confined to the main actor, like everything the run loop mutates. Observation reports a
/// change synchronously inside the model's setter (before the new value is stored), on the thread that
/// changes it; the view's observer only sets a thread-safe flag, and the pass re-runs at the next frame
/// (or `…IfNeeded` call), on the main actor, when the new value is in place. Mutating observed models
/// on the main actor is exact; mutating them elsewhere is safe but may show a value one change late.
///
/// ## Coordinates
/// ``frame`` is the view's untransformed rectangle in its superview's coordinates (the root view's
/// superview is the window); ``transform`` applies about the frame's centre. ``bounds`` is the view's own
/// coordinate space, `(0, 0, width, height)`. Touch locations are in window points.
@MainActor
open class View {
    /// The layer that renders this view; subviews' layers are its sublayers, in subview order.
    public let layer: Layer

    /// The view's rectangle in its superview's coordinates (before ``View/transform``), in points.
    ///
    /// Mirrored to ``Layer/frame``. A change of size requests ``layout()`` (and a redraw when the view
    /// ``View/drawsContent``).
    public var frame: Rect {
        didSet { frameDidChange(from: oldValue) }
    }

    /// A transform about the frame's centre; mirrored to ``Layer/transform``. Hit testing and coordinate
    /// conversion honour it.
    public var transform: AffineTransform = .identity {
        didSet { layer.transform = transform }
    }

    /// A hidden view is not drawn and not hit; mirrored to ``Layer/isHidden``.
    public var isHidden = false {
        didSet { layer.isHidden = isHidden }
    }

    /// When `false`, ``hitTest(_:)`` ignores this view and its subviews.
    public var isUserInteractionEnabled = true

    /// The subviews, back to front.
    public private(set) var subviews: [View] = []

    /// The view this one is a subview of, if any.
    public private(set) weak var superview: View?

    /// The gesture recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// Set on the root view by the ``UIRunLoop`` that hosts it.
    weak var hostingRunLoop: UIRunLoop?

    var updatePropertiesState = PassState()
    var layoutState = PassState()
    var displayState = PassState()

    /// Creates a view with a new, empty layer (named after the view's type, for traces).
    public init(frame: Rect = .zero) {
        layer = Layer(frame: frame)
        self.frame = frame
        layer.name = String(describing: type(of: self))
    }

    // MARK: - Overridable passes

    /// Reads the model and sets layer and view properties. Called by the update-properties pass; never
    /// call it directly (use ``View/setNeedsUpdateProperties()``). The default does nothing.
    open func updateProperties() {}

    /// Positions subviews and sublayers. Called by the layout pass; never call it directly (use
    /// ``View/setNeedsLayout()``). The default does nothing.
    open func layout() {}

    /// Draws custom content into `canvas`, whose user space is this view's ``bounds``; `rect` is the part
    /// that must be redrawn. Called by the compositor, through the content that the display pass installs,
    /// only when ``drawsContent`` is `true`. The default does nothing.
    open func draw(in canvas: inout Canvas, rect: Rect) {}

    /// Whether the display pass installs ``draw(in:rect:)`` as the layer's content. Override to return
    /// `true` in views that draw; leave `false` in views that set their layer's content themselves (the
    /// display pass then never touches the layer). Default `false`.
    open var drawsContent: Bool { false }

    /// Called after the view was added to or removed from a superview. The default does nothing.
    open func didMoveToSuperview() {}

    // MARK: - Touches

    /// A touch that began on this view (the hit-test target). Later phases of the same touch come here
    /// too, wherever the finger moves, unless a gesture recognizer takes the touch over (then the view
    /// gets ``touchCancelled(_:)`` instead). Locations are in window points. The defaults do nothing.
    open func touchBegan(_ touch: Touch) {}
    /// The tracked touch moved (see ``touchBegan(_:)``).
    open func touchMoved(_ touch: Touch) {}
    /// The tracked touch lifted (see ``touchBegan(_:)``).
    open func touchEnded(_ touch: Touch) {}
    /// The tracked touch was cancelled by the system or taken over by a gesture recognizer.
    open func touchCancelled(_ touch: Touch) {}

    // MARK: - Hit testing

    /// The deepest visible, interactive descendant (or this view) containing `location`, given in this
    /// view's ``View/bounds`` coordinates; `nil` if none.
    ///
    /// A view that is hidden, has ``View/isUserInteractionEnabled`` `false`, or does not contain the point
    /// (``View/point(inside:)``) is skipped together with its subviews. Subviews are tried front to back
    /// (last added first), each with the point mapped through its frame and transform; a subview whose
    /// transform cannot be inverted is skipped.
    open func hitTest(_ location: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, point(inside: location) else { return nil }
        for subview in subviews.reversed() {
            guard let toSubview = subview.transformToSuperview.inverted() else { continue }
            if let hit = subview.hitTest(toSubview.apply(to: location)) { return hit }
        }
        return self
    }

    /// Whether `location` (in ``View/bounds`` coordinates) counts as inside the view; the default tests the
    /// half-open ``View/bounds``. Override to enlarge or shape the touch area.
    open func point(inside location: Point) -> Bool {
        bounds.contains(location)
    }

    // MARK: - Hierarchy

    /// The view's own coordinate space: `(0, 0, frame.width, frame.height)`.
    public var bounds: Rect {
        Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    }

    /// The run loop hosting this view's tree (found through the root view), if any.
    public var runLoop: UIRunLoop? {
        var top = self
        while let parent = top.superview { top = parent }
        return top.hostingRunLoop
    }

    /// Adds `view` in front of the other subviews (moving it there if it already is a subview).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` into ``subviews`` at `index` (clamped to the valid range), removing it from its
    /// current superview first.
    ///
    /// Its layer goes just below the layer of the subview it is inserted before, or on top of all
    /// sublayers when it becomes the front subview, so subview layers keep the subviews' order while
    /// sublayers the view manages itself stay where they are. Inserting this view or one of its
    /// ancestors (which would make a cycle) does nothing.
    public func insertSubview(_ view: View, at index: Int) {
        guard !isDescendant(of: view) else { return }
        view.detachFromSuperview()
        let position = Swift.min(Swift.max(index, 0), subviews.count)
        if position < subviews.count,
            let below = layer.sublayers.firstIndex(where: { $0 === subviews[position].layer })
        {
            layer.insertSublayer(view.layer, at: below)
        } else {
            layer.addSublayer(view.layer)
        }
        subviews.insert(view, at: position)
        view.superview = self
        view.didMoveToSuperview()
    }

    /// Removes the view from its superview (and its layer from the superlayer); does nothing without a
    /// superview.
    public func removeFromSuperview() {
        guard superview != nil else { return }
        detachFromSuperview()
        didMoveToSuperview()
    }

    /// Whether this view is `view` or lies inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
    }

    // MARK: - Gesture recognizers

    /// Attaches `recognizer` (detaching it from any other view first). Touches that begin on this view or
    /// its descendants are delivered to it.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; a gesture in progress is cancelled (or fails if not yet recognized).
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.abandon()
        recognizer.view = nil
    }

    // MARK: - Run-loop services

    /// Records `event` in the hosting run loop's ``UIRunLoop/haptics`` at its current time.
    ///
    /// - Returns: `false` (and records nothing) when the view is not in a run loop's tree.
    @discardableResult
    public func playHaptic(_ event: HapticEvent) -> Bool {
        guard let loop = runLoop else { return false }
        loop.haptics.record(event, at: loop.currentTime)
        return true
    }

    /// Registers `body` to run once per frame of the hosting run loop, before the view passes, with the
    /// frame's time and duration in seconds, until it returns `false` (a settled spring, say). Callbacks
    /// run in the order they were added; one added during a frame first runs on the next frame.
    ///
    /// - Returns: `false` (and registers nothing) when the view is not in a run loop's tree.
    @discardableResult
    public func addAnimation(_ body: @escaping @MainActor (_ time: Double, _ delta: Double) -> Bool) -> Bool {
        guard let loop = runLoop else { return false }
        loop.animations.add(body)
        return true
    }

    private func frameDidChange(from old: Rect) {
        layer.frame = frame
        if old.size != frame.size {
            setNeedsLayout()
            if drawsContent { setNeedsDisplay() }
        }
    }
}
