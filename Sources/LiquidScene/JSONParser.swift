import Foundation
import LiquidGeometry

/// A strict JSON reader (RFC 8259) for the scene and events formats.
///
/// Guarantees:
/// - It accepts exactly standard JSON in UTF-8 (a leading byte-order mark is skipped): no comments, no
///   trailing commas, no `NaN` or `Infinity`, no leading zeros, no unescaped control characters, no lone
///   surrogate escapes.
/// - Every number is finite: a number beyond the range of `Double` is refused, never read as infinity.
/// - An object never holds a key twice: a repeated key is refused at its JSON path.
/// - Lists and objects nest at most ``maximumDepth`` levels; deeper input is refused as such.
/// - With ``ListBudget``s, the elements of the lists each names are counted as they are read, and the first
///   element over a budget is refused at its JSON path before the rest of the text is read.
/// - Every refusal is one `LiquidError` line in the project's words, naming the line and column (in
///   characters, from 1) where reading stopped; quoted text is shortened, so the line stays short whatever
///   the input holds.
package struct JSONParser {
    /// The deepest nesting of lists and objects accepted (the document's own object or list is level 1).
    package static let maximumDepth = 100

    /// A cap on the elements of every list held under one of `keys`, counted over the whole document
    /// (a scene's `layers` and `children` at any depth): `describe(maximum)` is the refusal's text.
    package struct ListBudget: Sendable {
        package var keys: Set<String>
        package var maximum: Int
        package var describe: @Sendable (Int) -> String

        package init(keys: Set<String>, maximum: Int, describe: @escaping @Sendable (Int) -> String) {
            self.keys = keys
            self.maximum = maximum
            self.describe = describe
        }
    }

    private let bytes: [UInt8]
    private let root: String
    private let budgets: [ListBudget]
    /// Elements counted against each of ``budgets`` so far.
    private var counted: [Int]
    private var index = 0
    /// Where the value being read sits, to name a repeated key.
    private var path: [JSONKey] = []

    private init(bytes: [UInt8], root: String, budgets: [ListBudget]) {
        self.bytes = bytes
        self.root = root
        self.budgets = budgets
        counted = budgets.map { _ in 0 }
    }

    /// Parses `data` as one JSON document. `root` names the whole document in messages (`scene`), or is
    /// empty when the caller names it itself; each of `budgets` caps the elements of the lists it names.
    package static func parse(_ data: Data, root: String, budgets: [ListBudget] = []) throws(LiquidError) -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data), root: root, budgets: budgets)
        return try parser.document()
    }

    private mutating func document() throws(LiquidError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try self.value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw syntax("expected the end of the text after the JSON value, found \(found())") }
        return value
    }

    // MARK: - Values

    private mutating func value(depth: Int) throws(LiquidError) -> JSONValue {
        guard index < bytes.count else { throw syntax("expected a value, found the end of the text") }
        switch bytes[index] {
        case Byte.openBrace: return try object(depth: depth + 1)
        case Byte.openBracket: return try array(depth: depth + 1)
        case Byte.quote: return .string(try string())
        case Byte.minus, Byte.zero...Byte.nine: return .number(try number())
        default:
            for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
            where bytes[index...].starts(with: word.utf8) && !isWordByte(at: index + word.utf8.count) {
                index += word.utf8.count
                return value
            }
            throw syntax("expected a value, found \(found())")
        }
    }

    private mutating func object(depth: Int) throws(LiquidError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw tooDeep() }
        index += 1
        skipWhitespace()
        var members: [JSONValue.Member] = []
        // Objects are small: a repeated key is found by looking back, until one grows large.
        var seen: Set<String>? = nil
        if peek == Byte.closeBrace {
            index += 1
            return .object(members)
        }
        while true {
            guard peek == Byte.quote else {
                throw syntax("expected a key in double quotes\(members.isEmpty ? " or '}'" : ""), found \(found())")
            }
            let keyStart = index
            let key = try string()
            let repeated: Bool
            if seen != nil {
                repeated = !seen!.insert(key).inserted
            } else {
                repeated = members.contains { $0.key == key }
                if members.count >= 16 { seen = Set(members.map(\.key) + [key]) }
            }
            guard !repeated else {
                throw LiquidError.json("the key appears twice in this object (\(location(of: keyStart)))",
                                       at: path + [JSONKey(key)], root: root)
            }
            skipWhitespace()
            guard peek == Byte.colon else { throw syntax("expected ':' after the key, found \(found())") }
            index += 1
            skipWhitespace()
            path.append(JSONKey(key))
            let value = try self.value(depth: depth)
            path.removeLast()
            members.append(JSONValue.Member(key, value))
            skipWhitespace()
            switch peek {
            case Byte.comma:
                index += 1
                skipWhitespace()
            case Byte.closeBrace:
                index += 1
                return .object(members)
            default:
                throw syntax("expected ',' or '}' after an object member, found \(found())")
            }
        }
    }

    private mutating func array(depth: Int) throws(LiquidError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw tooDeep() }
        index += 1
        skipWhitespace()
        var elements: [JSONValue] = []
        if peek == Byte.closeBracket {
            index += 1
            return .array(elements)
        }
        let key = path.last.flatMap { $0.intValue == nil ? $0.stringValue : nil }
        let budget = key.flatMap { key in budgets.firstIndex { $0.keys.contains(key) } }
        while true {
            if let budget {
                counted[budget] += 1
                if counted[budget] > budgets[budget].maximum {
                    throw LiquidError.json(budgets[budget].describe(budgets[budget].maximum),
                                           at: path + [JSONKey(index: elements.count)], root: root)
                }
            }
            path.append(JSONKey(index: elements.count))
            elements.append(try value(depth: depth))
            path.removeLast()
            skipWhitespace()
            switch peek {
            case Byte.comma:
                index += 1
                skipWhitespace()
            case Byte.closeBracket:
                index += 1
                return .array(elements)
            default:
                throw syntax("expected ',' or ']' after a list element, found \(found())")
            }
        }
    }

    /// A string at the opening quote, escapes decoded.
    private mutating func string() throws(LiquidError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        var run = index
        var ascii = true
        while true {
            guard index < bytes.count else { throw syntax("this string never ends (no closing '\"')", at: start) }
            let byte = bytes[index]
            if byte == Byte.quote {
                text.append(contentsOf: bytes[run..<index])
                index += 1
                break
            }
            if byte < 0x20 {
                throw syntax("a string holds the control character \(Self.codePoint(UInt32(byte))); write it as an escape such as \\n")
            }
            if byte == Byte.backslash {
                text.append(contentsOf: bytes[run..<index])
                try escape(into: &text)
                run = index
                ascii = false
            } else {
                ascii = ascii && byte < 0x80
                index += 1
            }
        }
        // Plain ASCII is valid UTF-8 as it stands; anything else is checked.
        if ascii { return String(decoding: text, as: UTF8.self) }
        guard let decoded = String(validating: text, as: UTF8.self) else {
            throw syntax("a string is not valid UTF-8 text", at: start)
        }
        return decoded
    }

    /// One escape at the backslash, appended to `text` as UTF-8.
    private mutating func escape(into text: inout [UInt8]) throws(LiquidError) {
        let start = index
        index += 1
        guard let letter = peek else { throw syntax("this string never ends (no closing '\"')", at: start) }
        index += 1
        let simple: [UInt8: UInt8] = [Byte.quote: Byte.quote, Byte.backslash: Byte.backslash, Byte.slash: Byte.slash,
                                      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                                      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09]
        if let byte = simple[letter] {
            text.append(byte)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw syntax("unknown escape \(Self.describe(bytes, from: start, count: 2)) in a string (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)", at: start)
        }
        var scalar = try hexQuad(escapeStart: start)
        if (0xD800..<0xDC00).contains(scalar) {
            let second = index
            guard bytes[index...].starts(with: [Byte.backslash, UInt8(ascii: "u")]) else {
                throw syntax("the escape \(Self.codePoint(scalar)) is half of a surrogate pair, and its other half does not follow", at: start)
            }
            index += 2
            let low = try hexQuad(escapeStart: second)
            guard (0xDC00..<0xE000).contains(low) else {
                throw syntax("the escape \(Self.codePoint(scalar)) is half of a surrogate pair, and its other half does not follow", at: start)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw syntax("the escape \(Self.codePoint(scalar)) is half of a surrogate pair without its first half", at: start)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw syntax("the escape \(Self.codePoint(scalar)) is not a character", at: start) }
        text.append(contentsOf: String(Character(unicode)).utf8)
    }

    /// The four hex digits after `\u`.
    private mutating func hexQuad(escapeStart: Int) throws(LiquidError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexDigit(byte) else {
                throw syntax("\\u must be followed by four hex digits; found \(Self.describe(bytes, from: escapeStart, count: 6))", at: escapeStart)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// A number at its first character: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite.
    private mutating func number() throws(LiquidError) -> Double {
        let start = index
        if peek == Byte.minus { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw syntax("expected a digit after '-', found \(found())") }
        index += 1
        if first == Byte.zero, let next = peek, Self.isDigit(next) {
            throw syntax("a number must not start with 0 followed by more digits", at: start)
        }
        skipDigits()
        if peek == Byte.dot {
            index += 1
            guard let digit = peek, Self.isDigit(digit) else { throw syntax("expected a digit after '.', found \(found())") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == Byte.plus || peek == Byte.minus { index += 1 }
            guard let digit = peek, Self.isDigit(digit) else { throw syntax("expected a digit in the exponent, found \(found())") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw syntax("the number \(LiquidError.quoted(text)) is too large (beyond ±1.8e308)", at: start)
        }
        return value
    }

    // MARK: - Bytes

    private enum Byte {
        static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
        static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
        static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
        static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
        static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    private func isWordByte(at offset: Int) -> Bool {
        guard offset < bytes.count else { return false }
        let byte = bytes[offset]
        return Self.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case Byte.zero...Byte.nine: UInt32(byte - Byte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Up to `count` characters of the text from `offset`, quoted for a message.
    private static func describe(_ bytes: [UInt8], from offset: Int, count: Int) -> String {
        let text = String(decoding: bytes[offset..<min(bytes.count, offset + 4 * count)], as: UTF8.self)
        return "'" + LiquidError.quoted(String(text.prefix(count))) + "'"
    }

    /// What reading found at the current position: `the end of the text`, `'x'`, a word such as `'nan'`,
    /// or a control character or invalid byte by its code.
    private func found() -> String {
        guard let byte = peek else { return "the end of the text" }
        if isWordByte(at: index) {
            var end = index
            while end < bytes.count, end - index < 24, isWordByte(at: end) { end += 1 }
            return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + (isWordByte(at: end) ? "…'" : "'")
        }
        if byte < 0x20 || byte == 0x7F { return "the control character \(Self.codePoint(UInt32(byte)))" }
        let scalar = String(decoding: bytes[index..<min(bytes.count, index + 4)], as: UTF8.self).unicodeScalars.first
        if byte >= 0x80, scalar == nil || scalar == "\u{FFFD}" {
            return "the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8 text"
        }
        return "'" + LiquidError.quoted(scalar.map { String(Character($0)) } ?? "") + "'"
    }

    // MARK: - Errors

    /// `line L, column C` of byte `offset`, columns counted in characters.
    private func location(of offset: Int) -> String {
        var line = 1, column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    private func syntax(_ reason: String, at offset: Int? = nil) -> LiquidError {
        LiquidError.json("not valid JSON: \(reason) (\(location(of: offset ?? index)))", at: [], root: root)
    }

    private func tooDeep() -> LiquidError {
        LiquidError.json("JSON nested deeper than \(Self.maximumDepth) levels (\(location(of: index)))", at: [], root: root)
    }
}
