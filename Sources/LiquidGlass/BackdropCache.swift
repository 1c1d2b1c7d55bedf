import LiquidGeometry
import LiquidRaster

/// Keeps frosted backdrops between frames so an unchanged backdrop is not blurred again, plus the scratch
/// memory the blur needs.
///
/// An entry is reused only when everything that determines its pixels matches: the backdrop revision
/// number the caller passes to ``GlassContainer/render(over:into:cache:backdropRevision:)``, the backdrop's
/// size and scale, the frosted region (and which of its rows are blurred) and σ. The caller promises that equal revision numbers
/// mean equal backdrop pixels: bump the revision whenever the backdrop changes. Rendering with a cache
/// gives exactly the same pixels as rendering without one.
///
/// A cache is a place, not a value (a class with identity); it is not `Sendable` — keep one per rendering
/// thread. It holds at most ``capacity`` frosted regions and at most ``byteBudget`` bytes of them
/// (``storedBytes``; the region just frosted is always kept, even alone over the budget), evicting the
/// least recently used. The blur's scratch memory is kept besides (about one region's worth), and so are
/// the pixels of the last frosted region dropped (evicted or removed), which the next frost of the same
/// size writes over instead of allocating.
///
/// It also keeps the geometry-only work of the containers rendered through it (``GlassBake``: shadow
/// alphas, tile walks, refraction sample positions and weights), keyed by the container, the destination
/// size and the scale — so a container that stays put over a changing backdrop only samples and blends.
/// A bake is recorded only the second time in a row the same key misses, so glass that changes every
/// frame (a press, a moving lens) is rendered directly and pays nothing for recording; glass that stays put
/// is recorded on its second frame and replayed from its third. At most ``bakeCapacity`` bakes and
/// ``bakeByteBudget`` bytes of them are kept (the one just made is always kept), least recently used first
/// out; a bake never changes a pixel.
package final class BackdropCache {
    struct Key: Hashable {
        var revision: UInt64
        var width: Int
        var height: Int
        var scale: Double
        var region: PixelRect
        /// The blurred rows of the region (the rest is the plain backdrop).
        var bands: [Range<Int>]
        var sigma: Double
    }

    /// Most recently used last.
    private var entries: [(key: Key, frost: FrostedBackdrop)] = []
    /// The pixels of the last frost dropped, for the next one to reuse (see ``FrostedBackdrop/make``).
    private var spare: Pixmap?
    let workspace = BlurWorkspace()
    /// How many frosted regions are kept.
    package let capacity: Int
    /// Bytes of frosted regions kept at most (beyond the most recent one): 32 MiB by default, a few
    /// full-screen frosts at 3×.
    package let byteBudget: Int
    /// Bytes of frosted regions stored now.
    package private(set) var storedBytes = 0
    /// Lookups answered from the cache.
    package private(set) var hits = 0
    /// Lookups that had to frost the backdrop.
    package private(set) var misses = 0
    /// Misses whose frost was written over the pixels of a dropped one (no new allocation).
    package private(set) var reusedFrosts = 0
    /// Geometry bakes, most recently used last.
    private var bakes: [GlassBake] = []
    /// How many geometry bakes are kept.
    package let bakeCapacity: Int
    /// Bytes of geometry bakes kept at most (beyond the most recent one): 32 MiB by default, about three
    /// screens full of lenses at 3×.
    package let bakeByteBudget: Int
    /// Bytes of geometry bakes stored now.
    package private(set) var storedBakeBytes = 0
    /// Renders that replayed a stored bake, and renders that recorded one.
    package private(set) var bakeHits = 0
    package private(set) var bakeRecordings = 0
    /// The key of the last lookup that found no bake.
    private var lastMissedBake: GlassBake.Key?

    /// - Parameter capacity: frosted regions kept (at least 1).
    ///   byteBudget: bytes of frosted regions kept.
    ///   bakeCapacity: geometry bakes kept (at least 1); bakeByteBudget: bytes of them kept.
    package init(capacity: Int = 4, byteBudget: Int = 32 << 20, bakeCapacity: Int = 4, bakeByteBudget: Int = 32 << 20) {
        self.capacity = Swift.max(1, capacity)
        self.byteBudget = Swift.max(0, byteBudget)
        self.bakeCapacity = Swift.max(1, bakeCapacity)
        self.bakeByteBudget = Swift.max(0, bakeByteBudget)
    }

    /// Forgets every frosted region (the scratch memory and the geometry bakes are kept).
    package func removeAll() {
        if let last = entries.popLast() { spare = last.frost.pixmap }
        entries.removeAll()
        storedBytes = 0
    }

    /// Forgets every geometry bake (and which key missed last).
    package func removeBakes() {
        bakes.removeAll()
        storedBakeBytes = 0
        lastMissedBake = nil
    }

    /// What to do with the geometry of `key`: replay a stored bake, record one (the same key missed last
    /// time too; the caller then calls ``store(_:)``), or neither (render directly).
    enum BakeLookup {
        case replay(GlassBake)
        case record
        case direct
    }

    func bake(for key: GlassBake.Key) -> BakeLookup {
        if let index = bakes.firstIndex(where: { $0.key == key }) {
            let bake = bakes.remove(at: index)
            bakes.append(bake)
            bakeHits += 1
            return .replay(bake)
        }
        if lastMissedBake == key {
            lastMissedBake = nil
            bakeRecordings += 1
            return .record
        }
        lastMissedBake = key
        return .direct
    }

    /// Keeps `bake` (replacing one with the same key), evicting the least recently used beyond the limits.
    func store(_ bake: GlassBake) {
        if let index = bakes.firstIndex(where: { $0.key == bake.key }) {
            storedBakeBytes -= bakes.remove(at: index).bytes
        }
        bakes.append(bake)
        storedBakeBytes += bake.bytes
        while bakes.count > 1, bakes.count > bakeCapacity || storedBakeBytes > bakeByteBudget {
            storedBakeBytes -= bakes.removeFirst().bytes
        }
    }

    /// The frost for `key`, made by `make` on a miss.
    func frost(for key: Key, make: (BlurWorkspace, inout Pixmap?) -> FrostedBackdrop) -> FrostedBackdrop {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            hits += 1
            return entry.frost
        }
        misses += 1
        let hadSpare = spare != nil
        let frost = make(workspace, &spare)
        if hadSpare && spare == nil { reusedFrosts += 1 }
        entries.append((key, frost))
        storedBytes += 4 * frost.pixmap.width * frost.pixmap.height
        while entries.count > 1, entries.count > capacity || storedBytes > byteBudget {
            let dropped = entries.removeFirst()
            storedBytes -= 4 * dropped.frost.pixmap.width * dropped.frost.pixmap.height
            spare = dropped.frost.pixmap
        }
        return frost
    }
}
