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
/// ``LiquidError`` naming the JSON path of the problem; resolving the same source at the same time always
/// gives the same document.
public struct SceneSource: Sendable {
    /// The `JSONDecoder.userInfo` key holding the folder that relative image and font paths are resolved
    /// against, when decoding ``SceneDocument`` directly.
    public static let baseDirectoryKey = CodingUserInfoKey(rawValue: "LiquidScene.baseDirectory")!

    /// The folder relative image and font paths are resolved against.
    public let baseDirectory: String
    /// The parsed JSON, keyframes and all.
    let tree: JSONValue

    /// Parses `json` (UTF-8). Relative paths in the scene are resolved against `baseDirectory` when a
    /// document is decoded.
    /// - Throws: ``LiquidError`` at `scene` when the bytes are not JSON or not a JSON object.
    public init(json: Data, baseDirectory: String) throws(LiquidError) {
        do {
            tree = try JSONDecoder().decode(JSONValue.self, from: json)
        } catch {
            throw LiquidError.at("scene", "not valid JSON (\(error.localizedDescription))")
        }
        guard case .object = tree else { throw LiquidError.at("scene", "must be a JSON object") }
        self.baseDirectory = baseDirectory
    }

    /// Reads and parses the file at `path`; relative paths in the scene are resolved against its folder.
    /// - Throws: ``LiquidError`` at `scene` when the file cannot be read (it must be a regular file of at
    ///   most 64 MB) or parsed.
    public init(contentsOfFile path: String) throws(LiquidError) {
        let bytes: [UInt8]
        do { bytes = try ImageFileIO.readAll(path, limit: ImageFileIO.documentByteLimit, failure: "cannot read scene file") } catch {
            throw LiquidError.at("scene", error.message, kind: error.kind)
        }
        try self.init(json: Data(bytes), baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// The scene's `"title"`, if it has one.
    public var title: String? {
        if case .string(let text)? = tree["title"] { return text }
        return nil
    }

    /// The scene's `"caption"`, if it has one.
    public var caption: String? {
        if case .string(let text)? = tree["caption"] { return text }
        return nil
    }

    /// The animation length the scene declares (`"duration"` in seconds), if any.
    public var declaredDuration: Double? { tree["duration"]?.number }

    /// The latest keyframe time anywhere in the scene (0 when nothing is keyframed).
    public var lastKeyTime: Double { SceneKeyframes.lastKeyTime(in: tree) }

    /// The scene at time `t` seconds: every keyframed value resolved (see docs/scene-format.md,
    /// "Animation"), then decoded into typed, validated values.
    /// - Throws: ``LiquidError`` naming the JSON path of the first problem found.
    public func document(at t: Double = 0) throws(LiquidError) -> SceneDocument {
        let resolved = try SceneKeyframes.resolve(tree, at: t)
        let data: Data
        do { data = try JSONEncoder().encode(resolved) } catch {
            throw LiquidError.at("scene", "cannot be re-encoded (\(error))")
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Self.baseDirectoryKey] = baseDirectory
        do {
            return try decoder.decode(SceneDocument.self, from: data)
        } catch let error as DecodingError {
            throw LiquidError.decoding(error)
        } catch {
            throw LiquidError.at("scene", "\(error)")
        }
    }
}
