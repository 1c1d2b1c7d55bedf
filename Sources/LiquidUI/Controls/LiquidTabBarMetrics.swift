import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// The geometry and springs of a ``LiquidTabBar``, in points and seconds (the badge, tint and goo figures
/// are fixed).
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
    package var lensGrabSlop: Double = 8
    /// How much wider the lens grows while pressed (about 22 in the back-port).
    public var pressedGrowth: Double
    /// How far a touch moves before it counts as a drag of the lens.
    package var dragThreshold: Double = 6
    /// The symbol size.
    public var symbolSize: Double
    /// The title size.
    public var titleSize: Double
    /// How far above the item row's middle a symbol's top lies.
    package var symbolRise: Double = 17
    /// How far below the item row's middle a title's baseline lies.
    package var titleDrop: Double = 17
    /// How far the tint regions reach beyond a symbol (on every side) and a title (horizontally; see
    /// ``titleTintPaddingY``).
    package var tintPadding: Double = 3
    /// How far a title's tint region reaches beyond its ink vertically.
    package var titleTintPaddingY: Double = 2.5
    /// The largest corner radius of a tint region.
    package var tintCornerRadius: Double = 6
    /// A badge's height; it is at least as wide.
    package var badgeHeight: Double = 17
    /// A badge's count size.
    package var badgeTextSize: Double = 11
    /// Room beside a badge's count, both sides together.
    package var badgePadding: Double = 10
    /// How far right of the symbol's middle and above its top a badge starts.
    package var badgeOffset: Double = 5
    /// A badge digit's width when no font loads.
    package var badgeFallbackDigitWidth: Double = 7
    /// The blur σ of the bar's shadow.
    package var barShadowSigma: Double = 6
    /// The bar shadow's downward offset.
    package var barShadowOffset: Double = 3
    /// The width of the bar's hairline edge.
    package var hairlineWidth: Double = 0.5

    /// The lens following a dragging finger (response 0.2 s, damping 0.85).
    public var followSpring: Spring
    /// The lens snapping to an item (0.42 s / 0.72).
    public var snapSpring: Spring
    /// The lens growing on press (0.25 s / 0.62).
    public var pressSpring: Spring
    /// The lens shrinking on release (0.45 s / 0.65).
    public var releaseSpring: Spring
    /// When the lens x is at rest: within 0.01 pt, slower than 0.1 pt/s.
    package var lensTolerance: SettleTolerance = SettleTolerance.constant(value: 0.01, velocity: 0.1)
    /// The tint goo's blur radius (the goo's colour is the appearance's tint; the defaults are
    /// `GooParameters.tabBar(color:)`'s).
    package var gooBlurRadius: Double = GooParameters.tabBar(color: .black).blurRadius
    /// The tint goo's threshold.
    package var gooThreshold: Double = GooParameters.tabBar(color: .black).threshold
    /// The tint goo's soft threshold width.
    package var gooEdgeWidth: Double = GooParameters.tabBar(color: .black).edgeWidth
    /// The tint goo's final edge softening (default `EdgeSoftening.tabBar`, σ = 2 pt).
    package var edgeSoftening: EdgeSoftening = EdgeSoftening.tabBar

    /// The back-port's figures (see the type's overview).
    public static let standard = LiquidTabBarMetrics()

    /// Metrics with the given geometry and springs; every argument defaults to the standard figure.
    public init(
        barHeight: Double = 62, barInsets: EdgeInsets = EdgeInsets(top: 4, left: 12, bottom: 4, right: 12),
        lensInset: Double = 4, pressedGrowth: Double = 22, symbolSize: Double = 24, titleSize: Double = 10,
        followSpring: Spring = .constant(response: 0.2, dampingRatio: 0.85),
        snapSpring: Spring = .constant(response: 0.42, dampingRatio: 0.72),
        pressSpring: Spring = .constant(response: 0.25, dampingRatio: 0.62),
        releaseSpring: Spring = .constant(response: 0.45, dampingRatio: 0.65)
    ) {
        self.barHeight = barHeight
        self.barInsets = barInsets
        self.lensInset = lensInset
        self.pressedGrowth = pressedGrowth
        self.symbolSize = symbolSize
        self.titleSize = titleSize
        self.followSpring = followSpring
        self.snapSpring = snapSpring
        self.pressSpring = pressSpring
        self.releaseSpring = releaseSpring
    }

    /// The tint goo's settings in `color`.
    package func gooParameters(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: gooBlurRadius, threshold: gooThreshold, edgeWidth: gooEdgeWidth, color: color)
    }
}
