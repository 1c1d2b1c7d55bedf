import Foundation
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// A group whose only filter is a mesh warp is drawn tile by tile straight from its unfiltered pixels; these
/// check it against the general path: the group warped whole, then composited.
@Suite("Mesh-warp groups")
@MainActor
struct MeshWarpGroupTests {
    /// A translucent gradient card of 60 × 44 points with a box inside, at (8, 4) on a white screen.
    private func scene() throws -> (root: Layer, group: Layer) {
        let root = TestScenes.box(Rect(x: 0, y: 0, width: 80, height: 56), TestScenes.white)
        let group = Layer(frame: Rect(x: 8, y: 4, width: 60, height: 44))
        let gradient = try Gradient(stops: [GradientStop(0, RGBA(red: 0.9, green: 0.2, blue: 0.4, alpha: 0.6)),
                                            GradientStop(1, RGBA(red: 0.1, green: 0.6, blue: 0.9))])
        group.content = .custom { canvas, rect in
            canvas.fill(Path(rect: rect), paint: .linearGradient(LinearGradient(start: .zero, end: Point(60, 44),
                                                                                gradient: gradient)))
        }
        group.addSublayer(TestScenes.box(Rect(x: 14, y: 9, width: 21, height: 17), TestScenes.green))
        root.addSublayer(group)
        return (root, group)
    }

    private func mesh() throws -> WarpMesh {
        var mesh = try WarpMesh(size: Size(width: 60, height: 44), cellSize: 10)
        try mesh.setOffsets { p in Vector2(3 * sin(p.y * 0.2), 2.5 * cos(p.x * 0.15)) }
        return mesh
    }

    @Test func tilesDrawTheBytesOfTheWholeGroupWarpedAndComposited() throws {
        let (root, group) = try scene()
        let scale = 2.0, size = Size(width: 80, height: 56)
        let mesh = try mesh()
        // The path the shortcut replaces: a second filter (a mesh at rest, which changes nothing) sends the
        // group through the general one — drawn whole, warped whole, then composited.
        let still = try Compositor(size: size, scale: scale).render(root)
        group.filters = [.meshWarp(mesh), .meshWarp(try WarpMesh(size: Size(width: 60, height: 44)))]
        let expected = try Compositor(size: size, scale: scale, tileSize: 1024).render(root)
        #expect(TestScenes.maximumDifference(expected, still) > 10, "the warp shows")
        group.filters = [.meshWarp(mesh)]
        for tileSize in [16, 64, 1024] {
            let compositor = try Compositor(size: size, scale: scale, tileSize: tileSize)
            let image = try compositor.render(root)
            #expect(TestScenes.firstDifference(image, expected) == nil, "tiles of \(tileSize)")
            // The next frame's mesh re-lays the kept pixels without drawing the group again.
            var next = mesh
            try next.setOffset(Vector2(1.25, -0.5), column: 2, row: 2)
            group.filters = [.meshWarp(next)]
            _ = try compositor.render(root)
            #expect(compositor.statistics.groupsRendered == 0 && compositor.statistics.groupsRefiltered == 1)
            group.filters = [.meshWarp(mesh)]
        }
    }

    @Test func underOpacityAndARoundedClipTheWarpedGroupMatchesOneTileWithinALevel() throws {
        let (root, group) = try scene()
        group.removeFromSuperlayer()
        let clip = Layer(frame: Rect(x: 8, y: 4, width: 60, height: 44))
        clip.clipsToBounds = true
        clip.cornerRadii = CornerRadii(all: 9)
        group.frame = clip.bounds
        group.opacity = 0.8
        group.filters = [.meshWarp(try mesh())]
        clip.addSublayer(group)
        root.addSublayer(clip)
        let size = Size(width: 80, height: 56)
        let one = try Compositor(size: size, scale: 3, tileSize: 1024).render(root)
        let tiled = try Compositor(size: size, scale: 3, tileSize: 16).render(root)
        #expect(TestScenes.maximumDifference(one, tiled) <= 1)
        group.opacity = 1
        let opaqueOne = try Compositor(size: size, scale: 3, tileSize: 1024).render(root)
        let opaqueTiled = try Compositor(size: size, scale: 3, tileSize: 16).render(root)
        #expect(TestScenes.maximumDifference(opaqueOne, opaqueTiled) <= 1)
        // The warp shows, and the clip still cuts the corner.
        #expect(TestScenes.maximumDifference(opaqueTiled, one) > 0)
        let corner = opaqueTiled[8 * 3 + 1, 4 * 3 + 1]
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240)
    }
}
