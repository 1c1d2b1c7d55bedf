import CZlib

/// Builds a PNG byte stream chunk by chunk: the signature first, then each chunk framed as
/// length (big-endian) · type · data · CRC-32 of type and data.
///
/// Guarantees: every chunk appended carries a correct CRC, and a chunk whose data is longer than PNG allows
/// (2³¹ − 1 bytes) is refused by a precondition (callers split data far below that).
struct PNGChunkWriter {
    /// The stream so far.
    private(set) var bytes: [UInt8]

    /// A stream that starts with the PNG signature, or with nothing (a later part of a stream written in
    /// pieces).
    init(startsWithSignature: Bool = true) {
        bytes = startsWithSignature ? PNG.signature : []
    }

    /// Returns the bytes gathered so far and starts again from nothing.
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Appends a chunk of the four-letter `type` carrying `data`.
    mutating func append(_ type: String, _ data: [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "PNG chunk types are four letters")
        precondition(data.count <= Int(Int32.max), "PNG chunk data is limited to 2^31 - 1 bytes")
        Self.appendBigEndian(UInt32(data.count), to: &bytes)
        bytes.append(contentsOf: typeBytes)
        bytes.append(contentsOf: data)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, 4) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32(data.count)) }
        Self.appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &bytes)
    }

    /// Appends `value` as four big-endian bytes (PNG's integer format).
    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value` as two big-endian bytes.
    static func appendBigEndian(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}
