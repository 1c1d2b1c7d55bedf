import LiquidGeometry
import LiquidRaster

/// A pixmap being drawn into, with the device rect it covers: a screen tile, a group buffer or an
/// isolation buffer. Every buffer sits at a whole-pixel offset in root device space, so the same layer
/// drawn into the same target always yields the same bytes.
struct RenderTarget {
    var canvas: Canvas
    /// The device pixels the pixmap covers (its top-left is `rect.x, rect.y`).
    let rect: PixelRect

    /// A transparent (or `fill`) target covering `rect` at `scale`.
    init(rect: PixelRect, scale: Double, fill: PremultipliedRGBA8 = .transparent) throws {
        canvas = Canvas(try Pixmap(width: rect.width, height: rect.height, scale: scale, fill: fill))
        self.rect = rect
    }

    /// A target over existing pixels.
    init(pixmap: Pixmap, rect: PixelRect) {
        canvas = Canvas(pixmap)
        self.rect = rect
    }

    /// Sets the canvas transform so that user space is the local space of a layer whose local → device
    /// transform is `toDevice`.
    mutating func setTransform(_ toDevice: AffineTransform) {
        let scale = canvas.pixmap.scale
        canvas.transform = toDevice
            .concatenating(AffineTransform(translationX: -Double(rect.x), y: -Double(rect.y)))
            .concatenating(AffineTransform(scale: 1 / scale))
    }
}
