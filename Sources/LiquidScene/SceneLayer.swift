import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// One drawable in a scene. Every layer may carry `opacity` (0…1), `blend` (a blend mode name) and a
/// `transform` (`{"translate": [x, y], "rotate": degrees, "scale": s or [sx, sy]}`, applied about the origin
/// in that order: scale, then rotate, then translate).
///
/// Decoding guarantees: every name is one the format knows (an unknown one is an error naming its JSON
/// path), every number finite and in range, sizes non-negative, a shape has a fill or a stroke, glass
/// carries no transform.
package struct SceneLayer: Decodable, Sendable {
    /// The geometry of a shape layer, in points before the layer's transform.
    package enum Shape: Sendable, Equatable {
        /// A rectangle with per-corner radii (all zero: square corners).
        case rect(Rect, cornerRadii: CornerRadii, style: CornerStyle)
        /// The ellipse inscribed in the rectangle.
        case ellipse(Rect)
        /// SVG path data, parsed.
        case path(Path)
        /// Straight segments through the points, closed or open.
        case polyline([Point], closed: Bool)

        /// The outline as a path.
        package var path: Path {
            switch self {
            case .rect(let frame, let radii, let style):
                return style == .continuous ? Path(continuousRoundedRect: frame, cornerRadii: radii)
                    : Path(roundedRect: frame, cornerRadii: radii)
            case .ellipse(let frame):
                return Path(ellipseIn: frame)
            case .path(let path):
                return path
            case .polyline(let points, let closed):
                var path = Path()
                if let first = points.first {
                    path.move(to: first)
                    for point in points.dropFirst() { path.line(to: point) }
                    if closed { path.close() }
                }
                return path
            }
        }
    }

    /// What the layer draws.
    package enum Content: Sendable {
        /// A shape filled (by `fillRule`) and/or stroked; at least one of the two is present.
        case shape(Shape, fill: ScenePaint?, stroke: SceneStroke?, fillRule: FillRule)
        /// One line of text.
        case text(SceneText)
        /// A PNG file (path resolved against the scene's folder) stretched over `frame`.
        case image(path: String, frame: Rect)
        /// Layers composited together as one group, then filtered in order.
        case group([SceneLayer], filters: [SceneFilter])
        /// Glass samples what is drawn beneath it (on the canvas, or inside its group).
        case glass(GlassContainer)
    }

    /// What the layer draws.
    package var content: Content
    /// 0…1.
    package var opacity: Double
    /// How the layer (a group as a whole) combines with what is beneath it.
    package var blendMode: BlendMode
    /// Scene-space transform about the origin (a group's transform applies to its layers).
    package var transform: AffineTransform

    /// The blend modes the format accepts, by keyword, in the order the error message lists them.
    static let blendModes: [BlendMode] = [.normal, .copy, .multiply, .screen, .overlay, .softLight, .plusLighter,
                                          .destinationOut, .destinationIn]

    private enum Key: String, CodingKey {
        case type, frame, cornerRadius, corners, d, points, closed, fill, stroke, fillRule
        case text, position, size, color, align, font, src, layers, filters
        case opacity, blend, transform
    }

    private enum TransformKey: String, CodingKey { case translate, rotate, scale }

    /// Decodes and validates one layer (recursively for groups); errors carry the JSON path.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let path = c.codingPath
        let type = try c.decode(String.self, forKey: .type)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
        try SceneValue.requireUnit(opacity, "opacity", in: path)
        let blend = try c.decodeIfPresent(String.self, forKey: .blend) ?? "normal"
        guard let mode = Self.blendModes.first(where: { $0.description == blend }) else {
            let names = Self.blendModes.map(\.description).joined(separator: ", ")
            throw SceneValue.fail("unknown blend mode '\(blend)' (use one of \(names))", at: path)
        }
        blendMode = mode
        transform = try Self.decodeTransform(c)

        switch type {
        case "rect", "ellipse", "path", "polyline":
            let shape: Shape
            switch type {
            case "rect":
                let frame = try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", in: path)
                let radii = try Self.decodeRadii(c)
                let corners = try c.decodeIfPresent(String.self, forKey: .corners) ?? "circular"
                guard corners == "circular" || corners == "continuous" else {
                    throw SceneValue.fail("corners must be circular or continuous; got '\(corners)'", at: path)
                }
                shape = .rect(frame, cornerRadii: radii, style: corners == "continuous" ? .continuous : .circular)
            case "ellipse":
                shape = .ellipse(try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", in: path))
            case "path":
                let data = try c.decode(String.self, forKey: .d)
                do { shape = .path(try Path(svgPathData: data)) } catch {
                    throw SceneValue.fail("d: \(error)", at: path)
                }
            default:
                let raw = try c.decode([[Double]].self, forKey: .points)
                guard raw.count <= 1_000_000 else { throw SceneValue.fail("points: at most 1 000 000 points", at: path) }
                let points = try raw.map { try SceneValue.point($0, "each point", in: path) }
                shape = .polyline(points, closed: try c.decodeIfPresent(Bool.self, forKey: .closed) ?? false)
            }
            let fill = try c.decodeIfPresent(ScenePaint.self, forKey: .fill)
            let stroke = try c.decodeIfPresent(SceneStroke.self, forKey: .stroke)
            let rule = try c.decodeIfPresent(String.self, forKey: .fillRule) ?? "nonzero"
            guard rule == "nonzero" || rule == "evenodd" else {
                throw SceneValue.fail("fillRule must be nonzero or evenodd; got '\(rule)'", at: path)
            }
            guard fill != nil || stroke != nil else {
                throw SceneValue.fail("a \(type) needs a fill, a stroke or both", at: path)
            }
            content = .shape(shape, fill: fill, stroke: stroke, fillRule: rule == "evenodd" ? .evenOdd : .nonZero)
        case "text":
            let text = try c.decode(String.self, forKey: .text)
            let position = try SceneValue.point(c.decode([Double].self, forKey: .position), "position", in: path)
            let size = try c.decodeIfPresent(Double.self, forKey: .size) ?? 17
            try SceneValue.requirePositive(size, "size", in: path)
            guard size <= 2000 else { throw SceneValue.fail("size must be at most 2000 pt; got \(size)", at: path) }
            let color = try SceneValue.color(c.decodeIfPresent(String.self, forKey: .color) ?? "#000000", in: path)
            let align = try c.decodeIfPresent(String.self, forKey: .align) ?? "left"
            let alignments: [String: TextRenderer.Alignment] = ["left": .left, "center": .center, "right": .right]
            guard let alignment = alignments[align] else {
                throw SceneValue.fail("align must be left, center or right; got '\(align)'", at: path)
            }
            var font = SceneText.FontSource.family("DejaVu Sans")
            if let name = try c.decodeIfPresent(String.self, forKey: .font) {
                font = name.contains("/") ? .file(SceneValue.resolvedPath(name, in: decoder)) : .family(name)
            }
            content = .text(SceneText(text: text, position: position, size: size, color: color, alignment: alignment,
                                      font: font))
        case "image":
            content = .image(path: SceneValue.resolvedPath(try c.decode(String.self, forKey: .src), in: decoder),
                             frame: try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", in: path))
        case "glass", "glassContainer":
            guard transform == .identity else {
                throw SceneValue.fail("glass layers take no transform; place them with their shapes", at: path)
            }
            content = .glass(try SceneGlass.container(from: decoder, isContainer: type == "glassContainer"))
        case "group":
            content = .group(try c.decodeIfPresent([SceneLayer].self, forKey: .layers) ?? [],
                             filters: try c.decodeIfPresent([SceneFilter].self, forKey: .filters) ?? [])
        default:
            throw SceneValue.fail("unknown layer type '\(type)' (use rect, ellipse, path, polyline, text, image, group, glass or glassContainer)", at: path)
        }
    }

    /// `cornerRadius`: a number or `[topLeft, topRight, bottomRight, bottomLeft]`.
    private static func decodeRadii(_ c: KeyedDecodingContainer<Key>) throws -> CornerRadii {
        if let single = try? c.decodeIfPresent(Double.self, forKey: .cornerRadius) {
            try SceneValue.requireNonNegative(single, "cornerRadius", in: c.codingPath)
            return CornerRadii(all: single)
        }
        guard let list = try c.decodeIfPresent([Double].self, forKey: .cornerRadius) else { return .zero }
        guard list.count == 4, list.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw SceneValue.fail("cornerRadius must be a number or four non-negative numbers; got \(list)", at: c.codingPath)
        }
        return CornerRadii(topLeft: list[0], topRight: list[1], bottomRight: list[2], bottomLeft: list[3])
    }

    private static func decodeTransform(_ c: KeyedDecodingContainer<Key>) throws -> AffineTransform {
        guard c.contains(.transform) else { return .identity }
        let t = try c.nestedContainer(keyedBy: TransformKey.self, forKey: .transform)
        var result = AffineTransform.identity
        if let s = try? t.decodeIfPresent(Double.self, forKey: .scale) {
            try SceneValue.requireFinite(s, "scale", in: t.codingPath)
            result = AffineTransform(scaleX: s, y: s)
        } else if let s = try t.decodeIfPresent([Double].self, forKey: .scale) {
            let p = try SceneValue.point(s, "scale", in: t.codingPath)
            result = AffineTransform(scaleX: p.x, y: p.y)
        }
        if let degrees = try t.decodeIfPresent(Double.self, forKey: .rotate) {
            try SceneValue.requireFinite(degrees, "rotate", in: t.codingPath)
            result = result.concatenating(AffineTransform(rotationAngle: degrees * .pi / 180))
        }
        if let offset = try t.decodeIfPresent([Double].self, forKey: .translate) {
            let p = try SceneValue.point(offset, "translate", in: t.codingPath)
            result = result.concatenating(AffineTransform(translationX: p.x, y: p.y))
        }
        return result
    }
}
