import LiquidGeometry
import LiquidGlass

/// The colours of a ``LiquidTabBar`` (from ``LiquidTheme`` by default); the lens shading, hairline and
/// shadow are the back-port's.
public struct LiquidTabBarAppearance: Hashable, Sendable {
    /// The selected item's symbol and title (the goo's colour; default: the theme's accent).
    public var tintColor: RGBA
    /// The other items' symbols and titles (default: the theme's ink).
    public var inkColor: RGBA
    /// The lens's fill (default: the theme's system fill at 0.17).
    public var lensColor: RGBA
    /// The badges' fill (default: the theme's badge colour).
    public var badgeColor: RGBA
    /// The badges' count (default: white).
    public var badgeTextColor: RGBA
    /// The bar's fill (default: white at 94 %).
    public var barColor: RGBA
    /// The bar's hairline edge (default: black at 8 %).
    package var hairlineColor: RGBA = RGBA(red: 0, green: 0, blue: 0, alpha: 0.08)
    /// The bar's blurred shadow (default: near-black blue at 14 %).
    package var barShadowColor: RGBA = RGBA(red: 0, green: 0, blue: 0.1, alpha: 0.14)
    /// The lens's shading, baked once per pixel size of the lens (a sliding lens reuses one bake).
    package var lensShading: BakedShading = LiquidTabBarAppearance.defaultLensShading
    /// The opacity of a disabled bar's items and lens (default: the theme's, 0.5).
    public var disabledOpacity: Double

    /// The alpha of the lens over the theme's system fill: 0.17.
    package static let lensAlpha = 0.17
    /// The default lens shading: a faint inner shadow, a top sheen and a rim light.
    package static let defaultLensShading = BakedShading(shadowOpacity: 0.09, shadowOffset: 1.5, shadowSoftness: 5,
                                                        highlightOpacity: 0.5, highlightExtent: 0.45, rimOpacity: 0.7,
                                                        rimWidth: 1.2)

    /// The default look (the standard theme).
    public static let standard = LiquidTabBarAppearance()

    /// The look with `theme`'s colours and disabled opacity, and the default finish.
    public init(theme: LiquidTheme) {
        self.init(tintColor: theme.accentColor, inkColor: theme.inkColor, lensColor: theme.systemFill(alpha: Self.lensAlpha),
                  badgeColor: theme.badgeColor, disabledOpacity: theme.disabledOpacity)
    }

    /// A look with the given colours; every argument defaults to the standard look's value.
    public init(
        tintColor: RGBA = LiquidTheme.standard.accentColor, inkColor: RGBA = LiquidTheme.standard.inkColor,
        lensColor: RGBA = LiquidTheme.standard.systemFill(alpha: 0.17),
        badgeColor: RGBA = LiquidTheme.standard.badgeColor, badgeTextColor: RGBA = .white,
        barColor: RGBA = RGBA(red: 1, green: 1, blue: 1, alpha: 0.94),
        disabledOpacity: Double = LiquidTheme.standard.disabledOpacity
    ) {
        self.tintColor = tintColor
        self.inkColor = inkColor
        self.lensColor = lensColor
        self.badgeColor = badgeColor
        self.badgeTextColor = badgeTextColor
        self.barColor = barColor
        self.disabledOpacity = disabledOpacity
    }
}
