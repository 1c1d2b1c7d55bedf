import Foundation
import LiquidGeometry

/// A JSON array written to standard output one element at a time — `[`, the elements separated by commas,
/// `]` and a line break — byte for byte what encoding the whole array at once gives (keys sorted, slashes
/// unescaped), but holding only a small buffer, so a long trace costs no memory.
struct JSONArrayStream {
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    private var buffer: [UInt8] = [UInt8(ascii: "[")]
    private var isEmpty = true
    /// Bytes gathered before they are written out.
    private let flushSize = 1 << 15

    /// Appends `element`; `time` is its time stamp, checked to be finite before the encoder sees it.
    /// - Throws: `LiquidError` when `time` is not finite or standard output cannot be written.
    mutating func append(_ element: some Encodable, time: Double) throws {
        guard time.isFinite else { throw LiquidError.nonFinite(name: "frame time", value: time) }
        if !isEmpty { buffer.append(UInt8(ascii: ",")) }
        buffer += try encoder.encode(element)
        isEmpty = false
        if buffer.count >= flushSize {
            try StandardStreams.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Closes the array and writes what is left.
    mutating func finish() throws {
        buffer += [UInt8(ascii: "]"), UInt8(ascii: "\n")]
        try StandardStreams.write(buffer)
        buffer.removeAll()
    }
}
