/// A JSON document as a Swift value, as ``JSONParser`` reads it: booleans and numbers stay distinct, every
/// number is finite, and object members keep their order in the text (so the first of two problems is
/// always the same one) with no key twice.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order; keys are unique.
    case object([Member])

    /// One `"key": value` member of an object.
    package struct Member: Equatable, Sendable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of member `key` when this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    /// The number, when this is one.
    package var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// What this value is, as an error message names it after "found": `a string`, `a number`, `true`,
    /// `null`, `a list`, `an object`.
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

extension JSONValue: Decodable {
    /// Reads any JSON value through any decoder (``JSONValueDecoder`` hands its node over unchanged). Through
    /// another decoder, object members come in that decoder's key order.
    package init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoder {
            self = tree.value
            return
        }
        if let object = try? decoder.container(keyedBy: JSONKey.self) {
            self = .object(try object.allKeys.map { Member($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else { self = .string(try c.decode(String.self)) }
    }
}
