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
/// 1. The bar background, drawn by `drawBackground(in:bounds:)` into its own layer over a blurred
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
///    When only the lens moved, the image is updated in place: the part around the old and new lens
///    (the goo's reach) is rebuilt from the cached ink, the badges over it are redrawn, and only that part
///    of the layer is marked for redrawing (``Layer/setNeedsDisplay(in:)``) — equal byte for byte to a
///    render from scratch. The cache holds one extra image of the bar's pixel size (the image before
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
            inkCache = nil
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
            inkCache = nil
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
            inkCache = nil
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
    private let contentLayer = Layer()
    /// The rendered image and the pixel scale it was rendered at; `nil` before the first render.
    private var renderedImage: (scale: Double, pixmap: Pixmap)?
    /// The image as rendered, before the badges were drawn over it, and the lens it was rendered with.
    private var imageBeforeBadges: (lens: Rect, pixmap: Pixmap)?
    /// Whether the lens moved since ``renderedImage`` (only the part around it is re-rendered).
    private var imageIsStale = true
    /// Whether the next render must redraw the whole image.
    private var needsWholeImage = true
    /// Renders that rebuilt only the part around the lens.
    package private(set) var partialRenders = 0
    /// The goo pass that tints the ink under the lens; its method is ``gooMethod``.
    let goo = GooLayer()
    /// How the goo pass is computed: the blur path (the default) or ``GooLayer/Method/analytic``. The
    /// analytic path is not the default here: over the lens's travel its contour lands up to 1 px from the
    /// blur path's (above the 0.5 px the controls allow it; see the glass documentation).
    package var gooMethod: GooLayer.Method = .blur {
        didSet { if gooMethod != oldValue { invalidateImage() } }
    }
    /// The lens's shading baked at its rest size (per scale; a new size or recipe bakes anew).
    private let shadingCache = BakedShadingCache(capacity: 4)
    private var inkCache: InkImages?
    private var laidOutSize: Size?
    /// The error of the latest render, if it failed (the image is then cleared).
    package private(set) var renderError: (any Error)?
    /// How many times the image was rendered (idle frames render nothing).
    package private(set) var renderCount = 0

    /// The items' ink at one size and scale, in both colours, with each item's colour regions.
    private struct InkImages {
        var size: Size
        var scale: Double
        var normal: Pixmap
        var tinted: Pixmap
        var regions: [[Rect]]
        var symbolBoxes: [Rect]
    }

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
        backgroundLayer.content = .custom { [weak self] canvas, bounds in
            self?.drawBackground(in: &canvas, bounds: bounds)
        }
        contentLayer.content = .custom { [weak self] canvas, _ in
            self?.drawContent(in: &canvas)
        }
        lens.jump(to: itemCenterX(self.selectedIndex))
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
        inkCache = nil
        invalidateImage()
    }

    /// Sizes the background and its shadow to the bounds.
    private func layoutBackground() {
        backgroundLayer.frame = bounds
        backgroundLayer.setNeedsDisplay()
        let bar = barRect
        let reach = 3 * metrics.barShadowSigma
        shadowLayer.frame = bar.insetBy(dx: -reach, dy: -reach).offsetBy(dx: 0, dy: metrics.barShadowOffset)
        let shape = Rect(x: reach, y: reach, width: bar.width, height: bar.height)
        shadowLayer.content = .shape(Path(roundedRect: shape, cornerRadii: CornerRadii(all: bar.height / 2)),
                                     fill: .color(appearance.barShadowColor), stroke: nil)
        shadowLayer.filters = [.blur(sigma: metrics.barShadowSigma)]
    }

    /// Draws the bar's background: a capsule in the appearance's bar colour with a hairline edge. This is the one place
    /// that draws the bar itself, so a glass material can replace it.
    package func drawBackground(in canvas: inout Canvas, bounds: Rect) {
        let bar = barRect
        guard bar.width > 0, bar.height > 0 else { return }
        let radii = CornerRadii(all: bar.height / 2)
        canvas.fillRoundedRect(bar, cornerRadii: radii, paint: .color(appearance.barColor))
        // The hairline is stroked along a path inset by half its width, so it lies just inside the bar.
        let half = metrics.hairlineWidth / 2
        canvas.stroke(Path(roundedRect: bar.insetBy(dx: half, dy: half), cornerRadii: CornerRadii(all: bar.height / 2 - half)),
                      style: StrokeStyle(width: metrics.hairlineWidth), paint: .color(appearance.hairlineColor))
    }

    /// Forgets the rendered image and marks the image layer for redrawing: the next composite renders it.
    private func invalidateImage() {
        imageIsStale = true
        needsWholeImage = true
        contentLayer.setNeedsDisplay()
    }

    /// Marks the part of the image around the old and the new lens for redrawing.
    private func lensMoved() {
        imageIsStale = true
        guard !needsWholeImage, let scale = renderedImage?.scale, let old = imageBeforeBadges?.lens else {
            contentLayer.setNeedsDisplay()
            return
        }
        guard let region = lensRegion(old, scale: scale).union(lensRegion(lensRect, scale: scale)) else { return }
        contentLayer.setNeedsDisplay(in: Rect(x: Double(region.x) / scale, y: Double(region.y) / scale,
                                              width: Double(region.width) / scale, height: Double(region.height) / scale))
    }

    /// The goo's reach around the lens, points: three blur radii (the blur's support) and 2.5 σ of the edge
    /// softening.
    private var gooReach: Double {
        3 * metrics.gooParameters(color: appearance.tintColor).blurRadius + 2.5 * metrics.edgeSoftening.sigma
    }

    /// The image pixels a lens at `lens` draws or tints (its goo box, 2 px to spare); `nil` for an empty lens.
    private func lensRegion(_ lens: Rect, scale: Double) -> PixelRect? {
        guard lens.width > 0, lens.height > 0 else { return nil }
        let reach = gooReach
        return PixelRect.enclosing(AffineTransform(scale: scale).apply(to: lens.insetBy(dx: -reach, dy: -reach)))?
            .expanded(by: 2)
    }

    /// The image layer's drawing: renders the image at the canvas's pixel scale if it is stale (once per
    /// frame, whatever the number of tiles), then draws it.
    private func drawContent(in canvas: inout Canvas) {
        let scale = canvas.pixmap.scale
        if imageIsStale || renderedImage?.scale != scale {
            let partial = !needsWholeImage && renderedImage?.scale == scale && imageBeforeBadges != nil
            guard bounds.width > 0, bounds.height > 0, bounds.size.isFinite, !items.isEmpty else {
                renderedImage = nil
                return
            }
            renderCount += 1
            do {
                if partial {
                    renderedImage = (scale, try updateImage(scale: scale))
                    partialRenders += 1
                } else {
                    renderedImage = nil
                    imageBeforeBadges = nil
                    renderedImage = (scale, try drawImage(scale: scale))
                }
                renderError = nil
                imageIsStale = false
                needsWholeImage = false
            } catch {
                renderError = error
                renderedImage = nil
                imageBeforeBadges = nil
                return
            }
        }
        if let image = renderedImage?.pixmap { canvas.drawImageAligned(image) }
    }

    private func drawImage(scale: Double) throws -> Pixmap {
        let lensNow = lensRect
        var image = try Pixmap(size: bounds.size, scale: scale)
        try drawLensAndInk(into: &image, region: image.bounds, lens: lensNow, scale: scale)
        imageBeforeBadges = (lensNow, image)
        try drawBadges(on: &image)
        return image
    }

    /// Rebuilds the part of the image the lens's move changed, from `before` (the image before badges of
    /// the last render, with its lens): that part is cleared and redrawn — lens, ink, tint, shading — and
    /// copied into `previous` with every badge that overlaps it (grown until no other badge overlaps),
    /// and those badges are drawn again. Equals ``drawImage(scale:)`` byte for byte: outside the
    /// rebuilt part no pixel depends on the lens.
    private func updateImage(scale: Double) throws -> Pixmap {
        guard renderedImage != nil, let oldLens = imageBeforeBadges?.lens else { return try drawImage(scale: scale) }
        // Taken out of the stored properties so that they hold the only references (no copy on write).
        var image = renderedImage!.pixmap
        renderedImage = nil
        var base = imageBeforeBadges!.pixmap
        imageBeforeBadges = nil
        let lensNow = lensRect
        guard let region = lensRegion(oldLens, scale: scale).union(lensRegion(lensNow, scale: scale))?
            .intersection(base.bounds) else {
            imageBeforeBadges = (lensNow, base)
            return image
        }
        base.withMutableRegion(region) { $0.fill(.transparent) }
        try drawLensAndInk(into: &base, region: region, lens: lensNow, scale: scale)
        imageBeforeBadges = (lensNow, base)
        // The badges over the rebuilt part, and any badge overlapping those.
        var area = region
        var badges: [Int] = []
        var grew = true
        while grew {
            grew = false
            for index in items.indices where !badges.contains(index) {
                guard let box = badgeBox(forItem: index, scale: scale), box.intersects(area) else { continue }
                badges.append(index)
                area = area.union(box)
                grew = true
            }
        }
        if let area = area.intersection(base.bounds) {
            RenderProfiler.measure(.blits) {
                image.withMutableRegion(area) { destination in base.withView { destination.copy(from: $0.region(area)) } }
            }
        }
        try drawBadges(on: &image, only: Set(badges))
        return image
    }

    /// Draws the lens, the ink (tinted around the lens) and the lens's shading into the transparent pixels
    /// `region` of `image` (everything they touch lies there).
    private func drawLensAndInk(into image: inout Pixmap, region: PixelRect, lens lensNow: Rect, scale: Double) throws {
        let ink = try inkImages(scale: scale)
        if lensNow.width > 0, lensNow.height > 0 {
            let lensColor = appearance.lensColor
            image.withCanvas { canvas in
                canvas.fillRoundedRect(lensNow, cornerRadii: CornerRadii(all: lensNow.height / 2), paint: .color(lensColor))
            }
        }
        let mixed = try tintedInk(ink, lens: lensNow, scale: scale, region: region)
        let failure: LiquidError? = RenderProfiler.measure(.composite) {
            image.withMutableRegion(region) { target in
                mixed.withView { source in
                    do throws(LiquidError) { try target.composite(source) } catch { return error }
                    return nil
                }
            }
        }
        if let failure { throw failure }
        if lensNow.width > 0, lensNow.height > 0 {
            try shadingCache.stretch(appearance.lensShading, restSize: Size(width: slotWidth, height: innerRect.height),
                                     over: lensNow, onto: &image)
        }
    }

    /// The image pixels badge `index` can touch (its capsule grown by half its height for the digits), or
    /// `nil` without a badge.
    private func badgeBox(forItem index: Int, scale: Double) -> PixelRect? {
        guard let rect = badgeRect(forItem: index) else { return nil }
        let grow = rect.height / 2
        return PixelRect.enclosing(AffineTransform(scale: scale).apply(to: rect.insetBy(dx: -grow, dy: -grow)))?
            .expanded(by: 2)
    }

    /// The part `region` (image pixels) of the ink recoloured by the goo: the appearance's ink colour,
    /// mixed towards its tint colour by the goo's alpha inside the lens's neighbourhood.
    private func tintedInk(_ ink: InkImages, lens lensNow: Rect, scale: Double, region: PixelRect) throws(LiquidError) -> Pixmap {
        var mixed = try ink.normal.cropped(to: region)
        let parameters = metrics.gooParameters(color: appearance.tintColor), softening = metrics.edgeSoftening
        let reach = gooReach
        let grown = lensNow.insetBy(dx: -reach, dy: -reach)
        // The goo runs over the lens's neighbourhood only, aligned to whole pixels of the image.
        let x0 = Swift.max(Int((grown.minX * scale).rounded(.down)), 0)
        let y0 = Swift.max(Int((grown.minY * scale).rounded(.down)), 0)
        let x1 = Swift.min(Int((grown.maxX * scale).rounded(.up)), ink.normal.width)
        let y1 = Swift.min(Int((grown.maxY * scale).rounded(.up)), ink.normal.height)
        guard x1 > x0, y1 > y0, lensNow.width > 0, lensNow.height > 0 else { return mixed }
        let origin = Point(Double(x0) / scale, Double(y0) / scale)
        let size = Size(width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        let lensPath = Path(roundedRect: lensNow.offsetBy(dx: -origin.x, dy: -origin.y),
                            cornerRadii: CornerRadii(all: lensNow.height / 2))
        let regions = ink.regions
        let cornerCap = metrics.tintCornerRadius
        goo.method = gooMethod
        if gooMethod == .analytic {
            var shapes: [GooShape] = []
            for itemRegions in regions {
                for region in itemRegions where region.intersects(lensNow) {
                    shapes.append(.roundedRect(region.offsetBy(dx: -origin.x, dy: -origin.y),
                                               cornerRadius: Swift.min(region.height / 2, cornerCap)))
                }
            }
            try goo.render(size: size, scale: scale, parameters: parameters, shapes: shapes,
                           clip: .roundedRect(lensNow.offsetBy(dx: -origin.x, dy: -origin.y),
                                              cornerRadius: lensNow.height / 2),
                           softening: softening)
        } else {
            try goo.render(size: size, scale: scale, parameters: parameters, softening: softening) { canvas in
                canvas.clip(to: lensPath)
                for itemRegions in regions {
                    for region in itemRegions where region.intersects(lensNow) {
                        canvas.fillRoundedRect(region.offsetBy(dx: -origin.x, dy: -origin.y),
                                               cornerRadii: CornerRadii(all: Swift.min(region.height / 2, cornerCap)),
                                               paint: .color(.white))
                    }
                }
            }
        }
        guard let weights = goo.image else { return mixed }
        let tinted = ink.tinted
        // The goo box clipped to the region (it lies inside it whenever the region is the lens's).
        let gx0 = Swift.max(x0, region.x), gy0 = Swift.max(y0, region.y)
        let gx1 = Swift.min(x0 + Swift.min(weights.width, x1 - x0), region.maxX)
        let gy1 = Swift.min(y0 + Swift.min(weights.height, y1 - y0), region.maxY)
        guard gx1 > gx0, gy1 > gy0 else { return mixed }
        mixed.withMutableView { out in
            tinted.withView { tint in
                weights.withView { goo in
                    let w = gx1 - gx0
                    for y in gy0..<gy1 {
                        let o = UnsafeMutableRawPointer(out.row(y - region.y) + 4 * (gx0 - region.x))
                        let t = UnsafeRawPointer(tint.row(y) + 4 * gx0)
                        let g = goo.row(y - y0) + 4 * (gx0 - x0)
                        for x in 0..<w {
                            let m = UInt32(g[4 * x + 3])
                            let n = o.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                            if m == 0 || n >> 24 == 0 { continue }
                            let k = t.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                            o.storeBytes(of: PackedPixel.mix(n, k, m), toByteOffset: 4 * x, as: UInt32.self)
                        }
                    }
                }
            }
        }
        return mixed
    }

    // MARK: - Ink

    /// The items' symbols and titles in both colours (cached per size, scale, items and colours).
    private func inkImages(scale: Double) throws -> InkImages {
        if let inkCache, inkCache.size == bounds.size, inkCache.scale == scale { return inkCache }
        let normal = try drawInk(color: appearance.inkColor, scale: scale)
        let tinted = try drawInk(color: appearance.tintColor, scale: scale)
        var regions: [[Rect]] = []
        var boxes: [Rect] = []
        let font = Self.titleFont
        for index in items.indices {
            let symbol = symbolBox(index)
            boxes.append(symbol)
            let pad = metrics.tintPadding, padY = metrics.titleTintPaddingY
            var itemRegions = [symbol.insetBy(dx: -pad, dy: -pad)]
            if let font, !items[index].title.isEmpty {
                let renderer = TextRenderer(font: font, size: metrics.titleSize, alignment: .center)
                let measured = try renderer.measure(items[index].title, scale: scale)
                if measured.bounds.width > 0 {
                    let baseline = titleBaseline(index)
                    itemRegions.append(measured.bounds.offsetBy(dx: baseline.x, dy: baseline.y).insetBy(dx: -pad, dy: -padY))
                }
            }
            regions.append(itemRegions)
        }
        let images = InkImages(size: bounds.size, scale: scale, normal: normal, tinted: tinted, regions: regions,
                               symbolBoxes: boxes)
        inkCache = images
        return images
    }

    private func drawInk(color: RGBA, scale: Double) throws -> Pixmap {
        var pixmap = try Pixmap(size: bounds.size, scale: scale)
        pixmap.withCanvas { canvas in
            for index in items.indices {
                canvas.fill(items[index].symbol.path(in: symbolBox(index)), paint: .color(color))
            }
        }
        if let font = Self.titleFont {
            let renderer = TextRenderer(font: font, size: metrics.titleSize, color: color, alignment: .center)
            for index in items.indices where !items[index].title.isEmpty {
                try renderer.draw(items[index].title, at: titleBaseline(index), into: &pixmap)
            }
        }
        return pixmap
    }

    // MARK: - Badges

    private func drawBadges(on image: inout Pixmap, only subset: Set<Int>? = nil) throws {
        let font = Self.badgeFont
        for index in items.indices where subset?.contains(index) ?? true {
            guard let rect = badgeRect(forItem: index), let text = items[index].badgeText else { continue }
            let badgeColor = appearance.badgeColor
            image.withCanvas { canvas in
                canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: rect.height / 2), paint: .color(badgeColor))
            }
            if let font {
                let renderer = TextRenderer(font: font, size: metrics.badgeTextSize, color: appearance.badgeTextColor,
                                            alignment: .center)
                let measured = try renderer.measure(text, scale: image.scale)
                // Centre the digits' ink vertically in the capsule.
                let baseline = rect.midY - (measured.bounds.minY + measured.bounds.maxY) / 2
                try renderer.draw(text, at: Point(rect.midX, baseline), into: &image)
            }
        }
    }

    private func badgeTextWidth(_ text: String) -> Double {
        let fallback = metrics.badgeFallbackDigitWidth * Double(text.count)
        guard let font = Self.badgeFont else { return fallback }
        let renderer = TextRenderer(font: font, size: metrics.badgeTextSize)
        return (try? renderer.measure(text).advance) ?? fallback
    }

    /// The titles' font: DejaVu Sans (the fallback font), or `nil` when none loads (titles are skipped).
    static let titleFont: Font? = try? Font.fallback()
    /// The badges' font: DejaVu Sans Bold, else the titles' font.
    static let badgeFont: Font? = (try? Font(family: "DejaVu Sans", style: .bold)) ?? titleFont
}
