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
        let x0 = Swift.max(0, Int((minX - margin).rounded(.down)))
        let y0 = Swift.max(0, Int((minY - margin).rounded(.down)))
        let x1 = Swift.min(width, Int((maxX + margin).rounded(.up)))
        let y1 = Swift.min(height, Int((maxY + margin).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
