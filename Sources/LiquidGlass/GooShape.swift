import LiquidGeometry
import LiquidRaster

/// A shape for the metaball pieces (``GooLayer``, ``CopyHole``), in points in the layer's own space.
///
/// Capsules, rounded rectangles and circles are filled by the canvas's exact analytic rounded-rectangle
/// coverage (no flattening); ellipses and paths by the general exact-area rasterizer. So a shape's
/// anti-aliased coverage is its true area in each pixel, quantised to 1/255.
package enum GooShape: Sendable, Hashable {
    /// A pill: a rounded rectangle whose corner radius is half its shorter side.
    case capsule(Rect)
    /// A rounded rectangle with circular corners (the radius is clamped to 0…half the shorter side).
    case roundedRect(Rect, cornerRadius: Double)
    /// A circle.
    case circle(center: Point, radius: Double)
    /// The ellipse inscribed in a rectangle.
    case ellipse(Rect)
    /// Any path, filled with the non-zero rule.
    case path(Path)

    /// The axis-aligned bounds in points (a path's control-point bounds).
    package var bounds: Rect {
        switch self {
        case .capsule(let rect), .roundedRect(let rect, _), .ellipse(let rect):
            return rect
        case .circle(let center, let radius):
            return Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        case .path(let path):
            guard let first = path.points.first else { return .zero }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for p in path.points {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The shape moved by (`dx`, `dy`) points.
    package func offsetBy(dx: Double, dy: Double) -> GooShape {
        switch self {
        case .capsule(let rect): return .capsule(rect.offsetBy(dx: dx, dy: dy))
        case .roundedRect(let rect, let cornerRadius): return .roundedRect(rect.offsetBy(dx: dx, dy: dy), cornerRadius: cornerRadius)
        case .circle(let center, let radius): return .circle(center: Point(center.x + dx, center.y + dy), radius: radius)
        case .ellipse(let rect): return .ellipse(rect.offsetBy(dx: dx, dy: dy))
        case .path(let path): return .path(path.transformed(by: AffineTransform(translationX: dx, y: dy)))
        }
    }

    /// Fills the shape on `canvas` with `paint`, through the canvas's transform, clip and compositor.
    package func fill(on canvas: inout Canvas, paint: Paint) {
        switch self {
        case .capsule(let rect):
            let radius = Swift.min(abs(rect.size.width), abs(rect.size.height)) / 2
            canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: radius), paint: paint)
        case .roundedRect(let rect, let cornerRadius):
            let limit = Swift.min(abs(rect.size.width), abs(rect.size.height)) / 2
            let radius = cornerRadius.isNaN ? 0 : Swift.min(Swift.max(cornerRadius, 0), limit)
            canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: radius), paint: paint)
        case .circle(let center, let radius):
            guard radius > 0 else { return }
            let square = Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
            canvas.fillRoundedRect(square, cornerRadii: CornerRadii(all: radius), paint: paint)
        case .ellipse(let rect):
            canvas.fill(Path(ellipseIn: rect), paint: paint)
        case .path(let path):
            canvas.fill(path, paint: paint)
        }
    }
}
