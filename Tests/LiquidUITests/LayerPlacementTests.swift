import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// Anchor points, forced groups, analytic rounded rects, fill rules and the filter grid.
@Suite("Layer placement and grouping")
@MainActor
struct LayerPlacementTests {
    func render(_ root: Layer, width: Double = 60, height: Double = 40) throws -> Pixmap {
        try Compositor(size: Size(width: width, height: height), scale: 1).renderFrame(root).image
    }

    func square(_ rect: Rect) -> Layer {
        let layer = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        layer.content = .shape(Path(rect: rect), fill: .color(.black), stroke: nil)
        return layer
    }

    @Test("an anchor at the origin applies the transform to local coordinates as given")
    func anchorAtOrigin() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        let layer = square(Rect(x: 0, y: 0, width: 5, height: 5))
        layer.anchorPoint = .zero
        layer.transform = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 4))
        #expect(layer.localToSuperlayer == layer.transform)
        root.addSublayer(layer)
        let image = try render(root)
        #expect(image[10, 4].alpha == 255 && image[19, 13].alpha == 255)
        #expect(image[9, 4].alpha == 0 && image[20, 13].alpha == 0)
        // The default anchor, the centre, scales the same layer about (30, 20) instead.
        layer.anchorPoint = Point(0.5, 0.5)
        #expect(layer.localToSuperlayer.apply(to: Point(30, 20)) == AffineTransform(translationX: 10, y: 4).apply(to: Point(30, 20)))
    }

    @Test("a filter group's pixels do not depend on how far its other children reach")
    func filterGridIsFixedToTheScreen() throws {
        func blurred(extra: Rect?) throws -> Pixmap {
            let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
            let group = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
            group.filters = [.blur(sigma: 6)]  // reduced 4× at 1 px per point
            group.addSublayer(square(Rect(x: 30, y: 14, width: 12, height: 12)))
            if let extra { group.addSublayer(square(extra)) }
            root.addSublayer(group)
            return try render(root)
        }
        let alone = try blurred(extra: nil)
        // A far child (its blur does not reach x ≥ 30) moves the group's left edge by 3 px.
        let widened = try blurred(extra: Rect(x: 0, y: 0, width: 1, height: 1))
        for y in 0..<40 {
            for x in 30..<60 { #expect(alone[x, y] == widened[x, y], "(\(x), \(y))") }
        }
    }

    @Test("rendersAsGroup isolates a backdrop effect from what lies beneath the group")
    func forcedGroupIsolatesBackdrops() throws {
        struct Invert: BackdropEffect {
            var sampleOutset: Double { 0 }
            func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws {
                for y in 0..<backdrop.height {
                    for x in 0..<backdrop.width {
                        let p = backdrop[x, y]
                        output[x, y] = PremultipliedRGBA8(red: p.alpha - p.red, green: p.alpha - p.green,
                                                          blue: p.alpha - p.blue, alpha: p.alpha)
                    }
                }
            }
        }
        func image(grouped: Bool) throws -> Pixmap {
            let root = TestScenes.box(Rect(x: 0, y: 0, width: 60, height: 40), TestScenes.white)
            let group = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
            group.rendersAsGroup = grouped
            let lens = Layer(frame: Rect(x: 10, y: 10, width: 20, height: 20))
            lens.backdrop = Invert()
            group.addSublayer(lens)
            root.addSublayer(group)
            return try render(root)
        }
        // Ungrouped, the effect inverts the white screen to black; grouped it sees only the group's own
        // (transparent) pixels, so the screen stays white.
        #expect(try image(grouped: false)[20, 20] == .black)
        #expect(try image(grouped: true)[20, 20] == .white)
    }

    @Test("roundedRect content draws the raster engine's analytic rounded rect; shapes take a fill rule")
    func roundedRectsAndFillRules() throws {
        let root = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        let rect = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        let frame = Rect(x: 2.5, y: 3, width: 20, height: 30)
        rect.content = .roundedRect(frame, cornerRadii: CornerRadii(all: 6), style: .circular, fill: .color(.black))
        root.addSublayer(rect)
        var ring = Path(rect: Rect(x: 30, y: 5, width: 25, height: 25))
        ring.addRect(Rect(x: 35, y: 10, width: 15, height: 15))
        let evenOdd = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        evenOdd.content = .shape(ring, fill: .color(.black), stroke: nil, fillRule: .evenOdd)
        root.addSublayer(evenOdd)
        let image = try render(root)
        var reference = Canvas(try Pixmap(width: 60, height: 40))
        reference.fillRoundedRect(frame, cornerRadii: CornerRadii(all: 6), style: .circular, paint: .color(.black))
        for y in 0..<40 { for x in 0..<28 { #expect(image[x, y] == reference.pixmap[x, y]) } }
        #expect(image[42, 17].alpha == 0 && image[32, 17].alpha == 255)
    }
}
