import LiquidGeometry
import LiquidGlass

/// The colours of a ``LiquidSwitch`` (from ``LiquidTheme`` by default); the finish (pressed-thumb lens,
/// shading, shadow) is the back-port's.
///
/// The track colour is ``onColor`` composited over ``offColor`` with an animated alpha
/// (`GooParameters.mixedColor`), not an RGB blend, so a translucent off colour stays right; it is the
/// goo pass's threshold colour. The thumb is ``thumbColor`` at rest; while pressed its alpha falls toward
/// `pressedThumbOpacity` (a glass lens), and since it is cut into the track with a copy blend, what shows
/// through it is what lies behind the switch, not the track.
public struct LiquidSwitchAppearance: Hashable, Sendable {
    /// The track when off (default: iOS's translucent system fill, grey at 20 % alpha).
    public var offColor: RGBA
    /// The track when on (default: iOS system green).
    public var onColor: RGBA
    /// The thumb at rest (default: white).
    public var thumbColor: RGBA
    /// The thumb's alpha multiplier when fully pressed (0…1; default 0.3).
    package var pressedThumbOpacity: Double = 0.3
    /// How much of the track colour (its alpha multiplier, 0…1) tints a fully pressed thumb, beneath the
    /// thumb colour: the lens seems to let the track through (default 0.35).
    package var pressedTrackTint: Double = 0.35
    /// Width in points of the rim of track colour left around a fully pressed thumb (default 1.5).
    package var pressedRimWidth: Double = 1.5
    /// The baked inner shading of the thumb (shadow with multiply, highlights with screen).
    package var thumbShading: BakedShading = LiquidSwitchAppearance.defaultThumbShading
    /// Opacity (0…1) of the soft shadow the thumb casts on the track (default 0.18).
    package var thumbShadowOpacity: Double = 0.18
    /// The final softening of the goo edge (default `defaultEdgeSoftening`).
    package var edgeSoftening: EdgeSoftening = LiquidSwitchAppearance.defaultEdgeSoftening
    /// The opacity of a disabled switch (default: the theme's, 0.5).
    public var disabledOpacity: Double

    /// The default edge softening: σ = 0.35 pt (about one pixel at 3×). The back-port's figure is ≈ 1
    /// (`EdgeSoftening.liquidSwitch`, one property away), which at 3× spreads the track's outline over about
    /// ten pixels and reads as out of focus next to the crisp thumb; a third of it still hides the
    /// threshold's hard step.
    package static let defaultEdgeSoftening = EdgeSoftening.constant(sigma: 0.35)

    /// The default thumb shading: `BakedShading.thumb` with a lighter inner shadow (opacity 0.2, 1 pt deep,
    /// fading over 2.5 pt), so the white thumb reads as a lit pill rather than a grey-bottomed button.
    package static let defaultThumbShading = BakedShading(shadowOpacity: 0.2, shadowOffset: 1, shadowSoftness: 2.5)

    /// The default look: the standard theme's colours, the back-port's thumb shading.
    public static let standard = LiquidSwitchAppearance()

    /// The alpha of the off track over the theme's system fill: 0.2.
    package static let offTrackAlpha = 0.2

    /// The look with `theme`'s colours (off track: its system fill at 20 % alpha) and disabled opacity,
    /// and the default finish.
    public init(theme: LiquidTheme) {
        self.init(offColor: theme.systemFill(alpha: Self.offTrackAlpha), onColor: theme.onColor,
                  thumbColor: theme.thumbColor, disabledOpacity: theme.disabledOpacity)
    }

    /// A look with the given colours and the default finish; every argument defaults to the standard
    /// look's value.
    public init(
        offColor: RGBA = LiquidTheme.standard.systemFill(alpha: 0.2),
        onColor: RGBA = LiquidTheme.standard.onColor,
        thumbColor: RGBA = LiquidTheme.standard.thumbColor,
        disabledOpacity: Double = LiquidTheme.standard.disabledOpacity
    ) {
        self.offColor = offColor
        self.onColor = onColor
        self.thumbColor = thumbColor
        self.disabledOpacity = disabledOpacity
    }

    /// The track colour at `fraction` (0 off … 1 on): on over off with on's alpha scaled by `fraction`.
    package func trackColor(fraction: Double) -> RGBA {
        GooParameters.mixedColor(off: offColor, on: onColor, fraction: fraction)
    }

    /// The colour filling the thumb at press progress `progress` (clamped to 0…1) over a track of
    /// `trackColor`: ``thumbColor`` with its alpha scaled from 1 down to ``pressedThumbOpacity``, composited
    /// over `trackColor` with its alpha scaled by `progress · pressedTrackTint`. At rest it is exactly
    /// ``thumbColor``.
    package func thumbFill(pressProgress progress: Double, trackColor: RGBA) -> RGBA {
        let p = progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1)
        let opacity = Swift.min(Swift.max(pressedThumbOpacity, 0), 1)
        let tint = Swift.min(Swift.max(pressedTrackTint, 0), 1)
        let thumb = thumbColor.withAlpha(thumbColor.alpha * (1 - p * (1 - opacity)))
        guard p > 0 else { return thumb }
        return thumb.composited(over: trackColor.withAlpha(trackColor.alpha * p * tint))
    }
}
