import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Merging: shapes closer than the spacing form one connected surface, farther ones do not; spacing 0
/// never merges; a shared union id always merges.
@Suite struct GlassMergeTests {
    func pair(gap: Double, spacing: Double, unionID: String? = nil) -> GlassContainer {
        let r = 16.0
        return GlassContainer(spacing: spacing, children: [
            GlassElement(.circle(center: Point(50 - gap / 2 - r, 30), radius: r), unionID: unionID),
            GlassElement(.circle(center: Point(50 + gap / 2 + r, 30), radius: r), unionID: unionID),
        ])
    }

    func regions(_ c: GlassContainer) throws -> Int {
        GlassScenes.components(try GlassScenes.coverageMask(c), width: 200, height: 120)
    }

    @Test(arguments: [0.0, 2, 5, 8])
    func closerThanSpacingIsOneRegion(gap: Double) throws {
        let c = pair(gap: gap, spacing: 10)
        #expect(c.surfaces() == [[0, 1]])
        #expect(try regions(c) == 1)
    }

    @Test(arguments: [12.0, 16, 30])
    func fartherThanSpacingStaysApart(gap: Double) throws {
        let c = pair(gap: gap, spacing: 10)
        #expect(c.surfaces() == [[0], [1]])
        #expect(try regions(c) == 2)
    }

    @Test func overlappingShapesMergeIntoOne() throws {
        #expect(try regions(pair(gap: -10, spacing: 10)) == 1)
    }

    /// Spacing 0 batches: even touching or overlapping children stay separate surfaces (each its own rim).
    @Test func spacingZeroDoesNotMerge() throws {
        let c = pair(gap: 4, spacing: 0)
        #expect(c.surfaces() == [[0], [1]])
        #expect(try regions(c) == 2)
        let overlapping = pair(gap: -10, spacing: 0)
        #expect(overlapping.surfaces() == [[0], [1]])
        // Separate surfaces: the second one's rim is drawn across the first one's glass, so the rendering
        // differs from the merged one.
        let backdrop = GlassScenes.busy()
        var merged = overlapping
        merged.spacing = 10
        #expect(try GlassScenes.render(overlapping, over: backdrop) != GlassScenes.render(merged, over: backdrop))
    }

    @Test func unionIDMergesRegardlessOfSpacing() throws {
        for spacing in [0.0, 4] {
            let c = pair(gap: 14, spacing: spacing, unionID: "tabs")
            #expect(c.surfaces() == [[0, 1]])
            #expect(try regions(c) == 1, "spacing \(spacing)")
            #expect(try regions(pair(gap: 14, spacing: spacing)) == 2)
        }
    }

    /// A chain: A–B close, B–C close, A–C far: all three form one surface.
    @Test func mergingIsTransitive() throws {
        let c = GlassContainer(spacing: 6, children: [
            GlassElement(.circle(center: Point(20, 30), radius: 10)),
            GlassElement(.circle(center: Point(44, 30), radius: 10)),
            GlassElement(.circle(center: Point(68, 30), radius: 10)),
            GlassElement(.circle(center: Point(92, 30), radius: 3)),
        ])
        #expect(c.surfaces() == [[0, 1, 2], [3]])
        #expect(try regions(c) == 2)
    }
}
