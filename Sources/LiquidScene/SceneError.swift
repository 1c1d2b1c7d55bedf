/// A problem with a scene, named by where it is in the JSON: `layers[2].fill: '#zz' is not a colour`.
///
/// Every error the scene library throws while reading, resolving or decoding a scene is a `SceneError`;
/// its ``description`` is one line, the path first.
public struct SceneError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Where the problem is: keys joined by dots and list indices in brackets (`layers[2].fill`), or
    /// `scene` for the document as a whole.
    public let path: String
    /// What is wrong there.
    public let reason: String

    /// An error at `path` (see ``path``) for `reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }

    /// The error for a failure of `JSONDecoder`, with its coding path as ``path``.
    public init(_ error: DecodingError) {
        switch error {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                self.init(path: Self.describe(context.codingPath),
                          reason: "not valid JSON (\(underlying.localizedDescription))")
            } else {
                self.init(path: Self.describe(context.codingPath), reason: context.debugDescription)
            }
        case .keyNotFound(let key, let context):
            self.init(path: Self.describe(context.codingPath + [key]), reason: "missing")
        case .typeMismatch(let type, let context):
            self.init(path: Self.describe(context.codingPath), reason: "expected \(type)")
        case .valueNotFound(let type, let context):
            self.init(path: Self.describe(context.codingPath), reason: "expected \(type), found null")
        @unknown default:
            self.init(path: "scene", reason: "\(error)")
        }
    }

    /// `layers[2].fill` for a coding path; `scene` for the empty path.
    static func describe(_ path: [any CodingKey]) -> String {
        var out = ""
        for key in path {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out.isEmpty ? "scene" : out
    }
}
