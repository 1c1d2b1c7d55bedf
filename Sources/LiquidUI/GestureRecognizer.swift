import LiquidGeometry

/// Recognizes a gesture from the touches that begin on its view (or the view's descendants), as a state
/// machine (``GestureRecognizerState``), and tells its actions about every step.
///
/// The ``UIRunLoop`` delivers each touch to the recognizers of the hit view and its ancestors before the
/// view itself, and ticks recognizers that track a touch with the frame time, so gestures defined
/// by time passing without touches (a long press, a tap timing out) resolve on time. Before a touch
/// sample is handled, time advances to its timestamp.
///
/// Rules every recognizer follows:
/// - One touch at a time: the first touch that begins while the recognizer is idle is tracked; other
///   touches are ignored until it ends. (``RotationGestureRecognizer`` alone tracks two.)
/// - Transitions follow the state machine of ``GestureRecognizerState``; actions run after each transition
///   except into ``GestureRecognizerState/failed``.
/// - A final state (ended, cancelled, failed) stays visible until the next touch begins, which resets the
///   recognizer to ``GestureRecognizerState/possible``.
/// - When a recognizer with ``cancelsTouchesInView`` recognizes (began, or recognized), the view stops
///   receiving that touch and gets ``View/touchCancelled(_:)`` instead. Recognizers on the same touch
///   recognize simultaneously.
/// - Disabling, or removing from the view, cancels a recognized gesture and fails an unrecognized one.
///
/// The five concrete recognizers (``TapGestureRecognizer``, ``PanGestureRecognizer``,
/// ``LongPressGestureRecognizer``, ``ForceGestureRecognizer`` and ``RotationGestureRecognizer``) are the
/// public ones; the class is not
/// open for subclassing, and its state-machine hooks are `package` declarations.
@MainActor
public class GestureRecognizer {
    /// Called after each transition (except into ``GestureRecognizerState/failed``) with the recognizer.
    public typealias Action = @MainActor (GestureRecognizer) -> Void

    /// The current state.
    public private(set) var state: GestureRecognizerState = .possible

    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?

    /// A disabled recognizer ignores touches; disabling it mid-gesture cancels (or fails) the gesture.
    public var isEnabled = true {
        didSet { if !isEnabled { abandon() } }
    }

    /// Whether recognizing takes the touch away from the view (default `true`, as in UIKit).
    public var cancelsTouchesInView = true

    /// The id of the touch being tracked, or `nil` between touches.
    package private(set) var activeTouchID: Int?

    /// The first sample (phase began) of the most recent tracked touch.
    package private(set) var firstTouch: Touch?

    /// The most recent sample of the most recent tracked touch.
    package private(set) var latestTouch: Touch?

    /// The latest time the recognizer has seen (a touch timestamp or a frame time); −∞ before any.
    package private(set) var currentTime = -Double.infinity

    /// Slack, in seconds, given to every time limit so that a time that is on a limit in decimal does not
    /// miss it through rounding (0.6 − 0.1 < 0.5 in binary floating point).
    package static let timeTolerance = 1e-9

    private var actions: [(id: Int, body: Action)] = []
    private var nextActionID = 0

    package init() {}

    /// Whether a touch is being tracked.
    public var isTracking: Bool { activeTouchID != nil }

    /// The tracked touch's latest location in window points (`.zero` before any touch).
    public var location: Point { latestTouch?.location ?? .zero }

    /// The tracked touch's latest location in `view`'s coordinates (window points for `nil`).
    public func location(in view: View?) -> Point {
        guard let view else { return location }
        return view.convert(location, from: nil)
    }

    /// Adds an action run after every transition except into failed; returns an id for ``removeAction(_:)``.
    @discardableResult
    public func addAction(_ action: @escaping Action) -> Int {
        defer { nextActionID += 1 }
        actions.append((nextActionID, action))
        return nextActionID
    }

    /// Removes the action with `id` (from ``addAction(_:)``).
    public func removeAction(_ id: Int) {
        actions.removeAll { $0.id == id }
    }

    /// Moves the state machine to `next` if ``GestureRecognizerState/canTransition(to:)`` allows it, then
    /// runs the actions (unless `next` is failed).
    ///
    /// - Returns: whether the transition happened.
    @discardableResult
    package final func transition(to next: GestureRecognizerState) -> Bool {
        guard state.canTransition(to: next) else { return false }
        state = next
        if next != .failed {
            for action in actions { action.body(self) }
        }
        return true
    }

    // MARK: - Subclass hooks

    /// The tracked touch began (``firstTouch`` and ``latestTouch`` are set).
    package func touchBegan(_ touch: Touch) {}
    /// The tracked touch moved (``latestTouch`` is set).
    package func touchMoved(_ touch: Touch) {}
    /// The tracked touch lifted (``latestTouch`` is set; ``isTracking`` is already `false`).
    package func touchEnded(_ touch: Touch) {}
    /// The tracked touch was cancelled. The default cancels a recognized gesture and fails one that was
    /// still possible.
    package func touchCancelled(_ touch: Touch) {
        abandonGesture()
    }
    /// Time reached `time` (strictly later than before). The default does nothing.
    package func timeDidAdvance(to time: Double) {}
    /// Whether the run loop should keep ticking the recognizer with the frame time. The default: while a
    /// touch is tracked.
    package var wantsTimeUpdates: Bool { isTracking }
    /// Clears per-gesture state as the recognizer returns to possible. The default does nothing.
    package func reset() {}
    /// Whether the touch whose first sample is `began` belongs to this recognizer's gesture, so that the
    /// run loop takes it away from the view once the gesture is recognized. The default: the tracked touch.
    package func claims(_ began: Touch) -> Bool { firstTouch == began }

    // MARK: - Run-loop entry points

    /// Handles one sample: advances time to its timestamp, then routes it to the hooks.
    func receive(_ touch: Touch) {
        guard isEnabled else { return }
        advance(to: touch.timestamp)
        switch touch.phase {
        case .began:
            guard activeTouchID == nil else { return }
            if state.isFinal { resetToPossible() }
            guard state == .possible else { return }
            activeTouchID = touch.id
            firstTouch = touch
            latestTouch = touch
            touchBegan(touch)
        case .moved:
            guard touch.id == activeTouchID else { return }
            latestTouch = touch
            touchMoved(touch)
        case .ended:
            guard touch.id == activeTouchID else { return }
            latestTouch = touch
            activeTouchID = nil
            touchEnded(touch)
        case .cancelled:
            guard touch.id == activeTouchID else { return }
            latestTouch = touch
            activeTouchID = nil
            touchCancelled(touch)
        }
    }

    /// Advances the recognizer's clock; times not later than ``currentTime`` are ignored.
    func advance(to time: Double) {
        guard isEnabled, time.isFinite, time > currentTime else { return }
        currentTime = time
        timeDidAdvance(to: time)
    }

    /// Stops the gesture for good: cancelled if recognized, failed if it was still possible.
    /// An idle recognizer (not tracking, not waiting for time) is left as it is.
    func abandon() {
        let engaged = isTracking || wantsTimeUpdates || state == .began || state == .changed
        activeTouchID = nil
        if engaged { abandonGesture() }
    }

    private func abandonGesture() {
        switch state {
        case .began, .changed: transition(to: .cancelled)
        case .possible: transition(to: .failed)
        case .ended, .cancelled, .failed: break
        }
    }

    /// Returns a final recognizer to possible for a new gesture (clearing it with ``reset()``).
    func resetToPossible() {
        state = .possible
        activeTouchID = nil
        reset()
    }
}
