import LiquidGeometry
/// An integer rectangle of pixels: columns `x ..< x + width`, rows `y ..< y + height`.
package struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    @inlinable
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable package var maxX: Int { x + width }
    @inlinable package var maxY: Int { y + height }
    @inlinable package var isEmpty: Bool { width <= 0 || height <= 0 }
    @inlinable package var area: Int { isEmpty ? 0 : width * height }

    /// The overlap of two rects, or `nil` when they do not overlap.
    package func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rect containing both (an empty rect contributes nothing).
    package func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        return PixelRect(x: x0, y: y0, width: Swift.max(maxX, other.maxX) - x0, height: Swift.max(maxY, other.maxY) - y0)
    }

    package var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// The same rect in points of an image of `scale` pixels per point.
    package func points(scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }
}
