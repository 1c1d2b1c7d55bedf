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
    ///
    /// `spare`: the pixels of an earlier frost; when its size and scale match it is taken (left `nil`) and
    /// written over instead of allocating new pixels — the same bytes either way, since every pixel is
    /// written. Otherwise it is left as it is.
    /// Measured reason: G2's frost region is 10 MB; a fresh allocation each frame is fresh pages each frame
    /// (page faults and the kernel's zeroing took ~3 % of the perf samples of the G2 rows). The gain is
    /// small: G2 with the bake replayed, medians of 41 in alternating runs on a loaded machine, 8.80 and
    /// 9.00 ms allocating against 8.74 and 8.29 ms reusing.
    static func make(backdrop: PixmapView, scale: Double, region: PixelRect, bands: [Range<Int>], sigma: Double,
                     workspace: BlurWorkspace, reusing spare: inout Pixmap?) -> FrostedBackdrop {
        // Rows outside the bands are copied straight into a new buffer (`Pixmap(width:height:)` would zero it
        // first, an extra pass over up to 10 MB — G2's frost region); the bands are blurred from the backdrop
        // into it (the same bytes as copying them and blurring in place, one pass fewer).
        let source = backdrop.region(region)
        let rowBytes = 4 * region.width
        let blur: GaussianBlur? = sigma > 0 ? (try? GaussianBlur(sigma: sigma, edgeMode: .clamp)) : nil
        var blurred = [Bool](repeating: false, count: region.height)
        if blur != nil { for band in bands { for y in band where y >= 0 && y < region.height { blurred[y] = true } } }
        var out: Pixmap
        if spare?.width == region.width, spare?.height == region.height, spare?.scale == scale,
           let reused = spare.take() {
            out = reused
            out.withMutableView { view in
                for y in 0..<region.height where !blurred[y] {
                    UnsafeMutableRawPointer(view.row(y)).copyMemory(from: source.row(y), byteCount: rowBytes)
                }
            }
        } else {
            let bytes = [UInt8](unsafeUninitializedCapacity: rowBytes * region.height) { buffer, count in
                for y in 0..<region.height where !blurred[y] {
                    UnsafeMutableRawPointer(buffer.baseAddress! + y * rowBytes)
                        .copyMemory(from: source.row(y), byteCount: rowBytes)
                }
                count = rowBytes * region.height
            }
            out = Pixmap(validWidth: region.width, height: region.height, scale: scale, premultipliedBytes: bytes)
        }
        if let blur {
            out.withMutableView { view in
                for band in bands {
                    let rows = PixelRect(x: 0, y: band.lowerBound, width: region.width, height: band.count)
                    blur.apply(from: source.region(rows), to: view.region(rows), workspace: workspace)
                }
            }
        }
        return FrostedBackdrop(pixmap: out, region: region)
    }
}
