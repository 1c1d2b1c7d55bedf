import LiquidGeometry
import LiquidGlass

/// Decoding of the glass parts of a scene (docs/scene-format.md, "Glass"):
///
/// ```json
/// {"type": "glass", "shape": {"rect": [20, 20, 200, 60], "cornerRadius": "capsule"},
///  "material": {"style": "regular", "tint": "#007aff55"}, "materialize": 1, "accessibility": [],
///  "interaction": {"press": 0.5, "touch": [60, 50]}}
/// {"type": "glassContainer", "spacing": 16, "material": {…}, "frame": [0, 0, 390, 90], "cornerRadius": 30,
///  "children": [{"shape": {"circle": [60, 45, 30]}, "unionID": "a"}, …]}
/// ```
enum SceneGlass {
    private enum ContainerKey: String, CodingKey {
        case shape, material, materialize, accessibility, interaction, spacing, frame, cornerRadius, children
    }
    private enum ChildKey: String, CodingKey { case shape, unionID, identity, interaction }
    private enum ShapeKey: String, CodingKey { case circle, rect, cornerRadius, corners }
    private enum MaterialKey: String, CodingKey {
        case style, tint, prominent, frost, saturation, refractiveIndex, bevel, thickness, dispersion, lightAngle, rim, shadow
    }
    private enum ShadowKey: String, CodingKey { case opacity, radius, offset }
    private enum InteractionKey: String, CodingKey { case press, scale, touch, glow, drag }

    /// A `glass` layer (one element) or a `glassContainer` layer, as a container.
    static func container(from decoder: Decoder, isContainer: Bool) throws -> GlassContainer {
        let c = try decoder.container(keyedBy: ContainerKey.self)
        let material = try c.decodeIfPresent(MaterialValue.self, forKey: .material)?.material ?? .regular
        let materialize = try c.decodeIfPresent(Double.self, forKey: .materialize) ?? 1
        try SceneValue.requireUnit(materialize, "materialize", in: c.codingPath)
        var accessibility: GlassAccessibility = []
        for name in try c.decodeIfPresent([String].self, forKey: .accessibility) ?? [] {
            switch name {
            case "reduceTransparency": accessibility.insert(.reduceTransparency)
            case "increaseContrast": accessibility.insert(.increaseContrast)
            case "reduceMotion": accessibility.insert(.reduceMotion)
            default:
                throw SceneValue.fail("unknown accessibility mode '\(name)' (use reduceTransparency, increaseContrast, reduceMotion)", at: c.codingPath)
            }
        }
        var result: GlassContainer
        if isContainer {
            let spacing = try c.decodeIfPresent(Double.self, forKey: .spacing) ?? 0
            try SceneValue.requireNonNegative(spacing, "spacing", in: c.codingPath)
            var list = try c.nestedUnkeyedContainer(forKey: .children)
            var children: [GlassElement] = []
            while !list.isAtEnd {
                let child = try list.nestedContainer(keyedBy: ChildKey.self)
                var element = try shape(child.superDecoder(forKey: .shape))
                element.unionID = try child.decodeIfPresent(String.self, forKey: .unionID)
                element.identity = try child.decodeIfPresent(String.self, forKey: .identity)
                if child.contains(.interaction) { element.interaction = try interaction(child.superDecoder(forKey: .interaction)) }
                children.append(element)
            }
            guard children.count <= 1000 else { throw SceneValue.fail("at most 1000 glass children", at: c.codingPath) }
            var frame: Rect?
            if let values = try c.decodeIfPresent([Double].self, forKey: .frame) {
                frame = try SceneValue.rect(values, "frame", in: c.codingPath)
            }
            let radius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0
            try SceneValue.requireNonNegative(radius, "cornerRadius", in: c.codingPath)
            result = GlassContainer(spacing: spacing, material: material, children: children, frame: frame,
                                    frameCornerRadii: CornerRadii(all: radius))
        } else {
            var element = try shape(c.superDecoder(forKey: .shape))
            if c.contains(.interaction) { element.interaction = try interaction(c.superDecoder(forKey: .interaction)) }
            result = GlassContainer(spacing: 0, material: material, children: [element])
        }
        result.accessibility = accessibility
        result.materialize = materialize
        do { return try result.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath) }
    }

    /// `{"circle": [cx, cy, r]}` or `{"rect": [x, y, w, h], "cornerRadius": …, "corners": "circular|continuous"}`
    /// with cornerRadius a number, four numbers, `"capsule"`, `{"capsule": maximum}` or `{"concentric": minimum}`.
    private static func shape(_ decoder: Decoder) throws -> GlassElement {
        let c = try decoder.container(keyedBy: ShapeKey.self)
        if let circle = try c.decodeIfPresent([Double].self, forKey: .circle) {
            guard circle.count == 3, circle.allSatisfy(\.isFinite), circle[2] >= 0 else {
                throw SceneValue.fail("circle must be [centerX, centerY, radius] with a non-negative radius; got \(circle)", at: c.codingPath)
            }
            return GlassElement(.circle(center: Point(circle[0], circle[1]), radius: circle[2]))
        }
        guard let values = try c.decodeIfPresent([Double].self, forKey: .rect) else {
            throw SceneValue.fail("a glass shape needs \"circle\" or \"rect\"", at: c.codingPath)
        }
        let rect = try SceneValue.rect(values, "rect", in: c.codingPath)
        let corners = try c.decodeIfPresent(String.self, forKey: .corners) ?? "circular"
        guard corners == "circular" || corners == "continuous" else {
            throw SceneValue.fail("corners must be circular or continuous; got '\(corners)'", at: c.codingPath)
        }
        return GlassElement(rect: rect, corners: try cornerConfiguration(c), continuous: corners == "continuous")
    }

    private static func cornerConfiguration(_ c: KeyedDecodingContainer<ShapeKey>) throws -> CornerConfiguration {
        guard c.contains(.cornerRadius) else { return .fixed(0) }
        if let r = try? c.decode(Double.self, forKey: .cornerRadius) {
            try SceneValue.requireNonNegative(r, "cornerRadius", in: c.codingPath)
            return .fixed(r)
        }
        if let word = try? c.decode(String.self, forKey: .cornerRadius) {
            guard word == "capsule" else { throw SceneValue.fail("cornerRadius '\(word)' is not known (use \"capsule\")", at: c.codingPath) }
            return .capsule(maximumRadius: nil)
        }
        if let list = try? c.decode([Double].self, forKey: .cornerRadius) {
            guard list.count == 4, list.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw SceneValue.fail("cornerRadius needs four non-negative numbers; got \(list)", at: c.codingPath)
            }
            return .perCorner(CornerRadii(topLeft: list[0], topRight: list[1], bottomRight: list[2], bottomLeft: list[3]))
        }
        let object = try c.decode([String: Double].self, forKey: .cornerRadius)
        if let maximum = object["capsule"] {
            try SceneValue.requireNonNegative(maximum, "capsule maximum", in: c.codingPath)
            return .capsule(maximumRadius: maximum)
        }
        if let minimum = object["concentric"] {
            try SceneValue.requireNonNegative(minimum, "concentric minimum", in: c.codingPath)
            return .containerConcentric(minimum: minimum)
        }
        throw SceneValue.fail("cornerRadius object must be {\"capsule\": max} or {\"concentric\": min}", at: c.codingPath)
    }

    private static func interaction(_ decoder: Decoder) throws -> GlassInteraction {
        let c = try decoder.container(keyedBy: InteractionKey.self)
        var result = GlassInteraction()
        result.pressProgress = try c.decodeIfPresent(Double.self, forKey: .press) ?? 0
        result.pressScale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? result.pressScale
        result.glowOpacity = try c.decodeIfPresent(Double.self, forKey: .glow) ?? result.glowOpacity
        if let touch = try c.decodeIfPresent([Double].self, forKey: .touch) {
            result.touchPoint = try SceneValue.point(touch, "touch", in: c.codingPath)
        }
        if let drag = try c.decodeIfPresent([Double].self, forKey: .drag) {
            result.dragOffset = try SceneValue.point(drag, "drag", in: c.codingPath)
        }
        do { return try result.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath) }
    }

    /// A material object; every field optional, defaults from the style.
    private struct MaterialValue: Decodable {
        let material: GlassMaterial

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: MaterialKey.self)
            let styleName = try c.decodeIfPresent(String.self, forKey: .style) ?? "regular"
            let styles: [String: GlassStyle] = ["regular": .regular, "clear": .clear, "identity": .identity]
            guard let style = styles[styleName] else {
                throw SceneValue.fail("style must be regular, clear or identity; got '\(styleName)'", at: c.codingPath)
            }
            var tint: RGBA?
            if let text = try c.decodeIfPresent(String.self, forKey: .tint) { tint = try SceneValue.color(text, in: c.codingPath) }
            var m = GlassMaterial(style: style, tint: tint, prominent: try c.decodeIfPresent(Bool.self, forKey: .prominent) ?? false)
            m.frostSigma = try c.decodeIfPresent(Double.self, forKey: .frost) ?? m.frostSigma
            m.saturation = try c.decodeIfPresent(Double.self, forKey: .saturation) ?? m.saturation
            m.refractiveIndex = try c.decodeIfPresent(Double.self, forKey: .refractiveIndex) ?? m.refractiveIndex
            m.bevelWidth = try c.decodeIfPresent(Double.self, forKey: .bevel) ?? m.bevelWidth
            m.thickness = try c.decodeIfPresent(Double.self, forKey: .thickness) ?? m.thickness
            m.dispersion = try c.decodeIfPresent(Double.self, forKey: .dispersion) ?? m.dispersion
            m.lightAngle = try c.decodeIfPresent(Double.self, forKey: .lightAngle) ?? m.lightAngle
            m.rimIntensity = try c.decodeIfPresent(Double.self, forKey: .rim) ?? m.rimIntensity
            if let none = try? c.decode(String.self, forKey: .shadow) {
                guard none == "none" else { throw SceneValue.fail("shadow must be \"none\" or an object", at: c.codingPath) }
                m.shadow = .none
            } else if c.contains(.shadow) {
                let s = try c.nestedContainer(keyedBy: ShadowKey.self, forKey: .shadow)
                m.shadow.opacity = try s.decodeIfPresent(Double.self, forKey: .opacity) ?? m.shadow.opacity
                m.shadow.radius = try s.decodeIfPresent(Double.self, forKey: .radius) ?? m.shadow.radius
                if let offset = try s.decodeIfPresent([Double].self, forKey: .offset) {
                    m.shadow.offset = try SceneValue.point(offset, "shadow offset", in: s.codingPath)
                }
            }
            do { material = try m.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath) }
        }
    }
}
