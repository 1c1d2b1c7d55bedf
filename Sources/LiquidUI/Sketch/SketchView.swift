import LiquidGeometry
import LiquidRaster

/// A view that shows a finished ``Sketch``: each stroke smoothed by a ``CubicChain`` (as the drawing
/// canvas smooths live strokes) and stroked once with its colour and width, round caps and joins.
///
/// The view's frame is the sketch's box padded by half its widest stroke and a point, so the view's centre
/// is the sketch's centre and a ``View/transform`` scales the sketch about its own middle. An empty sketch
/// gets an empty frame at `offset`.
@MainActor
package final class SketchView: View {
    /// What the view shows.
    package let sketch: Sketch

    /// The strokes as paths in the view's own coordinates, made once.
    private let paths: [(path: Path, style: StrokeStyle, color: RGBA)]

    /// A view showing `sketch`, whose points are given in a space whose origin sits at `offset` in the
    /// superview (the copy's frame is the sketch's padded box moved by `offset`).
    package init(sketch: Sketch, offset: Point = .zero) {
        self.sketch = sketch
        let box = Self.paddedBox(of: sketch)
        paths = sketch.strokes.map { stroke in
            var chain = CubicChain()
            for p in stroke.points { chain.append(Point(p.x - box.minX, p.y - box.minY)) }
            return (chain.path(), StrokeStyle(width: stroke.width, cap: .round, join: .round), stroke.color)
        }
        super.init(frame: Rect(x: box.minX + offset.x, y: box.minY + offset.y, width: box.width, height: box.height))
        isUserInteractionEnabled = false
    }

    package override var drawsContent: Bool { true }

    package override func draw(in canvas: inout Canvas, rect: Rect) {
        for stroke in paths {
            canvas.stroke(stroke.path, style: stroke.style, paint: .color(stroke.color))
        }
    }

    /// The sketch drawn alone (no transform, opacity or filter) into an image of the view's bounds at
    /// `scale` pixels per point.
    /// - Throws: `LiquidError` when the image would be empty or too large.
    package func image(scale: Double) throws(LiquidError) -> Pixmap {
        var pixmap = try Pixmap(size: bounds.size, scale: scale)
        pixmap.withCanvas { canvas in draw(in: &canvas, rect: bounds) }
        return pixmap
    }

    /// The box of every point of `sketch`, padded by half the widest stroke and 1 pt (empty at the origin
    /// for an empty sketch).
    package static func paddedBox(of sketch: Sketch) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var widest = 0.0
        for stroke in sketch.strokes {
            widest = Swift.max(widest, stroke.width)
            for p in stroke.points {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let pad = widest / 2 + 1
        return Rect(x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad)
    }
}
