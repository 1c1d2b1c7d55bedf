import LiquidGeometry

/// A view that tracks a touch and reports what the finger does as ``ControlEvent``s — the base of
/// buttons, switches, sliders (WWDC18's calculator button: highlight on touch down, drag outside to
/// cancel, back in to re-arm).
///
/// Tracking, for the touch that began on the control (one at a time):
/// - touch down: ``beginTracking(_:)`` decides; if it agrees, the control is tracking and highlighted and
///   sends ``ControlEvent/touchDown``.
/// - move: the touch is inside when it lies within the bounds grown by ``dragMargin`` on every side
///   (70 pt by default, like UIKit's). Crossing that boundary sends ``ControlEvent/dragExit`` or
///   ``ControlEvent/dragEnter`` and sets ``isHighlighted`` to match; otherwise ``ControlEvent/dragInside``
///   or ``ControlEvent/dragOutside``. Then ``continueTracking(_:)`` may stop tracking (no further
///   events for that touch).
/// - lift: tracking and highlight end, ``endTracking(_:)`` runs, then ``ControlEvent/touchUpInside`` or
///   ``ControlEvent/touchUpOutside`` is sent by the same boundary test.
/// - cancel (by the system, or by a gesture recognizer taking the touch over, or by disabling the
///   control): tracking and highlight end, ``cancelTracking(_:)`` runs, then ``ControlEvent/cancel`` is sent.
///
/// Changes of ``isHighlighted`` and ``isEnabled`` request `updateProperties()`, so a subclass reflects
/// them there. Subclasses send ``ControlEvent/valueChanged`` with ``sendActions(for:)``.
@MainActor
open class Control: View {
    /// Called with the single event being sent.
    public typealias Handler = @MainActor (ControlEvent) -> Void

    /// A disabled control does not track; disabling it mid-touch cancels the tracking.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled, let touch = trackedTouch { cancel(touch) }
            setNeedsUpdateProperties()
        }
    }

    /// Whether a touch is being tracked.
    public private(set) var isTracking = false

    /// Whether the control shows its pressed look: while tracking with the touch inside.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsUpdateProperties() } }
    }

    /// Whether the tracked (or last tracked) touch is inside the tracking boundary.
    public private(set) var isTouchInside = false

    /// How far, in points, beyond its bounds a touch still counts as inside (default 70). Negative values
    /// shrink the boundary.
    public var dragMargin = 70.0

    private var trackedTouch: Touch?
    private var handlers: [(id: Int, events: ControlEvent, body: Handler)] = []
    private var nextHandlerID = 0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    // MARK: - Actions

    /// Registers `handler` for `events`; returns an id for ``removeAction(_:)``.
    @discardableResult
    public func addAction(for events: ControlEvent, _ handler: @escaping Handler) -> Int {
        defer { nextHandlerID += 1 }
        handlers.append((nextHandlerID, events, handler))
        return nextHandlerID
    }

    /// Unregisters the handler with `id`.
    public func removeAction(_ id: Int) {
        handlers.removeAll { $0.id == id }
    }

    /// Sends each event in `events` (in declaration order) to the handlers registered for it, in the order
    /// they were added.
    public func sendActions(for events: ControlEvent) {
        for bit in 0..<32 {
            let event = ControlEvent(rawValue: 1 << UInt32(bit))
            guard events.contains(event) else { continue }
            for handler in handlers where handler.events.contains(event) {
                handler.body(event)
            }
        }
    }

    /// Whether `touch` lies inside the tracking boundary (the bounds grown by ``dragMargin``).
    public func isInsideTrackingBoundary(_ touch: Touch) -> Bool {
        let local = convert(touch.location, from: nil)
        return bounds.insetBy(dx: -dragMargin, dy: -dragMargin).contains(local)
    }

    // MARK: - Tracking hooks

    /// Whether to track a touch that went down on the control. Default `true`.
    open func beginTracking(_ touch: Touch) -> Bool { true }
    /// Called for each move while tracking (after the drag events); return `false` to stop tracking.
    /// Default `true`.
    open func continueTracking(_ touch: Touch) -> Bool { true }
    /// The tracked touch lifted (called before the touch-up event is sent).
    open func endTracking(_ touch: Touch) {}
    /// The tracked touch was cancelled (called before ``ControlEvent/cancel`` is sent).
    open func cancelTracking(_ touch: Touch) {}

    // MARK: - Touches

    open override func touchBegan(_ touch: Touch) {
        guard isEnabled, trackedTouch == nil, beginTracking(touch) else { return }
        trackedTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    open override func touchMoved(_ touch: Touch) {
        guard touch.id == trackedTouch?.id else { return }
        trackedTouch = touch
        let inside = isInsideTrackingBoundary(touch)
        let crossed = inside != isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if crossed {
            sendActions(for: inside ? .dragEnter : .dragExit)
        } else {
            sendActions(for: inside ? .dragInside : .dragOutside)
        }
        if isTracking, !continueTracking(touch) {
            stopTracking()
        }
    }

    open override func touchEnded(_ touch: Touch) {
        guard touch.id == trackedTouch?.id else { return }
        isTouchInside = isInsideTrackingBoundary(touch)
        stopTracking()
        endTracking(touch)
        sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside)
    }

    open override func touchCancelled(_ touch: Touch) {
        guard touch.id == trackedTouch?.id else { return }
        cancel(touch)
    }

    private func cancel(_ touch: Touch) {
        stopTracking()
        cancelTracking(touch)
        sendActions(for: .cancel)
    }

    private func stopTracking() {
        trackedTouch = nil
        isTracking = false
        isHighlighted = false
    }
}
