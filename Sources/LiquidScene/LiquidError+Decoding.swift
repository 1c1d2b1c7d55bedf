import Foundation
import LiquidGeometry

extension LiquidError {
    /// The error for a failure of `JSONDecoder`, at its coding path (see ``at(_:_:kind:)``) below `root`,
    /// the document's own name (`scene`, `events`).
    package static func decoding(_ error: DecodingError, root: String = "scene") -> LiquidError {
        switch error {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError {
                return .at(jsonPath(context.codingPath, root: root), "not valid JSON (\(underlying.localizedDescription))")
            }
            return .at(jsonPath(context.codingPath, root: root), context.debugDescription)
        case .keyNotFound(let key, let context):
            return .at(jsonPath(context.codingPath + [key], root: root), "missing")
        case .typeMismatch(let type, let context):
            return .at(jsonPath(context.codingPath, root: root), "expected \(type)")
        case .valueNotFound(let type, let context):
            return .at(jsonPath(context.codingPath, root: root), "expected \(type), found null")
        @unknown default:
            return .at(root, "\(error)")
        }
    }

    /// `layers[2].fill` for a coding path; `root` for the empty path.
    package static func jsonPath(_ path: [any CodingKey], root: String = "scene") -> String {
        var out = ""
        for key in path {
            if let index = key.intValue { out += "[\(index)]" } else { out += (out.isEmpty ? "" : ".") + key.stringValue }
        }
        return out.isEmpty ? root : out
    }
}
