import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// Small golden frames of layer trees (≤ 160×120 px). Each also checks a property on its own.
@Suite("Golden images: layers")
@MainActor
struct GoldenLayerTests {
    @Test("shapes, an image, text, a rounded clip, opacity and a rotation at 1×")
    func basics() throws {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 160, height: 120), RGBA(red: 0.94, green: 0.95, blue: 0.97))
        let card = Layer(frame: Rect(x: 10, y: 10, width: 90, height: 60))
        card.backgroundColor = RGBA(red: 0.2, green: 0.45, blue: 0.9)
        card.cornerRadii = CornerRadii(all: 14)
        card.cornerStyle = .continuous
        card.clipsToBounds = true
        let blob = Layer(frame: Rect(x: 50, y: 25, width: 60, height: 60))
        blob.content = .shape(Path(ellipseIn: blob.bounds), fill: .color(RGBA(red: 1, green: 0.8, blue: 0.2)), stroke: nil)
        card.addSublayer(blob)
        root.addSublayer(card)
        let star = Layer(frame: Rect(x: 105, y: 12, width: 44, height: 44))
        star.content = .shape(TestScenes.star(in: star.bounds), fill: .color(RGBA(red: 0.9, green: 0.2, blue: 0.3)),
                              stroke: (StrokeStyle(width: 2, join: .round), .color(RGBA(red: 0.3, green: 0, blue: 0.1))))
        star.transform = AffineTransform(rotationAngle: 0.35)
        root.addSublayer(star)
        let picture = Layer(frame: Rect(x: 110, y: 70, width: 36, height: 24))
        picture.content = .image(TestScenes.checkerImage())
        picture.opacity = 0.6
        root.addSublayer(picture)
        if let font = TestScenes.font {
            let label = Layer(frame: Rect(x: 10, y: 82, width: 90, height: 24))
            label.content = .text("LiquidKit", TextStyle(font: font, size: 16, color: RGBA(red: 0.1, green: 0.1, blue: 0.2)))
            root.addSublayer(label)
        }
        let image = try Compositor(size: Size(width: 160, height: 120), scale: 1).renderFrame(root).image
        // The card's clip cuts the yellow blob at the card's edge.
        #expect(image[100, 50] != image[99, 50])
        goldens.assertMatches(image, named: "layers-basics", tolerance: 1)
    }

    @Test("a goo group and a saturation group at 2×")
    func gooAt2x() throws {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 80, height: 60), TestScenes.white)
        let goo = Layer(frame: Rect(x: 0, y: 0, width: 80, height: 40))
        goo.filters = [.blur(sigma: 3), .alphaThreshold(threshold: 0.5, color: RGBA(red: 0.1, green: 0.6, blue: 0.4), softEdge: 0.15)]
        for (x, d) in [(8.0, 22.0), (30.0, 14.0), (46.0, 24.0)] {
            let c = Layer(frame: Rect(x: x, y: 20 - d / 2, width: d, height: d))
            c.content = .shape(Path(ellipseIn: c.bounds), fill: .color(.black), stroke: nil)
            goo.addSublayer(c)
        }
        root.addSublayer(goo)
        let grey = Layer(frame: Rect(x: 0, y: 40, width: 80, height: 20))
        grey.filters = [.saturation(0)]
        for i in 0..<4 {
            grey.addSublayer(TestScenes.box(Rect(x: Double(i) * 20, y: 0, width: 20, height: 20),
                                            [TestScenes.red, TestScenes.green, TestScenes.blue, RGBA(red: 1, green: 0.5, blue: 0)][i]))
        }
        root.addSublayer(grey)
        let image = try Compositor(size: Size(width: 80, height: 60), scale: 2).renderFrame(root).image
        #expect(image.width == 160 && image.height == 120)
        let p = image[10, 100]
        #expect(p.red == p.green && p.green == p.blue)   // desaturated
        goldens.assertMatches(image, named: "layers-goo-2x", tolerance: 1)
    }

    @Test("masks, blend modes and a backdrop effect at 3×")
    func maskBlendBackdropAt3x() throws {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 50, height: 40), TestScenes.white)
        for i in 0..<5 {
            root.addSublayer(TestScenes.box(Rect(x: Double(i) * 10, y: 0, width: 5, height: 40),
                                            RGBA(red: 0.2, green: 0.3 + Double(i) * 0.1, blue: 0.8)))
        }
        let glass = Layer(frame: Rect(x: 5, y: 5, width: 24, height: 14))
        glass.backdrop = InvertingBackdrop(sampleOutset: 1)
        root.addSublayer(glass)
        let masked = TestScenes.box(Rect(x: 25, y: 15, width: 22, height: 22), RGBA(red: 1, green: 0.4, blue: 0.1))
        let mask = Layer(frame: masked.bounds)
        mask.content = .shape(TestScenes.star(in: mask.bounds), fill: .color(.black), stroke: nil)
        masked.mask = mask
        root.addSublayer(masked)
        let multiply = TestScenes.box(Rect(x: 3, y: 24, width: 20, height: 12), RGBA(red: 1, green: 0.9, blue: 0.2))
        multiply.blendMode = .multiply
        root.addSublayer(multiply)
        let image = try Compositor(size: Size(width: 50, height: 40), scale: 3).renderFrame(root).image
        #expect(image.width == 150 && image.height == 120)
        goldens.assertMatches(image, named: "layers-mask-blend-backdrop-3x", tolerance: 1)
    }
}
