import LiquidGeometry
import LiquidRaster

/// The backdrop behind one container, blurred: the pixels of `region` (device pixels of the backdrop)
/// Gaussian-blurred, stored as their own pixmap. (Saturation is applied per glass pixel when shading, by
/// ``GlassTone``, so the blur margin around the glass is never saturated.)
///
/// Guarantee: a pure function of the backdrop pixels, the region and σ — the same inputs give the same
/// bytes whether or not a ``BackdropCache`` is involved.
struct FrostedBackdrop {
    /// The blurred pixels; pixel (0, 0) is backdrop pixel (`region.x`, `region.y`).
    let pixmap: Pixmap
    let region: PixelRect

    /// Blurs `region` of `backdrop` with clamped edges (pixels beyond the region repeat its border, so glass
    /// near the screen edge does not darken).
    static func make(backdrop: PixmapView, scale: Double, region: PixelRect, sigma: Double,
                     workspace: BlurWorkspace) -> FrostedBackdrop {
        var out = try! Pixmap(width: region.width, height: region.height, scale: scale)
        let source = backdrop.region(region)
        out.withMutableView { $0.copy(from: source) }
        if sigma > 0, let blur = try? GaussianBlur(sigma: sigma, edgeMode: .clamp) {
            out.withMutableView { blur.apply(to: $0, workspace: workspace) }
        }
        return FrostedBackdrop(pixmap: out, region: region)
    }
}
