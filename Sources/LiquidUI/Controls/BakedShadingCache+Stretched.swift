import LiquidGeometry
import LiquidGlass
import LiquidRaster

extension BakedShadingCache {
    /// Draws `shading` over `rect` (points of `image`) the way a shape shaded at `restSize` and scaled to
    /// `rect` by a transform looks: baked once at `restSize` rounded to whole pixels and, where `rect`
    /// rounds to that pixel size too (at rest), composited 1:1 at `rect`'s origin rounded to the nearest
    /// pixel (multiply, then screen, one fused pass); otherwise (a shape grown or shrunk by a pixel or
    /// more) stretched over `rect` exactly (``BakedShading/Image/stretch(onto:over:)``), so the rim and the
    /// inner shadow scale with the shape, as on a layer scaled by a transform.
    ///
    /// Why stretched rather than baked at each size: a thumb or lens that grows when pressed passes through
    /// a new pixel size every frame of the press, and baking each one was up to a seventh of a tab bar
    /// frame (perf, `ui.tabbar.dragged`). Why not stretched at rest: stretching the two images cost twice
    /// the fused 1:1 composite (perf, `ui.tabbar.animating`).
    /// - Throws: as ``image(for:size:scale:)`` and ``BakedShading/Image/composite(onto:at:opacity:)``. An
    ///   empty or non-finite `rect` or `restSize`, or one under half a pixel, draws nothing.
    func stretch(_ shading: BakedShading, restSize: Size, over rect: Rect, onto image: inout Pixmap) throws(LiquidError) {
        let scale = image.scale
        guard rect.isFinite, restSize.isFinite else { return }
        let restWidth = (restSize.width * scale).rounded(), restHeight = (restSize.height * scale).rounded()
        guard rect.width > 0, rect.height > 0, restWidth >= 1, restHeight >= 1 else { return }
        let baked = try self.image(for: shading, size: Size(width: restWidth / scale, height: restHeight / scale),
                                   scale: scale)
        if (rect.width * scale).rounded() == restWidth, (rect.height * scale).rounded() == restHeight {
            try baked.composite(onto: &image, at: rect.origin)
        } else {
            baked.stretch(onto: &image, over: Rect(x: rect.minX * scale, y: rect.minY * scale,
                                                   width: rect.width * scale, height: rect.height * scale))
        }
    }
}
