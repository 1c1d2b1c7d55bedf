import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

/// `Pixmap.withCanvas` (drawing in place) against the canvas-by-value route, and the read-only and mutable
/// pixel views.
@Suite("Pixmap.withCanvas and pixel views")
struct PixmapCanvasTests {
    /// A random valid premultiplied image.
    func image(width: Int, height: Int, scale: Double = 1, seed: UInt64) throws -> Pixmap {
        var random = SeededRandom(seed: seed)
        var pixmap = try Pixmap(width: width, height: height, scale: scale)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &random)
                let pick = { (r: inout SeededRandom) in UInt8.random(in: 0...alpha, using: &r) }
                pixmap[x, y] = PremultipliedRGBA8(red: pick(&random), green: pick(&random), blue: pick(&random), alpha: alpha)
            }
        }
        return pixmap
    }

    /// The first pixel's address: the identity of the storage (read, never written through).
    func address(_ pixmap: Pixmap) -> UInt { pixmap.withView { UInt(bitPattern: $0.base) } }

    /// Several kinds of drawing, the same on any canvas.
    func draw(on canvas: inout Canvas, sprite: Pixmap) {
        canvas.fill(Path(ellipseIn: Rect(x: 3.3, y: 2.1, width: 17, height: 11)), paint: .color(RGBA(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7)))
        canvas.stroke(Path(rect: Rect(x: 1.5, y: 4.5, width: 25, height: 9)), style: StrokeStyle(width: 1.5),
                      paint: .color(RGBA(red: 1, green: 0.3, blue: 0, alpha: 0.8)))
        canvas.fillRoundedRect(Rect(x: 12, y: 6, width: 14, height: 8), cornerRadii: CornerRadii(all: 4),
                               paint: .color(.white))
        canvas.drawImage(sprite, transform: AffineTransform(translationX: 4.25, y: 3.5))
    }

    @Test func drawsTheSameBytesAsACanvasByValue() throws {
        let background = try image(width: 32, height: 20, scale: 2, seed: 11)
        let sprite = try image(width: 6, height: 5, scale: 2, seed: 12)
        var canvas = Canvas(background)
        draw(on: &canvas, sprite: sprite)
        var inPlace = background
        inPlace.withCanvas { draw(on: &$0, sprite: sprite) }
        #expect(inPlace.bytes == canvas.pixmap.bytes)
        #expect(inPlace != background)
    }

    @Test func drawsInPlaceWithoutCopyingTheStorage() throws {
        var pixmap = try image(width: 40, height: 30, seed: 13)
        let before = address(pixmap)
        pixmap.withCanvas { canvas in
            canvas.fillRect(Rect(x: 2, y: 2, width: 10, height: 10), paint: .color(.black))
        }
        #expect(address(pixmap) == before)
        #expect(pixmap[5, 5] == PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 255))
        // The by-value route the placeholder swaps worked around: the canvas shares the storage with
        // `pixmap`, so its first write copies the whole image.
        var canvas = Canvas(pixmap)
        canvas.fillRect(Rect(x: 2, y: 2, width: 10, height: 10), paint: .color(.white))
        pixmap = canvas.pixmap
        #expect(address(pixmap) != before)
    }

    @Test func aSharedPixmapIsCopiedOnceAndTheOtherValueKeepsItsPixels() throws {
        var pixmap = try image(width: 16, height: 16, seed: 14)
        let copy = pixmap
        pixmap.withCanvas { $0.fillRect(Rect(x: 0, y: 0, width: 16, height: 16), paint: .color(.white)) }
        #expect(pixmap[7, 7] == .white)
        #expect(copy == (try image(width: 16, height: 16, seed: 14)))
    }

    @Test(arguments: [1.0, 2.0])
    func drawsIntoARegionAndLeavesTheRestUntouched(scale: Double) throws {
        let background = try image(width: 36, height: 28, scale: scale, seed: 15)
        let region = PixelRect(x: 7, y: 5, width: 20, height: 12)
        // A circle reaching well beyond the region on every side, and an opaque rect over everything.
        let circle = Path(ellipseIn: Rect(x: -4, y: -6, width: 30, height: 30))
        var drawn = background
        drawn.withCanvas(in: region) { canvas in
            canvas.fill(circle, paint: .color(RGBA(red: 0.9, green: 0.1, blue: 0.4, alpha: 0.6)))
            canvas.fillRect(Rect(x: 3, y: -100, width: 1, height: 1000), paint: .color(.black))
        }
        for y in 0..<background.height {
            for x in 0..<background.width
            where !(x >= region.x && x < region.maxX && y >= region.y && y < region.maxY) {
                #expect(drawn[x, y] == background[x, y], "pixel (\(x), \(y)) outside the region changed")
            }
        }
        // Inside: the same as drawing on a crop of the region, with user space at its corner (up to one
        // level where Float rounding of the shifted edge coordinates moves a coverage across a rounding step).
        var crop = Canvas(try background.cropped(to: region))
        crop.fill(circle, paint: .color(RGBA(red: 0.9, green: 0.1, blue: 0.4, alpha: 0.6)))
        crop.fillRect(Rect(x: 3, y: -100, width: 1, height: 1000), paint: .color(.black))
        let inside = try drawn.cropped(to: region)
        #expect(inside != (try background.cropped(to: region)))
        #expect(zip(inside.bytes, crop.pixmap.bytes).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
        #expect(inside[Int(3 * scale), 0] == PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 255))
    }

    @Test func anErrorPassesThroughWithItsTypeAndThePixmapIsKept() throws {
        var pixmap = try Pixmap(width: 8, height: 8)
        let before = address(pixmap)
        #expect(throws: LiquidError.invalidParameter("stop")) {
            try pixmap.withCanvas { (canvas) throws(LiquidError) in
                canvas.fillRect(Rect(x: 0, y: 0, width: 4, height: 8), paint: .color(.white))
                throw .invalidParameter("stop")
            }
        }
        #expect(pixmap.width == 8 && pixmap.bytes.count == 8 * 8 * 4 && address(pixmap) == before)
        #expect(pixmap[1, 1] == .white && pixmap[6, 1] == .transparent)
    }

    @Test func readOnlyAndMutableViewsSeeTheSamePixels() throws {
        var pixmap = try image(width: 9, height: 7, seed: 16)
        let rect = PixelRect(x: 2, y: 1, width: 5, height: 4)
        let expected = try pixmap.cropped(to: rect)
        pixmap.withView { view in
            let region = view.region(rect)
            #expect(region.width == 5 && region.height == 4)
            for y in 0..<4 { for x in 0..<5 { #expect(region[x, y] == expected[x, y]) } }
        }
        pixmap.withMutableRegion(rect) { region in
            for y in 0..<4 { for x in 0..<5 { #expect(region.readOnly[x, y] == expected[x, y]) } }
            region[0, 0] = .white
        }
        #expect(pixmap[2, 1] == .white)
    }
}

@Suite("Packed pixel arithmetic")
struct PackedPixelTests {
    /// Channel `i` of a packed pixel.
    func channel(_ p: UInt32, _ i: Int) -> UInt32 { (p >> UInt32(8 * i)) & 0xFF }

    @Test func mixIsTheRoundedLinearMix() {
        // Every weight, with channel values sweeping 0…255 in all four lanes (each lane its own values).
        for w in UInt32(0)...255 {
            for v in stride(from: UInt32(0), through: 255, by: 3) {
                let a = v | (255 - v) << 8 | (v / 2) << 16 | (v * 7 % 256) << 24
                let b = (255 - v) | v << 8 | (v * 5 % 256) << 16 | (v / 3) << 24
                let mixed = PackedPixel.mix(a, b, w)
                for i in 0..<4 {
                    let exact = (Double(channel(a, i)) * Double(255 - w) + Double(channel(b, i)) * Double(w)) / 255
                    #expect(channel(mixed, i) == UInt32(exact.rounded()), "w \(w) v \(v) lane \(i)")
                }
            }
        }
    }

    /// The identities the solid cell blend relies on instead of testing the coverage: full coverage leaves
    /// the colour as it is, and an empty source leaves the destination as it is (every value in every lane).
    @Test func fullScaleAndEmptySourceAreIdentities() {
        for v in UInt32(0)...255 {
            for p in [v &* 0x0101_0101, v | (255 - v) << 8 | (v / 2) << 16 | (v * 7 % 256) << 24] {
                #expect(PackedPixel.scale(p, 255) == p, "pixel \(p)")
                #expect(PackedPixel.scale(p, 0) == 0, "pixel \(p)")
                #expect(PackedPixel.sourceOver(0, p) == p, "pixel \(p)")
            }
        }
    }

    @Test func coveredSourceOverIsTheExactResultRounded() {
        var random = SeededRandom(seed: 21)
        for _ in 0..<20_000 {
            let sa = UInt32.random(in: 0...255, using: &random), da = UInt32.random(in: 0...255, using: &random)
            let s = UInt32.random(in: 0...sa, using: &random) | UInt32.random(in: 0...sa, using: &random) << 8
                | UInt32.random(in: 0...sa, using: &random) << 16 | sa << 24
            let d = UInt32.random(in: 0...da, using: &random) | UInt32.random(in: 0...da, using: &random) << 8
                | UInt32.random(in: 0...da, using: &random) << 16 | da << 24
            let c = UInt32.random(in: 0...255, using: &random)
            let out = PackedPixel.sourceOver(s, d, coverage: c)
            for i in 0..<4 {
                let k = Double(c) / 255
                let exact = Double(channel(s, i)) * k + Double(channel(d, i)) * (1 - Double(sa) * k / 255)
                #expect(abs(Double(channel(out, i)) - exact) <= 0.5 + 1e-9)
            }
            #expect((0..<3).allSatisfy { channel(out, $0) <= channel(out, 3) })
            if c == 255 { #expect(out == PackedPixel.sourceOver(s, d)) }
        }
    }
}
