import LiquidGeometry
import LiquidGlass
import LiquidMotion
import LiquidRaster

/// The back-ported liquid tab bar: items (symbol over title, optional badge) on a rounded bar, with a
/// selection lens — a capsule behind the selected item — that grows while pressed and can be dragged
/// between items; the tint of the selected item's symbol and title flows with the lens through a goo.
///
/// ## Interaction
/// - A tap (down and up without moving more than `LiquidTabBarMetrics.dragThreshold` points) on an item
///   selects it; the
///   lens springs over (response 0.42 s, damping 0.72). A tap released outside the tracking boundary
///   selects nothing.
/// - A touch that goes down on the lens presses it: the lens grows by ``LiquidTabBarMetrics/pressedGrowth``
///   points in width
///   (a uniform scale `1 + pressedGrowth / lensWidth`; press spring 0.25 s / 0.62, release 0.45 s / 0.65).
///   Dragging it (from the lens, or once a touch that began elsewhere moves more than
///   `LiquidTabBarMetrics.dragThreshold`, which also presses the lens) makes the lens follow the finger with a spring
///   (0.2 s / 0.85), keeping the offset at which it was grabbed (0 for a drag that began off the lens),
///   rubber-banded beyond the first and last items. On release the lens snaps to the item nearest to the
///   finger's lens position and that item becomes selected.
/// - A cancelled touch changes nothing: the lens returns to the selected item.
/// - Each change of ``selectedIndex`` caused by a touch sends ``ControlEvent/valueChanged`` once and plays
///   one ``HapticEvent/selection``. ``select(_:animated:)`` changes it without either.
///
/// ## Motion
/// Two springs (``metrics``), advanced in the whole 1/120 s steps of the hosting run loop's clock
/// (`AnimationDriver`):
/// the lens centre x and the lens scale. The callback runs only while a spring moves, so a settled bar
/// schedules no work, draws nothing and damages nothing.
///
/// ## Rendering (back to front)
/// 1. The bar background, drawn by `drawBackground(_:in:)` into its own layer over a blurred
///    shadow layer — the one place to replace to give the bar another material.
/// 2. One image layer. The image is rendered lazily, when the compositor draws the layer after something
///    visible changed, at the compositor's pixel scale — so a run without a compositor (a trace) renders
///    nothing — and reused for every tile:
///    - the lens capsule;
///    - the items' ink — symbols and titles — in ``LiquidTabBarAppearance/inkColor``, recoloured towards
///      ``LiquidTabBarAppearance/tintColor`` by a goo:
///      each item's colour regions (a rounded box around the symbol and one around the title) clipped to
///      the lens go through a `GooLayer` with `GooParameters.tabBar(color:)` (blur 3 pt, threshold
///      0.5) and the tab bar's `EdgeSoftening` (σ = 2 pt); the goo's alpha is the tint weight, so the
///      colour flows, merges and pinches off like liquid as the lens moves, while the ink itself —
///      the unfiltered symbols and titles drawn on top — stays sharp;
///    - the lens's baked shading (multiply + screen), baked once at the lens's rest size and stretched over
///      the lens as it grows when pressed (as a scale transform would draw it);
///    - badges: a red capsule with the count in white at the symbol's top-right, hidden at 0.
///
///    The image is rendered by the layer's ``LayerDrawing`` (`LiquidTabBarDrawing`) when the compositor
///    updates it, on its worker pool beside other layers' drawings. When only the lens moved, the image
///    is updated in place: the part around the old and new lens (the goo's reach) is rebuilt from the
///    cached ink, the badges over it are redrawn, and only that part of the layer is reported changed —
///    equal byte for byte to a render from scratch. The cache holds one extra image of the bar's pixel size (the image before
///    badges); anything else that changes renders whole.
@MainActor
public final class LiquidTabBar: Control, SimulatableComponent {
    /// The default bounds size: 390 × 83 pt (a phone-width bar with room for the home indicator).
    public static let defaultSize = Size(width: 390, height: 83)

    /// The default items: Home, Search, Favorites (badge 3) and Profile.
    public static let defaultItems = [
        LiquidTabBarItem(title: "Home", symbol: .house),
        LiquidTabBarItem(title: "Search", symbol: .magnifier),
        LiquidTabBarItem(title: "Favorites", symbol: .heart, badge: 3),
        LiquidTabBarItem(title: "Profile", symbol: .person),
    ]

    // MARK: - Items and selection

    /// The items, left to right. Changing them keeps ``selectedIndex`` when still valid (else clamps it)
    /// and re-renders.
    public var items: [LiquidTabBarItem] {
        didSet {
            guard items != oldValue else { return }
            selectedIndex = Swift.min(selectedIndex, Swift.max(items.count - 1, 0))
            lens.jump(to: itemCenterX(selectedIndex))
            invalidateImage()
        }
    }

    /// The selected item's index (0 when there are no items).
    public private(set) var selectedIndex: Int

    // MARK: - Appearance and settings

    /// Sizes, springs and goo settings; a change lays the bar out again and re-renders.
    public var metrics: LiquidTabBarMetrics {
        didSet {
            guard metrics != oldValue else { return }
            laidOutSize = nil
            setNeedsLayout()
            if lensIsPressed { retargetScale(pressed: true) }
            invalidateImage()
        }
    }

    /// Colours and finish; a change re-renders.
    public var appearance: LiquidTabBarAppearance {
        didSet {
            guard appearance != oldValue else { return }
            laidOutSize = nil
            setNeedsLayout()
            setNeedsUpdateProperties()
            background.value = backgroundLook
            backgroundLayer.setNeedsDisplay()
            invalidateImage()
        }
    }

    // MARK: - Motion

    /// The lens centre's x in the bar's own (bounds) coordinates, as presented by its spring.
    package var lensX: Double { lens.value }
    /// The lens's presented scale (1 at rest, `1 + pressedGrowth / lensWidth` when fully grown; see
    /// ``LiquidTabBarMetrics/pressedGrowth``).
    package var lensScale: Double { scaleSpring.value }
    /// Whether a spring is still moving (the bar then has work every frame).
    package var isAnimating: Bool { !lens.isSettled || !scaleSpring.isSettled }

    private var lens: SpringAnimator<Double>
    private var scaleSpring: SpringAnimator<Double>
    /// Steps both springs on the run loop while either moves.
    private lazy var springRunner = ControlSpringRunner(
        isMoving: { [unowned self] in self.isAnimating },
        step: { [unowned self] dt in self.lens.advance(by: dt); self.scaleSpring.advance(by: dt) },
        jumpToRest: { [unowned self] in self.lens.jump(to: self.lens.target); self.scaleSpring.jump(to: self.scaleSpring.target) },
        didAdvance: { [unowned self] in self.lensMoved() })

    // MARK: - Tracking state

    private var touchStart = Point.zero
    private var startedOnLens = false
    private var isDraggingLens = false
    private var lensIsPressed = false
    private var grabOffset = 0.0
    private var fingerLensX = 0.0

    // MARK: - Rendering state

    private let shadowLayer = Layer()
    private let backgroundLayer = Layer()
    /// The background layer's content: the bar's capsule, drawn per tile on any worker.
    private let background = ValueDrawing(BackgroundLook(bar: .zero, color: .clear, hairlineWidth: 0,
                                                         hairlineColor: .clear)) { look, canvas, _ in
        LiquidTabBar.drawBackground(look, in: &canvas)
    }
    private let contentLayer = Layer()
    /// The image layer's content: renders the scene set last, on the compositor's worker pool.
    let drawing = LiquidTabBarDrawing()
    /// How the goo pass is computed: the blur path (the default) or ``GooLayer/Method/analytic``. The
    /// analytic path is not the default here: over the lens's travel its contour lands up to 1 px from the
    /// blur path's (above the 0.5 px the controls allow it; see the glass documentation).
    package var gooMethod: GooLayer.Method = .blur {
        didSet { if gooMethod != oldValue { invalidateImage() } }
    }
    private var laidOutSize: Size?
    /// The error of the latest render, if it failed (the image is then cleared).
    package var renderError: String? { drawing.renderErrorDescription }
    /// How many times the image was rendered (idle frames render nothing).
    package var renderCount: Int { drawing.renderCount }
    /// Renders that rebuilt only the part around the lens.
    package var partialRenders: Int { drawing.partialRenders }

    /// A bar with `items` (default ``defaultItems``) and `selectedIndex` selected (clamped).
    public init(frame: Rect = Rect(origin: .zero, size: LiquidTabBar.defaultSize),
                items: [LiquidTabBarItem] = LiquidTabBar.defaultItems, selectedIndex: Int = 0,
                metrics: LiquidTabBarMetrics = .standard, appearance: LiquidTabBarAppearance = .standard) {
        self.items = items
        self.metrics = metrics
        self.appearance = appearance
        self.selectedIndex = Swift.min(Swift.max(selectedIndex, 0), Swift.max(items.count - 1, 0))
        // Stepped one whole step at a time by the run loop's clock, so exact stepping is the fixed step.
        lens = SpringAnimator(spring: metrics.snapSpring, value: 0, stepping: .exact, tolerance: metrics.lensTolerance)
        scaleSpring = SpringAnimator(spring: metrics.pressSpring, value: 1, stepping: .exact, tolerance: .unit)
        super.init(frame: frame)
        layer.name = "LiquidTabBar"
        shadowLayer.name = "LiquidTabBar.shadow"
        backgroundLayer.name = "LiquidTabBar.background"
        contentLayer.name = "LiquidTabBar.content"
        layer.addSublayer(shadowLayer)
        layer.addSublayer(backgroundLayer)
        layer.addSublayer(contentLayer)
        backgroundLayer.content = .drawing(background)
        contentLayer.content = .drawing(drawing)
        lens.jump(to: itemCenterX(self.selectedIndex))
        drawing.set(scene)
    }

    // MARK: - Public API

    /// Selects `index` (clamped to the items) without sending events or haptics; animated, the lens
    /// springs there, otherwise it jumps.
    public func select(_ index: Int, animated: Bool = true) {
        guard !items.isEmpty else { return }
        selectedIndex = Swift.min(Swift.max(index, 0), items.count - 1)
        moveLens(to: itemCenterX(selectedIndex), spring: metrics.snapSpring, animated: animated && !isTracking)
    }

    /// Sets the badge count of the item at `index` (ignored when out of range).
    public func setBadge(_ count: Int, at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].badge = count
    }

    /// The centre x of item `index`'s slot, in bounds coordinates.
    package func itemCenterX(_ index: Int) -> Double {
        let inner = innerRect
        guard !items.isEmpty else { return inner.midX }
        return inner.minX + slotWidth * (Double(index) + 0.5)
    }

    /// The index of the item whose slot is nearest to `x` (bounds coordinates).
    package func nearestItem(toX x: Double) -> Int {
        guard !items.isEmpty, slotWidth > 0 else { return 0 }
        let index = Int(((x - innerRect.minX) / slotWidth).rounded(.down))
        return Swift.min(Swift.max(index, 0), items.count - 1)
    }

    /// The bar's rounded rectangle: a capsule ``LiquidTabBarMetrics/barHeight`` tall inside the metrics'
    /// bar insets.
    package var barRect: Rect {
        let insets = metrics.barInsets
        let height = Swift.max(Swift.min(metrics.barHeight, bounds.height - insets.top - insets.bottom), 0)
        return Rect(x: insets.left, y: insets.top, width: Swift.max(bounds.width - insets.left - insets.right, 0),
                    height: height)
    }

    /// The lens's rest width: one item slot.
    package var lensWidth: Double { slotWidth }

    /// The lens's rectangle as presented (centre ``lensX``, scaled by ``lensScale``).
    package var lensRect: Rect {
        let inner = innerRect
        let s = Swift.max(lensScale, 0)
        let width = slotWidth * s, height = inner.height * s
        return Rect(x: lensX - width / 2, y: inner.midY - height / 2, width: width, height: height)
    }

    /// The rectangle of item `index`'s badge (where it would be drawn), in bounds coordinates.
    package func badgeRect(forItem index: Int) -> Rect? {
        guard items.indices.contains(index), let text = items[index].badgeText else { return nil }
        let symbol = symbolBox(index)
        let height = metrics.badgeHeight
        let width = Swift.max(height, badgeTextWidth(text) + metrics.badgePadding)
        return Rect(x: symbol.midX + metrics.badgeOffset, y: symbol.minY - metrics.badgeOffset, width: width,
                    height: height)
    }

    private var innerRect: Rect { barRect.insetBy(dx: metrics.lensInset, dy: metrics.lensInset) }
    private var slotWidth: Double { items.isEmpty ? 0 : innerRect.width / Double(items.count) }
    private var pressedScale: Double { slotWidth > 0 ? 1 + metrics.pressedGrowth / slotWidth : 1 }

    /// Item `index`'s symbol box (a square of the symbol size), above its title.
    private func symbolBox(_ index: Int) -> Rect {
        let size = metrics.symbolSize
        return Rect(x: itemCenterX(index) - size / 2, y: innerRect.midY - metrics.symbolRise, width: size, height: size)
    }

    /// Item `index`'s title baseline point (centre of the line).
    private func titleBaseline(_ index: Int) -> Point {
        Point(itemCenterX(index), innerRect.midY + metrics.titleDrop)
    }

    // MARK: - SimulatableComponent

    package var view: View { self }
    package var simulationSize: Size { frame.size.isEmpty ? Self.defaultSize : frame.size }
    package var simulationState: [String: TraceValue] {
        ["selectedIndex": .number(Double(selectedIndex)), "lensX": .number(lensX), "lensScale": .number(lensScale),
         "pressed": .bool(isTracking)]
    }

    // MARK: - Tracking

    public override func beginTracking(_ touch: Touch) -> Bool {
        guard !items.isEmpty else { return false }
        let p = convert(touch.location, from: nil)
        touchStart = p
        isDraggingLens = false
        let lensNow = lensRect
        startedOnLens = abs(p.x - lensNow.midX) <= lensNow.width / 2 && abs(p.y - lensNow.midY) <= lensNow.height / 2 + metrics.lensGrabSlop
        grabOffset = startedOnLens ? p.x - lensX : 0
        fingerLensX = lens.target
        if startedOnLens { retargetScale(pressed: true) }
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        let p = convert(touch.location, from: nil)
        if !isDraggingLens {
            let threshold = metrics.dragThreshold
            guard abs(p.x - touchStart.x) > threshold || abs(p.y - touchStart.y) > threshold else { return true }
            isDraggingLens = true
            if !startedOnLens { retargetScale(pressed: true) }
        }
        followFinger(p.x)
        return true
    }

    public override func endTracking(_ touch: Touch) {
        let p = convert(touch.location, from: nil)
        retargetScale(pressed: false)
        let index: Int
        if isDraggingLens {
            followFinger(p.x)
            index = nearestItem(toX: fingerLensX)
        } else if isInsideTrackingBoundary(touch) {
            index = nearestItem(toX: touchStart.x)
        } else {
            index = selectedIndex
        }
        isDraggingLens = false
        let changed = index != selectedIndex
        selectedIndex = index
        moveLens(to: itemCenterX(index), spring: metrics.snapSpring, animated: true)
        if changed {
            playHaptic(.selection)
            sendActions(for: .valueChanged)
        }
    }

    public override func cancelTracking(_ touch: Touch) {
        isDraggingLens = false
        retargetScale(pressed: false)
        moveLens(to: itemCenterX(selectedIndex), spring: metrics.snapSpring, animated: true)
    }

    /// Moves the lens target under the finger (keeping the grab offset), rubber-banded past the ends.
    private func followFinger(_ x: Double) {
        let first = itemCenterX(0), last = itemCenterX(items.count - 1)
        let raw = x - grabOffset
        let band = try? RubberBand(dimension: Swift.max(slotWidth, 1))
        fingerLensX = (try? band?.clamp(raw, to: first...last)) ?? Swift.min(Swift.max(raw, first), last)
        moveLens(to: fingerLensX, spring: metrics.followSpring, animated: true)
    }

    // MARK: - Springs

    private func moveLens(to x: Double, spring: Spring, animated: Bool) {
        if animated {
            if lens.spring != spring { lens.setSpring(spring) }
            if lens.target != x || !lens.isSettled { lens.retarget(to: x) }
        } else {
            lens.jump(to: x)
        }
        startAnimatingIfNeeded()
        lensMoved()
    }

    private func retargetScale(pressed: Bool) {
        lensIsPressed = pressed
        let target = pressed ? pressedScale : 1
        let spring = pressed ? metrics.pressSpring : metrics.releaseSpring
        if scaleSpring.spring != spring { scaleSpring.setSpring(spring) }
        if scaleSpring.target != target { scaleSpring.retarget(to: target) }
        startAnimatingIfNeeded()
    }

    /// Starts stepping the springs on the run loop if either moves (see ``ControlSpringRunner``).
    private func startAnimatingIfNeeded() { springRunner.startIfNeeded(on: runLoop) }

    // MARK: - Passes

    public override func updateProperties() {
        contentLayer.opacity = isEnabled ? 1 : Swift.min(Swift.max(appearance.disabledOpacity, 0), 1)
    }

    /// Lays out the background, its shadow and the image layer when the size changed (the lens then jumps
    /// to the selected item unless a touch is being tracked, and the image is re-rendered).
    public override func layout() {
        guard laidOutSize != bounds.size else { return }
        laidOutSize = bounds.size
        layoutBackground()
        contentLayer.frame = bounds
        if !isTracking {
            lens.jump(to: itemCenterX(selectedIndex))
            scaleSpring.jump(to: 1)
        }
        invalidateImage()
    }

    /// Sizes the background and its shadow to the bounds.
    private func layoutBackground() {
        backgroundLayer.frame = bounds
        background.value = backgroundLook
        backgroundLayer.setNeedsDisplay()
        let bar = barRect
        let reach = 3 * metrics.barShadowSigma
        shadowLayer.frame = bar.insetBy(dx: -reach, dy: -reach).offsetBy(dx: 0, dy: metrics.barShadowOffset)
        let shape = Rect(x: reach, y: reach, width: bar.width, height: bar.height)
        shadowLayer.content = .shape(Path(roundedRect: shape, cornerRadii: CornerRadii(all: bar.height / 2)),
                                     fill: .color(appearance.barShadowColor), stroke: nil)
        shadowLayer.filters = [.blur(sigma: metrics.barShadowSigma)]
    }

    /// What the bar's background draws: its capsule, colour and hairline.
    struct BackgroundLook: Equatable, Sendable {
        var bar: Rect
        var color: RGBA
        var hairlineWidth: Double
        var hairlineColor: RGBA
    }

    private var backgroundLook: BackgroundLook {
        BackgroundLook(bar: barRect, color: appearance.barColor, hairlineWidth: metrics.hairlineWidth,
                       hairlineColor: appearance.hairlineColor)
    }

    /// Draws the bar's background: a capsule in the appearance's bar colour with a hairline edge. This is the one place
    /// that draws the bar itself, so a glass material can replace it.
    nonisolated static func drawBackground(_ look: BackgroundLook, in canvas: inout Canvas) {
        let bar = look.bar
        guard bar.width > 0, bar.height > 0 else { return }
        let radii = CornerRadii(all: bar.height / 2)
        canvas.fillRoundedRect(bar, cornerRadii: radii, paint: .color(look.color))
        // The hairline is stroked along a path inset by half its width, so it lies just inside the bar.
        let half = look.hairlineWidth / 2
        canvas.stroke(Path(roundedRect: bar.insetBy(dx: half, dy: half), cornerRadii: CornerRadii(all: bar.height / 2 - half)),
                      style: StrokeStyle(width: look.hairlineWidth), paint: .color(look.hairlineColor))
    }

    /// Hands the drawing the current scene and marks the image layer for redrawing whole.
    private func invalidateImage() {
        drawing.set(scene)
        contentLayer.setNeedsDisplay()
    }

    /// Hands the drawing the lens's new place and size: the next render rebuilds the part around the old
    /// and the new lens and redraws only that.
    private func lensMoved() {
        drawing.set(scene)
        contentLayer.setNeedsDrawingUpdate()
    }

    /// What the image shows now, or `nil` for empty bounds or no items.
    private var scene: LiquidTabBarDrawing.Scene? {
        guard bounds.width > 0, bounds.height > 0, bounds.size.isFinite, !items.isEmpty else { return nil }
        let indices = items.indices
        return LiquidTabBarDrawing.Scene(
            size: bounds.size, lens: lensRect, lensRestSize: Size(width: slotWidth, height: innerRect.height),
            items: items, symbolBoxes: indices.map(symbolBox), titleBaselines: indices.map(titleBaseline),
            badgeRects: indices.map { badgeRect(forItem: $0) }, metrics: metrics, appearance: appearance,
            gooMethod: gooMethod)
    }

    // MARK: - Badges

    private func badgeTextWidth(_ text: String) -> Double {
        let fallback = metrics.badgeFallbackDigitWidth * Double(text.count)
        guard let font = Self.badgeFont else { return fallback }
        let renderer = TextRenderer(font: font, size: metrics.badgeTextSize)
        return (try? renderer.measure(text).advance) ?? fallback
    }

    /// The titles' font: DejaVu Sans (the fallback font), or `nil` when none loads (titles are skipped).
    nonisolated static let titleFont: Font? = try? Font.fallback()
    /// The badges' font: DejaVu Sans Bold, else the titles' font.
    nonisolated static let badgeFont: Font? = (try? Font(family: "DejaVu Sans", style: .bold)) ?? titleFont
}
