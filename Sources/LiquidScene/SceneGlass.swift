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
    private enum ContainerKey: String, CodingKey, CaseIterable {
        case shape, material, materialize, accessibility, interaction, spacing, frame, cornerRadius, children
    }
    private enum ChildKey: String, CodingKey, CaseIterable { case shape, unionID, identity, interaction }
    private enum ShapeKey: String, CodingKey, CaseIterable { case circle, rect, cornerRadius, corners }
    private enum CornerRadiusKey: String, CodingKey, CaseIterable { case capsule, concentric }
    private enum MaterialKey: String, CodingKey, CaseIterable {
        case style, tint, prominent, frost, saturation, refractiveIndex, bevel, thickness, dispersion, lightAngle, rim, shadow
    }
    private enum ShadowKey: String, CodingKey, CaseIterable { case opacity, radius, offset }
    private enum InteractionKey: String, CodingKey, CaseIterable { case press, scale, touch, glow, drag }

    /// The keys a `glass` layer (`isContainer` false) or a `glassContainer` layer takes besides those of
    /// every layer.
    static func keys(isContainer: Bool) -> [String] {
        let keys: [ContainerKey] = isContainer ? [.material, .materialize, .accessibility, .spacing, .frame, .cornerRadius, .children]
            : [.shape, .material, .materialize, .accessibility, .interaction]
        return keys.map(\.stringValue)
    }

    /// A `glass` layer (one element) or a `glassContainer` layer, as a container. The layer's keys have
    /// been checked by ``SceneLayer``.
    static func container(from decoder: Decoder, isContainer: Bool) throws -> GlassContainer {
        let c = try decoder.container(keyedBy: ContainerKey.self)
        let material = try c.decodeIfPresent(MaterialValue.self, forKey: .material)?.material ?? .regular
        let materialize = try c.decodeIfPresent(Double.self, forKey: .materialize) ?? 1
        try SceneValue.requireUnit(materialize, "materialize", at: c.codingPath + [JSONKey("materialize")])
        var accessibility: GlassAccessibility = []
        for name in try c.decodeIfPresent([String].self, forKey: .accessibility) ?? [] {
            switch name {
            case "reduceTransparency": accessibility.insert(.reduceTransparency)
            case "increaseContrast": accessibility.insert(.increaseContrast)
            case "reduceMotion": accessibility.insert(.reduceMotion)
            default:
                throw SceneValue.fail("unknown accessibility mode '\(LiquidError.quoted(name))' (use reduceTransparency, increaseContrast, reduceMotion)", at: c.codingPath)
            }
        }
        var result: GlassContainer
        if isContainer {
            let spacing = try c.decodeIfPresent(Double.self, forKey: .spacing) ?? 0
            try SceneValue.requireNonNegative(spacing, "spacing", at: c.codingPath + [JSONKey("spacing")])
            var list = try c.nestedUnkeyedContainer(forKey: .children)
            guard (list.count ?? 0) <= 1000 else { throw SceneValue.fail("at most 1000 glass children", at: c.codingPath) }
            var children: [GlassElement] = []
            while !list.isAtEnd {
                let child = try list.superDecoder().strictContainer(keyedBy: ChildKey.self)
                var element = try shape(child.superDecoder(forKey: .shape))
                element.unionID = try child.decodeIfPresent(String.self, forKey: .unionID)
                element.identity = try child.decodeIfPresent(String.self, forKey: .identity)
                if child.contains(.interaction) { element.interaction = try interaction(child.superDecoder(forKey: .interaction)) }
                children.append(element)
            }
            var frame: Rect?
            if let values = try c.decodeIfPresent([Double].self, forKey: .frame) {
                frame = try SceneValue.rect(values, "frame", at: c.codingPath + [JSONKey("frame")])
            }
            let radius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0
            try SceneValue.requireNonNegative(radius, "cornerRadius", at: c.codingPath + [JSONKey("cornerRadius")])
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
    /// `circle` and `rect` exclude each other, and a circle takes neither `cornerRadius` nor `corners`.
    private static func shape(_ decoder: Decoder) throws -> GlassElement {
        let c = try decoder.container(keyedBy: ShapeKey.self)
        let all = ShapeKey.allCases.map(\.stringValue)
        switch (c.contains(.circle), c.contains(.rect)) {
        case (true, false): try decoder.requireKnownKeys(["circle"], allKeys: all, variant: "a circle shape")
        case (false, true): try decoder.requireKnownKeys(["rect", "cornerRadius", "corners"], allKeys: all, variant: "a rect shape")
        default: try decoder.requireKnownKeys(all)
        }
        try SceneValue.requireExclusive([ShapeKey.circle, .rect], in: c)
        if let circle = try c.decodeIfPresent([Double].self, forKey: .circle) {
            guard circle.count == 3, circle.allSatisfy(\.isFinite), circle[2] >= 0 else {
                let bad = circle.count == 3 ? circle.indices.first { !circle[$0].isFinite || ($0 == 2 && circle[$0] < 0) } : nil
                throw SceneValue.fail("circle must be [centerX, centerY, radius] with a non-negative radius; got \(SceneValue.quoted(circle))",
                                      at: c.codingPath + [ShapeKey.circle] + (bad.map { [JSONKey(index: $0)] } ?? []))
            }
            return GlassElement(.circle(center: Point(circle[0], circle[1]), radius: circle[2]))
        }
        guard let values = try c.decodeIfPresent([Double].self, forKey: .rect) else {
            throw SceneValue.fail("a glass shape needs \"circle\" or \"rect\"", at: c.codingPath)
        }
        let rect = try SceneValue.rect(values, "rect", at: c.codingPath + [JSONKey("rect")])
        let continuous = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .corners) ?? "circular", "corners",
                                                ["circular": false, "continuous": true], in: c.codingPath)
        let corners = c.contains(.cornerRadius) ? try cornerConfiguration(c.superDecoder(forKey: .cornerRadius)) : .fixed(0)
        return GlassElement(rect: rect, corners: corners, continuous: continuous)
    }

    /// A glass rect's `cornerRadius`; problems are reported at the shape, or below `cornerRadius` for
    /// its object form.
    private static func cornerConfiguration(_ decoder: Decoder) throws -> CornerConfiguration {
        let shapePath = Array(decoder.codingPath.dropLast())
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        switch value {
        case .number(let r):
            try SceneValue.requireNonNegative(r, "cornerRadius", at: decoder.codingPath)
            return .fixed(r)
        case .string(let word):
            guard word == "capsule" else {
                throw SceneValue.fail("cornerRadius '\(LiquidError.quoted(word))' is not known (use \"capsule\")", at: shapePath)
            }
            return .capsule(maximumRadius: nil)
        case .array:
            let list = try decoder.singleValueContainer().decode([Double].self)
            guard list.count == 4, list.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                let bad = list.count == 4 ? list.firstIndex { !($0.isFinite && $0 >= 0) } : nil
                throw SceneValue.fail("cornerRadius needs four non-negative numbers; got \(SceneValue.quoted(list))",
                                      at: decoder.codingPath + (bad.map { [JSONKey(index: $0)] } ?? []))
            }
            return .perCorner(CornerRadii(topLeft: list[0], topRight: list[1], bottomRight: list[2], bottomLeft: list[3]))
        case .object:
            let c = try decoder.strictContainer(keyedBy: CornerRadiusKey.self)
            try SceneValue.requireExclusive(CornerRadiusKey.allCases, in: c)
            if let maximum = try c.decodeIfPresent(Double.self, forKey: .capsule) {
                try SceneValue.requireNonNegative(maximum, "capsule maximum", at: c.codingPath + [CornerRadiusKey.capsule])
                return .capsule(maximumRadius: maximum)
            }
            if let minimum = try c.decodeIfPresent(Double.self, forKey: .concentric) {
                try SceneValue.requireNonNegative(minimum, "concentric minimum", at: c.codingPath + [CornerRadiusKey.concentric])
                return .containerConcentric(minimum: minimum)
            }
            throw SceneValue.fail("cornerRadius object must be {\"capsule\": max} or {\"concentric\": min}", at: shapePath)
        default:
            throw SceneValue.mismatch("a number, four numbers, \"capsule\" or an object", found: value, at: decoder.codingPath)
        }
    }

    /// `{"press": 0…1, "scale", "touch": [x, y], "glow", "drag": [dx, dy]}`.
    private static func interaction(_ decoder: Decoder) throws -> GlassInteraction {
        let c = try decoder.strictContainer(keyedBy: InteractionKey.self)
        var result = GlassInteraction()
        result.pressProgress = try c.decodeIfPresent(Double.self, forKey: .press) ?? 0
        try SceneValue.requireUnit(result.pressProgress, "press", at: c.codingPath + [InteractionKey.press])
        // Each field is checked as it is set (the defaults are valid), so a refusal names its own key.
        func check(_ key: InteractionKey) throws {
            do { _ = try result.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath + [key]) }
        }
        try check(.press)
        if let scale = try c.decodeIfPresent(Double.self, forKey: .scale) { result.pressScale = scale; try check(.scale) }
        if let glow = try c.decodeIfPresent(Double.self, forKey: .glow) { result.glowOpacity = glow; try check(.glow) }
        if let touch = try c.decodeIfPresent([Double].self, forKey: .touch) {
            result.touchPoint = try SceneValue.point(touch, "touch", at: c.codingPath + [InteractionKey.touch])
        }
        if let drag = try c.decodeIfPresent([Double].self, forKey: .drag) {
            result.dragOffset = try SceneValue.point(drag, "drag", at: c.codingPath + [InteractionKey.drag])
        }
        do { return try result.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath) }
    }

    /// A material object; every field optional, defaults from the style.
    private struct MaterialValue: Decodable {
        let material: GlassMaterial

        init(from decoder: Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: MaterialKey.self)
            let style = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .style) ?? "regular", "style",
                                               ["regular": GlassStyle.regular, "clear": .clear, "identity": .identity], in: c.codingPath)
            var tint: RGBA?
            if let text = try c.decodeIfPresent(String.self, forKey: .tint) { tint = try SceneValue.color(text, in: c.codingPath) }
            var m = GlassMaterial(style: style, tint: tint, prominent: try c.decodeIfPresent(Bool.self, forKey: .prominent) ?? false)
            // Each number is checked as it is set (the style's defaults are valid), so a refusal names its key.
            func set(_ key: MaterialKey, _ field: WritableKeyPath<GlassMaterial, Double>) throws {
                guard let value = try c.decodeIfPresent(Double.self, forKey: key) else { return }
                m[keyPath: field] = value
                do { _ = try m.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath + [key]) }
            }
            try set(.frost, \.frostSigma)
            try set(.saturation, \.saturation)
            try set(.refractiveIndex, \.refractiveIndex)
            if let bevel = try c.decodeIfPresent(Double.self, forKey: .bevel) {
                m.bevelWidth = bevel
                do { _ = try m.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath + [MaterialKey.bevel]) }
            }
            try set(.thickness, \.thickness)
            try set(.dispersion, \.dispersion)
            try set(.lightAngle, \.lightAngle)
            try set(.rim, \.rimIntensity)
            if let shadow = try c.decodeIfPresent(JSONValue.self, forKey: .shadow) {
                switch shadow {
                case .string(let word):
                    guard word == "none" else { throw SceneValue.fail("shadow must be \"none\" or an object", at: c.codingPath) }
                    m.shadow = .none
                case .object:
                    let s = try c.superDecoder(forKey: .shadow).strictContainer(keyedBy: ShadowKey.self)
                    func check(_ key: ShadowKey) throws {
                        do { _ = try m.validated() } catch { throw SceneValue.fail("\(error)", at: s.codingPath + [key]) }
                    }
                    if let opacity = try s.decodeIfPresent(Double.self, forKey: .opacity) { m.shadow.opacity = opacity; try check(.opacity) }
                    if let radius = try s.decodeIfPresent(Double.self, forKey: .radius) { m.shadow.radius = radius; try check(.radius) }
                    if let offset = try s.decodeIfPresent([Double].self, forKey: .offset) {
                        m.shadow.offset = try SceneValue.point(offset, "shadow offset", at: s.codingPath + [ShadowKey.offset])
                    }
                default:
                    throw SceneValue.mismatch("\"none\" or an object", found: shadow, at: c.codingPath + [MaterialKey.shadow])
                }
            }
            do { material = try m.validated() } catch { throw SceneValue.fail("\(error)", at: c.codingPath) }
        }
    }
}
