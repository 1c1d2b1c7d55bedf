import LiquidGeometry
import LiquidRaster

/// A fill or stroke paint in a scene: a colour string, or a linear or radial gradient object.
///
/// ```json
/// "#ff8800"
/// {"linear": {"from": [0, 0], "to": [0, 100], "stops": [[0, "#ffffff"], [1, "#000000"]], "spread": "pad"}}
/// {"radial": {"center": [50, 50], "radius": 40, "stops": [[0, "#ffffffff"], [1, "#ffffff00"]]}}
/// ```
///
/// Decoding guarantees: colours parsed, at least one stop, stop locations in 0…1 and non-decreasing, a
/// radial radius positive, points finite — so ``paint`` never fails for a decoded value.
package enum ScenePaint: Decodable, Sendable, Equatable {
    /// A solid straight colour.
    case color(RGBA)
    /// A linear gradient from `from` to `to` (points, in the layer's space).
    case linear(from: Point, to: Point, stops: [GradientStop], spread: SpreadMode)
    /// A radial gradient about `center` with `radius` points.
    case radial(center: Point, radius: Double, stops: [GradientStop], spread: SpreadMode)

    /// The raster engine's paint.
    /// - Throws: `LiquidError` only for stops that decoding would have rejected.
    package func paint() throws -> Paint {
        switch self {
        case .color(let color):
            return .solid(color)
        case .linear(let from, let to, let stops, let spread):
            return .linearGradient(LinearGradient(start: from, end: to, gradient: try Gradient(stops: stops, spread: spread)))
        case .radial(let center, let radius, let stops, let spread):
            return .radialGradient(RadialGradient(center: center, radius: radius,
                                                  gradient: try Gradient(stops: stops, spread: spread)))
        }
    }

    private enum Kind: String, CodingKey, CaseIterable { case linear, radial }
    private enum Field: String, CodingKey, CaseIterable { case from, to, center, radius, stops, spread }

    /// Decodes and validates a paint; errors carry the JSON path.
    package init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        if case .string(let text) = value {
            self = .color(try SceneValue.color(text, in: decoder.codingPath))
            return
        }
        guard case .object = value else {
            throw SceneValue.mismatch("a colour string or a gradient object", found: value, at: decoder.codingPath)
        }
        let outer = try decoder.strictContainer(keyedBy: Kind.self)
        try SceneValue.requireExclusive(Kind.allCases, in: outer)
        guard let kind = outer.allKeys.first else {
            throw SceneValue.fail("a paint is a colour string or an object with one key, linear or radial", at: decoder.codingPath)
        }
        let gradient = try outer.superDecoder(forKey: kind)
        let own: [Field] = kind == .linear ? [.from, .to, .stops, .spread] : [.center, .radius, .stops, .spread]
        try gradient.requireKnownKeys(own.map(\.stringValue), allKeys: Field.allCases.map(\.stringValue),
                                      variant: "a \(kind.stringValue) gradient")
        let c = try gradient.container(keyedBy: Field.self)
        let spread = try SceneValue.keyword(c.decodeIfPresent(String.self, forKey: .spread) ?? "pad", "spread",
                                            ["pad": SpreadMode.pad, "repeat": .repeat, "reflect": .reflect], in: c.codingPath)
        let stops = try Self.decodeStops(c)
        switch kind {
        case .linear:
            let from = try SceneValue.point(c.decode([Double].self, forKey: .from), "from", at: c.codingPath + [JSONKey("from")])
            let to = try SceneValue.point(c.decode([Double].self, forKey: .to), "to", at: c.codingPath + [JSONKey("to")])
            self = .linear(from: from, to: to, stops: stops, spread: spread)
        case .radial:
            let center = try SceneValue.point(c.decode([Double].self, forKey: .center), "center", at: c.codingPath + [JSONKey("center")])
            let radius = try c.decode(Double.self, forKey: .radius)
            try SceneValue.requirePositive(radius, "radius", at: c.codingPath + [JSONKey("radius")])
            self = .radial(center: center, radius: radius, stops: stops, spread: spread)
        }
    }

    /// `[[location, "#colour"], …]`, locations in 0…1 and non-decreasing, at least one stop.
    private static func decodeStops(_ c: KeyedDecodingContainer<Field>) throws -> [GradientStop] {
        var list = try c.nestedUnkeyedContainer(forKey: .stops)
        var stops: [GradientStop] = []
        while !list.isAtEnd {
            var pair = try list.nestedUnkeyedContainer()
            guard pair.count == 2 else {
                throw SceneValue.fail("a stop is [location, colour]; got a list of \(pair.count ?? 0) elements", at: pair.codingPath)
            }
            let location = try pair.decode(Double.self)
            let color = try SceneValue.color(try pair.decode(String.self), in: pair.codingPath)
            try SceneValue.requireUnit(location, "a stop location", at: pair.codingPath + [JSONKey(index: 0)])
            if let last = stops.last, location < last.position {
                throw SceneValue.fail("stop locations must not decrease (\(location) after \(last.position))",
                                      at: pair.codingPath + [JSONKey(index: 0)])
            }
            stops.append(GradientStop(location, color))
        }
        guard !stops.isEmpty else { throw SceneValue.fail("a gradient needs at least one stop", at: c.codingPath) }
        return stops
    }
}
