import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Golden images of the metaball pieces put together, each over an opaque backdrop so it reads as a frame.
@Suite("Golden images: goo")
struct GooGoldenTests {
    static let backdrop = PremultipliedRGBA8(red: 236, green: 236, blue: 241, alpha: 255)
    static let green = RGBA(red: 0.2, green: 0.78, blue: 0.35)
    static let blue = RGBA(red: 0.0, green: 0.48, blue: 1)
    static let grey = RGBA(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.28)

    /// A switch mid-press at 2× (118×78 px): track pill + a thumb grown taller than the track, fused by
    /// goo (blur 3 pt, threshold 0.69, colour half-way from off to on), softened (σ 1 pt), the thumb cut
    /// in white with the copy blend, then the baked thumb shading.
    @Test func switchPill() throws {
        let scale = 2.0, size = Size(width: 59, height: 39)
        let track = Rect(x: 4, y: 4, width: 51, height: 31)
        let thumb = Rect(x: 18, y: 2.5, width: 34, height: 34)
        let color = GooParameters.mixedColor(off: Self.grey, on: Self.green, fraction: 0.8)
        let layer = GooLayer()
        try layer.render(size: size, scale: scale, parameters: .liquidSwitch(color: color),
                         shapes: [.capsule(track), .capsule(thumb)], softening: .liquidSwitch)
        var frame = try Pixmap(size: size, scale: scale, fill: Self.backdrop)
        try layer.composite(onto: &frame, at: .zero)
        let knob = Rect(x: thumb.origin.x + 3, y: thumb.origin.y + 3, width: thumb.size.width - 6, height: thumb.size.height - 6)
        CopyHole(shape: .capsule(knob), color: .white).cut(in: &frame)
        let shading = try BakedShadingCache().image(for: .thumb, size: knob.size, scale: scale)
        try shading.composite(onto: &frame, at: knob.origin)
        #expect(frame.width == 118 && frame.height == 78)
        #expect(frame[70, 39] == .white, "the knob's centre is the copied white")
        goldens.assertMatches(frame, named: "goo-switch", tolerance: 1)
    }

    /// Droplets at 1× (160×80 px): a pair close enough to fuse with a neck, a pair that just bridges, and a
    /// lone drop; blur 5 pt, threshold 0.5, soft edge, softening σ 1 pt.
    @Test func fusedDroplets() throws {
        let size = Size(width: 160, height: 80)
        let shapes: [GooShape] = [
            .circle(center: Point(x: 26, y: 30), radius: 16), .circle(center: Point(x: 58, y: 34), radius: 13),
            .circle(center: Point(x: 92, y: 52), radius: 10), .circle(center: Point(x: 113, y: 50), radius: 8),
            .circle(center: Point(x: 140, y: 24), radius: 11),
        ]
        let layer = GooLayer()
        try layer.render(size: size, scale: 1,
                         parameters: GooParameters(blurRadius: 5, threshold: 0.5, edgeWidth: 0.1, color: Self.blue),
                         shapes: shapes, softening: .liquidSwitch)
        var frame = try Pixmap(size: size, scale: 1, fill: Self.backdrop)
        try layer.composite(onto: &frame, at: .zero)
        #expect(frame[42, 32] != Self.backdrop, "the first pair is bridged between the drops")
        #expect(frame[126, 40] == Self.backdrop, "the lone drop stays separate")
        goldens.assertMatches(frame, named: "goo-droplets", tolerance: 1)
    }

    /// A slider at 2× (150×60 px): two-colour goo — grey track background and blue fill, each fused with
    /// the thumb — then the white thumb copied in and shaded.
    @Test func twoColourSlider() throws {
        let scale = 2.0, size = Size(width: 75, height: 30)
        let track = Rect(x: 5, y: 13, width: 65, height: 4)
        let fill = Rect(x: 5, y: 13, width: 40, height: 4)
        let thumb = Rect(x: 33, y: 7, width: 24, height: 16)
        let stack = GooStack()
        try stack.render(size: size, scale: scale, passes: [
            GooStack.Pass(parameters: GooParameters(blurRadius: 2, threshold: 0.6, edgeWidth: 0.1, color: Self.grey),
                          shapes: [.capsule(track), .capsule(thumb)]),
            GooStack.Pass(parameters: GooParameters(blurRadius: 2, threshold: 0.6, edgeWidth: 0.1, color: Self.blue),
                          shapes: [.capsule(fill), .capsule(thumb.insetBy(dx: 2, dy: 2))]),
        ], softening: .liquidSwitch)
        var frame = try Pixmap(size: size, scale: scale, fill: Self.backdrop)
        try frame.withMutableView { try stack.composite(onto: $0, x: 0, y: 0) }
        let knob = thumb.insetBy(dx: 2, dy: 2)
        CopyHole(shape: .capsule(knob), color: .white).cut(in: &frame)
        try BakedShadingCache().image(for: .thumb, size: knob.size, scale: scale).composite(onto: &frame, at: knob.origin)
        #expect(frame.width == 150 && frame.height == 60)
        // The bar is thinner than the softening band, so even its middle is slightly softened.
        #expect(frame[30, 30].blue > 230 && frame[30, 30].red < 80, "the fill")
        #expect(frame[130, 30] != Self.backdrop && frame[130, 30].blue < 240, "the track background")
        goldens.assertMatches(frame, named: "goo-slider", tolerance: 1)
    }
}
