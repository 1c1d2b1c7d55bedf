import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

@Suite("Compositing")
@MainActor
struct CompositingTests {
    func render(_ root: Layer, size: Size = Size(width: 40, height: 30), scale: Double = 1) throws -> Pixmap {
        try Compositor(size: size, scale: scale).renderFrame(root).image
    }

    func near(_ p: PremultipliedRGBA8, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 1) -> Bool {
        abs(Int(p.red) - r) <= tolerance && abs(Int(p.green) - g) <= tolerance
            && abs(Int(p.blue) - b) <= tolerance && abs(Int(p.alpha) - a) <= tolerance
    }

    func whiteRoot(_ size: Size = Size(width: 40, height: 30)) -> Layer {
        TestScenes.box(Rect(origin: .zero, size: size), TestScenes.white)
    }

    @Test("opacity scales a group as a whole (overlapping sublayers do not show through each other)")
    func opacity() throws {
        let root = whiteRoot()
        let group = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        group.opacity = 0.5
        group.addSublayer(TestScenes.box(Rect(x: 0, y: 0, width: 20, height: 30), TestScenes.red))
        group.addSublayer(TestScenes.box(Rect(x: 10, y: 0, width: 20, height: 30), TestScenes.blue))
        root.addSublayer(group)
        let image = try render(root)
        #expect(near(image[5, 5], 255, 128, 128))   // red at half over white
        #expect(near(image[15, 5], 128, 128, 255))  // blue covers red inside the group, then half over white
        #expect(near(image[35, 5], 255, 255, 255))
    }

    @Test("blend modes combine with what is beneath, per BlendMode")
    func blend() throws {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 40, height: 30), RGBA(red: 0.8, green: 0.6, blue: 0.4))
        let multiply = TestScenes.box(Rect(x: 0, y: 0, width: 20, height: 30), RGBA(red: 0.5, green: 1, blue: 0))
        multiply.blendMode = .multiply
        let screen = TestScenes.box(Rect(x: 20, y: 0, width: 20, height: 30), RGBA(red: 0.5, green: 0, blue: 1))
        screen.blendMode = .screen
        root.addSublayer(multiply)
        root.addSublayer(screen)
        let image = try render(root)
        // multiply: 0.8·0.5, 0.6·1, 0.4·0; screen: a + b − ab.
        #expect(near(image[5, 5], 102, 153, 0, tolerance: 2))
        #expect(near(image[30, 5], 230, 153, 255, tolerance: 2))
    }

    @Test("clipsToBounds clips sublayers to the rounded bounds")
    func clip() throws {
        let root = whiteRoot()
        let clip = Layer(frame: Rect(x: 10, y: 5, width: 20, height: 20))
        clip.clipsToBounds = true
        clip.cornerRadii = CornerRadii(all: 10)   // a circle
        clip.addSublayer(TestScenes.box(Rect(x: -10, y: -10, width: 60, height: 60), TestScenes.red))
        root.addSublayer(clip)
        let image = try render(root)
        #expect(near(image[20, 15], 255, 0, 0))       // centre
        #expect(near(image[10, 5], 255, 255, 255))    // bounds corner, outside the circle
        #expect(near(image[5, 15], 255, 255, 255))    // outside the bounds
        // The same as drawing the red square through a circular clip directly.
        var canvas = Canvas(try Pixmap(width: 40, height: 30, fill: .white))
        canvas.clip(to: Path(ellipseIn: Rect(x: 10, y: 5, width: 20, height: 20)))
        canvas.fillRect(Rect(x: 0, y: -5, width: 60, height: 60), paint: .color(TestScenes.red))
        #expect(TestScenes.maximumDifference(image, canvas.pixmap) <= 1)
    }

    @Test("a mask layer's alpha masks the layer and its sublayers")
    func mask() throws {
        let root = whiteRoot()
        let layer = TestScenes.box(Rect(x: 0, y: 0, width: 40, height: 30), TestScenes.blue)
        let mask = Layer(frame: Rect(x: 10, y: 0, width: 10, height: 30))
        mask.backgroundColor = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
        layer.mask = mask
        root.addSublayer(layer)
        let image = try render(root)
        #expect(near(image[15, 10], 128, 128, 255))
        #expect(near(image[5, 10], 255, 255, 255))
        #expect(near(image[25, 10], 255, 255, 255))
    }

    @Test("transforms apply about the layer's centre and nest", arguments: [1.0, 2.0, 3.0])
    func transform(scale: Double) throws {
        let size = Size(width: 60, height: 40)
        let root = whiteRoot(size)
        let parent = Layer(frame: Rect(x: 10, y: 5, width: 40, height: 30))
        parent.transform = AffineTransform(rotationAngle: 0.3)
        let child = Layer(frame: Rect(x: 5, y: 5, width: 20, height: 10))
        child.content = .shape(TestScenes.star(in: child.bounds), fill: .color(TestScenes.red),
                               stroke: (StrokeStyle(width: 1.5), .color(TestScenes.blue)))
        child.transform = AffineTransform(scale: 1.5)
        parent.addSublayer(child)
        root.addSublayer(parent)
        let image = try render(root, size: size, scale: scale)
        // Direct drawing with the composed transform: child local → parent → root.
        var canvas = Canvas(try Pixmap(size: size, scale: scale, fill: .white))
        let childToParent = AffineTransform(translationX: -10, y: -5).concatenating(AffineTransform(scale: 1.5))
            .concatenating(AffineTransform(translationX: 15, y: 10))
        let parentToRoot = AffineTransform(translationX: -20, y: -15).concatenating(AffineTransform(rotationAngle: 0.3))
            .concatenating(AffineTransform(translationX: 30, y: 20))
        canvas.transform = childToParent.concatenating(parentToRoot)
        canvas.fill(TestScenes.star(in: child.bounds), paint: .color(TestScenes.red))
        canvas.stroke(TestScenes.star(in: child.bounds), style: StrokeStyle(width: 1.5), paint: .color(TestScenes.blue))
        #expect(image.width == Int(60 * scale) && image.height == Int(40 * scale) && image.scale == scale)
        #expect(TestScenes.maximumDifference(image, canvas.pixmap) <= 2)
    }

    @Test("rendering at 2× and 3× maps points to pixels", arguments: [2.0, 3.0])
    func scaled(scale: Double) throws {
        let root = whiteRoot()
        root.addSublayer(TestScenes.box(Rect(x: 10, y: 10, width: 20, height: 10), TestScenes.red))
        let image = try render(root, scale: scale)
        let s = Int(scale)
        #expect(image.width == 40 * s && image.height == 30 * s)
        #expect(near(image[10 * s, 10 * s], 255, 0, 0))
        #expect(near(image[30 * s - 1, 20 * s - 1], 255, 0, 0))
        #expect(near(image[30 * s, 10 * s], 255, 255, 255))
        #expect(near(image[10 * s - 1, 10 * s], 255, 255, 255))
    }

    @Test("a blur group equals blurring the same drawing directly")
    func blurGroup() throws {
        let size = Size(width: 60, height: 40)
        let root = Layer(frame: Rect(origin: .zero, size: size))
        let group = Layer(frame: Rect(x: 0, y: 0, width: 60, height: 40))
        group.filters = [.blur(sigma: 1.5)]
        let dot = Layer(frame: Rect(x: 20, y: 10, width: 20, height: 20))
        dot.content = .shape(Path(ellipseIn: dot.bounds), fill: .color(TestScenes.blue), stroke: nil)
        group.addSublayer(dot)
        root.addSublayer(group)
        let image = try render(root, size: size)
        var canvas = Canvas(try Pixmap(size: size))
        canvas.fill(Path(ellipseIn: Rect(x: 20, y: 10, width: 20, height: 20)), paint: .color(TestScenes.blue))
        let expected = try GaussianBlur(sigma: 1.5, edgeMode: .transparent).applied(to: canvas.pixmap)
        #expect(TestScenes.maximumDifference(image, expected) <= 1)
        #expect(image[20, 20].alpha > 0 && image[20, 20].alpha < 255)   // the edge is soft
    }

    @Test("goo: blur then alpha threshold merges two nearby circles into one shape")
    func gooGroup() throws {
        let size = Size(width: 60, height: 30)
        let root = whiteRoot(size)
        let goo = Layer(frame: Rect(origin: .zero, size: size))
        goo.filters = [.blur(sigma: 3), .alphaThreshold(threshold: 0.5, color: TestScenes.blue, softEdge: 0.1)]
        for x in [14.0, 30.0] {
            let c = Layer(frame: Rect(x: x, y: 7, width: 16, height: 16))
            c.content = .shape(Path(ellipseIn: c.bounds), fill: .color(.black), stroke: nil)
            goo.addSublayer(c)
        }
        root.addSublayer(goo)
        let image = try render(root, size: size)
        #expect(near(image[30, 15], 0, 0, 255))   // the bridge between the circles is filled
        #expect(near(image[22, 15], 0, 0, 255))
        #expect(near(image[2, 2], 255, 255, 255))
    }

    @Test("a variable blur with a gradient mask keeps one end sharp")
    func variableBlur() throws {
        let size = Size(width: 40, height: 40)
        let root = Layer(frame: Rect(origin: .zero, size: size))
        let group = Layer(frame: Rect(origin: .zero, size: size))
        group.filters = [.variableBlur(maximumSigma: 3, mask: .linearGradient(from: Point(0, 0), to: Point(0, 40)))]
        group.addSublayer(TestScenes.box(Rect(x: 20, y: 0, width: 20, height: 40), TestScenes.red))
        root.addSublayer(group)
        let image = try render(root, size: size)
        #expect(image[19, 0].alpha < 8 && image[20, 0].alpha > 247)  // top: (nearly) sharp
        #expect(image[19, 38].alpha > 40 && image[20, 38].alpha < 215)  // bottom: blurred across the edge
    }

    @Test("custom drawing is clipped to the bounds; text and images draw")
    func contentKinds() throws {
        let root = whiteRoot()
        let custom = Layer(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        custom.content = .custom { canvas, bounds in
            canvas.fillRect(bounds.insetBy(dx: -5, dy: -5), paint: .color(TestScenes.green))
        }
        root.addSublayer(custom)
        let picture = Layer(frame: Rect(x: 20, y: 5, width: 12, height: 8))
        picture.content = .image(TestScenes.checkerImage())
        root.addSublayer(picture)
        let image = try render(root)
        #expect(near(image[6, 6], 0, 255, 0))
        #expect(near(image[3, 6], 255, 255, 255))
        #expect(image[20, 5] == TestScenes.checkerImage()[0, 0])
        if let font = TestScenes.font {
            let label = Layer(frame: Rect(x: 0, y: 15, width: 40, height: 15))
            label.content = .text("Hi", TextStyle(font: font, size: 12, color: .black, alignment: .center))
            root.addSublayer(label)
            let withText = try render(root)
            var ink = 0
            for y in 15..<30 { for x in 0..<40 where withText[x, y].red < 128 { ink += 1 } }
            #expect(ink > 10)
        }
    }
}
