import LiquidGeometry
import LiquidRaster
import Testing
import TestSupport

@Suite("Pixel-aligned and stretched blits")
struct AlignedBlitTests {
    /// A random valid premultiplied image.
    func image(width: Int, height: Int, seed: UInt64) throws -> Pixmap {
        var random = SeededRandom(seed: seed)
        var pixmap = try Pixmap(width: width, height: height, scale: 3)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &random)
                let pick = { (r: inout SeededRandom) in UInt8.random(in: 0...alpha, using: &r) }
                pixmap[x, y] = PremultipliedRGBA8(red: pick(&random), green: pick(&random), blue: pick(&random),
                                                  alpha: y % 7 == 0 ? 255 : alpha)
            }
        }
        return pixmap
    }

    func maximumDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func compositeIsSourceOverAtAPixelOffset() throws {
        let source = try image(width: 20, height: 12, seed: 1)
        let background = try image(width: 32, height: 24, seed: 2)
        var canvas = Canvas(background)
        canvas.drawImage(source, atPixelX: 5, y: 7)
        var expected = background
        try expected.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
            try source.withView { try region.composite($0) }
        }
        #expect(maximumDifference(canvas.pixmap, expected) <= 1)
        // Partly outside: only the overlap changes, nothing traps.
        var shifted = Canvas(background)
        shifted.drawImage(source, atPixelX: -15, y: 20)
        #expect(shifted.pixmap[2, 19] == background[2, 19] && shifted.pixmap[2, 20] != background[2, 20])
        #expect(shifted.pixmap[6, 20] == background[6, 20])
    }

    @Test func compositeHonoursTheClip() throws {
        let source = try Pixmap(width: 16, height: 16, fill: .white)
        var canvas = Canvas(try Pixmap(width: 16, height: 16))
        canvas.clip(to: Path(rect: Rect(x: 0, y: 0, width: 8, height: 16)))
        canvas.drawImage(source, atPixelX: 0, y: 0)
        #expect(canvas.pixmap[3, 3] == .white && canvas.pixmap[12, 3] == .transparent)
    }

    @Test func stretchAtOneToOneIsTheImageItself() throws {
        let source = try image(width: 20, height: 12, seed: 3)
        let background = try image(width: 32, height: 24, seed: 4)
        var stretched = background
        stretched.stretch(source, over: Rect(x: 5, y: 7, width: 20, height: 12), mode: .normal, opacity: 1)
        var expected = background
        try expected.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
            try source.withView { try region.composite($0) }
        }
        #expect(maximumDifference(stretched, expected) <= 1)
        for mode in [(BlendMode.multiply, BlendMode.multiply), (.screen, .screen)] {
            var blended = background
            blended.stretch(source, over: Rect(x: 5, y: 7, width: 20, height: 12), mode: mode.0, opacity: 1)
            var reference = background
            try reference.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
                try source.withView { try region.composite($0, mode: mode.1) }
            }
            #expect(maximumDifference(blended, reference) <= 1, "\(mode.1)")
        }
    }

    @Test func stretchCoversFractionalEdgesPartially() throws {
        let source = try Pixmap(width: 4, height: 4, fill: .white)
        var target = try Pixmap(width: 10, height: 10)
        target.stretch(source, over: Rect(x: 2.5, y: 2, width: 5, height: 4), mode: .normal, opacity: 1)
        #expect(target[4, 3] == .white)
        #expect(target[2, 3].alpha == 128 && target[7, 3].alpha == 128)
        #expect(target[1, 3] == .transparent && target[8, 3] == .transparent && target[4, 6] == .transparent)
    }
}
