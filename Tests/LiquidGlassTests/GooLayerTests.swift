import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

@Suite("Goo layer: blur + alpha threshold")
struct GooLayerTests {
    static let blue = RGBA(red: 0.1, green: 0.4, blue: 0.95)

    /// Threshold 0.5 keeps an isolated circle's radius: the equivalent radius √(area/π) of the result is
    /// within 0.5 px of the drawn circle's, for shapes several σ large (the σ²/2R curvature shrink is small).
    @Test(arguments: [(scale: 1.0, blur: 3.0, radius: 20.0), (scale: 2.0, blur: 2.0, radius: 24.0),
                      (scale: 3.0, blur: 1.0, radius: 12.0)])
    func isolatedCircleKeepsItsRadius(scale: Double, blur: Double, radius: Double) throws {
        let side = 2 * radius + 12 * blur
        let circle = GooShape.circle(center: Point(x: side / 2, y: side / 2), radius: radius)
        let size = Size(width: side, height: side)
        let result = try GooFixtures.goo([circle], size: size, scale: scale,
                                         parameters: GooParameters(blurRadius: blur, threshold: 0.5, color: Self.blue))
        let pixels = Int((side * scale).rounded(.up))
        let drawn = try GooFixtures.coverage([circle], width: pixels, height: pixels, scale: scale)
        let drawnRadius = (GooFixtures.area(drawn) / Double.pi).squareRoot()
        let gooRadius = (GooFixtures.area(result) / Double.pi).squareRoot()
        #expect(abs(drawnRadius - radius * scale) < 0.05)
        #expect(abs(gooRadius - drawnRadius) <= 0.5, "radius \(gooRadius) px after goo vs \(drawnRadius) px drawn")
        // And along the horizontal diameter the edge stays within half a pixel on both sides.
        let row = pixels / 2
        let covered = (0..<pixels).filter { result[$0, row].alpha >= 128 }
        let left = Double(covered.first!), right = Double(covered.last! + 1)
        let centre = side / 2 * scale
        #expect(abs(left - (centre - radius * scale)) <= 0.5 + 1e-9)
        #expect(abs(right - (centre + radius * scale)) <= 0.5 + 1e-9)
    }

    /// Two circles closer than about the blur radius fuse (the midpoint becomes opaque); far apart they don't.
    @Test func closeCirclesFuseAndFarOnesDoNot() throws {
        let radius = 12.0, sigma = 4.0
        func midpointAlpha(gap: Double) throws -> UInt8 {
            let width = 4 * radius + gap + 12 * sigma, height = 2 * radius + 12 * sigma
            let y = height / 2, left = width / 2 - gap / 2 - radius, right = width / 2 + gap / 2 + radius
            let shapes: [GooShape] = [.circle(center: Point(x: left, y: y), radius: radius),
                                      .circle(center: Point(x: right, y: y), radius: radius)]
            let drawn = try GooFixtures.coverage(shapes, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
            let result = try GooFixtures.goo(shapes, size: Size(width: width, height: height),
                                             parameters: GooParameters(blurRadius: sigma, color: Self.blue))
            let mx = Int(width / 2), my = Int(y)
            #expect(drawn[mx, my].alpha == 0, "the gap itself is empty before the goo")
            return result[mx, my].alpha
        }
        #expect(try midpointAlpha(gap: 3) == 255, "a 3 px gap under σ = 4 px fuses")
        #expect(try midpointAlpha(gap: 4) == 255)
        #expect(try midpointAlpha(gap: 16) == 0, "a 16 px gap stays open")
        #expect(try midpointAlpha(gap: 30) == 0)
    }

    /// The interior is exactly the threshold colour (premultiplied, rounded to nearest), whatever was drawn.
    @Test func interiorIsExactlyTheThresholdColour() throws {
        let color = RGBA(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
        let layer = GooLayer()
        try layer.render(size: Size(width: 60, height: 40), scale: 1,
                         parameters: GooParameters(blurRadius: 2, threshold: 0.69, edgeWidth: 0.2, color: color)) { canvas in
            canvas.fillRoundedRect(Rect(x: 8, y: 8, width: 44, height: 24), cornerRadii: CornerRadii(all: 12),
                                   paint: .color(RGBA(red: 1, green: 0, blue: 0, alpha: 1)))
        }
        let image = try #require(layer.image)
        let expected = PremultipliedRGBA8(color)
        for (x, y) in [(30, 20), (20, 20), (40, 18), (30, 15)] { #expect(image[x, y] == expected) }
        // Every pixel is the colour at some alpha (within rounding): never another hue.
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y], a = Double(p.alpha)
                if p.alpha == 0 { #expect(p == .transparent); continue }
                #expect(abs(Double(p.red) - color.red * a) <= 1)
                #expect(abs(Double(p.green) - color.green * a) <= 1)
                #expect(abs(Double(p.blue) - color.blue * a) <= 1)
                #expect(p.alpha <= expected.alpha)
            }
        }
    }

    /// With a soft edge, alpha never increases walking outward from the centre (rows, columns, diagonals).
    @Test func softEdgeIsMonotone() throws {
        let image = try GooFixtures.goo([.capsule(Rect(x: 10, y: 10, width: 60, height: 30))],
                                        size: Size(width: 80, height: 50),
                                        parameters: GooParameters(blurRadius: 3, threshold: 0.5, edgeWidth: 0.4, color: Self.blue))
        let cx = 40, cy = 25
        var partial = 0
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)] {
            var x = cx, y = cy, previous = image[x, y].alpha
            while x + dx >= 0, x + dx < image.width, y + dy >= 0, y + dy < image.height {
                x += dx; y += dy
                let a = image[x, y].alpha
                #expect(a <= previous, "alpha rises from \(previous) to \(a) at (\(x), \(y))")
                if a > 0 && a < 255 { partial += 1 }
                previous = a
            }
        }
        #expect(partial >= 16, "the soft edge spans several pixels")
    }

    /// The offscreen image is allocated once per pixel size and reused frame after frame.
    @Test func buffersAreReused() throws {
        let layer = GooLayer()
        for frame in 0..<5 {
            let color = GooParameters.mixedColor(off: .black, on: Self.blue, fraction: Double(frame) / 4)
            try layer.render(size: Size(width: 40, height: 30), scale: 2,
                             parameters: GooParameters(blurRadius: 2, color: color),
                             shapes: [.capsule(Rect(x: 5 + Double(frame), y: 5, width: 20, height: 12))],
                             softening: .liquidSwitch)
        }
        #expect(layer.bufferAllocations == 1)
        try layer.render(size: Size(width: 41, height: 30), scale: 2, parameters: GooParameters(blurRadius: 2),
                         shapes: [])
        #expect(layer.bufferAllocations == 2)
        #expect(layer.image!.width == 82)
    }

    /// Compositing places the image at the given offset, clips to the destination, and is source-over.
    @Test func compositeIsPlacedAndClipped() throws {
        let layer = GooLayer()
        try layer.render(size: Size(width: 20, height: 20), scale: 1,
                         parameters: GooParameters(blurRadius: 1, color: RGBA(red: 1, green: 0, blue: 0)),
                         shapes: [.roundedRect(Rect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 0)])
        var destination = try Pixmap(width: 30, height: 30, fill: .white)
        try layer.composite(onto: &destination, at: Point(x: 15, y: -5))
        #expect(destination[20, 5] == PremultipliedRGBA8(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(destination[10, 5] == .white)
        #expect(destination[20, 20] == .white)
        #expect(throws: LiquidError.self) { try layer.composite(onto: &destination, at: .zero, opacity: 2) }
    }

    /// The track colour helper composites on over off (not an RGB lerp).
    @Test func mixedColourCompositesOnOverOff() {
        let off = RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.2), on = RGBA(red: 0, green: 1, blue: 0)
        #expect(GooParameters.mixedColor(off: off, on: on, fraction: 0) == off)
        #expect(GooParameters.mixedColor(off: off, on: on, fraction: 1) == on)
        let half = GooParameters.mixedColor(off: off, on: on, fraction: 0.5)
        #expect(abs(half.alpha - (0.5 + 0.2 * 0.5)) < 1e-12)
        #expect(GooParameters.mixedColor(off: off, on: on, fraction: 7) == on)
    }

    /// Invalid settings throw instead of drawing.
    @Test func invalidSettingsThrow() {
        let layer = GooLayer()
        #expect(throws: LiquidError.self) {
            try layer.render(size: Size(width: 10, height: 10), scale: 1, parameters: GooParameters(blurRadius: -1), shapes: [])
        }
        #expect(throws: LiquidError.self) {
            try layer.render(size: Size(width: 10, height: 10), scale: 1, parameters: GooParameters(blurRadius: 1, threshold: 2), shapes: [])
        }
        #expect(throws: LiquidError.self) {
            try layer.render(size: Size(width: 0, height: 10), scale: 1, parameters: GooParameters(blurRadius: 1), shapes: [])
        }
        #expect(layer.image == nil)
    }
}
