import LiquidGeometry
import LiquidGlass

/// One drawable in a scene. Every layer may carry `opacity` (0…1), `blend` (a blend mode name) and a
/// `transform` (`{"translate": [x, y], "rotate": degrees, "scale": s or [sx, sy]}`, applied about the origin
/// in that order: scale, then rotate, then translate).
struct SceneLayer: Decodable {
    enum Shape {
        case rect(Rect, radii: CornerRadii, continuous: Bool)
        case ellipse(Rect)
        case path(Path)
        case polyline([Point], closed: Bool)
    }

    enum Content {
        case shape(Shape, fill: ScenePaint?, stroke: SceneStroke?, evenOdd: Bool)
        case text(String, position: Point, size: Double, color: RGBA, align: String, font: String?)
        case image(path: String, frame: Rect)
        case group([SceneLayer], filters: [SceneFilter])
        /// Glass samples what is drawn beneath it, so it is always drawn in place (never offscreen).
        case glass(GlassContainer)
    }

    var content: Content
    var opacity: Double
    var blend: String
    var transform: AffineTransform

    static let blendModes = ["normal", "copy", "multiply", "screen", "overlay", "soft-light", "plus-lighter",
                             "destination-out", "destination-in"]

    private enum Key: String, CodingKey {
        case type, frame, cornerRadius, corners, d, points, closed, fill, stroke, fillRule
        case text, position, size, color, align, font, src, layers, filters
        case opacity, blend, transform
    }

    private enum TransformKey: String, CodingKey { case translate, rotate, scale }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let path = c.codingPath
        let type = try c.decode(String.self, forKey: .type)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
        try SceneValue.requireUnit(opacity, "opacity", in: path)
        blend = try c.decodeIfPresent(String.self, forKey: .blend) ?? "normal"
        guard Self.blendModes.contains(blend) else {
            throw SceneValue.fail("unknown blend mode '\(blend)' (use one of \(Self.blendModes.joined(separator: ", ")))", at: path)
        }
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
                shape = .rect(frame, radii: radii, continuous: corners == "continuous")
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
            content = .shape(shape, fill: fill, stroke: stroke, evenOdd: rule == "evenodd")
        case "text":
            let text = try c.decode(String.self, forKey: .text)
            let position = try SceneValue.point(c.decode([Double].self, forKey: .position), "position", in: path)
            let size = try c.decodeIfPresent(Double.self, forKey: .size) ?? 17
            try SceneValue.requirePositive(size, "size", in: path)
            guard size <= 2000 else { throw SceneValue.fail("size must be at most 2000 pt; got \(size)", at: path) }
            let color = try SceneValue.color(c.decodeIfPresent(String.self, forKey: .color) ?? "#000000", in: path)
            let align = try c.decodeIfPresent(String.self, forKey: .align) ?? "left"
            guard ["left", "center", "right"].contains(align) else {
                throw SceneValue.fail("align must be left, center or right; got '\(align)'", at: path)
            }
            content = .text(text, position: position, size: size, color: color, align: align,
                            font: try c.decodeIfPresent(String.self, forKey: .font))
        case "image":
            content = .image(path: try c.decode(String.self, forKey: .src),
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
