import CZlib
import LiquidGeometry

/// Rewrites an Adam7-interlaced PNG whose pixels are whole bytes (8 or 16 bits per sample) as the equivalent
/// non-interlaced PNG: same header apart from the interlace flag, same ancillary chunks in the same order
/// (palette, transparency, gamma, colour profile…), and one image stream with filter type None on every row.
///
/// It exists to work around libpng issue #853: libpng's simplified reader returns wrong pixels when it
/// reduces an interlaced 16-bit image to 8 bits (a bug in this libpng 1.6.39). Every other colour decision is
/// still libpng's, because libpng decodes the rewritten file.
enum PNGDeinterlacer {
    /// Adam7 passes: (x start, y start, x step, y step).
    static let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// The non-interlaced PNG equivalent to `bytes`.
    /// - Parameters:
    ///   - chunks: the validated chunks of `bytes`, in order.
    ///   - interlacedData: the inflated IDAT stream (exactly ``PNG/inflatedSize(of:)`` bytes).
    /// - Throws: `LiquidError` (`.malformed`) for an invalid row filter type, or if zlib fails.
    static func nonInterlacedFile(from bytes: [UInt8], chunks: [PNG.ChunkLocation], header: PNG.Header,
                                  interlacedData: [UInt8]) throws(LiquidError) -> [UInt8] {
        precondition(header.bitsPerPixel % 8 == 0, "only whole-byte pixels are rewritten")
        let raw = try deinterlace(interlacedData, header: header)
        var compressedLength = compressBound(UInt(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compressed.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { compress2(out.baseAddress, &compressedLength, $0.baseAddress, UInt(raw.count), 1) }
        }
        guard status == Z_OK else { throw .image("PNG decoding failed: zlib error \(status) while de-interlacing") }
        compressed.removeSubrange(Int(compressedLength)...)

        var writer = PNGChunkWriter()
        var wroteImageData = false
        for chunk in chunks {
            switch chunk.type {
            case "IHDR":
                var fields = Array(bytes[chunk.data])
                fields[12] = 0  // interlace method: none
                writer.append("IHDR", fields)
            case "IDAT":
                guard !wroteImageData else { continue }
                wroteImageData = true
                var start = 0
                repeat {
                    let end = Swift.min(compressed.count, start + (1 << 24))
                    writer.append("IDAT", Array(compressed[start..<end]))
                    start = end
                } while start < compressed.count
            default:
                writer.append(chunk.type, Array(bytes[chunk.data]))
            }
        }
        return writer.bytes
    }

    /// Unfilters every pass of `data` and scatters its pixels into full rows, each prefixed with filter 0.
    static func deinterlace(_ data: [UInt8], header: PNG.Header) throws(LiquidError) -> [UInt8] {
        let pixelBytes = header.bitsPerPixel / 8
        let rowBytes = header.width * pixelBytes
        var raw = [UInt8](repeating: 0, count: header.height * (rowBytes + 1))
        var offset = 0
        for (x0, y0, dx, dy) in passes {
            let passWidth = header.width > x0 ? (header.width - x0 + dx - 1) / dx : 0
            let passHeight = header.height > y0 ? (header.height - y0 + dy - 1) / dy : 0
            guard passWidth > 0, passHeight > 0 else { continue }
            let passRowBytes = passWidth * pixelBytes
            var previous = [UInt8](repeating: 0, count: passRowBytes)
            var current = [UInt8](repeating: 0, count: passRowBytes)
            for j in 0..<passHeight {
                let filterType = data[offset]
                try unfilter(type: filterType, filtered: data[(offset + 1)..<(offset + 1 + passRowBytes)],
                             previous: previous, pixelBytes: pixelBytes, into: &current)
                offset += 1 + passRowBytes
                let y = y0 + j * dy
                for i in 0..<passWidth {
                    let destination = y * (rowBytes + 1) + 1 + (x0 + i * dx) * pixelBytes
                    for k in 0..<pixelBytes { raw[destination + k] = current[i * pixelBytes + k] }
                }
                swap(&previous, &current)
            }
        }
        return raw
    }

    /// Reverses one row's PNG filter (`type` 0…4) given the unfiltered row above.
    static func unfilter(type: UInt8, filtered: ArraySlice<UInt8>, previous: [UInt8], pixelBytes: Int,
                         into row: inout [UInt8]) throws(LiquidError) {
        guard type <= 4 else { throw .image("corrupt PNG: invalid row filter type \(type)") }
        var index = filtered.startIndex
        for i in 0..<row.count {
            let a = i >= pixelBytes ? row[i - pixelBytes] : 0
            let b = previous[i]
            let predictor: UInt8
            switch type {
            case 0: predictor = 0
            case 1: predictor = a
            case 2: predictor = b
            case 3: predictor = UInt8((Int(a) + Int(b)) >> 1)
            default: predictor = PNGImageDataEncoder.paeth(a, b, i >= pixelBytes ? previous[i - pixelBytes] : 0)
            }
            row[i] = filtered[index] &+ predictor
            index += 1
        }
    }
}
