import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// The compositor's shortcuts for animated filters over still content and for clips that cover a tile
/// fully, each checked against the path it replaces.
@Suite("Compositor shortcuts")
@MainActor
struct CompositorShortcutTests {
    /// A white screen with a group (a gradient and two boxes) at (10, 10) under a saturation filter.
    func scene() throws -> (root: Layer, group: Layer, box: Layer) {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 120, height: 90), TestScenes.white)
        let group = Layer(frame: Rect(x: 10, y: 10, width: 100, height: 70))
        let gradient = try Gradient(stops: [GradientStop(0, RGBA(red: 0.9, green: 0.2, blue: 0.4)),
                                            GradientStop(1, RGBA(red: 0.1, green: 0.6, blue: 0.9, alpha: 0.7))])
        group.content = .custom { canvas, rect in
            canvas.fill(Path(rect: rect), paint: .linearGradient(LinearGradient(start: .zero, end: Point(100, 70),
                                                                                gradient: gradient)))
        }
        let box = TestScenes.box(Rect(x: 12, y: 9, width: 30, height: 20), TestScenes.green)
        group.addSublayer(box)
        group.addSublayer(TestScenes.box(Rect(x: 50.5, y: 30, width: 25, height: 31), TestScenes.red))
        group.filters = [.saturation(0.5)]
        root.addSublayer(group)
        return (root, group, box)
    }

    @Test func aGroupWhoseFiltersAloneChangeIsFilteredAgainFromItsKeptPixels() throws {
        let (root, group, box) = try scene()
        let size = Size(width: 120, height: 90)
        let compositor = try Compositor(size: size, scale: 2)
        _ = try compositor.render(root)
        #expect(compositor.statistics.groupsRendered == 1)
        for (i, amount) in [1.6, 0.2, 1.0, 0.0].enumerated() {
            group.filters = [.saturation(amount)]
            let image = try compositor.render(root)
            // The first filters-only change redraws the group once more and keeps its unfiltered pixels;
            // later ones only filter those again.
            #expect(compositor.statistics.groupsRendered == (i == 0 ? 1 : 0))
            #expect(compositor.statistics.groupsRefiltered == (i == 0 ? 0 : 1))
            let fresh = try Compositor(size: size, scale: 2).render(root)
            #expect(TestScenes.firstDifference(image, fresh) == nil, "saturation \(amount)")
        }
        // A change inside the group draws it again.
        box.backgroundColor = TestScenes.blue
        group.filters = [.saturation(0.7)]
        let image = try compositor.render(root)
        #expect(compositor.statistics.groupsRendered == 1 && compositor.statistics.groupsRefiltered == 0)
        #expect(TestScenes.firstDifference(image, try Compositor(size: size, scale: 2).render(root)) == nil)
    }

    @Test(arguments: [CornerStyle.circular, .continuous])
    func tilesWhollyInsideARoundedClipSkipItWithinOneLevel(style: CornerStyle) throws {
        let (root, group, _) = try scene()
        group.removeFromSuperlayer()
        let clip = Layer(frame: Rect(x: 4.5, y: 3.25, width: 111, height: 83))
        clip.clipsToBounds = true
        clip.cornerRadii = CornerRadii(all: 14)
        clip.cornerStyle = style
        group.frame = clip.bounds
        clip.addSublayer(group)
        let veil = TestScenes.box(clip.bounds, RGBA(red: 0.2, green: 0.1, blue: 0.5, alpha: 0.4))
        clip.addSublayer(veil)
        root.addSublayer(clip)
        let size = Size(width: 120, height: 90)
        // One tile reaching the corners: every pixel goes through the clip mask, as before the shortcut.
        let throughClip = try Compositor(size: size, scale: 3, tileSize: 1024).render(root)
        // Small tiles: those wholly inside the rounded rect draw without it.
        let tiled = try Compositor(size: size, scale: 3, tileSize: 16).render(root)
        #expect(TestScenes.maximumDifference(throughClip, tiled) <= 1)
        // The corners are still cut: the screen's white shows at the clip's corner pixel.
        let corner = tiled[Int(4.5 * 3) + 1, Int(3.25 * 3) + 1]
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240)
    }
}
