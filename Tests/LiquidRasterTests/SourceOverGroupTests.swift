import LiquidGeometry
import LiquidRaster
import Testing

/// Plain source-over takes whole groups of eight transparent or opaque source pixels at once; every pixel
/// must still be exactly `s + round(d·(255 − αs)/255)` per channel, whatever its group holds.
@Suite struct SourceOverGroupTests {
    /// A premultiplied pixel from a seed: alpha from `alphas`, colour channels at most alpha.
    static func pixel(_ seed: inout UInt64, alpha: UInt8) -> [UInt8] {
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let a = UInt64(alpha)
        return [UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), UInt8(next() % (a + 1)), alpha]
    }

    @Test func groupsMatchTheExactFormula() throws {
        // 37 pixels a row: four whole groups and a tail of five. Rows cycle through transparent groups,
        // opaque groups, mixed groups (a zero pixel, an opaque one, partial alphas) and a group opaque but
        // for one pixel of alpha 254.
        let width = 37, height = 12
        var seed: UInt64 = 42
        var source: [UInt8] = [], destination: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let alpha: UInt8
                switch (y + x / 8) % 4 {
                case 0: alpha = 0
                case 1: alpha = 255
                case 2: alpha = [0, 255, 1, 128, 200, 17, 254, 90][x % 8]
                default: alpha = x % 8 == 3 ? 254 : 255
                }
                source += Self.pixel(&seed, alpha: alpha)
                destination += Self.pixel(&seed, alpha: UInt8(truncatingIfNeeded: (x * 37 + y * 11) % 256))
            }
        }
        let over = try Pixmap(width: width, height: height, premultipliedBytes: source)
        let background = try Pixmap(width: width, height: height, premultipliedBytes: destination)
        var expected = [UInt8](repeating: 0, count: source.count)
        for i in stride(from: 0, to: source.count, by: 4) {
            let keep = 255 - Int(source[i + 3])
            for c in 0..<4 {
                expected[i + c] = UInt8(Int(source[i + c]) + (Int(destination[i + c]) * keep + 127) / 255)
            }
        }
        // The AVX2 kernel (where the CPU has it) and the Swift loop.
        for kernels in [KernelSet.automatic, .avx2, .portable] {
            var result = background
            try result.withMutableView { (view) throws(LiquidError) in
                try over.withView { (from) throws(LiquidError) in try view.composite(from, kernels: kernels) }
            }
            #expect(result.bytes == expected, "\(kernels)")
            #expect(result.bytes != destination && result.bytes != source)
        }
    }
}
