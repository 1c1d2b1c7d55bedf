import LiquidGeometry
import LiquidRaster

/// A shape composited with the copy blend mode, so it replaces what is beneath instead of covering it:
/// the switch's thumb cutting a hole in the track, so a translucent thumb shows the backdrop rather than
/// the track colour through it.
///
/// Semantics per pixel with anti-aliased coverage c (0…1, the exact shape area in the pixel, times the
/// canvas clip): `result = c·source + (1 − c)·destination` — fully covered pixels become exactly the
/// copy source (``color``, premultiplied; `.clear` makes a pure hole), uncovered pixels are untouched,
/// and edge pixels blend linearly, so the hole's edge is as smooth as the shape's. The result is always
/// valid premultiplied colour (a convex combination of two valid pixels, rounded to nearest per channel).
package struct CopyHole: Sendable, Hashable {
    /// The shape, in the canvas's user space (points).
    package var shape: GooShape
    /// The straight colour copied into the hole (`.clear` for a transparent hole).
    package var color: RGBA

    /// A hole of `shape` filled with `color` (transparent by default).
    package init(shape: GooShape, color: RGBA = .clear) {
        self.shape = shape
        self.color = color
    }

    /// Cuts the hole into `canvas` (through its transform and clip); the canvas's span blender is restored.
    package func cut(in canvas: inout Canvas) {
        let saved = canvas.blender
        canvas.blender = Self.blender
        shape.fill(on: &canvas, paint: .color(color))
        canvas.blender = saved
    }

    /// Cuts the hole into `pixmap`, with `transform` mapping the shape into the pixmap's points.
    package func cut(in pixmap: inout Pixmap, transform: AffineTransform = .identity) {
        pixmap.withCanvas { canvas in
            canvas.transform = transform
            cut(in: &canvas)
        }
    }

    /// The copy blend with coverage, as a canvas span blender: `d + c·(s − d)` per channel, rounded to nearest
    /// (the canvas's built-in ``SpanBlender/copy``, which takes a fast path for a solid colour).
    package static let blender = SpanBlender.copy
}
