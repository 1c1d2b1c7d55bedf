import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

@Suite("Copy hole: the copy blend cuts through what is beneath")
struct CopyHoleTests {
    static let red = PremultipliedRGBA8(red: 200, green: 30, blue: 20, alpha: 255)
    static let shape = GooShape.capsule(Rect(x: 10.3, y: 8.6, width: 37.4, height: 20.2))

    /// Covered pixels become exactly the copy source, uncovered ones are untouched, edge pixels blend
    /// linearly by coverage.
    @Test(arguments: [RGBA.clear, RGBA(red: 1, green: 1, blue: 1, alpha: 0.6)])
    func cutsByCoverage(color: RGBA) throws {
        var pixmap = try Pixmap(width: 60, height: 40, fill: Self.red)
        CopyHole(shape: Self.shape, color: color).cut(in: &pixmap)
        let coverage = try GooFixtures.coverage([Self.shape], width: 60, height: 40)
        let source = PremultipliedRGBA8(color)
        var full = 0, edge = 0
        for y in 0..<40 {
            for x in 0..<60 {
                let c = Int(coverage[x, y].alpha), p = pixmap[x, y]
                switch c {
                case 0: #expect(p == Self.red)
                case 255: #expect(p == source); full += 1
                default:
                    edge += 1
                    // d + c·(s − d), rounded to nearest.
                    func mix(_ s: UInt8, _ d: UInt8) -> Int { (Int(s) * c + Int(d) * (255 - c) + 127) / 255 }
                    #expect(Int(p.alpha) == mix(source.alpha, Self.red.alpha))
                    #expect(Int(p.red) == mix(source.red, Self.red.red))
                    #expect(p.red <= p.alpha && p.green <= p.alpha && p.blue <= p.alpha)
                }
            }
        }
        #expect(full > 400 && edge > 40)
    }

    /// Through a canvas the hole respects the transform and the clip, and restores the compositor.
    @Test func followsCanvasTransformAndClip() throws {
        var canvas = Canvas(try Pixmap(width: 40, height: 40, scale: 2, fill: Self.red))
        canvas.clip(to: Path(rect: Rect(x: 0, y: 0, width: 10, height: 20)))
        canvas.translate(x: 2, y: 2)
        CopyHole(shape: .roundedRect(Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: 0)).cut(in: &canvas)
        #expect(canvas.blender.name == SpanBlender.sourceOver.name)
        let result = canvas.pixmap
        #expect(result[10, 10] == .transparent, "inside the hole and the clip")
        #expect(result[30, 10] == Self.red, "outside the clip")
        #expect(result[2, 2] == Self.red, "outside the translated hole")
    }

    /// The thumb-in-track arrangement: a white thumb copied over a goo track replaces the track colour.
    @Test func thumbReplacesTrack() throws {
        let layer = GooLayer()
        let thumb = Rect(x: 22, y: 4, width: 26, height: 16)
        try layer.render(size: Size(width: 56, height: 24), scale: 1,
                         parameters: .liquidSwitch(color: RGBA(red: 0.2, green: 0.8, blue: 0.3)),
                         shapes: [.capsule(Rect(x: 4, y: 3, width: 48, height: 18)), .capsule(thumb)])
        var frame = try Pixmap(width: 56, height: 24, fill: .white)
        try layer.composite(onto: &frame, at: .zero)
        let translucent = RGBA(red: 1, green: 1, blue: 1, alpha: 0.5)
        CopyHole(shape: .capsule(thumb), color: translucent).cut(in: &frame)
        #expect(frame[35, 12] == PremultipliedRGBA8(translucent), "the thumb shows its own colour, not the track")
        #expect(frame[10, 12].green > frame[10, 12].red, "the track outside the thumb keeps its colour")
    }
}
