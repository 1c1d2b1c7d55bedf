import Foundation
import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("PNG reading and writing")
struct PNGTests {
    // MARK: Alpha conversion

    @Test func premultiplyAndUnpremultiplyRoundExactlyOverAllPairs() {
        for a in 0...255 {
            for c in 0...255 {
                let expected = UInt8((Double(c * a) / 255).rounded())
                #expect(PNGAlphaConversion.premultiply(UInt8(c), alpha: UInt8(a)) == expected)
            }
            guard a > 0 else {
                #expect(PNGAlphaConversion.unpremultiply(0, alpha: 0) == 0)
                continue
            }
            for p in 0...a {
                let straight = PNGAlphaConversion.unpremultiply(UInt8(p), alpha: UInt8(a))
                #expect(abs(Double(straight) - Double(p * 255) / Double(a)) <= 0.5)
                // premultiplied → straight → premultiplied is the identity on every valid pair.
                #expect(PNGAlphaConversion.premultiply(straight, alpha: UInt8(a)) == UInt8(p))
            }
        }
    }

    @Test func everyPremultipliedPairSurvivesAFileRoundTrip() throws {
        // Pixel (x, y): alpha y, red min(x, y) — every (value ≤ alpha) pair appears once in red.
        var bytes: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let red = min(x, y), green = x <= y ? y - x : 0, blue = min(x / 2, y)
                bytes += [UInt8(red), UInt8(green), UInt8(blue), UInt8(y)]
            }
        }
        let pixmap = try Pixmap(width: 256, height: 256, premultipliedBytes: bytes)
        let decoded = try PNG.decode(PNG.encode(pixmap))
        #expect(decoded.bytes == pixmap.bytes)
    }

    // MARK: Round trips

    @Test(arguments: [(1, 1), (2, 3), (17, 9), (64, 64), (257, 3), (3, 200)])
    func randomImagesRoundTripBitExactly(width: Int, height: Int) throws {
        var random = SeededRandom(seed: UInt64(width * 1000 + height))
        var bytes: [UInt8] = []
        for _ in 0..<(width * height) {
            let alpha: UInt8
            switch Int.random(in: 0..<4, using: &random) {
            case 0: alpha = 0
            case 1: alpha = 255
            default: alpha = UInt8.random(in: 1...254, using: &random)
            }
            for _ in 0..<3 { bytes.append(UInt8.random(in: 0...alpha, using: &random)) }
            bytes.append(alpha)
        }
        let pixmap = try Pixmap(width: width, height: height, scale: 2, premultipliedBytes: bytes)
        let encoded = try PNG.encode(pixmap)
        let header = try PNG.Header(parsing: encoded)
        #expect(header.width == width && header.height == height)
        #expect(header.bitDepth == 8 && header.colorType == .rgba && !header.isInterlaced)
        let decoded = try PNG.decode(encoded, scale: 2)
        #expect(decoded == pixmap)
    }

    @Test func filesRoundTripAndFileErrorsNameThePath() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let path = directory + "/liquidkit-png-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var pixmap = try Pixmap(width: 5, height: 4, fill: PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 40))
        pixmap[2, 1] = .white
        try PNG.write(pixmap, to: path)
        #expect(try PNG.read(contentsOf: path) == pixmap)

        let missing = directory + "/liquidkit-no-such-file.png"
        #expect(throws: LiquidError.io("cannot open '\(missing)': No such file or directory")) {
            try PNG.read(contentsOf: missing)
        }
        let text = directory + "/liquidkit-not-a-png-\(UInt32.random(in: 0...UInt32.max)).png"
        defer { try? FileManager.default.removeItem(atPath: text) }
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: LiquidError.image("'\(text)': not a PNG image: the 8-byte PNG signature is missing")) {
            try PNG.read(contentsOf: text)
        }
        #expect(throws: LiquidError.self) { try PNG.write(pixmap, to: "/nonexistent-dir/x.png") }
    }

    @Test func badScaleIsRefused() {
        #expect(throws: LiquidError.self) { try PNG.decode(PNG.encode(Pixmap(width: 1, height: 1)), scale: 0) }
        #expect(throws: LiquidError.self) { try PNG.decode(PNG.encode(Pixmap(width: 1, height: 1)), scale: .nan) }
    }

    // MARK: Decoding every colour type and bit depth (hand-built files)

    /// The straight RGBA8 colour the decoder must produce for one pixel of a hand-built file.
    private struct Expectation {
        var bitDepth: Int
        var colorType: UInt8
        var palette: [(UInt8, UInt8, UInt8)] = []
        var transparency: [UInt8]? = nil

        func to8(_ v: Int) -> Int {
            switch bitDepth {
            case 16: return (v + 128) / 257  // round(v·255/65535); v/257 is never exactly halfway
            default: return v * 255 / ((1 << bitDepth) - 1)
            }
        }

        func transparentSample(_ i: Int) -> Int? {
            guard let t = transparency, t.count >= 2 * (i + 1) else { return nil }
            return Int(t[2 * i]) << 8 | Int(t[2 * i + 1])
        }

        func straight(_ s: [Int]) -> (Int, Int, Int, Int) {
            switch colorType {
            case 0:
                let alpha = transparentSample(0) == s[0] ? 0 : 255
                return (to8(s[0]), to8(s[0]), to8(s[0]), alpha)
            case 2:
                let key = (0..<3).compactMap { transparentSample($0) }
                let alpha = key == s ? 0 : 255
                return (to8(s[0]), to8(s[1]), to8(s[2]), alpha)
            case 3:
                let entry = palette[s[0]]
                let alpha = transparency.map { s[0] < $0.count ? Int($0[s[0]]) : 255 } ?? 255
                return (Int(entry.0), Int(entry.1), Int(entry.2), alpha)
            case 4: return (to8(s[0]), to8(s[0]), to8(s[0]), to8(s[1]))
            default: return (to8(s[0]), to8(s[1]), to8(s[2]), to8(s[3]))
            }
        }

        func premultiplied(_ s: [Int]) -> PremultipliedRGBA8 {
            let (r, g, b, a) = straight(s)
            func p(_ c: Int) -> UInt8 { UInt8((Double(c * a) / 255).rounded()) }
            return PremultipliedRGBA8(red: p(r), green: p(g), blue: p(b), alpha: UInt8(a))
        }
    }

    private static func channels(_ colorType: UInt8) -> Int {
        [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]!
    }

    /// Decodes a hand-built file with random samples and compares every pixel.
    private func check(colorType: UInt8, bitDepth: Int, width: Int = 13, height: Int = 7, interlaced: Bool = false,
                       paletteSize: Int = 0, transparency: [UInt8]? = nil, seed: UInt64,
                       samples: ((Int, Int) -> [Int])? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var random = SeededRandom(seed: seed)
        let maximum = (1 << bitDepth) - 1
        var grid: [[Int]] = []
        for _ in 0..<(width * height) {
            if colorType == 3 {
                grid.append([Int.random(in: 0..<paletteSize, using: &random)])
            } else {
                grid.append((0..<Self.channels(colorType)).map { _ in Int.random(in: 0...maximum, using: &random) })
            }
        }
        let palette = (0..<paletteSize).map { _ in
            (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
             UInt8.random(in: 0...255, using: &random))
        }
        let sample = samples ?? { x, y in grid[y * width + x] }
        let file = PNGTestFiles.make(width: width, height: height, bitDepth: bitDepth, colorType: colorType,
                                     interlaced: interlaced, palette: palette, transparency: transparency,
                                     sample: sample)
        let pixmap = try PNG.decode(file)
        let expectation = Expectation(bitDepth: bitDepth, colorType: colorType, palette: palette,
                                      transparency: transparency)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width where pixmap[x, y] != expectation.premultiplied(sample(x, y)) {
                if mismatches < 3 {
                    let text = "type \(colorType) depth \(bitDepth) (\(x), \(y)) samples \(sample(x, y)): got "
                        + "\(pixmap[x, y]), expected \(expectation.premultiplied(sample(x, y)))"
                    Issue.record("\(text)", sourceLocation: sourceLocation)
                }
                mismatches += 1
            }
        }
        #expect(mismatches == 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 4, 8, 16])
    func greyscaleAtEveryBitDepth(bitDepth: Int) throws {
        try check(colorType: 0, bitDepth: bitDepth, seed: UInt64(bitDepth))
        try check(colorType: 0, bitDepth: bitDepth, interlaced: true, seed: UInt64(bitDepth) + 100)
    }

    @Test(arguments: [8, 16])
    func greyAlphaRGBAndRGBA(bitDepth: Int) throws {
        for colorType: UInt8 in [2, 4, 6] {
            try check(colorType: colorType, bitDepth: bitDepth, seed: UInt64(bitDepth) * 10 + UInt64(colorType))
            try check(colorType: colorType, bitDepth: bitDepth, width: 9, height: 10, interlaced: true,
                      seed: UInt64(bitDepth) * 20 + UInt64(colorType))
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func paletteWithAndWithoutTransparency(bitDepth: Int) throws {
        let size = 1 << bitDepth
        try check(colorType: 3, bitDepth: bitDepth, paletteSize: size, seed: UInt64(bitDepth) + 300)
        // tRNS shorter than the palette: the remaining entries are opaque.
        let alphas = (0..<max(1, size / 2)).map { UInt8(($0 * 97) % 256) }
        try check(colorType: 3, bitDepth: bitDepth, paletteSize: size, transparency: alphas, seed: UInt64(bitDepth) + 400)
        try check(colorType: 3, bitDepth: bitDepth, width: 11, height: 9, interlaced: true, paletteSize: size,
                  transparency: alphas, seed: UInt64(bitDepth) + 500)
    }

    @Test func transparencyKeyForGreyAndRGB() throws {
        // Grey 8-bit: sample 7 is transparent.
        try check(colorType: 0, bitDepth: 8, transparency: [0, 7], seed: 1) { x, y in [(x + y) % 2 == 0 ? 7 : 200] }
        // Grey 4-bit key.
        try check(colorType: 0, bitDepth: 4, transparency: [0, 3], seed: 2) { x, _ in [x % 5] }
        // Grey 16-bit key.
        try check(colorType: 0, bitDepth: 16, transparency: [0x12, 0x34], seed: 3) { x, _ in [x % 2 == 0 ? 0x1234 : 0x1235] }
        // RGB 8-bit key (10, 20, 30).
        try check(colorType: 2, bitDepth: 8, transparency: [0, 10, 0, 20, 0, 30], seed: 4) { x, y in
            (x + y) % 3 == 0 ? [10, 20, 30] : [10, 20, 31]
        }
        // RGB 16-bit key.
        try check(colorType: 2, bitDepth: 16, transparency: [1, 0, 2, 0, 3, 0], seed: 5) { x, _ in
            x % 2 == 0 ? [256, 512, 768] : [256, 512, 769]
        }
    }

    @Test func sixteenBitSamplesAreRoundedNotTruncated() throws {
        // 0x80FF: truncation (high byte) gives 128, rounding v·255/65535 = 128.5… → 129 (v/257 = 129.3).
        let values = [0, 128, 129, 385, 0x7FFF, 0x8000, 0x80FF, 0xFF7F, 0xFF80, 0xFFFF]
        let file = PNGTestFiles.make(width: values.count, height: 1, bitDepth: 16, colorType: 0) { x, _ in [values[x]] }
        let pixmap = try PNG.decode(file)
        for (x, v) in values.enumerated() {
            let expected = UInt8((Double(v) * 255 / 65535).rounded())
            #expect(pixmap[x, 0].red == expected, "16-bit \(v) → \(pixmap[x, 0].red), expected \(expected)")
        }
    }

    @Test func gammaChunksAreHonouredOnlyWhereTheyDifferFromSRGB() throws {
        // An 8-bit file declaring gamma 1/2.2 (the sRGB approximation) is passed through unchanged.
        let srgbGamma = PNGTestFiles.chunk("gAMA", PNGTestFiles.bigEndian(45455))
        let eight = PNGTestFiles.make(width: 4, height: 1, bitDepth: 8, colorType: 0,
                                      extraChunksBeforeData: [srgbGamma]) { x, _ in [x * 60] }
        let decoded = try PNG.decode(eight)
        #expect((0..<4).map { decoded[$0, 0].red } == [0, 60, 120, 180])
        // A 16-bit file declaring linear gamma (1.0) is converted to sRGB: 0.5 linear ≈ 188 in sRGB.
        let linear = PNGTestFiles.chunk("gAMA", PNGTestFiles.bigEndian(100_000))
        let sixteen = PNGTestFiles.make(width: 1, height: 1, bitDepth: 16, colorType: 0,
                                        extraChunksBeforeData: [linear]) { _, _ in [0x8000] }
        let value = try PNG.decode(sixteen)[0, 0].red
        #expect((186...190).contains(value), "linear 0.5 decoded to \(value)")
    }

    @Test func headerParsing() throws {
        let file = PNGTestFiles.make(width: 300, height: 2, bitDepth: 4, colorType: 3, interlaced: true,
                                     palette: Array(repeating: (0, 0, 0), count: 16)) { _, _ in [0] }
        let header = try PNG.Header(parsing: file)
        #expect(header == PNG.Header(width: 300, height: 2, bitDepth: 4, colorType: .palette, isInterlaced: true))
        #expect(header.bitsPerPixel == 4)
    }
}

extension PNG.Header {
    init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, isInterlaced: Bool) {
        var ihdr = PNGTestFiles.bigEndian(UInt32(width)) + PNGTestFiles.bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), colorType.rawValue, 0, 0, isInterlaced ? 1 : 0]
        try! self.init(parsing: PNGTestFiles.signature + PNGTestFiles.chunk("IHDR", ihdr))
    }
}
