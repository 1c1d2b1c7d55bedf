import LiquidGeometry

/// Decodes `Decodable` values from a parsed ``JSONValue`` tree, strictly, and reports every problem as a
/// `LiquidError` at its JSON path.
///
/// Guarantees, for every value any `init(from:)` reads through it:
/// - A value of the wrong type is refused as `<path>: expected <type>, found <what>` (`duration: expected
///   a number, found a string`).
/// - `null` is never taken as absent: `decodeIfPresent` returns `nil` only when the key is missing, and a
///   `null` anywhere is refused like any other wrong type.
/// - An integer must be a whole number in the type's range and within ±(2⁵³ − 1), where a JSON number still holds
///   every integer (`expected an integer, found 1.5`).
/// - A missing key is `<path>.<key>: missing`; reading past the end of a list names the index.
///
/// Which keys an object may hold is the decoding type's to say, through `strictContainer(keyedBy:)`
/// and `requireKnownKeys(_:allKeys:variant:)`.
package struct JSONValueDecoder: Decoder {
    /// The node being decoded.
    package let value: JSONValue
    package let userInfo: [CodingUserInfoKey: Any]
    /// The document's name for problems with the whole of it (`scene`); empty when the caller adds its own.
    package let root: String
    /// The path to the node's parent, shared by its siblings, and the node's own key below it: the full
    /// path is only built when something asks for it.
    private let parentPath: [any CodingKey]
    private let key: (any CodingKey)?

    package var codingPath: [any CodingKey] { key.map { parentPath + [$0] } ?? parentPath }

    /// A decoder for `value`, which sits at `codingPath` in a document named `root`.
    package init(_ value: JSONValue, root: String, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]) {
        self.init(value, root: root, parentPath: codingPath, key: nil, userInfo: userInfo)
    }

    private init(_ value: JSONValue, root: String, parentPath: [any CodingKey], key: (any CodingKey)?, userInfo: [CodingUserInfoKey: Any]) {
        self.value = value
        self.root = root
        self.parentPath = parentPath
        self.key = key
        self.userInfo = userInfo
    }

    /// Decodes the node as `type`; every error is a `LiquidError`.
    package func decode<T: Decodable>(_ type: T.Type) throws(LiquidError) -> T {
        do { return try value(type) } catch let error as LiquidError { throw error } catch {
            // Only the format's own decoders run here, and they throw LiquidError; anything else is named
            // without its Swift description.
            throw fail("cannot be read as \(T.self)")
        }
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, path: codingPath, members: members))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("a list") }
        return Unkeyed(decoder: self, path: codingPath, elements: elements)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    // MARK: - Values

    /// The node as `type`: primitives directly, anything else through its `init(from:)`.
    fileprivate func value<T: Decodable>(_ type: T.Type) throws -> T {
        if type == JSONValue.self { return value as! T }
        switch value {
        case .number(let n) where type == Double.self: return n as! T
        case .number(let n) where type == Float.self: return Float(n) as! T
        case .number(let n):
            if let integer = type as? any FixedWidthInteger.Type { return try exactly(n, as: integer) as! T }
        case .string(let s) where type == String.self: return s as! T
        case .bool(let b) where type == Bool.self: return b as! T
        default: break
        }
        if let expected = Self.primitiveName(type) { throw mismatch(expected) }
        return try T(from: self)
    }

    /// `n` as an `I`, when it is a whole number in `I`'s range and within ±(2⁵³ − 1): a JSON number is read
    /// as a Double, which holds every integer only up to 2⁵³, so beyond it two different integers in the text
    /// (two touch ids) could read the same; they are refused rather than silently merged.
    private func exactly<I: FixedWidthInteger>(_ n: Double, as type: I.Type) throws(LiquidError) -> I {
        let exactLimit: Int64 = (1 << 53) - 1
        guard n.magnitude <= Double(exactLimit), let integer = I(exactly: n) else {
            let lower = I.min == 0 ? 0 : Swift.max(Int64(truncatingIfNeeded: I.min), -exactLimit)
            let upper = I.bitWidth > 53 ? exactLimit : Int64(truncatingIfNeeded: I.max)
            throw fail("expected an integer\(n.rounded() == n ? " from \(lower) to \(upper)" : ""), found \(LiquidError.quoted(n))")
        }
        return integer
    }

    /// How a message names a primitive type after "expected"; `nil` for types with their own decoder.
    private static func primitiveName(_ type: Any.Type) -> String? {
        if type == Double.self || type == Float.self { return "a number" }
        if type is any FixedWidthInteger.Type { return "an integer" }
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        return nil
    }

    /// The decoder of a child node at `key`; `path` is this node's ``codingPath``.
    fileprivate func child(_ node: JSONValue, at key: any CodingKey, path: [any CodingKey]) -> JSONValueDecoder {
        JSONValueDecoder(node, root: root, parentPath: path, key: key, userInfo: userInfo)
    }

    /// `<path>: <reason>` at this node, or at `key` below it.
    package func fail(_ reason: String, at key: (any CodingKey)? = nil) -> LiquidError {
        LiquidError.json(reason, at: key.map { codingPath + [$0] } ?? codingPath, root: root)
    }

    /// `expected <expected>, found <what the node is>`. When an object stands where a plain value belongs,
    /// it says so if the object is keyframed (keyframes are resolved before decoding, so one that reaches
    /// a decoder sits where they are not allowed) or points out a misspelt `keyframes` key.
    package func mismatch(_ expected: String) -> LiquidError {
        var reason = "expected \(expected), found \(value.kindDescription)"
        if case .object(let members) = value {
            if members.contains(where: { $0.key == "keyframes" }) {
                reason += " (this value cannot be keyframed)"
            } else if let near = members.first(where: { KnownKeys.suggestion(for: $0.key, among: ["keyframes"]) != nil }) {
                reason += " (a keyframed value needs 'keyframes', not '\(LiquidError.quoted(near.key))')"
            }
        }
        return fail(reason)
    }

    // MARK: - Containers

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: JSONValueDecoder
        let path: [any CodingKey]
        let members: [JSONValue.Member]

        var codingPath: [any CodingKey] { path }
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { node(key) != nil }

        private func node(_ key: Key) -> JSONValue? { members.first { $0.key == key.stringValue }?.value }

        private func child(_ key: Key) throws -> JSONValueDecoder {
            guard let node = node(key) else { throw decoder.fail("missing", at: key) }
            return decoder.child(node, at: key, path: path)
        }

        private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T { try child(key).value(type) }

        private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
            guard let node = node(key) else { return nil }
            return try decoder.child(node, at: key, path: path).value(type)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try child(key).value == .null }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(type, key) }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }

        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: JSONValueDecoder
        let path: [any CodingKey]
        let elements: [JSONValue]
        var currentIndex = 0

        var codingPath: [any CodingKey] { path }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(decoder: JSONValueDecoder, path: [any CodingKey], elements: [JSONValue]) {
            self.decoder = decoder
            self.path = path
            self.elements = elements
        }

        private mutating func next() throws -> JSONValueDecoder {
            let key = JSONKey(index: currentIndex)
            guard !isAtEnd else { throw decoder.fail("missing (the list has only \(elements.count) elements)", at: key) }
            currentIndex += 1
            return decoder.child(elements[currentIndex - 1], at: key, path: path)
        }

        private mutating func element<T: Decodable>(_ type: T.Type) throws -> T { try next().value(type) }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) }
        mutating func decode(_ type: String.Type) throws -> String { try element(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try element(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try element(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try element(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try element(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    private struct Single: SingleValueDecodingContainer {
        let decoder: JSONValueDecoder

        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.value == .null }

        func decode(_ type: Bool.Type) throws -> Bool { try decoder.value(type) }
        func decode(_ type: String.Type) throws -> String { try decoder.value(type) }
        func decode(_ type: Double.Type) throws -> Double { try decoder.value(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.value(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.value(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.value(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.value(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.value(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.value(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.value(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.value(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.value(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.value(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.value(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.value(type) }
    }
}
