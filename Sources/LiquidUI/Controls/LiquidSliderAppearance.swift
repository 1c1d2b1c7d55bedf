import LiquidGeometry
import LiquidGlass

/// The colours of a ``LiquidSlider`` (from ``LiquidTheme`` by default); the thumb's shading and shadow are
/// the back-port's.
public struct LiquidSliderAppearance: Hashable, Sendable {
    /// The track background's goo colour, straight alpha (default: the theme's system fill at 0.24).
    public var trackColor: RGBA
    /// The fill's goo colour, from the start of the track to the thumb (default: the theme's accent).
    public var fillColor: RGBA
    /// The thumb (default: the theme's thumb colour, white). A translucent thumb shows the goo's
    /// thumb-shaped blobs through it.
    public var thumbColor: RGBA
    /// The thumb's shading, baked once per pixel size of the thumb (default `defaultThumbShading`).
    package var thumbShading: BakedShading = LiquidSliderAppearance.defaultThumbShading
    /// The thumb's drop shadow colour (default: near-black blue at 22 %).
    package var shadowColor: RGBA = RGBA(red: 0, green: 0, blue: 0.08, alpha: 0.22)
    /// The opacity of a disabled slider (default: the theme's, 0.5).
    public var disabledOpacity: Double

    /// The alpha of the track over the theme's system fill: 0.24.
    package static let trackAlpha = 0.24

    /// A light version of `BakedShading.thumb`: a soft bottom inner shadow, a top sheen and a rim light.
    package static let defaultThumbShading = BakedShading(shadowOpacity: 0.16, shadowOffset: 1.2, shadowSoftness: 3.5,
                                                         highlightOpacity: 0.45, highlightExtent: 0.5,
                                                         rimOpacity: 0.6, rimWidth: 1)

    /// The default look (the standard theme).
    public static let standard = LiquidSliderAppearance()

    /// The look with `theme`'s colours and disabled opacity, and the default finish.
    public init(theme: LiquidTheme) {
        self.init(trackColor: theme.systemFill(alpha: Self.trackAlpha), fillColor: theme.accentColor,
                  thumbColor: theme.thumbColor, disabledOpacity: theme.disabledOpacity)
    }

    /// A look with the given colours; every argument defaults to the standard look's value.
    public init(
        trackColor: RGBA = LiquidTheme.standard.systemFill(alpha: 0.24),
        fillColor: RGBA = LiquidTheme.standard.accentColor, thumbColor: RGBA = LiquidTheme.standard.thumbColor,
        disabledOpacity: Double = LiquidTheme.standard.disabledOpacity
    ) {
        self.trackColor = trackColor
        self.fillColor = fillColor
        self.thumbColor = thumbColor
        self.disabledOpacity = disabledOpacity
    }
}
