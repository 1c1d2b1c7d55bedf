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
/// least recently used. The blur's scratch memory is kept besides (about one region's worth).
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

    /// - Parameter capacity: frosted regions kept (at least 1).
    ///   byteBudget: bytes of frosted regions kept.
    package init(capacity: Int = 4, byteBudget: Int = 32 << 20) {
        self.capacity = Swift.max(1, capacity)
        self.byteBudget = Swift.max(0, byteBudget)
    }

    /// Forgets every frosted region (the scratch memory is kept).
    package func removeAll() {
        entries.removeAll()
        storedBytes = 0
    }

    /// The frost for `key`, made by `make` on a miss.
    func frost(for key: Key, make: (BlurWorkspace) -> FrostedBackdrop) -> FrostedBackdrop {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            hits += 1
            return entry.frost
        }
        misses += 1
        let frost = make(workspace)
        entries.append((key, frost))
        storedBytes += 4 * frost.pixmap.width * frost.pixmap.height
        while entries.count > 1, entries.count > capacity || storedBytes > byteBudget {
            let dropped = entries.removeFirst()
            storedBytes -= 4 * dropped.frost.pixmap.width * dropped.frost.pixmap.height
        }
        return frost
    }
}
