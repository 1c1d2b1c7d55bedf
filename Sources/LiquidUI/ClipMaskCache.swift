import LiquidGeometry
import LiquidRaster
import Synchronization

/// The clip masks of layers' rounded bounds, kept from frame to frame and shared by the workers drawing
/// a frame's tiles: a mask depends only on the bounds, corner radii and style, the device transform and
/// the target's size, so a hit is the very mask a fresh rasterisation would give.
///
/// Budget: at most ``byteBudget`` bytes of masks; a mask that would take the cache past it first empties
/// it (a frame's masks are made again within one frame), and a mask larger than a quarter of the budget
/// is never kept.
///
/// Measured reason: a full-screen ripple at 3× clips the tiles near its card's four rounded corners every
/// frame, rasterising the continuous-corner outline into each tile's mask — about 5 % of its frame
/// (`ui.ripple.frame.8waves`, perf), the same masks every frame.
final class ClipMaskCache: Sendable {
    /// Everything a bounds mask depends on.
    struct Key: Hashable {
        let bounds: Rect
        let radii: CornerRadii
        let style: CornerStyle
        let transform: AffineTransform
        let width, height: Int
    }

    private struct Store {
        var masks: [Key: ClipMask] = [:]
        var bytes = 0
    }

    /// The most bytes of masks kept.
    let byteBudget: Int
    private let store = Mutex(Store())

    /// An empty cache keeping at most `byteBudget` bytes of masks (4 MB by default).
    init(byteBudget: Int = 4 << 20) {
        self.byteBudget = Swift.max(0, byteBudget)
    }

    /// How many masks the cache holds now.
    var count: Int { store.withLock { $0.masks.count } }

    /// The mask for `key`, made by `make` (outside the lock) when the cache does not hold it.
    func mask(for key: Key, make: () -> ClipMask?) -> ClipMask? {
        if let hit = store.withLock({ $0.masks[key] }) { return hit }
        guard let made = make() else { return nil }
        let size = made.width * made.height
        guard size <= byteBudget / 4 else { return made }
        store.withLock { store in
            if store.bytes + size > byteBudget {
                store.masks.removeAll(keepingCapacity: true)
                store.bytes = 0
            }
            if store.masks.updateValue(made, forKey: key) == nil { store.bytes += size }
        }
        return made
    }
}
