import LiquidGeometry
import LiquidRaster

/// Multi-colour goo by layering: the threshold keeps one colour per pass, so two colours (a slider's track
/// background and its fill) are two ``GooLayer`` passes composited in order, later passes over earlier
/// ones (source-over).
///
/// Guarantees: pass `i` is rendered exactly as a lone ``GooLayer`` would render it; the stack's ``image``
/// is the source-over composite of the passes' images in array order onto transparent; where only one pass
/// covers a pixel it shows that pass's colour exactly; where a later pass is opaque it hides the earlier
/// ones. Each pass keeps its own buffers, reused frame to frame.
///
/// A reference type because it is a place (buffers); not `Sendable`: use one per rendering thread.
package final class GooStack {
    /// One pass: its settings and the shapes it draws (in the stack's point space).
    package struct Pass: Sendable, Hashable {
        package var parameters: GooParameters
        package var shapes: [GooShape]
        package init(parameters: GooParameters, shapes: [GooShape]) {
            self.parameters = parameters
            self.shapes = shapes
        }
    }

    /// The layers, one per pass rendered so far (grown on demand, never shrunk).
    package private(set) var layers: [GooLayer] = []
    /// The composite of the last render, or `nil` before the first.
    package private(set) var image: Pixmap?

    /// The method every pass's layer uses (see ``GooLayer/method``; default ``GooLayer/Method/blur``).
    package var method: GooLayer.Method = .blur

    /// An empty stack.
    package init() {}

    /// Renders every pass and composites them in order into ``image``.
    /// - Throws: as ``GooLayer/render(size:scale:parameters:shapes:softening:)``.
    package func render(size: Size, scale: Double, passes: [Pass], softening: EdgeSoftening? = nil) throws(LiquidError) {
        while layers.count < passes.count { layers.append(GooLayer()) }
        for (pass, layer) in zip(passes, layers) {
            layer.method = method
            try layer.render(size: size, scale: scale, parameters: pass.parameters, shapes: pass.shapes,
                             softening: softening)
        }
        var result: Pixmap
        if var reused = image, let first = layers.first?.image, reused.width == first.width,
           reused.height == first.height, reused.scale == scale {
            image = nil
            reused.fill(.transparent)
            result = reused
        } else {
            image = nil
            result = try Pixmap(size: size, scale: scale)
        }
        try RenderProfiler.measure(.composite) { () throws(LiquidError) in
            try result.withMutableView { (view) throws(LiquidError) in
                for layer in layers.prefix(passes.count) { try layer.composite(onto: view, x: 0, y: 0) }
            }
        }
        image = result
    }

    /// Composites ``image`` onto `destination` with its top-left pixel at (`x`, `y`); see
    /// ``GooLayer/composite(onto:x:y:mode:opacity:)``.
    package func composite(onto destination: MutablePixmapView, x: Int, y: Int, mode: BlendMode = .normal,
                          opacity: Double = 1) throws(LiquidError) {
        guard let image else { return }
        try GooLayer.composite(image, onto: destination, x: x, y: y, mode: mode, opacity: opacity)
    }
}
