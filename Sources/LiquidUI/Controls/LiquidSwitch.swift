import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// The back-ported Liquid Glass switch (a re-creation of a published back-port's switch): a goo thumb
/// fused with its track, moved by four springs on a fixed time step, toggled by a tap or a drag.
///
/// ## Interaction
/// - **Touch down** (anywhere in the bounds grown by `hitSlop`): the thumb scales up (press spring
///   0.2 s / 0.6) toward 58 × 38 pt.
/// - **Drag** inside the tracking boundary (bounds grown by ``Control/dragMargin``, 70 pt): the position
///   spring's *target* follows the finger's horizontal displacement, clamped to the off…on travel, and the
///   thumb chases it (0.4 s / 0.75); the track colour previews the side the thumb is on.
/// - **Drag out** of the boundary: disarmed — the thumb returns to the current value's position and scales
///   back down. **Drag back in**: re-armed — pressed again and following the finger.
/// - **Touch up inside**: a touch that never moved more than `tapSlop` from where it went down toggles;
///   otherwise the value becomes the side of the midpoint the thumb's target is on (strictly past the
///   midpoint toward the other side toggles, exactly on it does not). The target then snaps to that side.
/// - **Touch up outside** keeps the value; a **cancelled** touch keeps the value and returns the thumb.
/// - The thumb stays scaled up for at least `minimumPressDuration` after touch down (a release before
///   that is deferred), then shrinks back on the release spring (0.5 s / 0.6).
///
/// ## Outputs
/// When — and only when — ``isOn`` changes through a touch, the switch plays ``HapticEvent/impactLight``
/// (the light impact of a small element snapping into place, as UIKit's switch feels; recorded at the touch
/// up's time in the run loop's ``UIRunLoop/haptics``) and sends ``ControlEvent/valueChanged`` once.
/// Setting ``isOn`` or calling ``setOn(_:animated:)`` from code sends neither, like UIKit.
///
/// ## Motion and rendering
/// The springs, their fixed 1/120 s step and the jiggle rule are described in `LiquidSwitchMotion`; they
/// run from a callback on the hosting run loop's `UIRunLoop.animations` registered when something
/// starts moving and removed on the frame everything settles, so a settled switch schedules no work and
/// leaves the layer tree untouched (the compositor then returns at once). A touch first brings running
/// springs up to its timestamp, so its change lands on the same step at any frame rate: the motion is
/// identical at 60 and 120 frames per second. ``reduceMotion`` makes every spring critically damped and
/// keeps the jiggle at exactly 1: nothing overshoots or wobbles.
///
/// The switch draws through a ``LayerDrawing`` (`LiquidSwitchDrawing`) on a sublayer that extends
/// `drawingMargin` beyond the bounds (room for the pressed thumb and the goo blur); see
/// `LiquidSwitchRenderer` for the goo pass (blur 3 pt, threshold 0.69), edge softening
/// (`LiquidSwitchAppearance.edgeSoftening`), copy-blend hole and baked shading. The layer asks for an
/// update only on frames whose look differs from the last one; the compositor then renders the offscreen
/// image once (on its worker pool, beside other layers' drawings) however many screen tiles it spans,
/// and redraws only the pixels that differ from the previous image.
///
/// ## Simulation
/// As a `SimulatableComponent` it records `isOn`, `pressed` (tracking with the touch inside), `thumbX`
/// (the thumb centre's x in the switch's own points), `thumbScale` (1 at rest, 58/38 pressed), `jiggle`
/// (the x stretch; y is stretched by its inverse) and `colorFraction` (0 off … 1 on).
@MainActor
public final class LiquidSwitch: Control, SimulatableComponent {
    /// The back-port's size, 63 × 28 pt.
    public static let defaultSize = LiquidSwitchMetrics.standard.trackSize
    /// A touch that moves less than this (points) from where it went down is a tap.
    package static let tapSlop = 6.0
    /// How far beyond the bounds a touch still starts tracking, points (28 + 2·8 = the 44 pt touch target).
    package static let hitSlop = 8.0
    /// How far the drawing extends beyond the bounds, points: the pressed, stretched thumb overhangs the
    /// track by up to 11 pt, and the goo blur reaches 9 pt further.
    package static let drawingMargin = 24.0
    /// Least time the thumb stays scaled up after touch down, seconds.
    package static let minimumPressDuration = LiquidSwitchMotion.minimumPressDuration
    /// The fixed simulation step of the springs, seconds.
    package static let timeStep = LiquidSwitchMotion.step

    /// The geometry for the current bounds.
    package private(set) var metrics: LiquidSwitchMetrics

    /// Colours and finish; a change redraws.
    public var appearance: LiquidSwitchAppearance {
        didSet { if appearance != oldValue { refresh(); setNeedsUpdateProperties() } }
    }

    /// Reduce motion: critically damped springs and no jiggle (takes effect at once, also mid-motion).
    public var reduceMotion: Bool {
        didSet {
            guard reduceMotion != oldValue else { return }
            motion.setReduceMotion(reduceMotion)
            refresh()
            if !motion.isSettled { startMotion() }
        }
    }

    /// The value. Setting it moves the thumb without animation and sends no events (see
    /// ``setOn(_:animated:)``).
    public var isOn: Bool {
        get { value }
        set { setOn(newValue, animated: false) }
    }

    private var value: Bool
    private var motion: LiquidSwitchMotion
    private let contentLayer = Layer()
    let drawing: LiquidSwitchDrawing
    /// How the goo pass is computed: ``GooLayer/Method/analytic`` (the default; it reproduces the blur
    /// path within 0.5 px at the edge and 1 level on average, see the glass documentation) or the blur path.
    package var gooMethod: GooLayer.Method {
        get { drawing.gooMethod }
        set {
            guard newValue != drawing.gooMethod else { return }
            drawing.gooMethod = newValue
            contentLayer.setNeedsDisplay()
        }
    }
    private var animation: AnimationDriver.Handle?
    private var drawnPose: LiquidSwitchPose?

    // The tracked touch.
    private var touchStart = Point(0, 0)
    private var targetAtTouchStart = 0.0
    private var touchTravel = 0.0
    private var isArmed = false

    /// A switch of `frame` (default: ``defaultSize`` at the origin).
    public init(frame: Rect = Rect(origin: .zero, size: LiquidSwitch.defaultSize), isOn: Bool = false,
                appearance: LiquidSwitchAppearance = .standard, reduceMotion: Bool = false) {
        let metrics = LiquidSwitchMetrics.standard.fitted(to: frame.size)
        self.metrics = metrics
        self.value = isOn
        self.appearance = appearance
        self.reduceMotion = reduceMotion
        motion = LiquidSwitchMotion(thumbX: metrics.thumbX(isOn: isOn), colorFraction: isOn ? 1 : 0,
                                    pressedScale: metrics.pressedScale, reduceMotion: reduceMotion)
        drawing = LiquidSwitchDrawing(pose: Self.pose(metrics: metrics, motion: motion, appearance: appearance))
        super.init(frame: frame)
        contentLayer.name = "LiquidSwitch.content"
        contentLayer.content = .drawing(drawing)
        layer.addSublayer(contentLayer)
        applyGeometry()
    }

    // MARK: - State

    /// The thumb centre's x, in the switch's own points.
    package var thumbX: Double { motion.position.value }
    /// The thumb's scale: 1 at rest, ``LiquidSwitchMetrics/pressedScale`` pressed.
    package var thumbScale: Double { motion.scale.value }
    /// The thumb's stretch: x is scaled by it and y by its inverse (1 at rest).
    package var jiggle: Double { motion.jiggle.value }
    /// How far the track colour has gone from off (0) to on (1).
    package var colorFraction: Double { motion.colorFraction }
    /// Whether a spring is moving (or a deferred release is pending).
    package var isAnimating: Bool { !motion.isSettled }

    /// Sets the value; `animated` moves the thumb and colour on their springs (when the switch is in a run
    /// loop's tree), otherwise they jump. Sends no events and plays no haptic.
    public func setOn(_ on: Bool, animated: Bool) {
        catchUp()
        value = on
        if animated || isTracking {
            motion.movePosition(to: metrics.thumbX(isOn: on))
            motion.moveColor(to: on ? 1 : 0)
            startMotion()
        } else {
            motion.jump(thumbX: metrics.thumbX(isOn: on), colorFraction: on ? 1 : 0)
        }
        refresh()
    }

    // MARK: - SimulatableComponent

    package var view: View { self }
    package var simulationSize: Size { frame.size }
    package var simulationState: [String: TraceValue] {
        [
            "isOn": .bool(value), "pressed": .bool(isHighlighted), "thumbX": .number(thumbX),
            "thumbScale": .number(thumbScale), "jiggle": .number(jiggle), "colorFraction": .number(colorFraction),
        ]
    }

    // MARK: - Passes

    public override func layout() {
        applyGeometry()
    }

    public override func updateProperties() {
        contentLayer.opacity = isEnabled ? 1 : Swift.min(Swift.max(appearance.disabledOpacity, 0), 1)
    }

    public override func point(inside location: Point) -> Bool {
        bounds.insetBy(dx: -Self.hitSlop, dy: -Self.hitSlop).contains(location)
    }

    // MARK: - Tracking

    public override func beginTracking(_ touch: Touch) -> Bool {
        catchUp()
        touchStart = convert(touch.location, from: nil)
        touchTravel = 0
        targetAtTouchStart = motion.position.target
        isArmed = true
        motion.press(at: now(touch))
        startMotion()
        refresh()
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        catchUp()
        let location = convert(touch.location, from: nil)
        touchTravel = Swift.max(touchTravel, (location - touchStart).length)
        if isTouchInside {
            if !isArmed {
                isArmed = true
                motion.press(at: now(touch))
            }
            let target = dragTarget(location.x)
            motion.movePosition(to: target)
            motion.moveColor(to: side(of: target) ? 1 : 0)
        } else if isArmed {
            isArmed = false
            motion.release(at: now(touch))
            returnToValue()
        }
        startMotion()
        refresh()
        return true
    }

    public override func endTracking(_ touch: Touch) {
        catchUp()
        let location = convert(touch.location, from: nil)
        touchTravel = Swift.max(touchTravel, (location - touchStart).length)
        isArmed = false
        var newValue = value
        if isTouchInside {
            newValue = touchTravel < Self.tapSlop ? !value : side(of: dragTarget(location.x))
        }
        motion.release(at: now(touch))
        commit(newValue)
        startMotion()
        refresh()
    }

    public override func cancelTracking(_ touch: Touch) {
        catchUp()
        isArmed = false
        motion.release(at: now(touch))
        returnToValue()
        startMotion()
        refresh()
    }

    /// The position target for a finger at `x`: the target at touch down moved by the finger's
    /// displacement, clamped to the travel.
    private func dragTarget(_ x: Double) -> Double {
        let target = targetAtTouchStart + (x - touchStart.x)
        return Swift.min(Swift.max(target, metrics.offThumbX), metrics.onThumbX)
    }

    /// The value a release with the thumb's target at `x` gives: strictly past the midpoint toggles.
    private func side(of x: Double) -> Bool {
        value ? x >= metrics.midpointX : x > metrics.midpointX
    }

    private func returnToValue() {
        motion.movePosition(to: metrics.thumbX(isOn: value))
        motion.moveColor(to: value ? 1 : 0)
    }

    /// Snaps the targets to `newValue`; if it differs from the value, stores it, plays the haptic and
    /// sends valueChanged.
    private func commit(_ newValue: Bool) {
        motion.movePosition(to: metrics.thumbX(isOn: newValue))
        motion.moveColor(to: newValue ? 1 : 0)
        guard newValue != value else { return }
        value = newValue
        playHaptic(.impactLight)
        sendActions(for: .valueChanged)
    }

    /// The run loop's time (the touch's timestamp while it is dispatched).
    private func now(_ touch: Touch) -> Double {
        runLoop?.currentTime ?? touch.timestamp
    }

    // MARK: - Animation

    /// Registers the per-frame callback if none is running; without a run loop the springs jump to
    /// their targets.
    private func startMotion() {
        guard animation == nil, !motion.isSettled else { return }
        guard let loop = runLoop else {
            if !isTracking {
                motion.jump(thumbX: motion.position.target, colorFraction: motion.color.target)
            }
            return
        }
        motion.restartClock(loop.animations.makeClock(start: loop.currentTime))
        animation = loop.animations.add { [weak self] time, _ in
            self?.animationFrame(at: time) ?? false
        }
    }

    /// Simulates the running motion up to the run loop's current time (a touch's timestamp while it is
    /// dispatched), so a change made now lands on the right step whatever the frame rate.
    private func catchUp() {
        guard animation != nil, let time = runLoop?.currentTime else { return }
        motion.advance(to: time)
    }

    private func animationFrame(at time: Double) -> Bool {
        motion.advance(to: time)
        refresh()
        guard motion.isSettled else { return true }
        animation = nil
        return false
    }

    // MARK: - Drawing

    /// Recomputes metrics and the drawing layer's frame for the bounds; a settled, untracked thumb jumps to
    /// its new rest position.
    private func applyGeometry() {
        let fitted = LiquidSwitchMetrics.standard.fitted(to: bounds.size)
        let m = Self.drawingMargin
        contentLayer.frame = bounds.insetBy(dx: -m, dy: -m)
        guard fitted != metrics else { refresh(); return }
        metrics = fitted
        motion.setPressedScale(fitted.pressedScale)
        if isTracking || !motion.isSettled {
            if !isTracking { returnToValue() }
            startMotion()
        } else {
            motion.jump(thumbX: fitted.thumbX(isOn: value), colorFraction: value ? 1 : 0)
        }
        refresh()
    }

    /// The look of the current state, in the drawing layer's coordinates.
    private var pose: LiquidSwitchPose { Self.pose(metrics: metrics, motion: motion, appearance: appearance) }

    private static func pose(metrics: LiquidSwitchMetrics, motion: LiquidSwitchMotion,
                             appearance: LiquidSwitchAppearance) -> LiquidSwitchPose {
        let m = drawingMargin
        let progress = metrics.pressProgress(scale: motion.scale.value)
        let clamped = Swift.min(Swift.max(progress, 0), 1)
        let track = appearance.trackColor(fraction: motion.colorFraction)
        return LiquidSwitchPose(
            trackRect: Rect(x: m, y: m, width: metrics.trackSize.width, height: metrics.trackSize.height),
            thumbRect: metrics.thumbRect(centerX: motion.position.value, scale: motion.scale.value,
                                         jiggle: motion.jiggle.value).offsetBy(dx: m, dy: m),
            restThumbSize: metrics.thumbSize, pressProgress: progress,
            trackColor: track, thumbColor: appearance.thumbFill(pressProgress: clamped, trackColor: track),
            rimWidth: appearance.pressedRimWidth * clamped, shading: appearance.thumbShading,
            shadowOpacity: appearance.thumbShadowOpacity, softening: appearance.edgeSoftening)
    }

    /// Hands the drawing the look of the current state when it differs from the last one: the next render
    /// updates the drawing (on the compositor's worker pool) and redraws the pixels that changed.
    private func refresh() {
        let current = pose
        guard current != drawnPose else { return }
        drawnPose = current
        drawing.set(current)
        contentLayer.setNeedsDrawingUpdate()
    }

    /// Offscreen renders so far (for tests: a settled switch renders nothing).
    var renderCount: Int { drawing.renderCount }
    /// The last render error, if the last render failed.
    var renderError: LiquidError? { drawing.lastError }
}
