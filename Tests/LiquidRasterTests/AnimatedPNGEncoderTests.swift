import CZlib
import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Animated PNG writer")
struct AnimatedPNGEncoderTests {
    private func frames(count: Int, width: Int, height: Int, seed: UInt64) throws -> [Pixmap] {
        var random = SeededRandom(seed: seed)
        return try (0..<count).map { index in
            var pixmap = try Pixmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    // A moving gradient plus noise and translucency, so rows pick different filters.
                    let a = UInt8((x * 7 + y * 3 + index * 40) % 256)
                    let noise = UInt8.random(in: 0...a, using: &random)
                    pixmap[x, y] = PremultipliedRGBA8(red: UInt8(Int(a) * x / max(1, width - 1)), green: noise, blue: a / 3, alpha: a)
                }
            }
            return pixmap
        }
    }

    /// Inflates a zlib stream (test-side, independent of the encoder).
    private func inflate(_ data: [UInt8], expectedSize: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: expectedSize)
        var length = UInt(expectedSize)
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { uncompress(o.baseAddress, &length, $0.baseAddress, UInt(data.count)) }
        }
        return status == Z_OK && Int(length) == expectedSize ? out : nil
    }

    /// Reverses PNG filtering (test-side implementation of the specification's reconstruction).
    private func unfilter(_ raw: [UInt8], width: Int, height: Int) -> [UInt8]? {
        let stride = 4 * width
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let type = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = Int(raw[y * (stride + 1) + 1 + i])
                let a = i >= 4 ? Int(out[y * stride + i - 4]) : 0
                let b = y > 0 ? Int(out[(y - 1) * stride + i]) : 0
                let c = i >= 4 && y > 0 ? Int(out[(y - 1) * stride + i - 4]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: return nil
                }
                out[y * stride + i] = UInt8((x + predictor) & 0xFF)
            }
        }
        return out
    }

    @Test func chunkStreamIsAValidAnimation() throws {
        let width = 23, height = 11
        let source = try frames(count: 4, width: width, height: height, seed: 3)
        let delays = try [AnimatedPNGEncoder.Delay.milliseconds(40), .milliseconds(100),
                          AnimatedPNGEncoder.Delay(numerator: 1, denominator: 30), .frameRate(60)]
        var encoder = try AnimatedPNGEncoder(loopCount: 3)
        for (frame, delay) in zip(source, delays) { try encoder.append(frame, delay: delay) }
        #expect(encoder.frameCount == 4 && encoder.width == width && encoder.height == height)
        let file = try encoder.encoded()

        let chunks = try #require(PNGTestFiles.chunks(of: file))
        #expect(chunks.allSatisfy { $0.crcIsValid })
        #expect(chunks.map(\.type) == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        #expect(chunks[0].data == PNGTestFiles.bigEndian(23) + PNGTestFiles.bigEndian(11) + [8, 6, 0, 0, 0])
        #expect(chunks[1].data == PNGTestFiles.bigEndian(4) + PNGTestFiles.bigEndian(3))

        // Sequence numbers: 0, 1, 2, … over fcTL and fdAT in file order.
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { PNGTestFiles.readBigEndian32($0.data, 0) } == (0..<UInt32(sequenced.count)).map { $0 })

        // Frame controls: full canvas, delays as given, dispose NONE, blend SOURCE.
        let controls = chunks.filter { $0.type == "fcTL" }
        for (control, delay) in zip(controls, delays) {
            let d = control.data
            #expect(d.count == 26)
            #expect(PNGTestFiles.readBigEndian32(d, 4) == 23 && PNGTestFiles.readBigEndian32(d, 8) == 11)
            #expect(PNGTestFiles.readBigEndian32(d, 12) == 0 && PNGTestFiles.readBigEndian32(d, 16) == 0)
            #expect(PNGTestFiles.readBigEndian16(d, 20) == delay.numerator)
            #expect(PNGTestFiles.readBigEndian16(d, 22) == delay.denominator)
            #expect(d[24] == 0 && d[25] == 0)
        }
        #expect(abs(delays[2].seconds - 1.0 / 30) < 1e-12 && delays[0].seconds == 0.04)

        // Each frame's data inflates, unfilters and un-premultiplies back to exactly that frame.
        let frameData: [[UInt8]] = [chunks[3].data] + chunks.filter { $0.type == "fdAT" }.map { Array($0.data.dropFirst(4)) }
        for (data, frame) in zip(frameData, source) {
            let raw = try #require(inflate(data, expectedSize: height * (4 * width + 1)))
            let straight = try #require(unfilter(raw, width: width, height: height))
            var premultiplied = straight
            PNGAlphaConversion.premultiplyInPlace(&premultiplied)
            #expect(premultiplied == frame.bytes)
        }

        // A decoder without APNG support (libpng) shows frame 0, exactly.
        #expect(try PNG.decode(file) == source[0])
    }

    @Test func rowFiltersAreChosenPerRowAndPaethIsUsedWhereItWins() throws {
        // A texture repeated down the rows favours Up; noise favours None; steps in both directions favour Paeth.
        var random = SeededRandom(seed: 9)
        var straight: [UInt8] = []
        let width = 32
        // Neighbouring texture values differ a lot, so Paeth predicts from above exactly where Up does and
        // the tie goes to the simpler filter.
        let texture = (0..<width).map { UInt8($0 % 2 == 0 ? 20 : 120) }
        for y in 0..<12 {
            for x in 0..<width {
                switch y / 4 {
                case 0: straight += [texture[x] + UInt8(y), texture[x], texture[x] / 2 + UInt8(2 * y), 255]
                case 1: straight += (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
                // Steps every 4 columns plus a small step every row: each pixel equals its left or upper
                // neighbour up to the small step, which only Paeth's choice between them captures.
                default: straight += [UInt8(x / 4 * 30 + y * 3), UInt8(x / 4 * 20 + y * 2), 7, 255]
                }
            }
        }
        let filtered = PNGImageDataEncoder.filterRows(straight, width: width, height: 12)
        let types = (0..<12).map { filtered[$0 * (4 * width + 1)] }
        #expect(Set(types).count >= 2, "filter types per row: \(types)")
        #expect(types[1...3].allSatisfy { $0 == 2 }, "rows repeating the row above should use Up: \(types)")
        #expect(types[9...11].allSatisfy { $0 == 4 }, "steps in both directions favour Paeth: \(types)")
        #expect(unfilter(filtered, width: width, height: 12) == straight)
        #expect(PNGImageDataEncoder.paeth(10, 20, 10) == 20 && PNGImageDataEncoder.paeth(10, 20, 20) == 10)
    }

    @Test func largeFramesAreSplitOverSeveralChunks() throws {
        let source = try frames(count: 2, width: 40, height: 30, seed: 5)
        var encoder = try AnimatedPNGEncoder()
        encoder.maximumChunkData = 100
        for frame in source { try encoder.append(frame, delay: .milliseconds(50)) }
        let chunks = try #require(PNGTestFiles.chunks(of: try encoder.encoded()))
        #expect(chunks.filter { $0.type == "IDAT" }.count > 1 && chunks.filter { $0.type == "fdAT" }.count > 1)
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { PNGTestFiles.readBigEndian32($0.data, 0) } == (0..<UInt32(sequenced.count)).map { $0 })
        #expect(PNGTestFiles.readBigEndian32(chunks[1].data, 4) == 0)  // loops forever by default
        #expect(try PNG.decode(try encoder.encoded()) == source[0])
    }

    @Test func invalidInputIsRefused() throws {
        var encoder = try AnimatedPNGEncoder()
        #expect(throws: LiquidError.image("an animated PNG needs at least one frame")) { try encoder.encoded() }
        try encoder.append(Pixmap(width: 4, height: 4), delay: .milliseconds(10))
        #expect(throws: LiquidError.self) { try encoder.append(Pixmap(width: 5, height: 4), delay: .milliseconds(10)) }
        #expect(encoder.frameCount == 1)
        #expect(throws: LiquidError.self) { try AnimatedPNGEncoder(loopCount: -1) }
        #expect(throws: LiquidError.self) { try AnimatedPNGEncoder.Delay.milliseconds(70_000) }
        #expect(throws: LiquidError.self) { try AnimatedPNGEncoder.Delay.milliseconds(-1) }
        #expect(throws: LiquidError.self) { try AnimatedPNGEncoder.Delay(numerator: 1, denominator: 0) }
        #expect(throws: LiquidError.self) { try AnimatedPNGEncoder.Delay.frameRate(0) }
    }
}
