import LiquidGeometry

/// The one way the scene and events formats declare which keys an object may hold: every decoder of an
/// object starts with `strictContainer(keyedBy:)` (its `CaseIterable` coding keys are the
/// known keys) or `requireKnownKeys(_:allKeys:variant:)` (a list that depends on the
/// object's variant, such as a layer's `type`).
///
/// Any other key is refused at its own path, before the object's values are read, with the nearest known
/// key when one is close: `layers[0].opacty: unknown key (did you mean 'opacity'?)`.
package enum KnownKeys {
    /// The candidate `key` was most likely meant as: one that differs only in letter case, else the nearest
    /// within two single-character edits (insertions, deletions, substitutions) that is not an entirely
    /// different short word; the earlier candidate wins a tie. `nil` when none is that close.
    package static func suggestion(for key: String, among candidates: [String]) -> String? {
        // Keys are short; a long one is near none of them, and is never copied or compared letter by letter.
        guard key.utf8.count <= 64 else { return nil }
        if let sameLetters = candidates.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
        let typed = Array(key)
        var best: (name: String, distance: Int)?
        for candidate in candidates where abs(candidate.count - typed.count) <= 2 {
            let distance = editDistance(typed, Array(candidate))
            guard distance <= 2, distance < typed.count, distance < candidate.count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The Levenshtein distance between two short strings.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Decoder {
    /// The object's container, after refusing any key that is not a case of `Key`.
    /// - Throws: `LiquidError` (through ``JSONValueDecoder``) when the value is not an object or holds
    ///   a key `Key` does not list.
    package func strictContainer<Key: CodingKey & CaseIterable>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let c = try container(keyedBy: type)
        if let unknown = try firstKey(where: { Key(stringValue: $0) == nil }) {
            throw unknownKey(unknown, known: Key.allCases.map(\.stringValue), allKeys: [], variant: nil)
        }
        return c
    }

    /// Refuses any key of this object that is not in `known`. A key in `allKeys` (the keys of every
    /// variant of the object) but not in `known` is refused as not applying to `variant`
    /// (`layers[0].d: does not apply to a rect layer`); any other as unknown, suggesting the nearest known
    /// key when one is close (``KnownKeys/suggestion(for:among:)``), else listing the known keys when
    /// there are at most twelve.
    package func requireKnownKeys(_ known: [String], allKeys: [String] = [], variant: String? = nil) throws {
        if let unknown = try firstKey(where: { !known.contains($0) }) {
            throw unknownKey(unknown, known: known, allKeys: allKeys, variant: variant)
        }
    }

    /// The first key of this object, in document order, that `predicate` accepts.
    private func firstKey(where predicate: (String) -> Bool) throws -> String? {
        if let tree = self as? JSONValueDecoder {
            guard case .object(let members) = tree.value else { throw tree.mismatch("an object") }
            return members.first { predicate($0.key) }?.key
        }
        return try container(keyedBy: JSONKey.self).allKeys.first { predicate($0.stringValue) }?.stringValue
    }

    private func unknownKey(_ key: String, known: [String], allKeys: [String], variant: String?) -> LiquidError {
        let reason: String
        if let variant, allKeys.contains(key) {
            reason = "does not apply to \(variant)"
        } else if let near = KnownKeys.suggestion(for: key, among: known) ?? KnownKeys.suggestion(for: key, among: allKeys) {
            reason = "unknown key (did you mean '\(near)'?)"
        } else if known.count <= 12 {
            reason = "unknown key (\(variant.map { "\($0) takes" } ?? "known keys:") \(known.joined(separator: ", ")))"
        } else {
            reason = "unknown key"
        }
        return LiquidError.json(reason, at: codingPath + [JSONKey(key)], root: (self as? JSONValueDecoder)?.root ?? "")
    }
}
