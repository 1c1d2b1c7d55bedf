import LiquidGeometry
import LiquidRaster

extension PixelRect {
    /// The smallest pixel rect containing `rect` (device pixels), or `nil` when `rect` is empty or not
    /// finite. Coordinates are clamped to ±2³⁰ so absurd geometry cannot overflow.
    static func enclosing(_ rect: Rect, margin: Int = 0) -> PixelRect? {
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return nil }
        let limit = Double(1 << 30)
        let x0 = Int(Swift.max(Swift.min(rect.minX.rounded(.down), limit), -limit)) - margin
        let y0 = Int(Swift.max(Swift.min(rect.minY.rounded(.down), limit), -limit)) - margin
        let x1 = Int(Swift.max(Swift.min(rect.maxX.rounded(.up), limit), -limit)) + margin
        let y1 = Int(Swift.max(Swift.min(rect.maxY.rounded(.up), limit), -limit)) + margin
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rect grown by `n` pixels on every side.
    func expanded(by n: Int) -> PixelRect {
        PixelRect(x: x - n, y: y - n, width: width + 2 * n, height: height + 2 * n)
    }

    /// This rect moved by (`dx`, `dy`).
    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// Whether the two rects share at least one pixel.
    func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY && !isEmpty && !other.isEmpty
    }

    /// Whether every pixel of `other` lies in this rect.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

extension Optional where Wrapped == PixelRect {
    /// Union where `nil` is the empty set.
    func union(_ other: PixelRect?) -> PixelRect? {
        switch (self, other) {
        case (nil, let b): return b
        case (let a, nil): return a
        case (let a?, let b?): return a.union(b)
        }
    }

    /// Intersection where `nil` is the empty set.
    func intersection(_ other: PixelRect?) -> PixelRect? {
        guard let a = self, let b = other else { return nil }
        return a.intersection(b)
    }
}
