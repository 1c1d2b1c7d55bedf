import LiquidGeometry
import LiquidRaster
import Synchronization

/// A busy, colourful picture for glass to refract when a glass component is simulated on its own
/// (`liquid simulate button`): a diagonal sky-to-peach wash, bold diagonal stripes in four colours and two
/// soft discs. Glass over a flat colour shows almost nothing; over this the frost, the displaced edge band
/// and the tint are plain to see.
///
/// Drawn once per device scale into an image; re-rendering a damaged tile under animating glass then
/// copies its pixels (a row copy when the layer sits on whole device pixels, as it does in the simulator),
/// instead of rasterizing the picture again. The layer's content is a ``LayerDrawing`` (the image behind a
/// lock), so its tiles are drawn on any of the compositor's workers.
@MainActor
final class GlassSimulationBackdrop {
    /// The layer showing the picture (give it a frame).
    let layer = Layer()

    init() {
        layer.name = "GlassSimulationBackdrop"
        layer.content = .drawing(Picture())
    }

    /// The picture as a layer drawing: its image per size and scale, made on first draw.
    private final class Picture: LayerDrawing {
        private let cached = Mutex<(size: Size, scale: Double, image: Pixmap)?>(nil)

        /// The picture depends on nothing but the grid: one version. The update paints it for this grid
        /// (once), so that the tiles, on any worker, only fetch it.
        func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
            _ = image(bounds: bounds, device: toDevice)
            return LayerDrawingUpdate(version: 0, changed: .zero)
        }

        func draw(in canvas: inout Canvas, bounds: Rect) {
            let t = canvas.deviceTransform
            guard let (image, scale) = image(bounds: bounds, device: t) else { return }
            if !GlassSimulationBackdrop.blit(image, at: t.apply(to: bounds.topLeft), scale: scale, transform: t,
                                             into: &canvas) {
                canvas.drawImage(image, transform: AffineTransform(translationX: bounds.minX, y: bounds.minY))
            }
        }

        /// The picture painted for `bounds` at the scale of `device`, and that scale (made on first use).
        private func image(bounds: Rect, device: AffineTransform) -> (Pixmap, Double)? {
            let scale = Swift.max(1, (device.determinant.magnitude).squareRoot())
            return cached.withLock { cached in
                if let kept = cached, kept.size == bounds.size, kept.scale == scale { return (kept.image, scale) }
                guard let width = Int(exactly: (bounds.width * scale).rounded(.up)),
                      let height = Int(exactly: (bounds.height * scale).rounded(.up)),
                      var image = try? Pixmap(width: Swift.max(width, 1), height: Swift.max(height, 1), scale: scale)
                else { return nil }
                image.withCanvas { painter in
                    painter.transform = AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
                    GlassSimulationBackdrop.paint(in: &painter, bounds: bounds)
                }
                cached = (bounds.size, scale, image)
                return (image, scale)
            }
        }
    }

    /// Copies `image` 1:1 onto whole device pixels when the canvas maps it so (no rotation, its own scale,
    /// an integer offset), honouring the canvas clip; returns `false` when the mapping needs resampling.
    nonisolated private static func blit(_ image: Pixmap, at origin: Point, scale: Double, transform t: AffineTransform,
                             into canvas: inout Canvas) -> Bool {
        guard t.b == 0, t.c == 0, abs(t.a - scale) < 1e-9, abs(t.d - scale) < 1e-9,
              abs(origin.x - origin.x.rounded()) < 1e-6, abs(origin.y - origin.y.rounded()) < 1e-6,
              abs(origin.x) < 1e7, abs(origin.y) < 1e7 else { return false }
        let ox = Int(origin.x.rounded()), oy = Int(origin.y.rounded())
        let target = PixelRect(x: 0, y: 0, width: canvas.pixmap.width, height: canvas.pixmap.height)
        guard let region = PixelRect(x: ox, y: oy, width: image.width, height: image.height).intersection(target)
        else { return true }
        let source = region.offsetBy(dx: -ox, dy: -oy)
        let clip = canvas.clipMask
        var clipBytes: [UInt8] = []
        var fullyCovered = true
        if let clip {
            clipBytes = clip.bytes
            scan: for y in region.y..<(region.y + region.height) {
                for x in region.x..<(region.x + region.width) where clipBytes[y * clip.width + x] != 255 {
                    fullyCovered = false
                    break scan
                }
            }
        }
        canvas.pixmap.withMutableRegion(region) { destination in
            image.withView { view in
                let from = view.region(source)
                if fullyCovered {
                    destination.copy(from: from)
                } else if let clip {
                    clipBytes.withUnsafeBufferPointer { bytes in
                        let mask = CoverageMask(base: bytes.baseAddress! + region.y * clip.width + region.x,
                                                width: region.width, height: region.height, rowBytes: clip.width)
                        try? destination.composite(from, mask: mask)
                    }
                }
            }
        }
        return true
    }

    /// Paints the picture into `bounds` (points, in the canvas's user space).
    nonisolated static func paint(in canvas: inout Canvas, bounds: Rect) {
        func color(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> RGBA { RGBA(red: r, green: g, blue: b, alpha: a) }
        if let wash = try? Gradient(stops: [GradientStop(0, color(0.80, 0.90, 1.00)), GradientStop(0.55, color(0.96, 0.86, 1.00)),
                                            GradientStop(1, color(1.00, 0.88, 0.80))]) {
            canvas.fillRect(bounds, paint: .linearGradient(LinearGradient(
                start: Point(bounds.minX, bounds.minY), end: Point(bounds.maxX, bounds.maxY), gradient: wash)))
        }
        let palette = [color(1.00, 0.42, 0.35), color(1.00, 0.78, 0.18), color(0.20, 0.72, 0.55), color(0.25, 0.45, 0.95)]
        let band = 9.0, period = 22.0
        let reach = bounds.width + bounds.height
        var offset = -bounds.height
        var index = 0
        while offset < bounds.width {
            var stripe = Path()
            let x = bounds.minX + offset
            stripe.move(to: Point(x, bounds.maxY))
            stripe.line(to: Point(x + band, bounds.maxY))
            stripe.line(to: Point(x + band + reach, bounds.maxY - reach))
            stripe.line(to: Point(x + reach, bounds.maxY - reach))
            stripe.close()
            canvas.fill(stripe, paint: .solid(palette[index % palette.count]))
            offset += period
            index += 1
        }
        let r = Swift.min(bounds.width, bounds.height) * 0.32
        canvas.fill(Path(ellipseIn: Rect(x: bounds.minX + bounds.width * 0.22 - r, y: bounds.minY + bounds.height * 0.3 - r,
                                         width: 2 * r, height: 2 * r)), paint: .solid(color(1, 1, 1, 0.55)))
        canvas.fill(Path(ellipseIn: Rect(x: bounds.minX + bounds.width * 0.8 - r, y: bounds.minY + bounds.height * 0.75 - r,
                                         width: 2 * r, height: 2 * r)), paint: .solid(color(0.35, 0.2, 0.6, 0.45)))
    }
}
