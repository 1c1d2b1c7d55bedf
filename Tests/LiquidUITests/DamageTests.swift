import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

@Suite("Damage tracking")
@MainActor
struct DamageTests {
    /// A white screen of 100×80 pt with one red 10×10 pt box at (20, 20), and the box.
    func scene() -> (Layer, Layer) {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 100, height: 80), TestScenes.white)
        let box = TestScenes.box(Rect(x: 20, y: 20, width: 10, height: 10), TestScenes.red)
        root.addSublayer(box)
        return (root, box)
    }

    @Test("the first render damages the whole image; an unchanged tree then returns nil and leaves the image",
          arguments: [1.0, 2.0, 3.0])
    func firstAndIdle(scale: Double) throws {
        let (root, _) = scene()
        let compositor = try Compositor(size: Size(width: 100, height: 80), scale: scale)
        let first = try compositor.renderFrame(root)
        #expect(first.damage == PixelRect(x: 0, y: 0, width: Int(100 * scale), height: Int(80 * scale)))
        let bytes = first.image.bytes
        for _ in 0..<3 {
            let again = try compositor.renderFrame(root)
            #expect(again.damage == nil)
            #expect(again.image.bytes == bytes)
            #expect(compositor.statistics.wasIdle)
            #expect(compositor.statistics.pixels == 0 && compositor.statistics.layers == 0)
        }
        // Setting a property to its current value records nothing.
        root.sublayers[0].frame = root.sublayers[0].frame
        root.sublayers[0].opacity = 1
        #expect(try compositor.renderFrame(root).damage == nil)
    }

    @Test("a moved layer damages the union of its old and new device bounds", arguments: [1.0, 2.0, 3.0])
    func movedLayer(scale: Double) throws {
        let (root, box) = scene()
        let compositor = try Compositor(size: Size(width: 100, height: 80), scale: scale)
        _ = try compositor.renderFrame(root)
        box.frame = box.frame.offsetBy(dx: 2.5, dy: -1)
        let damage = try #require(try compositor.renderFrame(root).damage)
        // Old: x 20…30, y 20…30; new: x 22.5…32.5, y 19…29 (points) → union x 20…32.5, y 19…30, rounded out.
        let expected = PixelRect.enclosing(Rect(x: 20 * scale, y: 19 * scale, width: 12.5 * scale, height: 11 * scale))
        #expect(damage == expected)
        // Only the tiles around it were redrawn.
        #expect(compositor.statistics.pixels <= 4 * 64 * 64)
        #expect(compositor.statistics.pixels < compositor.image.width * compositor.image.height || scale == 1)
    }

    @Test("damage of a layer inside a blurred group grows by the blur's 3σ outset")
    func outsetDamage() throws {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 200, height: 160), TestScenes.white)
        let group = Layer(frame: Rect(x: 0, y: 0, width: 200, height: 160))
        group.filters = [.blur(sigma: 2)]
        let box = TestScenes.box(Rect(x: 50, y: 50, width: 10, height: 10), TestScenes.blue)
        group.addSublayer(box)
        root.addSublayer(group)
        let compositor = try Compositor(size: Size(width: 200, height: 160), scale: 2)
        _ = try compositor.renderFrame(root)
        box.frame = box.frame.offsetBy(dx: 4, dy: 0)
        let damage = try #require(try compositor.renderFrame(root).damage)
        // Union 50…64 × 50…60 pt → 100…128 × 100…120 px, plus 3σ = 12 px on each side.
        #expect(damage == PixelRect(x: 88, y: 88, width: 52, height: 44))
        #expect(compositor.statistics.groupsRendered == 1)
        // The group's buffer is reused while nothing inside it changes.
        root.backgroundColor = TestScenes.green
        _ = try compositor.renderFrame(root)
        #expect(compositor.statistics.groupsReused >= 1 && compositor.statistics.groupsRendered == 0)
    }

    @Test("a clipping ancestor bounds the damage; removing and hiding damage the old extent")
    func clipRemoveHide() throws {
        let (root, _) = scene()
        let clip = Layer(frame: Rect(x: 50, y: 10, width: 20, height: 20))
        clip.clipsToBounds = true
        let wide = TestScenes.box(Rect(x: -40, y: 5, width: 100, height: 5), TestScenes.blue)
        clip.addSublayer(wide)
        root.addSublayer(clip)
        let compositor = try Compositor(size: Size(width: 100, height: 80), scale: 1)
        _ = try compositor.renderFrame(root)
        wide.backgroundColor = TestScenes.green
        #expect(try compositor.renderFrame(root).damage == PixelRect(x: 50, y: 15, width: 20, height: 5))
        wide.removeFromSuperlayer()
        #expect(try compositor.renderFrame(root).damage == PixelRect(x: 50, y: 15, width: 20, height: 5))
        root.sublayers[0].isHidden = true
        #expect(try compositor.renderFrame(root).damage == PixelRect(x: 20, y: 20, width: 10, height: 10))
    }

    @Test("damage regions merge overlapping rects and keep far-apart ones apart")
    func damageRegion() {
        var region = DamageRegion()
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 2, y: 0, width: 10, height: 10))
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 12, height: 10)])
        region.add(PixelRect(x: 100, y: 100, width: 5, height: 5))
        #expect(region.rects.count == 2)
        for i in 0..<20 { region.add(PixelRect(x: 30 * i, y: 300, width: 3, height: 3)) }
        #expect(region.rects.count <= DamageRegion.maximumCount)
        #expect(region.bounds == PixelRect(x: 0, y: 0, width: 573, height: 303))
    }
}
