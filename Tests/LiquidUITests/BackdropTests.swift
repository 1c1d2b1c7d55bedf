import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

@Suite("Backdrop layers")
@MainActor
struct BackdropTests {
    /// Stripes under a glass layer at (20, 10, 40, 20) pt.
    func scene(effect: RecordingBackdrop) -> (root: Layer, glass: Layer) {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 80, height: 40), TestScenes.white)
        for i in 0..<8 {
            let stripe = TestScenes.box(Rect(x: Double(i) * 10, y: 0, width: 5, height: 40),
                                        RGBA(red: Double(i) / 8, green: 0.3, blue: 1 - Double(i) / 8))
            stripe.transform = AffineTransform(rotationAngle: 0.2)
            root.addSublayer(stripe)
        }
        let glass = Layer(frame: Rect(x: 20, y: 10, width: 40, height: 20))
        glass.cornerRadii = CornerRadii(all: 6)
        glass.backdrop = effect
        root.addSublayer(glass)
        let above = TestScenes.box(Rect(x: 0, y: 0, width: 12, height: 12), TestScenes.green)
        root.addSublayer(above)
        return (root, glass)
    }

    @Test("the effect receives exactly the pixels composited beneath it", arguments: [1.0, 2.0, 3.0])
    func receivesPixelsBeneath(scale: Double) throws {
        let effect = RecordingBackdrop(sampleOutset: 3)
        let (root, glass) = scene(effect: effect)
        let compositor = try Compositor(size: Size(width: 80, height: 40), scale: scale)
        let image = try compositor.renderFrame(root).image
        #expect(effect.backdrops.count == 1)
        let received = try #require(effect.backdrops.first)
        let shape = try #require(effect.shapes.first)
        // Expected: the same scene without the glass layer (and what lies above it), cropped to the glass
        // bounds grown by 3 pt.
        let s = Int(scale)
        let region = PixelRect(x: 17 * s, y: 7 * s, width: 46 * s, height: 26 * s)
        #expect(shape.region == region)
        #expect(received.width == region.width && received.height == region.height && received.scale == scale)
        glass.removeFromSuperlayer()
        root.sublayers.last!.removeFromSuperlayer()
        let beneath = try Compositor(size: Size(width: 80, height: 40), scale: scale).renderFrame(root).image
        #expect(TestScenes.firstDifference(received, try beneath.cropped(to: region)) == nil)
        // The shape maps the bounds onto the glass rect in backdrop pixels.
        #expect(shape.pixelBounds == Rect(x: 3 * scale, y: 3 * scale, width: 40 * scale, height: 20 * scale))
        // Its output is composited in place, under the layers above it.
        #expect(image[30 * s, 20 * s] == PremultipliedRGBA8(red: 128, green: 0, blue: 128, alpha: 255))
        #expect(image[5 * s, 5 * s] == PremultipliedRGBA8(red: 0, green: 255, blue: 0, alpha: 255))
    }

    @Test("a change beneath a backdrop re-runs it over its whole reading area; one elsewhere does not")
    func rerunsOnlyWhenNeeded() throws {
        let effect = RecordingBackdrop(sampleOutset: 3)
        let (root, _) = scene(effect: effect)
        let compositor = try Compositor(size: Size(width: 80, height: 40), scale: 1, tileSize: 16)
        _ = try compositor.renderFrame(root)
        root.sublayers[0].backgroundColor = TestScenes.red   // stripe at x 0…5: far from the glass
        _ = try compositor.renderFrame(root)
        #expect(effect.backdrops.count == 1)
        root.sublayers[3].backgroundColor = TestScenes.red   // stripe at x 30…35: beneath the glass
        let damage = try #require(try compositor.renderFrame(root).damage)
        #expect(effect.backdrops.count == 2)
        #expect(damage.x <= 17 && damage.maxX >= 63 && damage.y <= 7 && damage.maxY >= 33)
    }

    @Test("inside a group, a backdrop reads the group's own pixels")
    func insideGroup() throws {
        let effect = RecordingBackdrop(sampleOutset: 0)
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 40, height: 30), TestScenes.white)
        let group = Layer(frame: Rect(x: 0, y: 0, width: 40, height: 30))
        group.opacity = 0.5
        group.addSublayer(TestScenes.box(Rect(x: 0, y: 0, width: 40, height: 10), TestScenes.blue))
        let glass = Layer(frame: Rect(x: 10, y: 5, width: 20, height: 10))
        glass.backdrop = effect
        group.addSublayer(glass)
        root.addSublayer(group)
        _ = try Compositor(size: Size(width: 40, height: 30), scale: 1).renderFrame(root)
        let received = try #require(effect.backdrops.first)
        #expect(received.width == 20 && received.height == 10)
        #expect(received[0, 0] == PremultipliedRGBA8(red: 0, green: 0, blue: 255, alpha: 255))  // the blue sibling
        #expect(received[0, 9] == .transparent)   // not the white screen beneath the group
    }
}
