import LiquidGeometry
import LiquidRaster

/// The per-frame settings of one metaball ("goo") pass: how far the shapes are blurred, where the alpha
/// threshold cuts, how soft the cut is, and the colour the result is painted in.
///
/// A plain value: every property may change every frame (the threshold colour is animatable — the back-port
/// drives it from the switch's colour spring) and nothing is cached from it, so changing it costs nothing
/// beyond the pass itself (a 256-entry table is rebuilt per pass).
///
/// Units: ``blurRadius`` is in points and is the Gaussian's standard deviation (as for CSS `blur()`, SVG
/// `stdDeviation` and Core Image's Gaussian radius), so a pass at scale `s` blurs with σ = `blurRadius·s`
/// pixels. ``threshold`` and ``edgeWidth`` are alpha levels in 0…1, as in ``AlphaThreshold``.
package struct GooParameters: Sendable, Hashable {
    /// Blur standard deviation in points (≥ 0). Shapes closer than about twice this fuse.
    package var blurRadius: Double
    /// Blurred alpha (0…1) at which the output switches on. 0.5 keeps a straight edge where it was.
    package var threshold: Double
    /// Width (0…1, in alpha) of the smoothstep that anti-aliases the new edge; 0 is a hard step. Near a
    /// straight edge an alpha width `w` is about `w·σ·√(2π)` pixels wide.
    package var edgeWidth: Double
    /// The straight colour of the result (alpha included): the animatable threshold colour.
    package var color: RGBA

    /// Settings of one pass; nothing is validated until the pass runs (see ``goo(scale:)``).
    package init(blurRadius: Double, threshold: Double = 0.5, edgeWidth: Double = 0, color: RGBA = .black) {
        self.blurRadius = blurRadius
        self.threshold = threshold
        self.edgeWidth = edgeWidth
        self.color = color
    }

    /// The back-ported switch's figures: blur radius 3 pt, threshold 0.69, a slight soft edge.
    package static func liquidSwitch(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: 3, threshold: 0.69, edgeWidth: 0.08, color: color)
    }

    /// The back-ported tab bar's figures: threshold 0.5 (shapes keep their size); the back-port gives no blur
    /// radius for it, so the switch's 3 pt is used.
    package static func tabBar(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: 3, threshold: 0.5, edgeWidth: 0.08, color: color)
    }

    /// The raster filter for a pass at `scale` pixels per point: σ = `blurRadius·scale`, transparent edges
    /// (the pass draws into an offscreen layer, so nothing lies beyond it).
    /// - Throws: `LiquidError` (`.outOfRange`) when `blurRadius·scale` is negative or not finite, or
    ///   when `threshold`, `edgeWidth` or `color` are invalid for ``AlphaThreshold``.
    package func goo(scale: Double) throws(LiquidError) -> Goo {
        try Goo(sigma: blurRadius * scale, threshold: threshold, edgeWidth: edgeWidth, color: color,
                edgeMode: .transparent)
    }

    /// The track colour of the back-port: `on` composited over `off` with `on`'s alpha scaled by
    /// `fraction` (0 gives `off`, 1 gives `on` over `off`). Unlike an RGB lerp this stays right when `off`
    /// is translucent. `fraction` is clamped to 0…1.
    package static func mixedColor(off: RGBA, on: RGBA, fraction: Double) -> RGBA {
        let f = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        return on.withAlpha(on.alpha * f).composited(over: off)
    }
}
