import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

/// Malformed input must give ``LiquidError/image(_:)`` — never a crash, a hang, or a silently wrong image.
@Suite("PNG decoder against malformed input")
struct PNGFuzzTests {
    private enum Outcome {
        /// Refused with ``LiquidError/image(_:)`` and this message, as required.
        case refused(String)
        /// Anything else, described.
        case problem(String)
    }

    private func failure(_ bytes: [UInt8]) -> Outcome {
        do {
            _ = try PNG.decode(bytes)
            return .problem("decoded without error")
        } catch {
            if error.kind == .malformed { return .refused(error.message) }
            return .problem("wrong error kind: \(error)")
        }
    }

    private func expectImageError(_ bytes: [UInt8], _ what: @autoclosure () -> String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        if case .problem(let problem) = failure(bytes) {
            Issue.record("\(what()): \(problem)", sourceLocation: sourceLocation)
        }
    }

    /// A small valid PNG from the encoder under test, with translucent pixels and several rows.
    private func validFile() throws -> [UInt8] {
        var random = SeededRandom(seed: 7)
        var pixmap = try Pixmap(width: 12, height: 9)
        for y in 0..<9 {
            for x in 0..<12 {
                let a = UInt8.random(in: 0...255, using: &random)
                pixmap[x, y] = PremultipliedRGBA8(red: UInt8.random(in: 0...a, using: &random), green: a / 2, blue: 0, alpha: a)
            }
        }
        return try PNG.encode(pixmap)
    }

    @Test func randomBytesAreRefused() {
        var random = SeededRandom(seed: 1)
        for round in 0..<2000 {
            let count = Int.random(in: 0...400, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half the time start with a real signature (and sometimes a real IHDR) to get past the first check.
            if round % 2 == 1 { bytes = PNG.signature + bytes }
            if round % 4 == 3 {
                bytes = PNGTestFiles.signature + PNGTestFiles.chunk("IHDR", [0, 0, 0, 20, 0, 0, 0, 20, 8, 6, 0, 0, 0])
                    + bytes
            }
            expectImageError(bytes, "random bytes, round \(round)")
        }
    }

    @Test func everyTruncatedPrefixIsRefused() throws {
        let file = try validFile()
        for length in 0..<file.count {
            expectImageError(Array(file[0..<length]), "prefix of \(length) of \(file.count) bytes")
        }
        #expect(throws: Never.self) { try PNG.decode(file) }
    }

    @Test func everySingleByteCorruptionIsRefused() throws {
        // Every byte is covered by the signature, a chunk length or a CRC, so any change must be caught.
        let file = try validFile()
        for index in 0..<file.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupt = file
                corrupt[index] ^= flip
                expectImageError(corrupt, "byte \(index) xor \(flip)")
            }
        }
    }

    @Test func corruptImageDataWithRepairedCRCIsRefused() throws {
        // The CRC is recomputed, so only zlib's own checks (stream structure, Adler-32, length) remain.
        // A flip in the padding bits after the final deflate block changes nothing, so the one acceptable
        // alternative to an error is the original image, exactly.
        let file = try validFile()
        let original = try PNG.decode(file)
        let chunks = try #require(PNGTestFiles.chunks(of: file))
        let idat = try #require(chunks.firstIndex { $0.type == "IDAT" })
        var harmless = 0
        for index in 0..<chunks[idat].data.count {
            for flip: UInt8 in [0x01, 0x10, 0xFF] {
                var corrupt = chunks
                corrupt[idat].data[index] ^= flip
                let bytes = PNGTestFiles.file(from: corrupt)
                if let decoded = try? PNG.decode(bytes) {
                    #expect(decoded == original, "IDAT byte \(index) xor \(flip) decoded to a different image")
                    harmless += 1
                } else {
                    expectImageError(bytes, "IDAT byte \(index) xor \(flip)")
                }
            }
        }
        #expect(harmless <= 3, "\(harmless) corruptions went unnoticed")
        // Missing data, data after the stream's end, and extra rows.
        var short = chunks
        short[idat].data.removeLast(10)
        expectImageError(PNGTestFiles.file(from: short), "IDAT missing its last 10 bytes")
        var noData = chunks
        noData.remove(at: idat)
        expectImageError(PNGTestFiles.file(from: noData), "no IDAT")
        let tooTall = PNGTestFiles.make(width: 4, height: 3, bitDepth: 8, colorType: 6) { _, _ in [1, 2, 3, 4] }
        var tooTallChunks = try #require(PNGTestFiles.chunks(of: tooTall))
        tooTallChunks[1].data[7] = 2  // IHDR now says 2 rows; the data holds 3
        expectImageError(PNGTestFiles.file(from: tooTallChunks), "image data longer than the header implies")
    }

    @Test func absurdHeaderSizesAreRefusedBeforeAllocating() {
        for (width, height) in [(100_000, 100_000), (16_385, 1), (1, 16_385), (16_384, 16_385), (0, 5), (5, 0),
                                (0x7FFF_FFFF, 0x7FFF_FFFF), (0xFFFF_FFFF, 1)] {
            var ihdr = PNGTestFiles.bigEndian(UInt32(width)) + PNGTestFiles.bigEndian(UInt32(height))
            ihdr += [8, 6, 0, 0, 0]
            let file = PNGTestFiles.signature + PNGTestFiles.chunk("IHDR", ihdr)
                + PNGTestFiles.chunk("IDAT", PNGTestFiles.deflate([0, 0, 0, 0, 0])) + PNGTestFiles.chunk("IEND", [])
            expectImageError(file, "\(width)×\(height) header")
        }
        // Within the limits but with almost no data: refused by the inflate check, not by allocating 1 GiB.
        var ihdr = PNGTestFiles.bigEndian(16_384) + PNGTestFiles.bigEndian(16_384)
        ihdr += [8, 6, 0, 0, 0]
        let file = PNGTestFiles.signature + PNGTestFiles.chunk("IHDR", ihdr)
            + PNGTestFiles.chunk("IDAT", PNGTestFiles.deflate([0, 0, 0, 0, 0])) + PNGTestFiles.chunk("IEND", [])
        expectImageError(file, "16384×16384 header over 5 bytes of data")
        if case .refused(let message) = failure(PNGTestFiles.signature
            + PNGTestFiles.chunk("IHDR", PNGTestFiles.bigEndian(100_000) + PNGTestFiles.bigEndian(100_000) + [8, 6, 0, 0, 0])) {
            #expect(message.contains("100000×100000") && message.contains("too large"), "message: \(message)")
        }
    }

    @Test func invalidHeaderFieldsAreRefused() {
        let cases: [(depth: UInt8, type: UInt8, compression: UInt8, filter: UInt8, interlace: UInt8)] = [
            (3, 0, 0, 0, 0), (16, 3, 0, 0, 0), (4, 2, 0, 0, 0), (8, 5, 0, 0, 0), (8, 7, 0, 0, 0),
            (8, 6, 1, 0, 0), (8, 6, 0, 1, 0), (8, 6, 0, 0, 2),
        ]
        for c in cases {
            let ihdr = PNGTestFiles.bigEndian(2) + PNGTestFiles.bigEndian(2) + [c.depth, c.type, c.compression, c.filter, c.interlace]
            let file = PNGTestFiles.signature + PNGTestFiles.chunk("IHDR", ihdr)
                + PNGTestFiles.chunk("IDAT", PNGTestFiles.deflate([UInt8](repeating: 0, count: 18)))
                + PNGTestFiles.chunk("IEND", [])
            expectImageError(file, "IHDR \(c)")
        }
        // A palette image without PLTE: libpng's own error, passed through.
        let noPalette = PNGTestFiles.make(width: 2, height: 2, bitDepth: 8, colorType: 3) { _, _ in [0] }
        expectImageError(noPalette, "palette image without PLTE")
    }

    @Test func messagesNameTheProblem() throws {
        let file = try validFile()
        func message(_ bytes: [UInt8]) -> String {
            if case .refused(let text) = failure(bytes) { return text }
            return ""
        }
        #expect(message([]) == "not a PNG image: the data is empty")
        #expect(message(Array("GIF89a........".utf8)) == "not a PNG image: the 8-byte PNG signature is missing")
        #expect(message(Array(file[0..<(file.count - 12)])) == "truncated PNG: the data ends before the IEND chunk")
        var badCRC = file
        badCRC[40] ^= 1
        #expect(message(badCRC).contains("CRC mismatch in chunk"))
    }
}
