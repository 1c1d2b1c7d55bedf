import LiquidGeometry

/// The colours of a ``GlassButton`` beyond its glass (colours from ``LiquidTheme``).
public struct GlassButtonAppearance: Hashable, Sendable {
    /// The stain of the prominent styles (default: the theme's accent).
    public var accentColor: RGBA
    /// The opacity of a disabled button's title and symbol (default: the theme's, 0.5).
    public var disabledOpacity: Double

    /// The default look (the standard theme).
    public static let standard = GlassButtonAppearance()

    /// The look with `theme`'s accent and disabled opacity.
    public init(theme: LiquidTheme) {
        self.init(accentColor: theme.accentColor, disabledOpacity: theme.disabledOpacity)
    }

    /// A look with the given accent colour and disabled opacity (by default the standard theme's).
    public init(accentColor: RGBA = LiquidTheme.standard.accentColor,
                disabledOpacity: Double = LiquidTheme.standard.disabledOpacity) {
        self.accentColor = accentColor
        self.disabledOpacity = disabledOpacity
    }
}
