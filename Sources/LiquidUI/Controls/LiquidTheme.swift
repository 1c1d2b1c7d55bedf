import LiquidGeometry

/// The colours the controls share, and how a disabled control is dimmed.
///
/// Each control's appearance (``LiquidSwitchAppearance``, ``LiquidSliderAppearance``,
/// ``LiquidTabBarAppearance``, ``GlassButtonAppearance``) takes its defaults from a theme, so one theme
/// recolours them all; every field of an appearance can still be set on its own.
public struct LiquidTheme: Hashable, Sendable {
    /// The accent: the slider's fill, the tab bar's selected tint, the prominent glass button's stain
    /// (default: iOS system blue, 0 / 0.48 / 1).
    public var accentColor: RGBA
    /// The colour of an "on" state (default: iOS system green).
    public var onColor: RGBA
    /// The base of the translucent system fills — switch track, slider track, tab bar lens — opaque; each
    /// control applies its own alpha (default: grey 0.47 / 0.47 / 0.5).
    public var systemFill: RGBA
    /// Thumbs (default: white).
    public var thumbColor: RGBA
    /// Unselected symbols and titles (default: dark grey 0.24 / 0.24 / 0.27).
    public var inkColor: RGBA
    /// Badges (default: iOS system red, 1 / 0.23 / 0.19).
    public var badgeColor: RGBA
    /// The opacity of a disabled control's content, 0…1 (default 0.5).
    public var disabledOpacity: Double

    /// The default theme: iOS colours, disabled controls at half opacity.
    public static let standard = LiquidTheme()

    /// A theme with the given colours; every argument defaults to the standard theme's value.
    public init(
        accentColor: RGBA = RGBA(red: 0, green: 0.48, blue: 1),
        onColor: RGBA = RGBA(red: 0.204, green: 0.78, blue: 0.349),
        systemFill: RGBA = RGBA(red: 0.47, green: 0.47, blue: 0.5),
        thumbColor: RGBA = .white,
        inkColor: RGBA = RGBA(red: 0.24, green: 0.24, blue: 0.27),
        badgeColor: RGBA = RGBA(red: 1, green: 0.23, blue: 0.19),
        disabledOpacity: Double = 0.5
    ) {
        self.accentColor = accentColor
        self.onColor = onColor
        self.systemFill = systemFill
        self.thumbColor = thumbColor
        self.inkColor = inkColor
        self.badgeColor = badgeColor
        self.disabledOpacity = disabledOpacity
    }

    /// ``systemFill`` at `alpha`.
    public func systemFill(alpha: Double) -> RGBA { systemFill.withAlpha(alpha) }

    /// The opacity of a control's content: 1 enabled, ``disabledOpacity`` (clamped to 0…1) disabled.
    package func contentOpacity(isEnabled: Bool) -> Double {
        isEnabled ? 1 : Swift.min(Swift.max(disabledOpacity, 0), 1)
    }
}
