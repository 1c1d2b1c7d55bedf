import LiquidGeometry
import LiquidGlass
import LiquidMotion
import LiquidRaster

/// The back-ported liquid tab bar: items (symbol over title, optional badge) on a rounded bar, with a
/// selection lens — a capsule behind the selected item — that grows while pressed and can be dragged
/// between items; the tint of the selected item's symbol and title flows with the lens through a goo.
///
/// ## Interaction
/// - A tap (down and up without moving more than ``dragThreshold`` points) on an item selects it; the
///   lens springs over (response 0.42 s, damping 0.72). A tap released outside the tracking boundary
///   selects nothing.
/// - A touch that goes down on the lens presses it: the lens grows by ``pressedGrowth`` points in width
///   (a uniform scale `1 + pressedGrowth / lensWidth`; press spring 0.25 s / 0.62, release 0.45 s / 0.65).
///   Dragging it (from the lens, or once a touch that began elsewhere moves more than
///   ``dragThreshold``, which also presses the lens) makes the lens follow the finger with a spring
///   (0.2 s / 0.85), keeping the offset at which it was grabbed (0 for a drag that began off the lens),
///   rubber-banded beyond the first and last items. On release the lens snaps to the item nearest to the
///   finger's lens position and that item becomes selected.
/// - A cancelled touch changes nothing: the lens returns to the selected item.
/// - Each change of ``selectedIndex`` caused by a touch sends ``ControlEvent/valueChanged`` once and plays
///   one ``HapticEvent/selection``. ``select(_:animated:)`` changes it without either.
///
/// ## Motion
/// Two springs, advanced in fixed steps of 1/120 s through the hosting run loop's ``AnimationDriver``:
/// the lens centre x and the lens scale. The callback runs only while a spring moves, so a settled bar
/// schedules no work, draws nothing and damages nothing.
///
/// ## Rendering (back to front)
/// 1. The bar background, drawn by ``drawBackground(in:bounds:)`` into its own layer over a blurred
///    shadow layer — the one place to replace when glass arrives.
/// 2. One image layer. The image is rendered lazily, when the compositor draws the layer after something
///    visible changed, at the compositor's pixel scale — so a run without a compositor (a trace) renders
///    nothing — and reused for every tile:
///    - the lens capsule;
///    - the items' ink — symbols and titles — in ``inkColor``, recoloured towards ``tintColor`` by a goo:
///      each item's colour regions (a rounded box around the symbol and one around the title) clipped to
///      the lens go through a ``GooLayer`` with ``GooParameters/tabBar(color:)`` (blur 3 pt, threshold
///      0.5) and the tab bar's ``EdgeSoftening`` (σ = 2 pt); the goo's alpha is the tint weight, so the
///      colour flows, merges and pinches off like liquid as the lens moves, while the ink itself —
///      the unfiltered symbols and titles drawn on top — stays sharp;
///    - the lens's baked shading (multiply + screen), baked per pixel size of the lens (cached);
///    - badges: a red capsule with the count in white at the symbol's top-right, hidden at 0.
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

    // MARK: - Appearance

    /// The colour of the selected item's symbol and title (the goo's colour).
    public var tintColor = RGBA(red: 0, green: 0.48, blue: 1) { didSet { inkCache = nil; invalidateImage() } }
    /// The colour of the other items' symbols and titles.
    public var inkColor = RGBA(red: 0.24, green: 0.24, blue: 0.27) { didSet { inkCache = nil; invalidateImage() } }
    /// The lens's fill.
    public var lensColor = RGBA(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.17) { didSet { invalidateImage() } }
    /// The badges' fill.
    public var badgeColor = RGBA(red: 1, green: 0.23, blue: 0.19) { didSet { invalidateImage() } }
    /// The bar's fill (see ``drawBackground(in:bounds:)``).
    public var barColor = RGBA(red: 1, green: 1, blue: 1, alpha: 0.94) { didSet { backgroundLayer.setNeedsDisplay() } }
    /// The lens's shading, baked once per pixel size of the lens (a sliding lens reuses one bake).
    public var lensShading = BakedShading(shadowOpacity: 0.09, shadowOffset: 1.5, shadowSoftness: 5,
                                          highlightOpacity: 0.5, highlightExtent: 0.45, rimOpacity: 0.7,
                                          rimWidth: 1.2) { didSet { invalidateImage() } }
    /// The title size in points.
    public var titleSize = 10.0 { didSet { inkCache = nil; invalidateImage() } }
    /// The symbol size in points.
    public var symbolSize = 24.0 { didSet { inkCache = nil; invalidateImage() } }

    // MARK: - Interaction settings

    /// How much wider (points) the lens grows while pressed (about 22 in the back-port).
    public var pressedGrowth = 22.0 { didSet { if lensIsPressed { retargetScale(pressed: true) } } }
    /// How far (points) a touch moves before it counts as a drag of the lens.
    public var dragThreshold = 6.0

    // MARK: - Motion

    /// The lens centre's x in the bar's own (bounds) coordinates, as presented by its spring.
    public var lensX: Double { lens.value }
    /// The lens's presented scale (1 at rest, `1 + pressedGrowth / lensWidth` when fully grown).
    public var lensScale: Double { scaleSpring.value }
    /// Whether a spring is still moving (the bar then has work every frame).
    public var isAnimating: Bool { !lens.isSettled || !scaleSpring.isSettled }

    static let followSpring = try! Spring(response: 0.2, dampingRatio: 0.85)
    static let snapSpring = try! Spring(response: 0.42, dampingRatio: 0.72)
    static let pressSpring = try! Spring(response: 0.25, dampingRatio: 0.62)
    static let releaseSpring = try! Spring(response: 0.45, dampingRatio: 0.65)
    /// Springs are stepped one whole step at a time by ``clock``, so exact stepping is the fixed step.
    static let stepping = SpringStepping.exact
    /// The lens x settles within 0.01 pt, slower than 0.1 pt/s.
    static let lensTolerance = try! SettleTolerance(value: 0.01, velocity: 0.1)

    private var lens: SpringAnimator<Double>
    private var scaleSpring: SpringAnimator<Double>
    private var animationHandle: AnimationDriver.Handle?
    /// The run loop's step clock while the springs move (`nil` until their first frame).
    private var clock: FixedStepClock?

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
    /// The rendered image and the pixel scale it was rendered at; `nil` when stale.
    private var renderedImage: (scale: Double, pixmap: Pixmap)?
    private let goo = GooLayer()
    /// Baked shading per pixel size: one for rest, one for pressed, and the sizes a press animation passes.
    private let shadingCache = BakedShadingCache(capacity: 48)
    private var inkCache: InkImages?
    private var laidOutSize: Size?
    /// The error of the latest render, if it failed (the image is then cleared).
    public private(set) var renderError: (any Error)?
    /// How many times the image was rendered (idle frames render nothing).
    public private(set) var renderCount = 0

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
                items: [LiquidTabBarItem] = LiquidTabBar.defaultItems, selectedIndex: Int = 0) {
        self.items = items
        self.selectedIndex = Swift.min(Swift.max(selectedIndex, 0), Swift.max(items.count - 1, 0))
        lens = SpringAnimator(spring: Self.snapSpring, value: 0, stepping: Self.stepping, tolerance: Self.lensTolerance)
        scaleSpring = SpringAnimator(spring: Self.pressSpring, value: 1, stepping: Self.stepping, tolerance: .unit)
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
        moveLens(to: itemCenterX(selectedIndex), spring: Self.snapSpring, animated: animated && !isTracking)
    }

    /// Sets the badge count of the item at `index` (ignored when out of range).
    public func setBadge(_ count: Int, at index: Int) {
        guard items.indices.contains(index) else { return }
        items[index].badge = count
    }

    /// The centre x of item `index`'s slot, in bounds coordinates.
    public func itemCenterX(_ index: Int) -> Double {
        let inner = innerRect
        guard !items.isEmpty else { return inner.midX }
        return inner.minX + slotWidth * (Double(index) + 0.5)
    }

    /// The index of the item whose slot is nearest to `x` (bounds coordinates).
    public func nearestItem(toX x: Double) -> Int {
        guard !items.isEmpty, slotWidth > 0 else { return 0 }
        let index = Int(((x - innerRect.minX) / slotWidth).rounded(.down))
        return Swift.min(Swift.max(index, 0), items.count - 1)
    }

    /// The bar's rounded rectangle (a capsule 62 pt tall, 12 pt in from the sides, 4 pt from the top).
    public var barRect: Rect {
        let height = Swift.max(Swift.min(62, bounds.height - 8), 0)
        return Rect(x: 12, y: 4, width: Swift.max(bounds.width - 24, 0), height: height)
    }

    /// The lens's rest width: one item slot.
    public var lensWidth: Double { slotWidth }

    /// The lens's rectangle as presented (centre ``lensX``, scaled by ``lensScale``).
    public var lensRect: Rect {
        let inner = innerRect
        let s = Swift.max(lensScale, 0)
        let width = slotWidth * s, height = inner.height * s
        return Rect(x: lensX - width / 2, y: inner.midY - height / 2, width: width, height: height)
    }

    /// The rectangle of item `index`'s badge (where it would be drawn), in bounds coordinates.
    public func badgeRect(forItem index: Int) -> Rect? {
        guard items.indices.contains(index), let text = items[index].badgeText else { return nil }
        let symbol = symbolBox(index)
        let height = 17.0
        let width = Swift.max(height, badgeTextWidth(text) + 10)
        return Rect(x: symbol.midX + 5, y: symbol.minY - 5, width: width, height: height)
    }

    private var innerRect: Rect { barRect.insetBy(dx: 4, dy: 4) }
    private var slotWidth: Double { items.isEmpty ? 0 : innerRect.width / Double(items.count) }
    private var pressedScale: Double { slotWidth > 0 ? 1 + pressedGrowth / slotWidth : 1 }

    /// Item `index`'s symbol box (``symbolSize`` square), above its title.
    private func symbolBox(_ index: Int) -> Rect {
        let inner = innerRect
        return Rect(x: itemCenterX(index) - symbolSize / 2, y: inner.midY - 17, width: symbolSize, height: symbolSize)
    }

    /// Item `index`'s title baseline point (centre of the line).
    private func titleBaseline(_ index: Int) -> Point {
        Point(itemCenterX(index), innerRect.midY + 17)
    }

    // MARK: - SimulatableComponent

    public var view: View { self }
    public var simulationSize: Size { frame.size.isEmpty ? Self.defaultSize : frame.size }
    public var simulationState: [String: TraceValue] {
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
        startedOnLens = abs(p.x - lensNow.midX) <= lensNow.width / 2 && abs(p.y - lensNow.midY) <= lensNow.height / 2 + 8
        grabOffset = startedOnLens ? p.x - lensX : 0
        fingerLensX = lens.target
        if startedOnLens { retargetScale(pressed: true) }
        return true
    }

    public override func continueTracking(_ touch: Touch) -> Bool {
        let p = convert(touch.location, from: nil)
        if !isDraggingLens {
            guard abs(p.x - touchStart.x) > dragThreshold || abs(p.y - touchStart.y) > dragThreshold else { return true }
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
        moveLens(to: itemCenterX(index), spring: Self.snapSpring, animated: true)
        if changed {
            playHaptic(.selection)
            sendActions(for: .valueChanged)
        }
    }

    public override func cancelTracking(_ touch: Touch) {
        isDraggingLens = false
        retargetScale(pressed: false)
        moveLens(to: itemCenterX(selectedIndex), spring: Self.snapSpring, animated: true)
    }

    /// Moves the lens target under the finger (keeping the grab offset), rubber-banded past the ends.
    private func followFinger(_ x: Double) {
        let first = itemCenterX(0), last = itemCenterX(items.count - 1)
        let raw = x - grabOffset
        let band = try? RubberBand(dimension: Swift.max(slotWidth, 1))
        fingerLensX = (try? band?.clamp(raw, to: first...last)) ?? Swift.min(Swift.max(raw, first), last)
        moveLens(to: fingerLensX, spring: Self.followSpring, animated: true)
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
        invalidateImage()
    }

    private func retargetScale(pressed: Bool) {
        lensIsPressed = pressed
        let target = pressed ? pressedScale : 1
        let spring = pressed ? Self.pressSpring : Self.releaseSpring
        if scaleSpring.spring != spring { scaleSpring.setSpring(spring) }
        if scaleSpring.target != target { scaleSpring.retarget(to: target) }
        startAnimatingIfNeeded()
    }

    /// Registers the per-frame callback while a spring moves; without a run loop, springs jump to rest.
    private func startAnimatingIfNeeded() {
        guard isAnimating, animationHandle == nil else { return }
        guard let loop = runLoop else {
            lens.jump(to: lens.target)
            scaleSpring.jump(to: scaleSpring.target)
            invalidateImage()
            return
        }
        clock = nil
        animationHandle = loop.animations.add { [weak self] time, delta in
            guard let self else { return false }
            return self.advanceSprings(to: time, delta: delta)
        }
    }

    /// One frame of both springs: the steps the clock owes at `time`; returns whether to keep running.
    /// The clock starts at the previous frame (`time - delta`), so the first frame after a change advances
    /// a whole frame interval (two steps at 60 Hz).
    private func advanceSprings(to time: Double, delta: Double) -> Bool {
        var frameClock = clock ?? runLoop?.animations.makeClock(start: time - delta) ?? .sixtyHertz
        for _ in 0..<frameClock.advance(to: time) {
            lens.advance(by: frameClock.step)
            scaleSpring.advance(by: frameClock.step)
        }
        clock = frameClock
        invalidateImage()
        if isAnimating { return true }
        animationHandle = nil
        clock = nil
        return false
    }

    // MARK: - Passes

    public override func updateProperties() {
        contentLayer.opacity = isEnabled ? 1 : 0.45
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
        let reach = 3 * Self.barShadowSigma
        shadowLayer.frame = bar.insetBy(dx: -reach, dy: -reach).offsetBy(dx: 0, dy: Self.barShadowOffset)
        let shape = Rect(x: reach, y: reach, width: bar.width, height: bar.height)
        shadowLayer.content = .shape(Path(roundedRect: shape, cornerRadii: CornerRadii(all: bar.height / 2)),
                                     fill: .color(Self.barShadowColor), stroke: nil)
        shadowLayer.filters = [.blur(sigma: Self.barShadowSigma)]
    }

    static let barShadowSigma = 6.0
    static let barShadowOffset = 3.0
    static let barShadowColor = RGBA(red: 0, green: 0, blue: 0.1, alpha: 0.14)

    /// Draws the bar's background: a capsule in ``barColor`` with a hairline edge. This is the one place
    /// that draws the bar itself, so a glass material can replace it.
    public func drawBackground(in canvas: inout Canvas, bounds: Rect) {
        let bar = barRect
        guard bar.width > 0, bar.height > 0 else { return }
        let radii = CornerRadii(all: bar.height / 2)
        canvas.fillRoundedRect(bar, cornerRadii: radii, paint: .color(barColor))
        canvas.stroke(Path(roundedRect: bar.insetBy(dx: 0.25, dy: 0.25), cornerRadii: CornerRadii(all: bar.height / 2 - 0.25)),
                      style: StrokeStyle(width: 0.5), paint: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.08)))
    }

    /// Forgets the rendered image and marks the image layer for redrawing: the next composite renders it.
    private func invalidateImage() {
        renderedImage = nil
        contentLayer.setNeedsDisplay()
    }

    /// The image layer's drawing: renders the image at the canvas's pixel scale if it is stale (once per
    /// frame, whatever the number of tiles), then draws it.
    private func drawContent(in canvas: inout Canvas) {
        let scale = canvas.pixmap.scale
        if renderedImage?.scale != scale {
            renderedImage = nil
            guard bounds.width > 0, bounds.height > 0, bounds.size.isFinite, !items.isEmpty else { return }
            renderCount += 1
            do {
                renderedImage = (scale, try drawImage(scale: scale))
                renderError = nil
            } catch {
                renderError = error
                return
            }
        }
        if let image = renderedImage?.pixmap { canvas.drawImageAligned(image) }
    }

    private func drawImage(scale: Double) throws -> Pixmap {
        let ink = try inkImages(scale: scale)
        let lensNow = lensRect
        var canvas = Canvas(try Pixmap(size: bounds.size, scale: scale))
        if lensNow.width > 0, lensNow.height > 0 {
            canvas.fillRoundedRect(lensNow, cornerRadii: CornerRadii(all: lensNow.height / 2), paint: .color(lensColor))
        }
        var image = canvas.pixmap
        let mixed = try tintedInk(ink, lens: lensNow, scale: scale)
        let failure: RasterError? = image.withMutableView { target in
            mixed.withView { source in
                do throws(RasterError) { try target.composite(source) } catch { return error }
                return nil
            }
        }
        if let failure { throw failure }
        if lensNow.width > 0, lensNow.height > 0 {
            try shadingCache.composite(lensShading, over: lensNow, onto: &image)
        }
        try drawBadges(on: &image)
        return image
    }

    /// The ink recoloured by the goo: ``inkColor`` ink, mixed towards the ``tintColor`` ink by the goo's
    /// alpha inside the lens's neighbourhood.
    private func tintedInk(_ ink: InkImages, lens lensNow: Rect, scale: Double) throws(RasterError) -> Pixmap {
        var mixed = ink.normal
        let reach = 3 * GooParameters.tabBar(color: tintColor).blurRadius + 2.5 * EdgeSoftening.tabBar.sigma
        let grown = lensNow.insetBy(dx: -reach, dy: -reach)
        // The goo runs over the lens's neighbourhood only, aligned to whole pixels of the image.
        let x0 = Swift.max(Int((grown.minX * scale).rounded(.down)), 0)
        let y0 = Swift.max(Int((grown.minY * scale).rounded(.down)), 0)
        let x1 = Swift.min(Int((grown.maxX * scale).rounded(.up)), mixed.width)
        let y1 = Swift.min(Int((grown.maxY * scale).rounded(.up)), mixed.height)
        guard x1 > x0, y1 > y0, lensNow.width > 0, lensNow.height > 0 else { return mixed }
        let origin = Point(Double(x0) / scale, Double(y0) / scale)
        let size = Size(width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        let lensPath = Path(roundedRect: lensNow.offsetBy(dx: -origin.x, dy: -origin.y),
                            cornerRadii: CornerRadii(all: lensNow.height / 2))
        let regions = ink.regions
        try goo.render(size: size, scale: scale, parameters: .tabBar(color: tintColor), softening: .tabBar) { canvas in
            canvas.clip(to: lensPath)
            for itemRegions in regions {
                for region in itemRegions where region.intersects(lensNow) {
                    canvas.fillRoundedRect(region.offsetBy(dx: -origin.x, dy: -origin.y),
                                           cornerRadii: CornerRadii(all: Swift.min(region.height / 2, 6)),
                                           paint: .color(.white))
                }
            }
        }
        guard let weights = goo.image else { return mixed }
        let tinted = ink.tinted
        mixed.withMutableView { out in
            tinted.withView { tint in
                weights.withView { goo in
                    let w = Swift.min(goo.width, x1 - x0), h = Swift.min(goo.height, y1 - y0)
                    for y in 0..<h {
                        let o = out.row(y0 + y) + 4 * x0, t = tint.row(y0 + y) + 4 * x0, g = goo.row(y)
                        for x in 0..<w {
                            let m = UInt32(g[4 * x + 3])
                            if m == 0 || o[4 * x + 3] == 0 { continue }
                            for c in 0..<4 {
                                let n = UInt32(o[4 * x + c]), k = UInt32(t[4 * x + c])
                                o[4 * x + c] = UInt8((n * (255 - m) + k * m + 127) / 255)
                            }
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
        let normal = try drawInk(color: inkColor, scale: scale)
        let tinted = try drawInk(color: tintColor, scale: scale)
        var regions: [[Rect]] = []
        var boxes: [Rect] = []
        let font = Self.titleFont
        for index in items.indices {
            let symbol = symbolBox(index)
            boxes.append(symbol)
            var itemRegions = [symbol.insetBy(dx: -3, dy: -3)]
            if let font, !items[index].title.isEmpty {
                let renderer = TextRenderer(font: font, size: titleSize, alignment: .center)
                let metrics = try renderer.measure(items[index].title, scale: scale)
                if metrics.bounds.width > 0 {
                    let baseline = titleBaseline(index)
                    itemRegions.append(metrics.bounds.offsetBy(dx: baseline.x, dy: baseline.y).insetBy(dx: -3, dy: -2.5))
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
        var canvas = Canvas(try Pixmap(size: bounds.size, scale: scale))
        for index in items.indices {
            canvas.fill(items[index].symbol.path(in: symbolBox(index)), paint: .color(color))
        }
        var pixmap = canvas.pixmap
        if let font = Self.titleFont {
            let renderer = TextRenderer(font: font, size: titleSize, color: color, alignment: .center)
            for index in items.indices where !items[index].title.isEmpty {
                try renderer.draw(items[index].title, at: titleBaseline(index), into: &pixmap)
            }
        }
        return pixmap
    }

    // MARK: - Badges

    private func drawBadges(on image: inout Pixmap) throws {
        let font = Self.badgeFont
        for index in items.indices {
            guard let rect = badgeRect(forItem: index), let text = items[index].badgeText else { continue }
            var canvas = Canvas(image)
            canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: rect.height / 2), paint: .color(badgeColor))
            image = canvas.pixmap
            if let font {
                let renderer = TextRenderer(font: font, size: Self.badgeTextSize, color: .white, alignment: .center)
                let metrics = try renderer.measure(text, scale: image.scale)
                // Centre the digits' ink vertically in the capsule.
                let baseline = rect.midY - (metrics.bounds.minY + metrics.bounds.maxY) / 2
                try renderer.draw(text, at: Point(rect.midX, baseline), into: &image)
            }
        }
    }

    static let badgeTextSize = 11.0

    private func badgeTextWidth(_ text: String) -> Double {
        guard let font = Self.badgeFont else { return 7 * Double(text.count) }
        let renderer = TextRenderer(font: font, size: Self.badgeTextSize)
        return (try? renderer.measure(text).advance) ?? 7 * Double(text.count)
    }

    /// The titles' font: DejaVu Sans (the fallback font), or `nil` when none loads (titles are skipped).
    static let titleFont: Font? = try? Font.fallback()
    /// The badges' font: DejaVu Sans Bold, else the titles' font.
    static let badgeFont: Font? = (try? Font(family: "DejaVu Sans", style: .bold)) ?? titleFont
}
