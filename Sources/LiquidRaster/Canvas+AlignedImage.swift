import LiquidGeometry

extension Canvas {
    /// Draws `image` with its top-left corner at the user-space origin, `image.sizeInPoints` large —
    /// what `drawImage(image)` draws — but as a pixel copy when the image lands exactly on the pixel grid.
    ///
    /// The fast path applies when the image's scale equals the pixmap's and the device transform is a
    /// translation by whole pixels (the case of a control's pre-rendered image drawn into a compositor
    /// tile): ``drawImage(_:atPixelX:y:)``. Bilinear sampling at pixel centres reproduces the source pixels,
    /// so the result matches `drawImage` up to rounding — without `drawImage`'s per-call conversion of the
    /// whole image, which would otherwise be paid once per tile. Anything else (a scale, a rotation, a
    /// fractional offset) falls back to `drawImage`.
    package mutating func drawImageAligned(_ image: Pixmap) {
        let device = deviceTransform
        let tx = device.tx.rounded(), ty = device.ty.rounded()
        guard image.scale == pixmap.scale, device.a == pixmap.scale, device.d == pixmap.scale, device.b == 0,
              device.c == 0, abs(device.tx - tx) < 1e-6, abs(device.ty - ty) < 1e-6,
              abs(tx) < 1e9, abs(ty) < 1e9
        else {
            drawImage(image)
            return
        }
        drawImage(image, atPixelX: Int(tx), y: Int(ty))
    }

    /// Source-over of `image`'s pixels with its top-left pixel at device pixel (`x`, `y`) of the pixmap,
    /// through the clip, ignoring the transform and the span blender: see
    /// ``MutablePixmapView/drawAligned(_:x:y:clip:)`` for the arithmetic. The overlap only.
    package mutating func drawImage(_ image: Pixmap, atPixelX x: Int, y: Int) {
        let clip = clipMask
        image.withView { source in
            pixmap.withMutableView { $0.drawAligned(source, x: x, y: y, clip: clip) }
        }
    }
}
