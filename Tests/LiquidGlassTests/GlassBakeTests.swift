import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Rendering through a cache records a container's geometry-only work once and replays it on later frames
/// (over new backdrops); the pixels must be exactly those of a render without any cache.
@Suite struct GlassBakeTests {
    /// Lenses like the sixteen-lens workload, small: a merged row (gap below the spacing), separate lenses
    /// (gap above it), circles and rounded rects, one continuous-cornered, one at the image's right edge
    /// (partial tiles, clamped frost samples) and one odd-sized so band rows end in partial groups of eight.
    static func lenses(material: GlassMaterial = .regular) -> GlassContainer {
        GlassContainer(spacing: 6, material: material, children: [
            GlassElement(.circle(center: Point(16, 16), radius: 13)),
            GlassElement(.roundedRect(Rect(x: 33, y: 3, width: 26, height: 30), CornerRadii(all: 8), continuous: false)),
            GlassElement(.circle(center: Point(77, 17), radius: 12.3)),
            GlassElement(.roundedRect(Rect(x: 4, y: 38, width: 31.7, height: 19), CornerRadii(all: 6), continuous: true)),
            GlassElement(.roundedRect(Rect(x: 50, y: 37, width: 49, height: 21), CornerRadii(all: 10.5), continuous: false)),
        ])
    }

    /// Renders `container` over `backdrops` in turn through one cache (each backdrop a new revision) and
    /// compares every frame with a render without a cache.
    func expectReplayMatches(_ container: GlassContainer, backdrops: [Pixmap], cache: BackdropCache,
                             firstRevision: UInt64 = 1) throws {
        for (i, backdrop) in backdrops.enumerated() {
            let direct = try GlassScenes.render(container, over: backdrop)
            let cached = try GlassScenes.render(container, over: backdrop, cache: cache, revision: firstRevision + UInt64(i))
            #expect(cached.bytes == direct.bytes, "frame \(i)")
        }
    }

    /// The first frame renders directly, the second records the bake (the same container again), later
    /// ones replay it.
    @Test func replayedFramesEqualDirectRenders() throws {
        let cache = BackdropCache()
        let backdrops = [GlassScenes.busy(seed: 7), GlassScenes.busy(seed: 8), GlassScenes.stripes(period: 5),
                         GlassScenes.busy(seed: 9)]
        try expectReplayMatches(Self.lenses(), backdrops: backdrops, cache: cache)
        #expect(cache.bakeRecordings == 1)
        #expect(cache.bakeHits == 2)
        #expect(cache.storedBakeBytes > 0)
    }

    /// A moved lens is a different container: rendered directly, then recorded and replayed once it stays.
    @Test func movedLensesRecordAgain() throws {
        let cache = BackdropCache()
        var container = Self.lenses()
        try expectReplayMatches(container, backdrops: [GlassScenes.busy(seed: 3), GlassScenes.busy(seed: 4)], cache: cache)
        container.children[2] = GlassElement(.circle(center: Point(70.4, 21), radius: 12.3))
        try expectReplayMatches(container, backdrops: [GlassScenes.busy(seed: 4), GlassScenes.busy(seed: 5),
                                                       GlassScenes.busy(seed: 6)],
                                cache: cache, firstRevision: 10)
        #expect(cache.bakeRecordings == 2)
        #expect(cache.bakeHits == 1)
    }

    /// Surfaces painted per pixel (a touch glow, dispersion, a tint, partial materialize) replay their
    /// shadows and paint their glass directly: still exact.
    @Test(arguments: [0, 1, 2, 3])
    func otherPathsStayExact(variant: Int) throws {
        var container = Self.lenses()
        switch variant {
        case 0:
            container.children[0].interaction = GlassInteraction(pressProgress: 1, touchPoint: Point(14, 12))
        case 1:
            container.material.dispersion = 0.03
        case 2:
            container.material = GlassMaterial(tint: RGBA(red: 0.1, green: 0.5, blue: 1), prominent: true)
        default:
            container.materialize = 0.55
        }
        try expectReplayMatches(container, backdrops: [GlassScenes.busy(seed: 11), GlassScenes.busy(seed: 12)],
                                cache: BackdropCache())
    }

    /// A frost written over the pixels of a dropped one (evicted from a cache of one, or removed) gives
    /// exactly the pixels of a render without a cache.
    @Test func reusedFrostPixelsStayExact() throws {
        let cache = BackdropCache(capacity: 1)
        let backdrops = [GlassScenes.busy(seed: 21), GlassScenes.busy(seed: 22), GlassScenes.stripes(period: 3),
                         GlassScenes.busy(seed: 23)]
        try expectReplayMatches(Self.lenses(), backdrops: backdrops, cache: cache)
        #expect(cache.misses == 4)
        // A frost is evicted only once the next one is made, so the third frame is the first to reuse one.
        #expect(cache.reusedFrosts == 2)
        cache.removeAll()
        try expectReplayMatches(Self.lenses(), backdrops: [GlassScenes.busy(seed: 24)], cache: cache,
                                firstRevision: 10)
        #expect(cache.reusedFrosts == 3)
    }

    /// The bakes respect their budget: with room for one, a second container evicts the first.
    @Test func bakesAreBounded() throws {
        let cache = BackdropCache(bakeCapacity: 1)
        let backdrops = [GlassScenes.busy(seed: 1), GlassScenes.busy(seed: 2), GlassScenes.busy(seed: 3)]
        var other = Self.lenses()
        other.children.removeLast()
        try expectReplayMatches(Self.lenses(), backdrops: backdrops, cache: cache)
        try expectReplayMatches(other, backdrops: backdrops, cache: cache, firstRevision: 5)
        try expectReplayMatches(Self.lenses(), backdrops: Array(backdrops.prefix(2)), cache: cache, firstRevision: 9)
        #expect(cache.bakeRecordings == 3, "the first container's bake was evicted and recorded again")
        #expect(cache.bakeHits == 2)
        cache.removeBakes()
        #expect(cache.storedBakeBytes == 0)
    }
}
