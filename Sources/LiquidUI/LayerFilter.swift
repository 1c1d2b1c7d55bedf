import LiquidGeometry
import LiquidRaster

/// A filter over a layer group (the layer and its sublayers rendered together, offscreen). Lengths are in
/// points; the compositor converts them to pixels with its scale.
///
/// Parameters are validated when the group is rendered: an invalid one (negative σ, a threshold outside
/// 0…1, …) makes ``Compositor/render(_:)`` throw the raster error that names it.
public enum LayerFilter {
    /// Gaussian blur with standard deviation `sigma` points (transparent beyond the group).
    case blur(sigma: Double)
    /// Alpha becomes a shape of one colour: pixels whose alpha reaches `threshold` (0…1) become `color`,
    /// with a smooth step `softEdge` (0…1 of alpha) wide. The second half of the goo effect.
    case alphaThreshold(threshold: Double, color: RGBA, softEdge: Double)
    /// The SVG goo matrix (`α' = 18α − 7`): hardens a blurred group into crisp merged blobs.
    case gooColorMatrix
    /// Any 4×5 colour matrix on straight colour.
    case colorMatrix(ColorMatrix)
    /// SVG saturate: 0 grey, 1 unchanged, above 1 more saturated.
    case saturation(Double)
    /// A blur whose σ varies per pixel from 0 to `maximumSigma` points, driven by `mask`.
    case variableBlur(maximumSigma: Double, mask: VariableBlurMask)
    /// The group drawn through a deformable grid over the layer's bounds (``WarpMesh``, in local points):
    /// each cell mapped from its rectangle to the quad of its moved corners with bilinear sampling, cells at
    /// rest copied as they are (a mesh at rest changes no byte). Only pixels inside the bounds change;
    /// they read the group clamped to the bounds. Under a rotation or shear the grid follows the bounds'
    /// device bounding box. A mesh whose size differs from the bounds is stretched over them.
    case meshWarp(WarpMesh)

    /// How many device pixels the filter spreads content (0 for per-pixel filters): 3σ, rounded up.
    func outset(scale: Double) -> Int {
        switch self {
        case .blur(let sigma): return Self.reach(sigma: sigma, scale: scale)
        case .variableBlur(let sigma, _): return Self.reach(sigma: sigma, scale: scale)
        case .alphaThreshold, .gooColorMatrix, .colorMatrix, .saturation, .meshWarp: return 0
        }
    }

    private static func reach(sigma: Double, scale: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int(Swift.min(3 * sigma * scale, 4096).rounded(.up))
    }

    /// The layer this filter reads as a mask, if any.
    var maskLayer: Layer? {
        if case .variableBlur(_, .layer(let layer)) = self { return layer }
        return nil
    }
}

/// Where a ``LayerFilter/variableBlur(maximumSigma:mask:)`` takes its per-pixel strength from.
public enum VariableBlurMask {
    /// The alpha of a layer positioned in the filtered layer's local space (like ``Layer/mask``).
    case layer(Layer)
    /// A linear ramp in the filtered layer's local space: strength 0 at `from`, 1 at `to`, constant
    /// beyond them.
    case linearGradient(from: Point, to: Point)
}
