import LiquidGeometry
import LiquidGlass
import LiquidRaster

extension BakedShadingCache {
    /// Composites `shading` over `rect` (points of `image`), baked at `rect`'s size in whole pixels and
    /// placed at `rect`'s origin rounded to the nearest pixel: the multiply image, then the highlight image.
    ///
    /// A shape that only moves reuses one bake; a growing one bakes each new pixel size once (keep the
    /// cache's capacity above the number of sizes one animation passes through). Placement is within half
    /// a pixel of `rect`. A `rect` that is empty or not finite draws nothing.
    /// - Throws: as ``image(for:size:scale:)`` and ``BakedShading/Image/composite(onto:at:opacity:)``.
    func composite(_ shading: BakedShading, over rect: Rect, onto image: inout Pixmap) throws(LiquidError) {
        let scale = image.scale
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return }
        let width = (rect.width * scale).rounded(), height = (rect.height * scale).rounded()
        guard width >= 1, height >= 1 else { return }
        let baked = try self.image(for: shading, size: Size(width: width / scale, height: height / scale), scale: scale)
        try baked.composite(onto: &image, at: rect.origin)
    }
}
