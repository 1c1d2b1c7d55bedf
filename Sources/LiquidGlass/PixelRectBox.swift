import LiquidGeometry
import LiquidRaster

/// A bounding box in (fractional) pixels.
struct PixelRectBox {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    static let empty = PixelRectBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    mutating func include(minX a: Double, minY b: Double, maxX c: Double, maxY d: Double) {
        minX = Swift.min(minX, a); minY = Swift.min(minY, b)
        maxX = Swift.max(maxX, c); maxY = Swift.max(maxY, d)
    }

    /// The integer pixel rect covering the box grown by `margin` on each side, clipped to `width × height`.
    func pixelRect(margin: Double, width: Int, height: Int) -> PixelRect? {
        guard !isEmpty else { return nil }
        // Clamped conversions: glass may reach far off the canvas (1e300) without trapping.
        let x0 = Checked.clamped(minX - margin, to: 0...Swift.max(width, 0), rounding: .down)
        let y0 = Checked.clamped(minY - margin, to: 0...Swift.max(height, 0), rounding: .down)
        let x1 = Checked.clamped(maxX + margin, to: 0...Swift.max(width, 0), rounding: .up)
        let y1 = Checked.clamped(maxY + margin, to: 0...Swift.max(height, 0), rounding: .up)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
