import Foundation
import LiquidGeometry
import LiquidRaster

/// Draws a ``SceneDocument`` with the raster engine.
///
/// Layers with the normal blend mode and full opacity draw straight onto the canvas; any other layer, and
/// every group, is drawn into a transparent offscreen image of the canvas size first (where a group's
/// filters run) and then composited with its blend mode and opacity — the W3C group compositing model.
struct SceneRenderer {
    /// Folder that relative image paths are resolved against (the scene file's folder).
    let baseDirectory: String

    func render(_ scene: SceneDocument, scale: Double? = nil) throws -> Pixmap {
        let s = scale ?? scene.scale
        var canvas = Canvas(try Pixmap(size: Size(width: scene.width, height: scene.height), scale: s))
        if let background = scene.background {
            canvas.fillRect(Rect(x: 0, y: 0, width: scene.width, height: scene.height), paint: try paint(background))
        }
        try draw(scene.layers, into: &canvas)
        return canvas.pixmap
    }

    private func draw(_ layers: [SceneLayer], into canvas: inout Canvas) throws {
        for layer in layers { try draw(layer, into: &canvas) }
    }

    private func draw(_ layer: SceneLayer, into canvas: inout Canvas) throws {
        if case .glass(let container) = layer.content {
            // Glass samples the canvas beneath it; opacity and blend mix the glassed result over the original.
            var glassed = canvas.pixmap
            try container.render(over: canvas.pixmap, into: &glassed)
            if layer.blend == "normal" && layer.opacity == 1 {
                canvas.pixmap = glassed
            } else if let mode = BlendMode(keyword: layer.blend) {
                try canvas.pixmap.composite(glassed, mode: mode, opacity: layer.opacity)
            }
            return
        }
        let isGroup: Bool
        if case .group = layer.content { isGroup = true } else { isGroup = false }
        if !isGroup && layer.blend == "normal" && layer.opacity == 1 {
            try drawContent(layer, into: &canvas)
            return
        }
        var offscreen = Canvas(try Pixmap(width: canvas.pixmap.width, height: canvas.pixmap.height, scale: canvas.pixmap.scale))
        try drawContent(layer, into: &offscreen)
        guard let mode = BlendMode(keyword: layer.blend) else { return }  // validated when the scene was read
        try canvas.pixmap.composite(offscreen.pixmap, mode: mode, opacity: layer.opacity)
    }

    private func drawContent(_ layer: SceneLayer, into canvas: inout Canvas) throws {
        canvas.transform = layer.transform
        defer { canvas.transform = .identity }
        switch layer.content {
        case .shape(let shape, let fill, let stroke, let evenOdd):
            let path: Path
            switch shape {
            case .rect(let frame, let radii, let continuous):
                if let fill, stroke == nil {
                    canvas.fillRoundedRect(frame, cornerRadii: radii, style: continuous ? .continuous : .circular,
                                           paint: try paint(fill))
                    return
                }
                path = continuous ? Path(continuousRoundedRect: frame, cornerRadii: radii) : Path(roundedRect: frame, cornerRadii: radii)
            case .ellipse(let frame):
                path = Path(ellipseIn: frame)
            case .path(let p):
                path = p
            case .polyline(let points, let closed):
                var p = Path()
                if let first = points.first {
                    p.move(to: first)
                    for point in points.dropFirst() { p.line(to: point) }
                    if closed { p.close() }
                }
                path = p
            }
            if let fill { canvas.fill(path, paint: try paint(fill), rule: evenOdd ? .evenOdd : .nonZero) }
            if let stroke {
                let style = StrokeStyle(width: stroke.width, cap: cap(stroke.cap), join: join(stroke.join), miterLimit: stroke.miterLimit)
                canvas.stroke(path, style: style, paint: try paint(stroke.paint))
            }
        case .text(let text, let position, let size, let color, let align, let fontName):
            let font = try fontNamed(fontName)
            let alignment: TextRenderer.Alignment = align == "center" ? .center : align == "right" ? .right : .left
            let renderer = TextRenderer(font: font, size: size, color: color, alignment: alignment)
            // Text is placed by the layer transform's effect on its anchor (glyphs are not rotated or scaled).
            try renderer.draw(text, at: layer.transform.apply(to: position), into: &canvas.pixmap)
        case .image(let source, let frame):
            let path = source.hasPrefix("/") ? source : baseDirectory + "/" + source
            let image = try PNG.read(contentsOf: path)
            let size = image.sizeInPoints
            let fit = AffineTransform(scaleX: frame.width / size.width, y: frame.height / size.height)
                .concatenating(AffineTransform(translationX: frame.minX, y: frame.minY))
            canvas.drawImage(image, transform: fit)
        case .glass:
            break  // drawn in place by draw(_:into:)
        case .group(let layers, let filters):
            canvas.transform = .identity
            var inner = Canvas(try Pixmap(width: canvas.pixmap.width, height: canvas.pixmap.height, scale: canvas.pixmap.scale))
            for child in layers {
                var placed = child
                placed.transform = child.transform.concatenating(layer.transform)
                try draw(placed, into: &inner)
            }
            for filter in filters { try apply(filter, to: &inner.pixmap) }
            try canvas.pixmap.composite(inner.pixmap)
        }
    }

    private func apply(_ filter: SceneFilter, to pixmap: inout Pixmap) throws {
        switch filter.kind {
        case .blur(let sigma):
            let blur = try GaussianBlur(sigma: sigma * pixmap.scale, edgeMode: .transparent)
            pixmap.withMutableView { blur.apply(to: $0) }
        case .threshold(let alpha, let color, let softness):
            let threshold = try AlphaThreshold(threshold: alpha, edgeWidth: softness, color: try RGBA(hex: color))
            pixmap.withMutableView { threshold.apply(to: $0) }
        case .goo:
            pixmap.withMutableView { ColorMatrix.goo.apply(to: $0) }
        case .saturate(let amount):
            let matrix = try ColorMatrix.saturation(amount)
            pixmap.withMutableView { matrix.apply(to: $0) }
        }
    }

    private func paint(_ paint: ScenePaint) throws -> Paint {
        func spread(_ name: String) -> SpreadMode { name == "repeat" ? .repeat : name == "reflect" ? .reflect : .pad }
        switch paint {
        case .color(let color):
            return .solid(color)
        case .linear(let from, let to, let stops, let spreadName):
            let gradient = try Gradient(stops: stops.map { GradientStop($0.location, $0.color) }, spread: spread(spreadName))
            return .linearGradient(LinearGradient(start: from, end: to, gradient: gradient))
        case .radial(let center, let radius, let stops, let spreadName):
            let gradient = try Gradient(stops: stops.map { GradientStop($0.location, $0.color) }, spread: spread(spreadName))
            return .radialGradient(RadialGradient(center: center, radius: radius, gradient: gradient))
        }
    }

    private func fontNamed(_ name: String?) throws -> Font {
        guard let name else { return try Font(family: "DejaVu Sans") }
        if name.contains("/") {
            let path = name.hasPrefix("/") ? name : baseDirectory + "/" + name
            return try Font(path: path)
        }
        return try Font(family: name)
    }

    private func cap(_ name: String) -> LineCap { name == "round" ? .round : name == "square" ? .square : .butt }
    private func join(_ name: String) -> LineJoin { name == "round" ? .round : name == "bevel" ? .bevel : .miter }
}
