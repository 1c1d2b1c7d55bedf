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
/// thread. It holds at most ``capacity`` frosted regions, evicting the least recently used.
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
    /// Lookups answered from the cache.
    package private(set) var hits = 0
    /// Lookups that had to frost the backdrop.
    package private(set) var misses = 0

    /// - Parameter capacity: frosted regions kept (at least 1).
    package init(capacity: Int = 4) {
        self.capacity = Swift.max(1, capacity)
    }

    /// Forgets every frosted region (the scratch memory is kept).
    package func removeAll() {
        entries.removeAll()
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
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return frost
    }
}
