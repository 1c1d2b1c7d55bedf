import LiquidGeometry
import LiquidRaster

/// The backdrop behind one container, blurred: the pixels of `region` (device pixels of the backdrop)
/// Gaussian-blurred, stored as their own pixmap — in the row bands the glass can sample (each band blurred
/// with clamped edges of its own; the other rows keep the plain backdrop). (Saturation is applied per glass pixel when shading, by
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
    static func make(backdrop: PixmapView, scale: Double, region: PixelRect, bands: [Range<Int>], sigma: Double,
                     workspace: BlurWorkspace) -> FrostedBackdrop {
        // The region's rows copied straight into a new buffer: `Pixmap(width:height:)` would zero it first,
        // an extra pass over up to 10 MB (G2's frost region) before the copy overwrites it.
        let source = backdrop.region(region)
        let rowBytes = 4 * region.width
        let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * region.height) { buffer, count in
            for y in 0..<region.height {
                UnsafeMutableRawPointer(buffer.baseAddress! + y * rowBytes)
                    .copyMemory(from: source.row(y), byteCount: rowBytes)
            }
            count = rowBytes * region.height
        }
        var out = Pixmap(validWidth: region.width, height: region.height, scale: scale, premultipliedBytes: bytes)
        if sigma > 0, let blur = try? GaussianBlur(sigma: sigma, edgeMode: .clamp) {
            out.withMutableView { view in
                for band in bands {
                    blur.apply(to: view.region(PixelRect(x: 0, y: band.lowerBound, width: region.width, height: band.count)),
                               workspace: workspace)
                }
            }
        }
        return FrostedBackdrop(pixmap: out, region: region)
    }
}
