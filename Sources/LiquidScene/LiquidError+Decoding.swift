import LiquidGeometry

extension LiquidError {
    /// The error for a problem at `path` in a JSON document: `layers[2].fill: <reason>`. The empty path is
    /// the document itself, named `root` (`scene`); when `root` is empty too the message is `reason` alone,
    /// for a caller that prefixes its own name (a file path).
    package static func json(_ reason: String, at path: [any CodingKey], root: String) -> LiquidError {
        let place = jsonPath(path, root: root)
        return place.isEmpty ? LiquidError(.malformed, reason) : .at(place, reason)
    }

    /// `layers[2].fill` for a coding path; `root` for the empty path. Keys are quoted as messages quote
    /// text (control characters escaped, long keys shortened), and a path longer than 160 characters keeps
    /// its start and its end, so a message naming it stays one short line.
    package static func jsonPath(_ path: [any CodingKey], root: String = "scene") -> String {
        var out = ""
        for key in path {
            if let index = key.intValue { out += "[\(index)]" }
            else { out += (out.isEmpty ? "" : ".") + quoted(key.stringValue, limit: 40) }
        }
        guard !out.isEmpty else { return root }
        guard out.count > 160 else { return out }
        return "\(out.prefix(50))…\(out.suffix(100))"
    }
}
