import LiquidGeometry
import LiquidGlass
import LiquidMotion
import LiquidRaster

/// The back-ported liquid slider: a value in a range (optionally stepped), drawn as a two-colour goo —
/// the track background and the fill are two metaball passes (`GooStack`) that both fuse with a capsule
/// thumb — with the thumb on top, shaded by a `BakedShading` baked per pixel size (cached, so a
/// moving thumb reuses one bake and a growing one bakes each size once).
///
/// ## Interaction
/// - A touch that goes down on the thumb (its rest-size capsule widened by `LiquidSliderMetrics.thumbHitSlop` on each side,
///   over the full height of the bounds) grabs it: the thumb grows to ``LiquidSliderMetrics/pressedThumbScale`` and the value
///   follows the finger, keeping the offset between finger and thumb centre where it was grabbed.
/// - A touch that goes down on the track away from the thumb is ignored when ``tapToJump`` is `false`
///   (the default) — no events, no change. With ``tapToJump`` the value jumps to the touched position at
///   once (the thumb follows with a spring) and the touch then drags the thumb as if it had grabbed it
///   at its centre.
/// - While dragging, the finger's position maps linearly onto ``range`` (the thumb centre's travel is
///   the bounds' width minus the rest thumb width), clamped to the range and snapped to ``step``. The
///   thumb's x is a spring (response 0.18 s, damping 0.86; 0.35 s / 0.8 after a jump) that chases the
///   finger's (stepped) value, so a stepped thumb hops between steps.
/// - Every change of the (stepped) value caused by the finger sends ``ControlEvent/valueChanged``; when
///   ``step`` is set, each such change also plays one ``HapticEvent/selection``. Programmatic changes
///   (``setValue(_:animated:)``, ``range``, ``step``) send nothing.
/// - Lifting keeps the value; the thumb shrinks back with a spring. A cancelled touch restores the value
///   the slider had when the touch went down (sending ``ControlEvent/valueChanged`` if that changes it).
///
/// ## Motion
/// Two springs (``metrics``), advanced in the whole 1/120 s steps of the hosting run loop's clock
/// (`AnimationDriver`): the thumb position (as a fraction of the travel, so a resize keeps it in place) and the thumb scale
/// (press: response 0.2 s, damping 0.6; release: 0.5 s / 0.6). The callback is registered only while a
/// spring is moving and removes itself when both settle, so a settled slider schedules no work, draws
/// nothing and damages nothing.
///
/// ## Rendering
/// The slider draws one image covering its bounds plus `LiquidSliderMetrics.contentMargin` on every side (room for the
/// grown thumb and the goo's blur) into an image layer whose content is a ``LayerDrawing``
/// (`LiquidSliderDrawing`): the image is rendered when the compositor updates the drawing after something
/// visible changed (on its worker pool, beside other layers' drawings), at the compositor's pixel scale —
/// so a run without a compositor (a trace) renders nothing — and reused for every tile: both goo passes
/// (blur 3 pt, threshold 0.5, soft edge 0.04, edge softening 0.5 pt), the thumb's drop shadow, the
/// thumb, then its shading (multiply + screen); the shadow and the shading are baked once at the thumb's
/// rest size and stretched over the pressed, grown thumb, as a scale transform would draw them. The thumb
/// is drawn opaque over the goo; a translucent ``LiquidSliderAppearance/thumbColor`` shows the goo's
/// thumb-shaped blobs through it.
///
/// When only the springs moved, the image is updated in place: the goo passes are re-rendered only
/// around the old and new thumb and fill end (`IncrementalGooStack`, exact to the byte), and the drawing
/// reports only that part of the layer as changed, so a moving thumb costs the pixels near it rather
/// than the whole slider. A change of size, metrics or colours renders whole.
@MainActor
public final class LiquidSlider: Control, SimulatableComponent {
    /// The default bounds size: 300 × 44 pt (a 44 pt touch height).
    public static let defaultSize = Size(width: 300, height: 44)

    // MARK: - Value

    /// The current value: always inside ``range`` and on the ``step`` grid (when set).
    public private(set) var value: Double

    /// The values the slider spans (min … max). Setting it re-clamps and re-snaps ``value`` without
    /// sending events; a non-finite bound is ignored (the range is left as it was).
    public var range: ClosedRange<Double> {
        didSet {
            if !range.lowerBound.isFinite || !range.upperBound.isFinite { range = oldValue; return }
            if range != oldValue { revalidateValue() }
        }
    }

    /// The step values snap to, counted from `range.lowerBound` (`nil`: continuous). Values that are not
    /// positive and finite count as `nil`. When the range is not a whole number of steps, the largest
    /// reachable value is the last step inside the range.
    public var step: Double? {
        didSet { if step != oldValue { revalidateValue() } }
    }

    /// Whether a touch on the track away from the thumb moves the thumb there (default `false`).
    public var tapToJump = false

    // MARK: - Appearance

    /// Sizes, springs and goo settings; a change re-renders (a new pressed scale retargets a pressed thumb).
    public var metrics: LiquidSliderMetrics {
        didSet {
            guard metrics != oldValue else { return }
            if isTracking, metrics.pressedThumbScale != oldValue.pressedThumbScale { retargetScale(pressed: true) }
            setNeedsLayout()
            invalidateImage()
        }
    }

    /// Colours and finish; a change re-renders.
    public var appearance: LiquidSliderAppearance {
        didSet {
            guard appearance != oldValue else { return }
            setNeedsUpdateProperties()
            invalidateImage()
        }
    }

    // MARK: - Motion

    /// The thumb's centre x in the slider's own (bounds) coordinates, as presented by its spring.
    package var thumbX: Double { thumbInset + position.value * thumbTravel }
    /// The thumb's presented scale (1 at rest, the metrics' pressed scale when fully grown).
    package var thumbScale: Double { scaleSpring.value }
    /// Whether a spring is still moving (the slider then has work every frame).
    package var isAnimating: Bool { !position.isSettled || !scaleSpring.isSettled }

    private var position: SpringAnimator<Double>
    private var scaleSpring: SpringAnimator<Double>
    /// Steps both springs on the run loop while either moves.
    private lazy var springRunner = ControlSpringRunner(
        isMoving: { [unowned self] in self.isAnimating },
        step: { [unowned self] dt in self.position.advance(by: dt); self.scaleSpring.advance(by: dt) },
        jumpToRest: { [unowned self] in self.position.jump(to: self.position.target); self.scaleSpring.jump(to: self.scaleSpring.target) },
        didAdvance: { [unowned self] in self.thumbMoved() })

    // MARK: - Tracking state

    private var grabOffset = 0.0
    private var valueAtTouchDown = 0.0
    /// Where a tap-to-jump touch went down, until ``touchBegan(_:)`` applies it.
    private var pendingJumpX: Double?

    // MARK: - Rendering state

    /// The layer holding the rendered image.
    private let contentLayer = Layer()
    /// The image layer's content: renders the scene set last, on the compositor's worker pool.
    let drawing = LiquidSliderDrawing()
    /// How the goo passes are computed: the blur path (the default, re-rendered only around what moved) or
    /// ``GooLayer/Method/analytic`` (within 0.5 px at the edge and 1 level on average of the blur path, see the
    /// glass documentation, but rendered whole every frame: its patches are not yet byte-exact).
    package var gooMethod: GooLayer.Method = .blur {
        didSet { if gooMethod != oldValue { invalidateImage() } }
    }
    /// The error of the latest render, if it failed (the image is then cleared).
    package var renderError: LiquidError? { drawing.renderError }
    /// How many times the image was rendered (idle frames render nothing).
    package var renderCount: Int { drawing.renderCount }
    /// How many renders re-rendered only the goo around the moving thumb.
    package var partialRenders: Int { drawing.partialRenders }

    /// A slider over `range` (default 0…1) at `value` (clamped and snapped), continuous unless `step` is
    /// given.
    public init(frame: Rect = Rect(origin: .zero, size: LiquidSlider.defaultSize), value: Double = 0.5,
                range: ClosedRange<Double> = 0...1, step: Double? = nil, metrics: LiquidSliderMetrics = .standard,
                appearance: LiquidSliderAppearance = .standard) {
        self.metrics = metrics
        self.appearance = appearance
        let validRange = range.lowerBound.isFinite && range.upperBound.isFinite ? range : 0...1
        self.range = validRange
        self.step = step
        let start = Self.snapped(value.isFinite ? value : validRange.lowerBound, range: validRange, step: step)
        self.value = start
        let fraction = Self.fraction(of: start, in: validRange)
        // Stepped one whole step at a time by the run loop's clock, so exact stepping is the fixed step.
        position = SpringAnimator(spring: metrics.chaseSpring, value: fraction, stepping: .exact,
                                  tolerance: metrics.positionTolerance)
        scaleSpring = SpringAnimator(spring: metrics.pressSpring, value: 1, stepping: .exact, tolerance: .unit)
        super.init(frame: frame)
        layer.name = "LiquidSlider"
        contentLayer.name = "LiquidSlider.content"
        layer.addSublayer(contentLayer)
        contentLayer.content = .drawing(drawing)
        drawing.set(scene)
    }

    // MARK: - Public API

    /// Sets the value (clamped to ``range`` and snapped to ``step``) without sending events. Animated, the
    /// thumb moves there with a spring; otherwise it jumps.
    public func setValue(_ newValue: Double, animated: Bool = false) {
        guard newValue.isFinite else { return }
        value = Self.snapped(newValue, range: range, step: step)
        moveThumb(to: value, spring: metrics.jumpSpring, animated: animated)
    }

    /// The value a thumb centred at `x` (bounds coordinates) stands for: clamped to the range, snapped.
    package func value(atThumbX x: Double) -> Double {
        let travel = thumbTravel
        let fraction = travel > 0 ? Swift.min(Swift.max((x - thumbInset) / travel, 0), 1) : 0
        return Self.snapped(range.lowerBound + fraction * (range.upperBound - range.lowerBound), range: range, step: step)
    }

    /// Where the thumb's centre rests for `value` (bounds coordinates).
    package func thumbX(for value: Double) -> Double {
        thumbInset + Self.fraction(of: value, in: range) * thumbTravel
    }

    // MARK: - SimulatableComponent

    package var view: View { self }
    package var simulationSize: Size { frame.size.isEmpty ? Self.defaultSize : frame.size }
    package var simulationState: [String: TraceValue] {
        ["value": .number(value), "thumbX": .number(thumbX), "thumbScale": .number(thumbScale),
         "pressed": .bool(isTracking)]
    }

    // MARK: - Tracking

    public override func beginTracking(_ touch: Touch) -> Bool {
        let p = convert(touch.location, from: nil)
        let presented = thumbX
        let grabbed = abs(p.x - presented) <= metrics.thumbSize.width / 2 + metrics.thumbHitSlop
        if grabbed {
            grabOffset = p.x - presented
            valueAtTouchDown = value
        } else if tapToJump {
            grabOffset = 0
            valueAtTouchDown = value
            pendingJumpX = p.x
        } else {
            return false
        }
        retargetScale(pressed: true)
        return true
    }

    /// Tracks as ``Control`` does; a tap-to-jump then moves the value, so ``ControlEvent/touchDown`` comes
    /// before the jump's ``ControlEvent/valueChanged``.
    public override func touchBegan(_ touch: Touch) {
        pendingJumpX = nil
        super.touchBegan(touch)
        if isTracking, let x = pendingJumpX {
            applyFinger(atThumbX: x, spring: metrics.jumpSpring)
        }
        pendingJumpX = nil
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        let p = convert(touch.location, from: nil)
        applyFinger(atThumbX: p.x - grabOffset, spring: metrics.chaseSpring)
        return true
    }

    public override func endTracking(_ touch: Touch) {
        let p = convert(touch.location, from: nil)
        applyFinger(atThumbX: p.x - grabOffset, spring: metrics.chaseSpring)
        retargetScale(pressed: false)
    }

    public override func cancelTracking(_ touch: Touch) {
        let restored = valueAtTouchDown
        let changed = restored != value
        value = restored
        moveThumb(to: restored, spring: metrics.jumpSpring, animated: true)
        retargetScale(pressed: false)
        if changed { sendActions(for: .valueChanged) }
    }

    /// Moves the value to the one under a thumb centred at `x`; sends the change (and a haptic when
    /// stepped) if the value moved.
    private func applyFinger(atThumbX x: Double, spring: Spring) {
        let newValue = value(atThumbX: x)
        let changed = newValue != value
        value = newValue
        moveThumb(to: newValue, spring: spring, animated: true)
        guard changed else { return }
        if step != nil { playHaptic(.selection) }
        sendActions(for: .valueChanged)
    }

    // MARK: - Springs

    private func moveThumb(to value: Double, spring: Spring, animated: Bool) {
        let target = Self.fraction(of: value, in: range)
        if animated {
            if position.spring != spring { position.setSpring(spring) }
            if position.target != target || !position.isSettled { position.retarget(to: target) }
        } else {
            position.jump(to: target)
        }
        startAnimatingIfNeeded()
        thumbMoved()
    }

    private func retargetScale(pressed: Bool) {
        let target = pressed ? Swift.max(metrics.pressedThumbScale, 0) : 1
        let spring = pressed ? metrics.pressSpring : metrics.releaseSpring
        if scaleSpring.spring != spring { scaleSpring.setSpring(spring) }
        if scaleSpring.target != target { scaleSpring.retarget(to: target) }
        startAnimatingIfNeeded()
    }

    /// Starts stepping the springs on the run loop if either moves (see ``ControlSpringRunner``).
    private func startAnimatingIfNeeded() { springRunner.startIfNeeded(on: runLoop) }

    private func revalidateValue() {
        value = Self.snapped(value, range: range, step: step)
        moveThumb(to: value, spring: metrics.jumpSpring, animated: false)
    }

    // MARK: - Geometry

    private var thumbInset: Double { Swift.min(metrics.thumbSize.width / 2, bounds.width / 2) }
    private var thumbTravel: Double { Swift.max(bounds.width - 2 * thumbInset, 0) }

    /// `value` clamped to `range` and snapped to the `step` grid from the lower bound.
    static func snapped(_ value: Double, range: ClosedRange<Double>, step: Double?) -> Double {
        let clamped = Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
        guard let step, step.isFinite, step > 0 else { return clamped }
        let span = range.upperBound - range.lowerBound
        let lastStep = (span / step + 1e-9).rounded(.down)
        let index = Swift.min(((clamped - range.lowerBound) / step).rounded(), lastStep)
        return Swift.min(range.lowerBound + index * step, range.upperBound)
    }

    /// Where `value` lies in `range`, 0…1 (0 for an empty range).
    static func fraction(of value: Double, in range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0 else { return 0 }
        return Swift.min(Swift.max((value - range.lowerBound) / span, 0), 1)
    }

    // MARK: - Passes

    public override func updateProperties() {
        contentLayer.opacity = isEnabled ? 1 : Swift.min(Swift.max(appearance.disabledOpacity, 0), 1)
    }

    /// Sizes the image layer to the bounds plus `LiquidSliderMetrics.contentMargin`; a new size re-renders the image.
    public override func layout() {
        let m = metrics.contentMargin
        let frame = Rect(x: -m, y: -m, width: bounds.width + 2 * m, height: bounds.height + 2 * m)
        if contentLayer.frame != frame {
            contentLayer.frame = frame
            invalidateImage()
        }
    }

    /// Marks the whole image for redrawing: the next composite renders it from scratch.
    private func invalidateImage() {
        drawing.set(scene)
        contentLayer.setNeedsDisplay()
    }

    /// Hands the drawing the thumb's new position and size: the next render re-renders the goo around the
    /// old and new thumb and fill end (the old and new thumb with its shadow) and redraws only that.
    private func thumbMoved() {
        drawing.set(scene)
        contentLayer.setNeedsDrawingUpdate()
    }

    /// What the image shows now, or `nil` for empty bounds.
    private var scene: LiquidSliderDrawing.Scene? {
        let m = metrics.contentMargin
        let size = Size(width: bounds.width + 2 * m, height: bounds.height + 2 * m)
        guard bounds.width > 0, bounds.height > 0, size.isFinite else { return nil }
        let geometry = self.geometry(margin: m)
        return LiquidSliderDrawing.Scene(size: size, thumb: geometry.thumb, thumbScale: geometry.scale,
                                         passes: geometry.passes, metrics: metrics, appearance: appearance,
                                         gooMethod: gooMethod)
    }

    /// Where the thumb and the goo's shapes are for the current springs, in image points.
    private struct Geometry {
        var thumb: Rect
        var scale: Double
        var passes: [GooStack.Pass]
    }

    private func geometry(margin m: Double) -> Geometry {
        let metrics = self.metrics, look = appearance
        let thumbSize = metrics.thumbSize, trackHeight = metrics.trackHeight
        let centerY = m + bounds.height / 2
        let centerX = m + thumbX
        let s = Swift.max(thumbScale, 0)
        let thumb = Rect(x: centerX - thumbSize.width * s / 2, y: centerY - thumbSize.height * s / 2,
                         width: thumbSize.width * s, height: thumbSize.height * s)
        let track = Rect(x: m, y: centerY - trackHeight / 2, width: bounds.width, height: trackHeight)
        let fill = Rect(x: m, y: track.minY, width: Swift.max(centerX - m, 0), height: trackHeight)
        // Both passes fuse with a blob inset into the thumb (so the blobs' soft edges stay hidden under
        // it); the fill's blob is a capsule sharing the thumb's left cap and ending inside the thumb.
        let blob = thumb.insetBy(dx: metrics.blobInset * s, dy: metrics.blobInset * s)
        let fillThumb = Rect(x: blob.minX, y: blob.minY, width: Swift.max(blob.width / 2, blob.height),
                             height: blob.height)
        let passes = [
            GooStack.Pass(parameters: metrics.gooParameters(color: look.trackColor),
                          shapes: [.capsule(track), .capsule(blob)]),
            GooStack.Pass(parameters: metrics.gooParameters(color: look.fillColor),
                          shapes: fill.width > 0 ? [.capsule(fill), .capsule(fillThumb)] : [.capsule(fillThumb)]),
        ]
        return Geometry(thumb: thumb, scale: s, passes: passes)
    }
}
