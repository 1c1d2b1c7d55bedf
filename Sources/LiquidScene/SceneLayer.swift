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

    private enum Key: String, CodingKey, CaseIterable {
        case type, opacity, blend, transform
        case frame, cornerRadius, corners, d, points, closed, fill, stroke, fillRule
        case text, position, size, color, align, font, src, layers, filters
    }

    private enum TransformKey: String, CodingKey, CaseIterable { case translate, rotate, scale }

    /// The keys every layer takes.
    private static let commonKeys = ["type", "opacity", "blend", "transform"]

    /// The keys each layer type takes besides ``commonKeys``.
    private static let keysByType: [String: [String]] = [
        "rect": ["frame", "cornerRadius", "corners", "fill", "stroke", "fillRule"],
        "ellipse": ["frame", "fill", "stroke", "fillRule"],
        "path": ["d", "fill", "stroke", "fillRule"],
        "polyline": ["points", "closed", "fill", "stroke", "fillRule"],
        "text": ["text", "position", "size", "color", "align", "font"],
        "image": ["src", "frame"],
        "group": ["layers", "filters"],
        "glass": SceneGlass.keys(isContainer: false),
        "glassContainer": SceneGlass.keys(isContainer: true),
    ]

    /// Every key some layer type takes.
    private static let allKeys: [String] = {
        var keys = Key.allCases.map(\.stringValue)
        for key in SceneGlass.keys(isContainer: false) + SceneGlass.keys(isContainer: true) where !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }()

    /// Decodes and validates one layer (recursively for groups); errors carry the JSON path. Keys are
    /// checked against the layer's type first, so a misspelt key is reported before what it leaves out.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let path = c.codingPath
        if let name = try? c.decode(String.self, forKey: .type), let own = Self.keysByType[name] {
            try decoder.requireKnownKeys(Self.commonKeys + own, allKeys: Self.allKeys, variant: "a \(name) layer")
        } else {
            try decoder.requireKnownKeys(Self.allKeys)
        }
        let type = try c.decode(String.self, forKey: .type)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
        try SceneValue.requireUnit(opacity, "opacity", at: path + [Key.opacity])
        let blend = try c.decodeIfPresent(String.self, forKey: .blend) ?? "normal"
        guard let mode = Self.blendModes.first(where: { $0.description == blend }) else {
            let names = Self.blendModes.map(\.description).joined(separator: ", ")
            throw SceneValue.fail("unknown blend mode '\(LiquidError.quoted(blend))' (use one of \(names))", at: path)
        }
        blendMode = mode
        transform = c.contains(.transform) ? try Self.decodeTransform(c.superDecoder(forKey: .transform)) : .identity

        switch type {
        case "rect", "ellipse", "path", "polyline":
            let shape: Shape
            switch type {
            case "rect":
                let frame = try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", at: path + [Key.frame])
                let radii = c.contains(.cornerRadius) ? try Self.decodeRadii(c.superDecoder(forKey: .cornerRadius)) : .zero
                let corners = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .corners) ?? "circular", "corners",
                                                     ["circular": CornerStyle.circular, "continuous": .continuous], in: path)
                shape = .rect(frame, cornerRadii: radii, style: corners)
            case "ellipse":
                shape = .ellipse(try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", at: path + [Key.frame]))
            case "path":
                let data = try c.decode(String.self, forKey: .d)
                let parsed: Path
                do { parsed = try Path(svgPathData: data) } catch { throw SceneValue.fail("\(error)", at: path + [Key.d]) }
                // Path data holds scene numbers too: every point it reaches stays within the scene bound.
                let limit = SceneKeyframes.maximumMagnitude
                if let box = parsed.bounds, !(box.minX >= -limit && box.maxX <= limit && box.minY >= -limit && box.maxY <= limit) {
                    throw SceneValue.fail("reaches \(LiquidError.quoted(Swift.max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)))); "
                        + "path coordinates must be between -1000000 and 1000000", at: path + [Key.d])
                }
                shape = .path(parsed)
            default:
                let raw = try c.decode([[Double]].self, forKey: .points)
                guard raw.count <= 1_000_000 else { throw SceneValue.fail("points: at most 1 000 000 points", at: path) }
                let points = try raw.enumerated().map { try SceneValue.point($1, "each point", at: path + [Key.points, JSONKey(index: $0)]) }
                shape = .polyline(points, closed: try c.decodeIfPresent(Bool.self, forKey: .closed) ?? false)
            }
            let fill = try c.decodeIfPresent(ScenePaint.self, forKey: .fill)
            let stroke = try c.decodeIfPresent(SceneStroke.self, forKey: .stroke)
            let rule = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .fillRule) ?? "nonzero", "fillRule",
                                              ["nonzero": FillRule.nonZero, "evenodd": .evenOdd], in: path)
            guard fill != nil || stroke != nil else {
                throw SceneValue.fail("a \(type) needs a fill, a stroke or both", at: path)
            }
            content = .shape(shape, fill: fill, stroke: stroke, fillRule: rule)
        case "text":
            let text = try c.decode(String.self, forKey: .text)
            let position = try SceneValue.point(c.decode([Double].self, forKey: .position), "position", at: path + [Key.position])
            let size = try c.decodeIfPresent(Double.self, forKey: .size) ?? 17
            try SceneValue.requirePositive(size, "size", at: path + [Key.size])
            guard size <= 2000 else { throw SceneValue.fail("size must be at most 2000 pt; got \(size)", at: path + [Key.size]) }
            let color = try SceneValue.color(c.decodeIfPresent(String.self, forKey: .color) ?? "#000000", in: path)
            let alignment = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .align) ?? "left", "align",
                                                   ["left": TextRenderer.Alignment.left, "center": .center, "right": .right], in: path)
            var font = SceneText.FontSource.family("DejaVu Sans")
            if let name = try c.decodeIfPresent(String.self, forKey: .font) {
                font = name.contains("/") ? .file(SceneValue.resolvedPath(name, in: decoder)) : .family(name)
            }
            content = .text(SceneText(text: text, position: position, size: size, color: color, alignment: alignment,
                                      font: font))
        case "image":
            content = .image(path: SceneValue.resolvedPath(try c.decode(String.self, forKey: .src), in: decoder),
                             frame: try SceneValue.rect(c.decode([Double].self, forKey: .frame), "frame", at: path + [Key.frame]))
        case "glass", "glassContainer":
            guard transform == .identity else {
                throw SceneValue.fail("glass layers take no transform; place them with their shapes", at: path)
            }
            content = .glass(try SceneGlass.container(from: decoder, isContainer: type == "glassContainer"))
        case "group":
            content = .group(try c.decodeIfPresent([SceneLayer].self, forKey: .layers) ?? [],
                             filters: try c.decodeIfPresent([SceneFilter].self, forKey: .filters) ?? [])
        default:
            throw SceneValue.fail("unknown layer type '\(LiquidError.quoted(type))' (use rect, ellipse, path, polyline, text, image, group, glass or glassContainer)", at: path)
        }
    }

    /// `cornerRadius`: a number or `[topLeft, topRight, bottomRight, bottomLeft]`.
    private static func decodeRadii(_ decoder: any Decoder) throws -> CornerRadii {
        let value = try decoder.singleValueContainer()
        switch try value.decode(JSONValue.self) {
        case .number:
            let single = try value.decode(Double.self)
            try SceneValue.requireNonNegative(single, "cornerRadius", at: decoder.codingPath)
            return CornerRadii(all: single)
        case .array:
            let list = try value.decode([Double].self)
            guard list.count == 4, list.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                let bad = list.count == 4 ? list.firstIndex { !($0.isFinite && $0 >= 0) } : nil
                throw SceneValue.fail("cornerRadius must be a number or four non-negative numbers; got \(SceneValue.quoted(list))",
                                      at: decoder.codingPath + (bad.map { [JSONKey(index: $0)] } ?? []))
            }
            return CornerRadii(topLeft: list[0], topRight: list[1], bottomRight: list[2], bottomLeft: list[3])
        case let other:
            throw SceneValue.mismatch("a number or a list of four numbers", found: other, at: decoder.codingPath)
        }
    }

    /// `{"scale": s or [sx, sy], "rotate": degrees, "translate": [x, y]}`, composed in that order.
    private static func decodeTransform(_ decoder: any Decoder) throws -> AffineTransform {
        let t = try decoder.strictContainer(keyedBy: TransformKey.self)
        var result = AffineTransform.identity
        if let scale = try t.decodeIfPresent(JSONValue.self, forKey: .scale) {
            switch scale {
            case .number(let s):
                try SceneValue.requireFinite(s, "scale", at: t.codingPath + [TransformKey.scale])
                result = AffineTransform(scaleX: s, y: s)
            case .array:
                let p = try SceneValue.point(t.decode([Double].self, forKey: .scale), "scale", at: t.codingPath + [TransformKey.scale])
                result = AffineTransform(scaleX: p.x, y: p.y)
            default:
                throw SceneValue.mismatch("a number or [sx, sy]", found: scale, at: t.codingPath + [TransformKey.scale])
            }
        }
        if let degrees = try t.decodeIfPresent(Double.self, forKey: .rotate) {
            try SceneValue.requireFinite(degrees, "rotate", at: t.codingPath + [TransformKey.rotate])
            result = result.concatenating(AffineTransform(rotationAngle: degrees * .pi / 180))
        }
        if let offset = try t.decodeIfPresent([Double].self, forKey: .translate) {
            let p = try SceneValue.point(offset, "translate", at: t.codingPath + [TransformKey.translate])
            result = result.concatenating(AffineTransform(translationX: p.x, y: p.y))
        }
        return result
    }
}
