import LiquidGeometry
import LiquidGlass
import LiquidRaster
import LiquidUI

extension SceneDocument {
    /// The canvas in points: origin zero, the scene's size.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Renders the scene at `scale` pixels per point (default: the scene's own ``scale``) with LiquidUI's
    /// `Compositor`, into a pixmap of the canvas size rounded up to whole pixels.
    ///
    /// Compositing follows the W3C model: a layer with opacity below 1 or a blend mode other than normal,
    /// and every group, is rendered on its own and composited as a whole; glass reads what is drawn beneath
    /// it (inside its group, if it is in one).
    /// - Throws: `LiquidError` for a size or scale that is not positive and finite or too large, for a
    ///   render whose memory estimate exceeds its budget (see docs/scene-format.md, "Budgets"; nothing is
    ///   allocated then), and for an image or font that cannot be read; nothing else once the document has
    ///   decoded.
    @MainActor
    public func render(scale: Double? = nil) throws -> Pixmap {
        let s = scale ?? self.scale
        // The memory the render will hold is checked before anything is allocated.
        try RenderBudget(self, scale: s).check()
        let size = Size(width: width, height: height)
        // One tile covers the whole image up to 1024 pixels a side: a one-shot render gains nothing from
        // tiling, and one tile draws every pixel at the same offset as a canvas-sized image would.
        let side = Checked.clamped(Swift.max(width, height) * s, to: 16...1024, rounding: .up)
        let compositor = try Compositor(size: size, scale: s, tileSize: side)
        return try compositor.render(try makeLayerTree())
    }

    /// The scene as a LiquidUI layer tree whose root covers ``bounds``: ready for a `Compositor` of the
    /// scene's size, or to be added to another tree.
    ///
    /// Structure: the background (if any) is the root's first sublayer; each scene layer becomes one
    /// layer with the canvas as its frame, `Layer.anchorPoint` at the origin and the scene transform,
    /// composed with its groups' transforms as the format defines, as its `Layer.transform`; group
    /// layers themselves carry no transform but `Layer.rendersAsGroup` and their filters; text layers
    /// are zero-sized layers at their transformed anchor (text is moved, never rotated or scaled); glass
    /// layers draw through a glass backdrop effect.
    /// - Throws: `LiquidError` when an image or font file cannot be read.
    @MainActor
    public func makeLayerTree() throws -> Layer {
        let root = Layer(frame: bounds)
        root.name = "scene"
        if let background {
            let layer = Layer(frame: bounds)
            layer.name = "background"
            layer.content = .roundedRect(bounds, cornerRadii: .zero, style: .circular, fill: try background.paint())
            root.addSublayer(layer)
        }
        // Each image file is decoded once, however many layers show it (they share its pixels).
        var images: [String: Pixmap] = [:]
        for layer in layers { root.addSublayer(try makeLayer(layer, inherited: nil, images: &images)) }
        return root
    }

    /// One scene layer; `inherited` is the enclosing group's composed transform.
    @MainActor
    private func makeLayer(_ scene: SceneLayer, inherited: AffineTransform?, images: inout [String: Pixmap]) throws -> Layer {
        let transform = inherited.map { scene.transform.concatenating($0) } ?? scene.transform
        let layer = Layer(frame: bounds)
        layer.anchorPoint = .zero
        layer.opacity = scene.opacity
        layer.blendMode = scene.blendMode
        switch scene.content {
        case .shape(let shape, let fill, let stroke, let rule):
            layer.transform = transform
            if case .rect(let frame, let radii, let style) = shape, let fill, stroke == nil {
                // The analytic rounded-rect coverage, as a plain filled rectangle has always been drawn.
                layer.content = .roundedRect(frame, cornerRadii: radii, style: style, fill: try fill.paint())
            } else {
                layer.content = .shape(shape.path, fill: try fill?.paint(),
                                       stroke: try stroke.map { ($0.style, try $0.paint.paint()) }, fillRule: rule)
            }
        case .text(let text):
            let anchor = transform.apply(to: text.position)
            layer.frame = Rect(x: anchor.x, y: anchor.y, width: 0, height: 0)
            let style = TextStyle(font: try text.font.load(), size: text.size, color: text.color,
                                  alignment: text.alignment, verticalAlignment: .baseline)
            layer.content = .text(text.text, style)
        case .image(let path, let frame):
            layer.transform = transform
            let image = Layer(frame: frame)
            let pixels = try images[path] ?? PNG.read(contentsOf: path)
            images[path] = pixels
            image.content = .image(pixels)
            layer.addSublayer(image)
        case .group(let children, let filters):
            layer.rendersAsGroup = true
            layer.filters = filters.map(\.layerFilter)
            for child in children { layer.addSublayer(try makeLayer(child, inherited: transform, images: &images)) }
        case .glass(let container):
            // Glass takes no transform of its own (decoding rejects one) and ignores its groups'.
            layer.backdrop = GlassBackdrop(container: container)
        }
        return layer
    }
}
