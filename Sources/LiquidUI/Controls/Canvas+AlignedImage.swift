import LiquidGeometry
import LiquidRaster

extension Canvas {
    /// Draws `image` with its top-left corner at the user-space origin, `image.sizeInPoints` large —
    /// what `drawImage(image)` draws — but as a pixel copy when the image lands exactly on the pixel grid.
    ///
    /// The fast path applies when the image's scale equals the pixmap's and the device transform is a
    /// translation by whole pixels (the case of a control's pre-rendered image drawn into a compositor
    /// tile): each pixel is composited source-over, scaled by the clip's coverage, with integer
    /// arithmetic, rounding to nearest. Bilinear sampling at pixel centres reproduces the source pixels,
    /// so the result matches `drawImage` up to that rounding — without `drawImage`'s per-call conversion
    /// of the whole image, which would otherwise be paid once per tile. Anything else (a scale, a
    /// rotation, a fractional offset) falls back to `drawImage`.
    mutating func drawImageAligned(_ image: Pixmap) {
        let device = deviceTransform
        let tx = device.tx.rounded(), ty = device.ty.rounded()
        guard image.scale == pixmap.scale, device.a == pixmap.scale, device.d == pixmap.scale, device.b == 0,
              device.c == 0, abs(device.tx - tx) < 1e-6, abs(device.ty - ty) < 1e-6,
              abs(tx) < 1e9, abs(ty) < 1e9
        else {
            drawImage(image)
            return
        }
        let ox = Int(tx), oy = Int(ty)
        let target = PixelRect(x: 0, y: 0, width: pixmap.width, height: pixmap.height)
        guard let overlap = target.intersection(PixelRect(x: ox, y: oy, width: image.width, height: image.height)),
              !overlap.isEmpty
        else { return }
        let clip = clipMask
        let clipBytes = clip?.bytes ?? []
        let clipWidth = clip?.width ?? 0
        image.withView { source in
            pixmap.withMutableView { destination in
                clipBytes.withUnsafeBufferPointer { mask in
                    for y in overlap.y..<overlap.maxY {
                        let s = source.row(y - oy), d = destination.row(y)
                        let m = clip == nil ? nil : mask.baseAddress! + y * clipWidth
                        for x in overlap.x..<overlap.maxX {
                            let sp = s + 4 * (x - ox), dp = d + 4 * x
                            var coverage: UInt32 = 255
                            if let m { coverage = UInt32(m[x]) }
                            let alpha = UInt32(sp[3]) * coverage
                            if alpha == 0 { continue }
                            if alpha == 255 * 255 {
                                dp[0] = sp[0]; dp[1] = sp[1]; dp[2] = sp[2]; dp[3] = 255
                                continue
                            }
                            // Source scaled by coverage, then source-over: s·c + d·(1 − αs·c).
                            let keep = 255 * 255 - alpha
                            for c in 0..<4 {
                                let value = UInt32(sp[c]) * coverage * 255 + UInt32(dp[c]) * keep
                                dp[c] = UInt8((value + 32512) / 65025)
                            }
                        }
                    }
                }
            }
        }
    }
}
