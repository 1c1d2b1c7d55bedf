import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// The geometry, motion and goo settings of a ``LiquidTabBar``, in points and seconds.
///
/// The defaults are the back-port's phone bar: a capsule 62 pt tall, 12 pt in from the sides and 4 pt
/// from the top, items of a 24 pt symbol over a 10 pt title, a lens one item slot wide that grows 22 pt
/// while pressed.
public struct LiquidTabBarMetrics: Hashable, Sendable {
    /// The bar capsule's height (at most the bounds' height minus the vertical insets).
    public var barHeight: Double
    /// Where the bar sits in the bounds: 12 pt from the sides, 4 pt from the top (and at least 4 pt from
    /// the bottom).
    public var barInsets: EdgeInsets
    /// How far the item row (and the resting lens) lies inside the bar.
    public var lensInset: Double
    /// How far above and below the lens a touch still grabs it.
    public var lensGrabSlop: Double
    /// How much wider the lens grows while pressed (about 22 in the back-port).
    public var pressedGrowth: Double
    /// How far a touch moves before it counts as a drag of the lens.
    public var dragThreshold: Double
    /// The symbol size.
    public var symbolSize: Double
    /// The title size.
    public var titleSize: Double
    /// How far above the item row's middle a symbol's top lies.
    public var symbolRise: Double
    /// How far below the item row's middle a title's baseline lies.
    public var titleDrop: Double
    /// How far the tint regions reach beyond a symbol (on every side) and a title (horizontally; see
    /// ``titleTintPaddingY``).
    public var tintPadding: Double
    /// How far a title's tint region reaches beyond its ink vertically.
    public var titleTintPaddingY: Double
    /// The largest corner radius of a tint region.
    public var tintCornerRadius: Double
    /// A badge's height; it is at least as wide.
    public var badgeHeight: Double
    /// A badge's count size.
    public var badgeTextSize: Double
    /// Room beside a badge's count, both sides together.
    public var badgePadding: Double
    /// How far right of the symbol's middle and above its top a badge starts.
    public var badgeOffset: Double
    /// A badge digit's width when no font loads.
    public var badgeFallbackDigitWidth: Double
    /// The blur σ of the bar's shadow.
    public var barShadowSigma: Double
    /// The bar shadow's downward offset.
    public var barShadowOffset: Double
    /// The width of the bar's hairline edge.
    public var hairlineWidth: Double

    /// The lens following a dragging finger (response 0.2 s, damping 0.85).
    public var followSpring: Spring
    /// The lens snapping to an item (0.42 s / 0.72).
    public var snapSpring: Spring
    /// The lens growing on press (0.25 s / 0.62).
    public var pressSpring: Spring
    /// The lens shrinking on release (0.45 s / 0.65).
    public var releaseSpring: Spring
    /// When the lens x is at rest: within 0.01 pt, slower than 0.1 pt/s.
    public var lensTolerance: SettleTolerance
    /// The tint goo's blur radius (the goo's colour is the appearance's tint; the defaults are
    /// ``GooParameters/tabBar(color:)``'s).
    public var gooBlurRadius: Double
    /// The tint goo's threshold.
    public var gooThreshold: Double
    /// The tint goo's soft threshold width.
    public var gooEdgeWidth: Double
    /// The tint goo's final edge softening (default ``EdgeSoftening/tabBar``, σ = 2 pt).
    public var edgeSoftening: EdgeSoftening

    /// The back-port's figures (see the type's overview).
    public static let standard = LiquidTabBarMetrics()

    public init(
        barHeight: Double = 62, barInsets: EdgeInsets = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12),
        lensInset: Double = 4, lensGrabSlop: Double = 8, pressedGrowth: Double = 22, dragThreshold: Double = 6,
        symbolSize: Double = 24, titleSize: Double = 10, symbolRise: Double = 17, titleDrop: Double = 17,
        tintPadding: Double = 3, titleTintPaddingY: Double = 2.5, tintCornerRadius: Double = 6,
        badgeHeight: Double = 17, badgeTextSize: Double = 11, badgePadding: Double = 10, badgeOffset: Double = 5,
        badgeFallbackDigitWidth: Double = 7, barShadowSigma: Double = 6, barShadowOffset: Double = 3,
        hairlineWidth: Double = 0.5,
        followSpring: Spring = .constant(response: 0.2, dampingRatio: 0.85),
        snapSpring: Spring = .constant(response: 0.42, dampingRatio: 0.72),
        pressSpring: Spring = LiquidTabBarMetrics.defaultPressSpring,
        releaseSpring: Spring = LiquidTabBarMetrics.defaultReleaseSpring,
        lensTolerance: SettleTolerance = .constant(value: 0.01, velocity: 0.1),
        gooBlurRadius: Double = GooParameters.tabBar(color: .black).blurRadius,
        gooThreshold: Double = GooParameters.tabBar(color: .black).threshold,
        gooEdgeWidth: Double = GooParameters.tabBar(color: .black).edgeWidth,
        edgeSoftening: EdgeSoftening = .tabBar
    ) {
        self.barHeight = barHeight
        self.barInsets = barInsets
        self.lensInset = lensInset
        self.lensGrabSlop = lensGrabSlop
        self.pressedGrowth = pressedGrowth
        self.dragThreshold = dragThreshold
        self.symbolSize = symbolSize
        self.titleSize = titleSize
        self.symbolRise = symbolRise
        self.titleDrop = titleDrop
        self.tintPadding = tintPadding
        self.titleTintPaddingY = titleTintPaddingY
        self.tintCornerRadius = tintCornerRadius
        self.badgeHeight = badgeHeight
        self.badgeTextSize = badgeTextSize
        self.badgePadding = badgePadding
        self.badgeOffset = badgeOffset
        self.badgeFallbackDigitWidth = badgeFallbackDigitWidth
        self.barShadowSigma = barShadowSigma
        self.barShadowOffset = barShadowOffset
        self.hairlineWidth = hairlineWidth
        self.followSpring = followSpring
        self.snapSpring = snapSpring
        self.pressSpring = pressSpring
        self.releaseSpring = releaseSpring
        self.lensTolerance = lensTolerance
        self.gooBlurRadius = gooBlurRadius
        self.gooThreshold = gooThreshold
        self.gooEdgeWidth = gooEdgeWidth
        self.edgeSoftening = edgeSoftening
    }

    public static let defaultPressSpring = Spring.constant(response: 0.25, dampingRatio: 0.62)
    public static let defaultReleaseSpring = Spring.constant(response: 0.45, dampingRatio: 0.65)

    /// The tint goo's settings in `color`.
    public func gooParameters(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: gooBlurRadius, threshold: gooThreshold, edgeWidth: gooEdgeWidth, color: color)
    }
}
