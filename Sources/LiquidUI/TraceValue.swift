/// One value of a component's recorded state: what `liquid simulate` prints per frame.
package enum TraceValue: Hashable, Sendable, Encodable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    case string(String)

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .bool(let b): try c.encode(b)
        // JSON has no NaN or infinity: a non-finite number is recorded as null.
        case .number(let n): if n.isFinite { try c.encode(n) } else { try c.encodeNil() }
        case .string(let s): try c.encode(s)
        }
    }

    package var description: String {
        switch self {
        case .bool(let b): return String(b)
        case .number(let n): return String(n)
        case .string(let s): return s
        }
    }

    /// The number, if this is one.
    package var number: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The boolean, if this is one.
    package var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}
