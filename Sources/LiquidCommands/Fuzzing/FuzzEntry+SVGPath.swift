import LiquidGeometry
import LiquidRaster

extension FuzzEntry {
    /// SVG path data (a scene's `"d"`): `bytes` are read as UTF-8 text into a ``Path``, which is measured,
    /// flattened, and drawn into a ``pathCanvasSide``-pixel canvas twice — as given (filled, and stroked
    /// with round caps and joins: geometry far off the canvas must be clipped, not converted) and fitted
    /// into the canvas (filled even-odd, stroked with square caps and sharp miters, and used as a clip).
    ///
    /// Checks: a refusal is one line; every pixel drawn is premultiplied.
    package static func svgPath(_ bytes: [UInt8]) {
        let path: Path
        do {
            path = try Path(svgPathData: String(decoding: bytes, as: UTF8.self))
        } catch {
            requireOneLine(error, from: "svg path")
            return
        }
        do {
            _ = try path.flattened(tolerance: 0.25)
        } catch {
            requireOneLine(error, from: "svg path flattening")
        }
        let side = pathCanvasSide
        guard var canvas = try? Canvas(Pixmap(width: side, height: side)) else {
            preconditionFailure("svg path: a \(side)×\(side) pixmap cannot be made")
        }
        let ink = Paint.color(RGBA(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8))
        let outline = Paint.color(RGBA(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.6))
        canvas.fill(path, paint: ink)
        canvas.stroke(path, style: StrokeStyle(width: 3, cap: .round, join: .round), paint: outline)

        if let bounds = path.bounds, bounds.width.isFinite, bounds.height.isFinite {
            let extent = max(bounds.width, bounds.height)
            let factor = extent > 0 ? (Double(side) - 8) / extent : 1
            if factor.isFinite {
                canvas.save()
                canvas.translate(x: 4, y: 4)
                canvas.scale(x: factor, y: factor)
                canvas.translate(x: -bounds.minX, y: -bounds.minY)
                canvas.fill(path, paint: ink, rule: .evenOdd)
                canvas.stroke(path, style: StrokeStyle(width: 1.5 / factor, cap: .square, join: .miter, miterLimit: 10),
                              paint: outline)
                canvas.clip(to: path, rule: .evenOdd)
                canvas.fillRect(bounds, paint: outline)
                canvas.restore()
            }
        }
        requirePremultiplied(canvas.pixmap, from: "svg path drawing")
    }
}
