import LiquidGeometry
import LiquidGlass
import LiquidMotion
import LiquidRaster

/// A piece of Liquid Glass: it refracts and frosts whatever is composited beneath it, with its content
/// (``contentView``) drawn on top — the counterpart of SwiftUI's `glassEffect` modifier in iOS 26.
///
/// ## Appearance
/// ``style`` (regular, clear, or identity = no glass), ``tint`` (stained glass; stronger when
/// ``isProminent``), ``cornerConfiguration`` (fixed, capsule — the default —, per-corner, or concentric with
/// the enclosing ``GlassContainerView``) and ``accessibility`` (reduce transparency, increase contrast,
/// reduce motion). `material` is the resulting LiquidGlass material.
///
/// ## Materialize
/// ``isGlassEnabled`` turns the glass on and off. Changed inside ``withGlassAnimation(_:_:)`` or a
/// `View.animate` block (in a run loop), the material fades in or out — blur, refraction, shadow and opacity ramp together from 0 to 1 or
/// back — with the animation's spring or timing curve; outside one it jumps. A change of ``style`` to or
/// from `identity` does the same. Inside a container, glass that turns on or off grows from or shrinks to
/// its centre instead (the container morphs it).
///
/// ## Interaction
/// With ``isInteractive`` the view responds to touches (it is then a touch target): the press spring grows
/// the glass by up to 8 % (its content scales with it), a radial glow lights the glass under the finger,
/// and dragging stretches the glass toward the finger (at most 12 pt, rubber-banded). Controls built on
/// glass (``GlassButton``) drive the same response with `beginInteraction(at:)`,
/// `moveInteraction(to:inside:)` and `endInteraction()`.
///
/// ## Containers
/// Inside a ``GlassContainerView`` (any ancestor) the view draws no glass of its own: it registers with the
/// container, which renders all its glass in one pass over one backdrop sample, merging neighbours closer
/// than the container's spacing and pieces with the same ``unionID``; ``glassID`` names the glass across
/// layouts so that animated changes morph by identity.
///
/// ## Vibrancy
/// `backdropProbe` reports the average colour beneath the glass as it is rendered (observable: a view that
/// reads it in a pass updates when the backdrop changes); ``vibrantColor(_:)`` turns it into the primary or
/// secondary content colour of `GlassVibrancy` for this glass.
@MainActor
open class GlassEffectView: View {
    /// Where content goes: it fills the bounds, is drawn over the glass and scales with the press.
    public let contentView = View()

    /// Regular, clear, or identity (no glass). Default regular.
    public var style: GlassStyle { didSet { if style != oldValue { appearanceDidChange() } } }
    /// Stained-glass colour, if any.
    public var tint: RGBA? { didSet { if tint != oldValue { appearanceDidChange() } } }
    /// A stronger tint (accent-coloured controls).
    public var isProminent: Bool { didSet { if isProminent != oldValue { appearanceDidChange() } } }

    /// Whether the view responds to touches with the press / glow / stretch response.
    public var isInteractive = false {
        didSet { if !isInteractive, isTouching { endInteraction() } }
    }

    /// How the corners are rounded; `.containerConcentric` follows the enclosing container's corners.
    public var cornerConfiguration: CornerConfiguration {
        didSet { if cornerConfiguration != oldValue { geometryDidChange() } }
    }
    /// Continuous (superellipse-like) corners instead of circular ones for rounded rectangles (a capsule
    /// always has semicircular ends). Default `true`.
    public var continuousCorners = true {
        didSet { if continuousCorners != oldValue { geometryDidChange() } }
    }

    /// Glass on (default) or off; see the type's overview for animation.
    public var isGlassEnabled = true {
        didSet { if isGlassEnabled != oldValue { appearanceDidChange() } }
    }

    /// Accessibility settings for this glass (a container adds its own).
    public var accessibility: GlassAccessibility = [] {
        didSet {
            guard accessibility != oldValue else { return }
            press.setReduceMotion(accessibility.contains(.reduceMotion))
            glassDidChange(animation: nil)
        }
    }

    /// Pieces with the same union id render as one surface inside a container, whatever the spacing.
    public var unionID: String? { didSet { if unionID != oldValue { geometryDidChange() } } }
    /// The name that identifies this glass across layouts, for morphs (default: unique to the view).
    public var glassID: String? { didSet { if glassID != oldValue { geometryDidChange() } } }

    /// The average colour beneath the glass, as last rendered.
    package let backdropProbe = GlassBackdropProbe()

    /// The container this view's glass belongs to, if any.
    package private(set) weak var container: GlassContainerView?

    private let host = GlassSurfaceHost(name: "GlassEffectView.glass")
    private var press = GlassPressMotion()
    private var materializeProgress: AnimatedValue<Double>
    /// The material shown (kept while the glass fades out).
    private var shownMaterial: GlassMaterial
    private var animationHandle: AnimationDriver.Handle?
    private let automaticID: String
    private var isTouching = false

    private static var nextID = 0

    /// A glass view of `frame` with the given look.
    public init(frame: Rect = .zero, style: GlassStyle = .regular, tint: RGBA? = nil, prominent: Bool = false,
                cornerConfiguration: CornerConfiguration = .capsule(maximumRadius: nil)) {
        self.style = style
        self.tint = tint
        self.isProminent = prominent
        self.cornerConfiguration = cornerConfiguration
        shownMaterial = GlassMaterial(style: style, tint: tint, prominent: prominent)
        materializeProgress = AnimatedValue(style == .identity ? 0 : 1)
        Self.nextID += 1
        automaticID = "glass-\(Self.nextID)"
        super.init(frame: frame)
        layer.addSublayer(host.layer)
        contentView.frame = bounds
        contentView.isUserInteractionEnabled = false
        contentView.layer.name = "GlassEffectView.content"
        addSubview(contentView)
        glassDidChange(animation: nil)
    }

    // MARK: - State

    /// The material that ``style``, ``tint`` and ``isProminent`` describe.
    package var material: GlassMaterial { GlassMaterial(style: style, tint: tint, prominent: isProminent) }

    /// How materialized the glass is now: 0 none … 1 full (standalone glass; 1 in a container).
    package var materialize: Double { container == nil ? materializeProgress.value : (isGlassActive ? 1 : 0) }

    /// The press progress (0 released … 1 pressed; a spring may overshoot slightly).
    package var pressProgress: Double { press.progress }

    /// The current scale of the glass and its content from the press (1 at rest).
    package var pressScale: Double { press.scale }

    /// Whether a spring or morph is moving.
    package var isAnimating: Bool { !press.isSettled || !materializeProgress.isSettled || host.isMorphing }

    /// The glass renderer's cache and backdrop revision (for a standalone view).
    package var glassState: GlassBackdropState { host.state }

    /// Whether the glass is on and has a style.
    var isGlassActive: Bool { isGlassEnabled && style != .identity }

    /// The colour for content of `level` on this glass: `GlassVibrancy` against `faceColor`.
    public func vibrantColor(_ level: GlassVibrancy) -> RGBA {
        let (face, glassStyle) = face()
        return level.color(onBackdrop: face, style: glassStyle)
    }

    /// The colour the glass face shows, as content sees it: the average backdrop colour beneath (light grey
    /// until measured) under the tint, pushed toward white or near-black under increase contrast, with the
    /// style's white wash (``GlassVibrancy/face(backdrop:style:)``).
    package var faceColor: RGBA {
        let (backdrop, glassStyle) = face()
        return GlassVibrancy.face(backdrop: backdrop, style: glassStyle)
    }

    /// The backdrop colour content is measured against and the style whose wash applies.
    private func face() -> (RGBA, GlassStyle) {
        let a11y = container.map { accessibility.union($0.accessibility) } ?? accessibility
        var backdrop = backdropProbe.averageColor ?? RGBA(red: 0.85, green: 0.85, blue: 0.87)
        let m = shownMaterial
        if let tint = m.tint, m.tintStrength > 0 {
            backdrop = tint.withAlpha(m.tintStrength).composited(over: backdrop.withAlpha(1))
        }
        var glassStyle = m.style == .identity ? GlassStyle.regular : m.style
        if a11y.contains(.increaseContrast) {
            let light = GlassVibrancy.luminance(backdrop) >= 0.179
            let target: RGBA = light ? .white : RGBA(red: 0.06, green: 0.06, blue: 0.07)
            backdrop = RGBA(red: backdrop.red + (target.red - backdrop.red) * 0.75,
                            green: backdrop.green + (target.green - backdrop.green) * 0.75,
                            blue: backdrop.blue + (target.blue - backdrop.blue) * 0.75)
            glassStyle = .clear
        } else if a11y.contains(.reduceTransparency) {
            glassStyle = .clear
        }
        return (backdrop, glassStyle)
    }

    // MARK: - Interaction

    /// The finger went down at `point` (this view's coordinates): the glass starts to swell and glow.
    package func beginInteraction(at point: Point) {
        isTouching = true
        if let loop = runLoop { press.clockTemplate = loop.animations.makeClock(start: loop.currentTime) }
        press.begin(at: point, time: now)
        glassDidChange(animation: nil)
    }

    /// The finger moved to `point`; `inside` says whether it still presses the glass (outside, the glass
    /// relaxes as if released).
    package func moveInteraction(to point: Point, inside: Bool) {
        guard isTouching else { return }
        press.move(to: point, inside: inside, time: now)
        glassDidChange(animation: nil)
    }

    /// The finger lifted or was cancelled: the glass springs back (after the minimum press time).
    package func endInteraction() {
        guard isTouching else { return }
        isTouching = false
        press.end(time: now)
        glassDidChange(animation: nil)
    }

    open override func hitTest(_ location: Point) -> View? {
        let hit = super.hitTest(location)
        // Non-interactive glass is see-through for touches unless a subview of the content takes them.
        if hit === self && !isInteractive { return nil }
        return hit
    }

    open override func touchBegan(_ touch: Touch) {
        guard isInteractive else { return }
        beginInteraction(at: convert(touch.location, from: nil))
    }

    open override func touchMoved(_ touch: Touch) {
        let point = convert(touch.location, from: nil)
        moveInteraction(to: point, inside: bounds.insetBy(dx: -24, dy: -24).contains(point))
    }

    open override func touchEnded(_ touch: Touch) { endInteraction() }
    open override func touchCancelled(_ touch: Touch) { endInteraction() }

    // MARK: - Passes and hierarchy

    public override var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if container == nil {
                host.shiftShown(by: Vector2(oldValue.minX - frame.minX, oldValue.minY - frame.minY))
            }
            geometryDidChange()
        }
    }

    open override func layout() {
        contentView.frame = bounds
        glassDidChange(animation: nil)
    }

    open override func didMoveToSuperview() {
        var ancestor = superview
        while let view = ancestor, !(view is GlassContainerView) { ancestor = view.superview }
        let newContainer = ancestor as? GlassContainerView
        guard newContainer !== container else { return }
        let animation = AnimationRequest.current
        container?.unregister(self, animation: animation)
        container = newContainer
        newContainer?.register(self, animation: animation)
        glassDidChange(animation: animation)
    }

    // MARK: - Changes

    private var now: Double { runLoop?.currentTime ?? 0 }

    private func geometryDidChange() {
        glassDidChange(animation: AnimationRequest.current)
    }

    /// Style, tint, prominence or enablement changed: re-aim the materialize ramp.
    private func appearanceDidChange() {
        let animation = AnimationRequest.current
        if isGlassActive { shownMaterial = material }
        let target = isGlassActive ? 1.0 : 0.0
        if target != materializeProgress.target {
            if let animation, let loop = runLoop {
                animation.start(&materializeProgress, to: target, on: loop)
            } else {
                materializeProgress.jump(to: target)
            }
        }
        // In a container, glass turning on or off grows or shrinks by the container's morph; standalone glass
        // only fades, so its shape is not animated.
        glassDidChange(animation: container == nil ? nil : animation)
    }

    /// The item this view contributes, in `space`'s coordinates (its own when `nil`).
    func glassItem(in space: View?) -> GlassSurfaceItem {
        let rect = space.map { convert(bounds, to: $0) } ?? bounds
        // A capsule keeps true semicircular ends; continuous corners apply to rounded rectangles.
        let continuous: Bool
        if case .capsule = cornerConfiguration { continuous = false } else { continuous = continuousCorners }
        let element = GlassElement(rect: rect, corners: cornerConfiguration, continuous: continuous,
                                   unionID: unionID, identity: glassID ?? automaticID,
                                   interaction: press.interaction(offset: Vector2(rect.minX, rect.minY)))
        return GlassSurfaceItem(element: element, material: shownMaterial, accessibility: accessibility,
                                probe: backdropProbe)
    }

    /// Rebuilds the glass (here or in the container) and keeps the animation callback running while
    /// anything moves.
    func glassDidChange(animation: AnimationRequest?) {
        let scale = press.scale
        let content = scale == 1 ? AffineTransform.identity : AffineTransform(scale: scale)
        if contentView.transform != content { contentView.transform = content }
        if let container {
            if host.layer.backdrop != nil || !host.displayed.isEmpty {
                host.setItems([], animation: nil, runLoop: nil)
                host.build(bounds: bounds, reference: nil, spacing: 0, accessibility: [], materialize: 0)
            }
            container.childDidChange(self, animation: animation)
        } else {
            let items = materializeProgress.value > 0 || isGlassActive ? [glassItem(in: nil)] : []
            host.setItems(items, animation: animation, runLoop: runLoop)
            host.build(bounds: bounds, reference: nil, spacing: 0, accessibility: accessibility,
                       materialize: materializeProgress.value)
        }
        startAnimatingIfNeeded()
    }

    private func startAnimatingIfNeeded() {
        guard animationHandle == nil, isAnimating else { return }
        // Outside a run loop nothing advances (materialize already jumped; a press stays where it is).
        guard let loop = runLoop else { return }
        press.clockTemplate = loop.animations.makeClock(start: loop.currentTime)
        press.sync(loop.currentTime)
        animationHandle = loop.animations.add { [weak self] time, _ in
            guard let self else { return false }
            return self.animationFrame(at: time)
        }
    }

    private func animationFrame(at time: Double) -> Bool {
        press.advance(to: time)
        materializeProgress.advance(to: time)
        host.advance(to: time)
        let running = isAnimating
        if !running { animationHandle = nil }
        glassDidChange(animation: nil)
        return running
    }
}
