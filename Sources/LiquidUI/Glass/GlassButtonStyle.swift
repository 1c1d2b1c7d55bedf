import LiquidGeometry
import LiquidGlass

/// The four glass button styles of iOS 26: glass, clear glass, prominent glass (tinted with the accent
/// colour) and prominent clear glass.
public enum GlassButtonStyle: String, Hashable, Sendable, CaseIterable {
    /// Regular glass: medium transparency, a light frost and a faint milky wash.
    case glass
    /// Clear glass: high transparency; content relies on vibrancy for contrast.
    case clearGlass
    /// Regular glass stained strongly with the accent colour (the primary action).
    case prominentGlass
    /// Clear glass stained strongly with the accent colour.
    case prominentClearGlass

    /// Whether the style is tinted with the accent colour.
    package var isProminent: Bool { self == .prominentGlass || self == .prominentClearGlass }

    /// The glass style underneath.
    package var glassStyle: GlassStyle { self == .glass || self == .prominentGlass ? .regular : .clear }

    /// The material for `accent`.
    package func material(accent: RGBA) -> GlassMaterial {
        GlassMaterial(style: glassStyle, tint: isProminent ? accent : nil, prominent: isProminent)
    }
}
