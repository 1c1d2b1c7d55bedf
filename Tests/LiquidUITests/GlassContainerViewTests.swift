import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing
@testable import LiquidUI

/// GlassContainerView: one backdrop sample for all children, merging by spacing, union ids, concentric
/// corners and identity morphs.
@MainActor
@Suite("GlassContainerView")
struct GlassContainerViewTests {
    static let size = Size(width: 240, height: 100)

    /// Two 70 × 40 pills `gap` points apart, centred, in a container of spacing 20 over horizontal stripes.
    func pair(gap: Double) throws -> (UIRunLoop, GlassContainerView, [GlassEffectView]) {
        let container = GlassContainerView(frame: Rect(origin: .zero, size: Self.size), spacing: 20)
        let left = 120 - gap / 2 - 70
        let a = GlassEffectView(frame: Rect(x: left, y: 30, width: 70, height: 40))
        let b = GlassEffectView(frame: Rect(x: 120 + gap / 2, y: 30, width: 70, height: 40))
        container.addSubview(a)
        container.addSubview(b)
        let loop = try GlassTestScenes.loop(Self.size, vertical: false, views: [container])
        loop.step(to: 0)
        return (loop, container, [a, b])
    }

    /// The installed effect of the container's glass layer.
    func effect(_ container: GlassContainerView) throws -> GlassBackdrop {
        let glassLayer = try #require(container.layer.sublayers.first)
        return try #require(glassLayer.backdrop as? GlassBackdrop)
    }

    @Test func closerThanSpacingMergesIntoOneSurface() throws {
        let (loop, container, children) = try pair(gap: 10)
        #expect(container.glassChildren.count == 2)
        for child in children { #expect(child.container === container) }
        let effect = try effect(container)
        #expect(effect.containers.count == 1)
        #expect(effect.containers[0].surfaces() == [[0, 1]])
        // One effect render for both children: one backdrop sample, frosted once.
        #expect(loop.compositor!.statistics.backdropsRendered == 1)
        #expect(container.glassState.frostCount == 1)
        // The bridge between them is glass: every pixel of the centre row from one to the other differs
        // from the bare stripes (row 50 pt lies in the middle of a stripe).
        let image = try #require(loop.image)
        let bare = try GlassTestScenes.backdrop(Self.size, vertical: false)
        let y = 50 * 2 + 1
        let changed = (50 * 2..<190 * 2).filter { GlassTestScenes.difference(image[$0, y], bare[$0, y]) > 12 }
        #expect(changed.count == 140 * 2, "\(140 * 2 - changed.count) pixels of the row are not glass")
    }

    @Test func fartherThanSpacingStaysTwoSurfaces() throws {
        let (loop, container, _) = try pair(gap: 40)
        let effect = try effect(container)
        #expect(effect.containers[0].surfaces() == [[0], [1]])
        let image = try #require(loop.image)
        let bare = try GlassTestScenes.backdrop(Self.size, vertical: false)
        let y = 50 * 2 + 1
        // The middle of the gap shows the stripes (at most a faint shadow).
        for x in (116 * 2)..<(124 * 2) { #expect(GlassTestScenes.difference(image[x, y], bare[x, y]) <= 8) }
        #expect(GlassTestScenes.difference(image[90 * 2, y], bare[90 * 2, y]) > 12)
        #expect(GlassTestScenes.difference(image[150 * 2, y], bare[150 * 2, y]) > 12)
    }

    @Test func unionIDJoinsDistantChildren() throws {
        let (loop, container, children) = try pair(gap: 40)
        children[0].unionID = "u"
        children[1].unionID = "u"
        loop.step(to: 1.0 / 60)
        #expect(try effect(container).containers[0].surfaces() == [[0, 1]])
    }

    @Test func childrenWithDifferentMaterialsRenderAsSeparateGroupsOverOneSample() throws {
        let (loop, container, children) = try pair(gap: 10)
        children[1].tint = RGBA(red: 1, green: 0.5, blue: 0)
        loop.step(to: 1.0 / 60)
        let effect = try effect(container)
        #expect(effect.containers.count == 2)
        #expect(loop.compositor!.statistics.backdropsRendered == 1)
    }

    @Test func concentricCornersFollowTheContainer() throws {
        let container = GlassContainerView(frame: Rect(x: 20, y: 10, width: 200, height: 80), spacing: 0)
        container.cornerRadii = CornerRadii(all: 30)
        let child = GlassEffectView(frame: Rect(x: 10, y: 10, width: 80, height: 60),
                                    cornerConfiguration: .containerConcentric(minimum: 4))
        container.addSubview(child)
        let loop = try GlassTestScenes.loop(Self.size, views: [container])
        loop.step(to: 0)
        let effect = try effect(container)
        let glass = effect.containers[0]
        let shape = glass.renderedShapes()[0]
        guard case .roundedRect(_, let radii, _) = shape else { Issue.record("expected a rounded rect"); return }
        #expect(radii.topLeft == 20)
        #expect(radii.topRight == 4)
    }

    @Test func animatedFrameChangeMorphsByIdentity() throws {
        let (loop, container, children) = try pair(gap: 40)
        let start = children[1].frame
        withGlassAnimation(.timing(duration: 0.5, curve: .linear)) {
            children[1].frame = Rect(x: 150, y: 20, width: 60, height: 60)
        }
        #expect(container.morphProgress == 0)
        var widths: [Double] = []
        for k in 1...40 {
            loop.step(to: Double(k) / 60)
            let effect = try effect(container)
            let shapes = effect.containers[0].renderedShapes()
            #expect(shapes.count == 2)
            widths.append(shapes[1].bounds.width)
        }
        // Halfway (0.25 s) the pill is between 70 and 60 wide; at the end exactly 60 and round.
        #expect(abs(widths[14] - 65) < 0.01, "\(widths)")
        #expect(widths.last == 60)
        #expect(!container.isAnimating)
        #expect(start.width == 70)
    }

    @Test func containerMaterializesAllChildrenTogether() throws {
        let (loop, container, _) = try pair(gap: 10)
        let full = try #require(loop.image)
        container.isGlassEnabled = false
        loop.step(to: 1.0 / 60)
        let bare = try GlassTestScenes.backdrop(Self.size, vertical: false)
        #expect(try #require(loop.image).bytes == bare.bytes)
        withGlassAnimation { container.isGlassEnabled = true }
        var values: [Double] = []
        for k in 2...80 {
            loop.step(to: Double(k) / 60)
            values.append(container.materialize)
        }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.last == 1)
        #expect(try #require(loop.image).bytes == full.bytes)
    }

    @Test func removedChildLeavesTheContainer() throws {
        let (loop, container, children) = try pair(gap: 10)
        children[0].removeFromSuperview()
        loop.step(to: 1.0 / 60)
        #expect(container.glassChildren.count == 1)
        #expect(children[0].container == nil)
        #expect(try effect(container).containers[0].children.count == 1)
    }
}
