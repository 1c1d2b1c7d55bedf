import Foundation

/// Writes `value` as one line of JSON to standard output.
///
/// Keys are sorted so output is byte-for-byte reproducible; non-finite numbers never reach the encoder
/// (callers encode them as `null`).
func printJSON<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    try StandardStreams.write(Array(data) + [UInt8(ascii: "\n")])
}

/// One sample of a motion curve.
struct MotionSample: Encodable {
    let t: Double
    let value: Double
    let velocity: Double
}

/// A Double that encodes as `null` when it is not finite (JSON has no infinity).
struct FiniteOrNull: Encodable {
    let value: Double
    init(_ value: Double) { self.value = value }
    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isFinite { try container.encode(value) } else { try container.encodeNil() }
    }
}
