import CLibPNG
import CZlib
import LiquidGeometry

/// Reading and writing PNG images through libpng's simplified API.
///
/// **Reading** accepts every standard PNG: grey, grey + alpha, RGB, RGBA and palette images; bit depths 1, 2, 4,
/// 8 and 16; `tRNS` transparency; Adam7 interlacing. The result is a premultiplied RGBA8 ``Pixmap``:
/// - Samples are taken as sRGB-encoded unless the file says otherwise: 8-bit (and lower) samples pass through
///   unchanged, and 16-bit samples are reduced with `round(v·255 / 65535)` (interlaced ones too, working
///   around libpng issue #853). Only a file whose `gAMA` chunk
///   declares a gamma libpng deems different from sRGB's (e.g. 1.0, linear) is converted to sRGB by libpng.
///   Colours are then premultiplied with `round(c·a / 255)`.
/// - Before any pixel memory is allocated: the header's size is checked against ``Pixmap/maximumSide`` and
///   ``Pixmap/maximumPixels``, every chunk's CRC is checked, the stream must end with `IEND`, and the image
///   data must inflate, with a valid Adler-32 checksum, to exactly the size the header implies. Anything
///   else — not a PNG, truncated, corrupt, too large — is a `LiquidError` (`.malformed`) naming the problem.
///
/// **Writing** produces an 8-bit RGBA PNG with straight alpha (plus an `sRGB` chunk). Each premultiplied
/// pixel is un-premultiplied with `round(p·255 / a)`; reading the file back gives exactly the original bytes.
///
/// libpng reports errors by `longjmp`. The simplified API (`png_image_*`) runs all of its work inside
/// `png_safe_execute`, which `setjmp`s in a C frame of libpng itself and turns an error into a zero return and
/// a message in `png_image.message`; no Swift frame is ever jumped over. This type calls nothing else in libpng.
/// All functions are safe to call from any thread (every call uses its own `png_image`).
public enum PNG {
    /// The facts in a PNG's `IHDR` chunk.
    package struct Header: Hashable, Sendable {
        /// The PNG colour types.
        package enum ColorType: UInt8, Sendable {
            case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6
        }

        package let width: Int
        package let height: Int
        /// Bits per sample (per palette index for palette images): 1, 2, 4, 8 or 16.
        package let bitDepth: Int
        package let colorType: ColorType
        /// Adam7 interlacing.
        package let isInterlaced: Bool

        /// Bits per pixel in the (unfiltered) image data.
        package var bitsPerPixel: Int {
            switch colorType {
            case .grey, .palette: return bitDepth
            case .greyAlpha: return 2 * bitDepth
            case .rgb: return 3 * bitDepth
            case .rgba: return 4 * bitDepth
            }
        }

        /// Parses the signature and the `IHDR` chunk (which must come first, be 13 bytes and have a valid CRC).
        /// - Throws: `LiquidError` (`.malformed`) when the bytes are not a PNG or the header is invalid. The size
        ///   is not checked against the pixmap limits here; ``PNG/decode(_:scale:)`` does that.
        package init(parsing bytes: [UInt8]) throws(LiquidError) {
            guard bytes.count >= 8, Array(bytes[0..<8]) == PNG.signature else {
                throw .image(bytes.isEmpty ? "not a PNG image: the data is empty"
                                           : "not a PNG image: the 8-byte PNG signature is missing")
            }
            guard bytes.count >= 8 + 8 + 13 + 4 else {
                throw .image("truncated PNG: the data ends inside the IHDR header chunk (\(bytes.count) bytes)")
            }
            guard PNG.bigEndian32(bytes, 8) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
                throw .image("corrupt PNG: the first chunk is not a 13-byte IHDR header")
            }
            guard PNG.crc(bytes, from: 12, count: 4 + 13) == PNG.bigEndian32(bytes, 29) else {
                throw .image("corrupt PNG: CRC mismatch in chunk 'IHDR'")
            }
            let width = Int(PNG.bigEndian32(bytes, 16)), height = Int(PNG.bigEndian32(bytes, 20))
            guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
                throw .image("corrupt PNG: invalid image size \(width)×\(height) in IHDR")
            }
            let depth = Int(bytes[24])
            guard let type = ColorType(rawValue: bytes[25]) else {
                throw .image("corrupt PNG: unknown colour type \(bytes[25]) in IHDR")
            }
            let allowed: [Int]
            switch type {
            case .grey: allowed = [1, 2, 4, 8, 16]
            case .palette: allowed = [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: allowed = [8, 16]
            }
            guard allowed.contains(depth) else {
                throw .image("corrupt PNG: bit depth \(depth) is not allowed for colour type \(type.rawValue)")
            }
            guard bytes[26] == 0, bytes[27] == 0 else {
                throw .image("corrupt PNG: unknown compression or filter method in IHDR")
            }
            guard bytes[28] <= 1 else { throw .image("corrupt PNG: unknown interlace method \(bytes[28]) in IHDR") }
            self.width = width
            self.height = height
            self.bitDepth = depth
            self.colorType = type
            self.isInterlaced = bytes[28] == 1
        }
    }

    /// `PNG_FORMAT_RGBA`: 8-bit sRGB colour with straight (unassociated) alpha. Swift cannot import the macro
    /// itself (it is built from other macros), so it is spelled from the flags it combines.
    /// `PNG_FORMAT_FLAG_ASSOCIATED_ALPHA` is deliberately not used: on read it stores translucent pixels as
    /// *linear* premultiplied values, and on write libpng accepts it only for 16-bit linear input, which it
    /// un-premultiplies in linear light — neither round-trips our sRGB-premultiplied bytes exactly.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR) | UInt32(PNG_FORMAT_FLAG_ALPHA)

    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    // MARK: Reading

    /// Decodes PNG bytes into a premultiplied RGBA8 pixmap with the given `scale` (pixels per point).
    /// - Throws: `LiquidError` (`.malformed`) for data that is not a PNG, truncated or corrupt, or whose size is
    ///   over the ``Pixmap`` limits (checked before allocating); `LiquidError` (`.outOfRange`) for a scale
    ///   that is not positive and finite.
    public static func decode(_ bytes: [UInt8], scale: Double = 1) throws(LiquidError) -> Pixmap {
        guard scale.isFinite, scale > 0 else {
            throw .invalidSize("pixmap scale \(scale) must be positive and finite")
        }
        let header = try Header(parsing: bytes)
        guard header.width <= Pixmap.maximumSide, header.height <= Pixmap.maximumSide,
              header.width * header.height <= Pixmap.maximumPixels else {
            throw .image("PNG image of \(header.width)×\(header.height) pixels is too large (the limit is "
                + "\(Pixmap.maximumSide) pixels per side and \(Pixmap.maximumPixels / (1024 * 1024)) megapixels)")
        }
        let chunks = try validateChunks(bytes)
        let imageData = chunks.filter { $0.type == "IDAT" }.map(\.data)
        var straight: [UInt8]
        if header.isInterlaced && header.bitDepth == 16 {
            // libpng's simplified reader mangles Adam7-interlaced 16-bit images when it reduces them to 8 bits
            // (libpng issue #853, present in this libpng 1.6.39), so libpng is handed an equivalent
            // non-interlaced file instead.
            let interlaced = try inflateImageData(bytes, ranges: imageData, header: header, keep: true)
            let rewritten = try PNGDeinterlacer.nonInterlacedFile(from: bytes, chunks: chunks, header: header,
                                                                  interlacedData: interlaced)
            straight = try decodeStraightRGBA(rewritten, header: header)
        } else {
            _ = try inflateImageData(bytes, ranges: imageData, header: header, keep: false)
            straight = try decodeStraightRGBA(bytes, header: header)
        }
        PNGAlphaConversion.premultiplyInPlace(&straight)
        return try Pixmap(width: header.width, height: header.height, scale: scale, premultipliedBytes: straight)
    }

    /// Reads and decodes the PNG file at `path` (see ``decode(_:scale:)``).
    /// - Throws: `LiquidError` (`.io`) when the file cannot be read; `LiquidError` (`.malformed`) (message
    ///   prefixed with the path) when it is not a valid PNG.
    public static func read(contentsOf path: String, scale: Double = 1) throws(LiquidError) -> Pixmap {
        let bytes = try ImageFileIO.readAll(path)
        do {
            return try decode(bytes, scale: scale)
        } catch {
            guard error.kind == .malformed else { throw error }
            throw .image("'\(path)': \(error.message)")
        }
    }

    // MARK: Writing

    /// Encodes `pixmap` as an 8-bit straight-alpha RGBA PNG.
    /// - Throws: `LiquidError` (`.malformed`) if libpng reports a failure (it should not for a valid pixmap).
    public static func encode(_ pixmap: Pixmap) throws(LiquidError) -> [UInt8] {
        let straight = PNGAlphaConversion.straightRGBA(from: pixmap)
        let rawSize = pixmap.height * (4 * pixmap.width + 1)
        // zlib's worst case (PNG_ZLIB_MAX_SIZE) plus chunk framing; pages never written are never committed.
        var capacity = rawSize + rawSize / 8 + rawSize / 64 + 4096
        for _ in 0..<2 {
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            image.width = UInt32(pixmap.width)
            image.height = UInt32(pixmap.height)
            image.format = rgbaFormat
            var size = capacity
            var ok: Int32 = 0
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { out, initialized in
                ok = straight.withUnsafeBytes { input in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, input.baseAddress,
                                              Int32(4 * pixmap.width), nil)
                }
                initialized = ok != 0 ? size : 0
            }
            if ok != 0 {
                return Array(output[...])  // a tight copy, releasing the worst-case buffer
            }
            guard size > capacity else {
                throw .image("PNG encoding failed: \(message(of: &image))")
            }
            capacity = size  // libpng reports the size it needs when the buffer was too small.
        }
        throw .image("PNG encoding failed: the output buffer was too small")
    }

    /// Encodes `pixmap` (see ``encode(_:)``) and writes it to `path`, replacing any existing file.
    /// - Throws: `LiquidError` (`.io`) naming the path when the file cannot be written.
    public static func write(_ pixmap: Pixmap, to path: String) throws(LiquidError) {
        try ImageFileIO.writeAll(encode(pixmap), to: path)
    }

    // MARK: Internals

    /// A chunk found by ``validateChunks(_:)``: its type and where its data lies in the file.
    struct ChunkLocation {
        var type: String
        var data: Range<Int>
    }

    /// Walks the chunk stream after the signature: every chunk must fit, carry a valid CRC and a letter-only
    /// type, and the stream must contain IDAT and end with IEND. Returns the chunks in order, IEND included.
    private static func validateChunks(_ bytes: [UInt8]) throws(LiquidError) -> [ChunkLocation] {
        var offset = 8
        var chunks: [ChunkLocation] = []
        var sawIEND = false
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else {
                throw .image("truncated PNG: the data ends inside a chunk header at byte \(offset)")
            }
            let length = Int(bigEndian32(bytes, offset))
            let typeBytes = Array(bytes[(offset + 4)..<(offset + 8)])
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw .image("corrupt PNG: invalid chunk type at byte \(offset + 4)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max) else {
                throw .image("corrupt PNG: chunk '\(type)' at byte \(offset) claims \(length) bytes")
            }
            guard offset + 12 + length <= bytes.count else {
                throw .image("truncated PNG: chunk '\(type)' at byte \(offset) needs \(length + 12) bytes but only "
                    + "\(bytes.count - offset) remain")
            }
            guard crc(bytes, from: offset + 4, count: 4 + length) == bigEndian32(bytes, offset + 8 + length) else {
                throw .image("corrupt PNG: CRC mismatch in chunk '\(type)' at byte \(offset)")
            }
            chunks.append(ChunkLocation(type: type, data: (offset + 8)..<(offset + 8 + length)))
            offset += 12 + length
            if type == "IEND" { sawIEND = true; break }
        }
        guard sawIEND else { throw .image("truncated PNG: the data ends before the IEND chunk") }
        guard chunks.contains(where: { $0.type == "IDAT" }) else {
            throw .image("corrupt PNG: there is no IDAT image data")
        }
        return chunks
    }

    /// The number of bytes the IDAT stream must inflate to: every (sub-)image row, filter byte included.
    static func inflatedSize(of header: Header) -> Int {
        func rows(width: Int, height: Int) -> Int {
            width == 0 || height == 0 ? 0 : height * (1 + (width * header.bitsPerPixel + 7) / 8)
        }
        guard header.isInterlaced else { return rows(width: header.width, height: header.height) }
        // Adam7 passes: (x start, y start, x step, y step).
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            let w = header.width > pass.0 ? (header.width - pass.0 + pass.2 - 1) / pass.2 : 0
            let h = header.height > pass.1 ? (header.height - pass.1 + pass.3 - 1) / pass.3 : 0
            return total + rows(width: w, height: h)
        }
    }

    /// Inflates the IDAT data to prove, before the pixel buffer is allocated, that it is one complete zlib
    /// stream with a matching Adler-32 checksum that inflates to exactly the size the header implies. libpng
    /// alone would let a bad checksum at the end of the stream pass as a warning, and would allocate the whole
    /// image before finding the data short. With `keep` false the output goes through a 64 KiB scratch buffer
    /// and nothing is returned; with `keep` true the inflated bytes are returned.
    private static func inflateImageData(_ bytes: [UInt8], ranges: [Range<Int>], header: Header,
                                         keep: Bool) throws(LiquidError) -> [UInt8] {
        let expected = inflatedSize(of: header)
        let window = 1 << 16
        // One byte more than expected in keep mode, so that too much data shows up as output.
        var output = [UInt8](repeating: 0, count: keep ? expected + 1 : window)
        let failure: String? = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out -> String? in
                var stream = z_stream()
                guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                    return "zlib could not start"
                }
                defer { inflateEnd(&stream) }
                var produced = 0
                var ended = false
                for range in ranges where !ended {
                    stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + range.lowerBound)
                    stream.avail_in = UInt32(range.count)
                    while stream.avail_in > 0 && !ended {
                        let start = keep ? produced : 0
                        let room = Swift.min(window, out.count - start)
                        stream.next_out = out.baseAddress! + start
                        stream.avail_out = UInt32(room)
                        let status = inflate(&stream, Z_NO_FLUSH)
                        produced += room - Int(stream.avail_out)
                        if produced > expected {
                            return "the image data inflates to more than the \(expected) bytes a "
                                + "\(header.width)×\(header.height) image needs"
                        }
                        switch status {
                        case Z_OK: continue
                        case Z_STREAM_END: ended = true
                        case Z_BUF_ERROR where stream.avail_in == 0: break
                        default:
                            let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                            return "corrupt image data (\(reason))"
                        }
                    }
                }
                guard ended else { return "truncated image data: the compressed stream does not end" }
                guard produced == expected else {
                    return "the image data inflates to \(produced) bytes but a \(header.width)×\(header.height) "
                        + "image needs \(expected)"
                }
                return nil
            }
        }
        if let failure { throw .image("corrupt PNG: \(failure)") }
        guard keep else { return [] }
        output.removeLast()
        return output
    }

    /// Runs libpng's simplified reader over `bytes`, returning straight-alpha RGBA8 rows.
    private static func decodeStraightRGBA(_ bytes: [UInt8], header: Header) throws(LiquidError) -> [UInt8] {
        let byteCount = 4 * header.width * header.height
        var pixels = [UInt8](repeating: 0, count: byteCount)
        // libpng keeps a pointer to the input between begin_read and finish_read, so both happen inside
        // one borrow of `bytes`.
        let failure: String? = bytes.withUnsafeBytes { input -> String? in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, input.baseAddress, input.count) != 0 else {
                return message(of: &image)
            }
            guard Int(image.width) == header.width, Int(image.height) == header.height else {
                png_image_free(&image)
                return "libpng read a size (\(image.width)×\(image.height)) that differs from the header"
            }
            // 16-bit data without gamma information is sRGB-encoded like 8-bit data; without this flag the
            // simplified API would treat it as linear and gamma-encode it on the way to 8 bits.
            image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            image.format = rgbaFormat
            let ok = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(4 * header.width), nil)
            }
            return ok != 0 ? nil : message(of: &image)
        }
        if let failure { throw .image("corrupt PNG: \(failure)") }
        return pixels
    }

    /// The NUL-terminated message libpng left in `image`.
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng reported an unspecified error" : text
    }

    static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// zlib's CRC-32 of `count` bytes starting at `from` (what PNG chunks carry).
    static func crc(_ bytes: [UInt8], from start: Int, count: Int) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress! + start, UInt32(count)))
        }
    }
}
