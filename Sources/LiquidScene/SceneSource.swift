import Foundation
import LiquidGeometry
import LiquidRaster

/// A scene as read from JSON, keyframes not yet resolved: the starting point of the scene library.
///
/// ```swift
/// let source = try SceneSource(contentsOfFile: "examples/scenes/shapes.json")
/// let scene = try source.document(at: 0.5)          // keyframes resolved, typed and validated
/// let image = try scene.render(scale: 2)            // a Pixmap, through LiquidUI's compositor
/// ```
///
/// Guarantees: reading never touches image or font files (rendering does); every error is a
/// `LiquidError` naming the JSON path of the problem; resolving the same source at the same time always
/// gives the same document.
///
/// Reading is strict (docs/scene-format.md, "Strictness and errors"): standard JSON only, nested at most
/// 100 levels; no key an object does not know; no `null`; every value of its documented type and range.
public struct SceneSource: Sendable {
    /// The `JSONDecoder.userInfo` key holding the folder that relative image and font paths are resolved
    /// against, when decoding ``SceneDocument`` directly.
    public static let baseDirectoryKey = CodingUserInfoKey(rawValue: "LiquidScene.baseDirectory")!

    /// Most layers a scene may hold, counted over the whole file: every entry of the top-level `layers`, of
    /// each group's `layers` and of each glass container's `children`. The count is kept while the JSON is
    /// read, so a larger scene is refused (at the first layer over the budget) before it is built.
    public static let maximumLayers = 10_000

    private static let layerBudget = JSONParser.ListBudget(keys: ["layers", "children"], maximum: maximumLayers) { maximum in
        "more than \(maximum) layers: a scene holds at most \(maximum) in all (group layers and glass container children included)"
    }

    /// Most polyline points a scene may hold, over all its polylines, counted while the JSON is read.
    public static let maximumPolylinePoints = 100_000

    private static let pointBudget = JSONParser.ListBudget(keys: ["points"], maximum: maximumPolylinePoints) { maximum in
        "more than \(maximum) polyline points: a scene holds at most \(maximum) in all"
    }

    /// The folder relative image and font paths are resolved against.
    public let baseDirectory: String
    /// The parsed JSON, keyframes and all.
    let tree: JSONValue
    /// The scene's `"title"`, if it has one.
    public let title: String?
    /// The scene's `"caption"`, if it has one.
    public let caption: String?
    /// The animation length the scene declares (`"duration"` in seconds, positive), if any.
    public let declaredDuration: Double?

    /// Parses `json` (UTF-8). Relative paths in the scene are resolved against `baseDirectory` when a
    /// document is decoded.
    /// - Throws: `LiquidError` at `scene` when the bytes are not JSON (naming the line and column) or
    ///   not a JSON object; at the first layer over ``maximumLayers`` or polyline point over
    ///   ``maximumPolylinePoints``; at `title`, `caption` or `duration`
    ///   when one is not of its type; and at the key (`layers[0].opacity.keyframes[2][1]`) when any key of a
    ///   keyframed value is not a valid value for its place — every key is checked here, not only those a
    ///   later ``document(at:)`` reaches.
    public init(json: Data, baseDirectory: String) throws(LiquidError) {
        tree = try JSONParser.parse(json, root: "scene", budgets: [Self.layerBudget, Self.pointBudget])
        guard case .object = tree else { throw LiquidError.at("scene", "must be a JSON object") }
        try SceneKeyframes.checkMagnitudes(tree)
        let metadata = try JSONValueDecoder(tree, root: "scene").decode(Metadata.self)
        title = metadata.title
        caption = metadata.caption
        declaredDuration = metadata.duration
        self.baseDirectory = baseDirectory
        try KeyframeValidation.check(tree, baseDirectory: baseDirectory)
    }

    /// Reads and parses the file at `path`; relative paths in the scene are resolved against its folder.
    /// - Throws: `LiquidError` at `scene` when the file cannot be read (it must be a regular file of at
    ///   most 64 MB) or parsed.
    public init(contentsOfFile path: String) throws(LiquidError) {
        let bytes: [UInt8]
        do { bytes = try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, failure: "cannot read scene file") } catch {
            throw LiquidError.at("scene", error.message, kind: error.kind)
        }
        try self.init(json: Data(bytes), baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// The latest keyframe time anywhere in the scene (0 when nothing is keyframed).
    public var lastKeyTime: Double { SceneKeyframes.lastKeyTime(in: tree) }

    /// The scene at time `t` seconds: every keyframed value resolved (see docs/scene-format.md,
    /// "Animation"), then decoded into typed, validated values.
    /// - Throws: `LiquidError` naming the JSON path of the first problem found.
    public func document(at t: Double = 0) throws(LiquidError) -> SceneDocument {
        let resolved = try SceneKeyframes.resolve(tree, at: t)
        return try JSONValueDecoder(resolved, root: "scene", userInfo: [Self.baseDirectoryKey: baseDirectory])
            .decode(SceneDocument.self)
    }

    /// The top-level values that describe the scene rather than draw it (their keys are among
    /// ``SceneDocument``'s known keys, so this reads nothing else and checks no keys).
    private struct Metadata: Decodable {
        let title: String?
        let caption: String?
        let duration: Double?

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: SceneDocument.CodingKeys.self)
            title = try c.decodeIfPresent(String.self, forKey: .title)
            caption = try c.decodeIfPresent(String.self, forKey: .caption)
            duration = try c.decodeIfPresent(Double.self, forKey: .duration)
            if let duration { try SceneValue.requirePositive(duration, "duration", at: c.codingPath + [JSONKey("duration")]) }
        }
    }
}
