import LiquidGeometry

/// A scene for `liquid render`: a canvas size in points, a scale, a background and a list of layers drawn
/// in order. The JSON format is documented in docs/scene-format.md.
struct SceneDocument: Decodable {
    var width: Double
    var height: Double
    var scale: Double
    var background: ScenePaint?
    var layers: [SceneLayer]

    enum CodingKeys: String, CodingKey { case width, height, scale, background, layers }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        background = try c.decodeIfPresent(ScenePaint.self, forKey: .background)
        layers = try c.decodeIfPresent([SceneLayer].self, forKey: .layers) ?? []
        try SceneValue.requirePositive(width, "width", in: c.codingPath)
        try SceneValue.requirePositive(height, "height", in: c.codingPath)
        try SceneValue.requirePositive(scale, "scale", in: c.codingPath)
    }
}

/// Validation helpers that report problems as decoding errors, so every message carries the JSON path.
enum SceneValue {
    static func fail(_ message: String, at path: [CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
    }

    static func requireFinite(_ value: Double, _ name: String, in path: [CodingKey]) throws {
        guard value.isFinite else { throw fail("\(name) must be a finite number; got \(value)", at: path) }
    }

    static func requirePositive(_ value: Double, _ name: String, in path: [CodingKey]) throws {
        guard value.isFinite, value > 0 else { throw fail("\(name) must be positive and finite; got \(value)", at: path) }
    }

    static func requireNonNegative(_ value: Double, _ name: String, in path: [CodingKey]) throws {
        guard value.isFinite, value >= 0 else { throw fail("\(name) must be zero or positive and finite; got \(value)", at: path) }
    }

    static func requireUnit(_ value: Double, _ name: String, in path: [CodingKey]) throws {
        guard value.isFinite, (0...1).contains(value) else { throw fail("\(name) must be between 0 and 1; got \(value)", at: path) }
    }

    /// `[x, y]`
    static func point(_ values: [Double], _ name: String, in path: [CodingKey]) throws -> Point {
        guard values.count == 2, values.allSatisfy(\.isFinite) else {
            throw fail("\(name) must be [x, y] with finite numbers; got \(values)", at: path)
        }
        return Point(values[0], values[1])
    }

    /// `[x, y, width, height]` with non-negative size.
    static func rect(_ values: [Double], _ name: String, in path: [CodingKey]) throws -> Rect {
        guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else {
            throw fail("\(name) must be [x, y, width, height] with finite numbers and a non-negative size; got \(values)", at: path)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// "#rrggbb" or "#rrggbbaa".
    static func color(_ text: String, in path: [CodingKey]) throws -> RGBA {
        do { return try RGBA(hex: text) } catch {
            throw fail("'\(text)' is not a colour (use #rrggbb or #rrggbbaa)", at: path)
        }
    }
}

extension DecodingError {
    /// One line naming the JSON location and the problem, e.g. `layers[2].fill: '#zz' is not a colour`.
    var sceneMessage: String {
        func describe(_ path: [CodingKey]) -> String {
            var out = ""
            for key in path {
                if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
            }
            return out.isEmpty ? "scene" : out
        }
        switch self {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError { return "\(describe(context.codingPath)): not valid JSON (\(underlying.localizedDescription))" }
            return "\(describe(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(describe(context.codingPath + [key])): missing"
        case .typeMismatch(let type, let context):
            return "\(describe(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(describe(context.codingPath)): expected \(type), found null"
        @unknown default:
            return "scene: \(self)"
        }
    }
}
