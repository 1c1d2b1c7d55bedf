import LiquidGeometry

/// A decoded scene: a canvas size in points, a scale, a background and a list of layers drawn in order.
/// The JSON format is documented in docs/scene-format.md.
///
/// Every value is typed and validated when the document is decoded (through ``SceneSource``): sizes
/// positive and finite, colours parsed, names turned into enums, image and font paths resolved against
/// the scene's folder. Rendering therefore compares no strings and fails only on what decoding cannot
/// see (an image or font file that cannot be read, a size too large to allocate).
public struct SceneDocument: Decodable, Sendable {
    /// Canvas width in points (positive and finite).
    public var width: Double
    /// Canvas height in points (positive and finite).
    public var height: Double
    /// Pixels per point unless the renderer is given another (positive and finite; default 1).
    public var scale: Double
    /// Painted over the whole canvas first; transparent when absent.
    package var background: ScenePaint?
    /// Drawn in order, back to front.
    package var layers: [SceneLayer]

    /// The keys of the top level; `title`, `caption` and `duration` are read by ``SceneSource``.
    enum CodingKeys: String, CodingKey, CaseIterable { case width, height, scale, background, layers, title, caption, duration }

    /// Decodes and validates a whole document. Use ``SceneSource/document(at:)`` to resolve keyframes
    /// first and to read strictly (types checked, `null` refused, every error a `LiquidError`); decoding
    /// directly takes relative paths against `userInfo[SceneSource.baseDirectoryKey]`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? 1
        background = try c.decodeIfPresent(ScenePaint.self, forKey: .background)
        layers = try c.decodeIfPresent([SceneLayer].self, forKey: .layers) ?? []
        try SceneValue.requirePositive(width, "width", at: c.codingPath + [JSONKey("width")])
        try SceneValue.requirePositive(height, "height", at: c.codingPath + [JSONKey("height")])
        try SceneValue.requirePositive(scale, "scale", at: c.codingPath + [JSONKey("scale")])
    }
}

/// Validation helpers that report problems as `LiquidError`s at their JSON path.
enum SceneValue {
    static func fail(_ message: String, at path: [any CodingKey]) -> LiquidError {
        LiquidError.json(message, at: path, root: "scene")
    }

    /// `expected <expected>, found <what>` for a value that may take several forms.
    static func mismatch(_ expected: String, found value: JSONValue, at path: [any CodingKey]) -> LiquidError {
        fail("expected \(expected), found \(value.kindDescription)", at: path)
    }

    /// Refuses an object that holds more than one of `keys`, which exclude each other.
    static func requireExclusive<Key: CodingKey>(_ keys: [Key], in c: KeyedDecodingContainer<Key>) throws {
        let given = keys.filter(c.contains)
        guard given.count > 1 else { return }
        let names = given.map { "'\($0.stringValue)'" }
        throw fail("\(names.dropLast().joined(separator: ", ")) and \(names.last!) exclude each other; give one", at: c.codingPath)
    }

    /// A list of numbers as a message quotes it, shortened when long.
    static func quoted(_ values: [Double]) -> String {
        LiquidError.quoted("\(values)")
    }

    // The checks below take the path of the value itself (the container's path and the value's key), so
    // every refusal names the exact place in the JSON: `layers[0].stroke.width`, `layers[1].frame[2]`.

    static func requireFinite(_ value: Double, _ name: String, at path: [any CodingKey]) throws {
        guard value.isFinite else { throw fail("\(name) must be a finite number; got \(value)", at: path) }
    }

    static func requirePositive(_ value: Double, _ name: String, at path: [any CodingKey]) throws {
        guard value.isFinite, value > 0 else { throw fail("\(name) must be positive and finite; got \(value)", at: path) }
    }

    static func requireNonNegative(_ value: Double, _ name: String, at path: [any CodingKey]) throws {
        guard value.isFinite, value >= 0 else { throw fail("\(name) must be zero or positive and finite; got \(value)", at: path) }
    }

    static func requireUnit(_ value: Double, _ name: String, at path: [any CodingKey]) throws {
        guard value.isFinite, (0...1).contains(value) else { throw fail("\(name) must be between 0 and 1; got \(value)", at: path) }
    }

    /// `[x, y]`; a refusal names the list, or its first element that is not finite.
    static func point(_ values: [Double], _ name: String, at path: [any CodingKey]) throws -> Point {
        guard values.count == 2, values.allSatisfy(\.isFinite) else {
            let bad = values.count == 2 ? values.firstIndex { !$0.isFinite } : nil
            throw fail("\(name) must be [x, y] with finite numbers; got \(quoted(values))", at: path + (bad.map { [JSONKey(index: $0)] } ?? []))
        }
        return Point(values[0], values[1])
    }

    /// `[x, y, width, height]` with non-negative size; a refusal names the list, or its first element at
    /// fault.
    static func rect(_ values: [Double], _ name: String, at path: [any CodingKey]) throws -> Rect {
        guard values.count == 4, values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else {
            let bad = values.count == 4 ? values.indices.first { !values[$0].isFinite || ($0 >= 2 && values[$0] < 0) } : nil
            throw fail("\(name) must be [x, y, width, height] with finite numbers and a non-negative size; got \(quoted(values))",
                       at: path + (bad.map { [JSONKey(index: $0)] } ?? []))
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// "#rrggbb" or "#rrggbbaa".
    static func color(_ text: String, in path: [any CodingKey]) throws -> RGBA {
        do { return try RGBA(hex: text) } catch {
            throw fail("'\(LiquidError.quoted(text))' is not a colour (use #rrggbb or #rrggbbaa)", at: path)
        }
    }

    /// `name must be a, b or c; got 'x'` for a keyword outside `choices`.
    static func keyword<T>(_ text: String, _ name: String, _ choices: KeyValuePairs<String, T>, in path: [any CodingKey]) throws -> T {
        if let match = choices.first(where: { $0.key == text }) { return match.value }
        let names = choices.map(\.key)
        throw fail("\(name) must be \(names.dropLast().joined(separator: ", ")) or \(names.last!); got '\(LiquidError.quoted(text))'", at: path)
    }

    /// A file path from the scene: absolute as given, else relative to the scene's folder (the decoder's
    /// ``SceneSource/baseDirectoryKey`` entry; the current directory when there is none).
    static func resolvedPath(_ path: String, in decoder: any Decoder) -> String {
        if path.hasPrefix("/") { return path }
        guard let base = decoder.userInfo[SceneSource.baseDirectoryKey] as? String, !base.isEmpty else { return path }
        return base + "/" + path
    }
}
