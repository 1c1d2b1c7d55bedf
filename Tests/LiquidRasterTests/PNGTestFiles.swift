import CZlib

/// Hand-built PNG files for decoder tests, independent of the code under test: chunks, CRCs and the zlib
/// stream are made here directly with zlib, and the scanlines are packed by the rules of the PNG
/// specification (samples MSB-first below 8 bits, big-endian at 16, Adam7 passes when interlaced,
/// filter type 0 on every row).
enum PNGTestFiles {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        let array = Array(bytes)
        return UInt32(array.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32(array.count)) })
    }

    /// One framed chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc(body[...]))
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(UInt(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { compress2(o.baseAddress, &length, $0.baseAddress, UInt(data.count), 9) }
        }
        precondition(status == Z_OK)
        return Array(out[0..<Int(length)])
    }

    /// A PNG whose pixel (x, y) has the samples `sample(x, y)` (one per channel of `colorType`; a palette
    /// index for type 3), each in 0 ..< 2^bitDepth.
    static func make(width: Int, height: Int, bitDepth: Int, colorType: UInt8, interlaced: Bool = false,
                     palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8]? = nil,
                     extraChunksBeforeData: [[UInt8]] = [], sample: (Int, Int) -> [Int]) -> [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), colorType, 0, 0, interlaced ? 1 : 0]
        var raw: [UInt8] = []
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                raw.append(0)  // filter type None
                var bits: [Int] = []  // samples below 8 bits, packed after the row is collected
                var row: [UInt8] = []
                for x in xs {
                    for value in sample(x, y) {
                        switch bitDepth {
                        case 16: row += [UInt8(value >> 8), UInt8(value & 0xFF)]
                        case 8: row.append(UInt8(value))
                        default: bits.append(value)
                        }
                    }
                }
                if bitDepth < 8 {
                    var byte = 0, used = 0
                    for value in bits {
                        byte = byte << bitDepth | value
                        used += bitDepth
                        if used == 8 { row.append(UInt8(byte)); byte = 0; used = 0 }
                    }
                    if used > 0 { row.append(UInt8(byte << (8 - used))) }
                }
                raw += row
            }
        }
        var file = signature + chunk("IHDR", ihdr)
        for extra in extraChunksBeforeData { file += extra }
        if !palette.isEmpty { file += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += chunk("tRNS", transparency) }
        file += chunk("IDAT", deflate(raw))
        file += chunk("IEND", [])
        return file
    }

    /// A parsed chunk: its type, data, byte offset in the file, and whether its CRC was right.
    struct Chunk {
        var type: String
        var data: [UInt8]
        var offset: Int
        var crcIsValid: Bool
    }

    /// Splits a PNG (or APNG) file into chunks; `nil` when the signature or framing is broken.
    static func chunks(of file: [UInt8]) -> [Chunk]? {
        guard file.count >= 8, Array(file[0..<8]) == signature else { return nil }
        var result: [Chunk] = []
        var offset = 8
        while offset + 12 <= file.count {
            let length = Int(readBigEndian32(file, offset))
            guard offset + 12 + length <= file.count else { return nil }
            let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let stored = readBigEndian32(file, offset + 8 + length)
            result.append(Chunk(type: type, data: Array(file[(offset + 8)..<(offset + 8 + length)]), offset: offset,
                                crcIsValid: crc(file[(offset + 4)..<(offset + 8 + length)]) == stored))
            offset += 12 + length
        }
        return offset == file.count ? result : nil
    }

    static func readBigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    static func readBigEndian16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    /// Reassembles a file from chunks (recomputing every CRC).
    static func file(from chunks: [Chunk]) -> [UInt8] {
        signature + chunks.flatMap { chunk($0.type, $0.data) }
    }
}
