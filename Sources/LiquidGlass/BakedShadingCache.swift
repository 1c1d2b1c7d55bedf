import LiquidGeometry
import LiquidRaster

/// Keeps baked ``BakedShading`` images so each (recipe, pixel size, scale) is rendered once.
///
/// Guarantees: a second request for the same recipe, pixel size and scale returns the stored images
/// without rendering (``renderCount`` does not move, ``hitCount`` does). At most ``capacity`` entries are
/// kept, holding at most ``byteBudget`` bytes of images together (``storedBytes``; the entry just
/// requested is always kept, even alone over the budget); the least recently used one is dropped first. Sizes are compared in whole pixels
/// (`size·scale` rounded up), so sub-pixel jitter does not re-bake. An animated size (a thumb growing)
/// bakes each new pixel size once; a control that only scales its thumb should bake the rest size and
/// draw it scaled.
///
/// A reference type because it is a place (stored images); not `Sendable`: use one per rendering thread.
package final class BakedShadingCache {
    /// Entries kept at most (≥ 1).
    package let capacity: Int
    /// Bytes of stored images kept at most (beyond the one most recent entry): 8 MiB by default, room for
    /// the 48 sizes a slider thumb's press passes through at 3× (about 150 kB each).
    package let byteBudget: Int
    /// Bytes of images stored now (both images of every entry).
    package private(set) var storedBytes = 0
    /// Renders performed so far (cache misses).
    package private(set) var renderCount = 0
    /// Requests answered from the cache.
    package private(set) var hitCount = 0

    private struct Key: Hashable {
        let shading: BakedShading
        let width: Int, height: Int
        let scale: Double
    }
    private var entries: [Key: BakedShading.Image] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []

    /// A cache holding up to `capacity` baked sizes (clamped to at least 1) and `byteBudget` bytes.
    package init(capacity: Int = 16, byteBudget: Int = 8 << 20) {
        self.capacity = Swift.max(capacity, 1)
        self.byteBudget = Swift.max(byteBudget, 0)
    }

    private static func bytes(of image: BakedShading.Image) -> Int {
        4 * (image.multiply.width * image.multiply.height + image.highlight.width * image.highlight.height)
    }

    /// The baked images for `shading` at `size` points and `scale`, rendered on the first request only.
    /// - Throws: as ``BakedShading/render(size:scale:)``.
    package func image(for shading: BakedShading, size: Size, scale: Double) throws(LiquidError) -> BakedShading.Image {
        guard size.isFinite, scale.isFinite, scale > 0 else {
            throw .invalidSize("baked shading size \(size.width)×\(size.height) pt at scale \(scale) is not finite and positive")
        }
        let key = Key(shading: shading, width: Int((size.width * scale).rounded(.up)),
                      height: Int((size.height * scale).rounded(.up)), scale: scale)
        if let image = entries[key] {
            hitCount += 1
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return image
        }
        let image = try shading.render(size: size, scale: scale)
        renderCount += 1
        entries[key] = image
        order.append(key)
        storedBytes += Self.bytes(of: image)
        while order.count > 1, order.count > capacity || storedBytes > byteBudget {
            if let dropped = entries.removeValue(forKey: order.removeFirst()) { storedBytes -= Self.bytes(of: dropped) }
        }
        return image
    }

    /// Drops every stored image (the counters keep counting).
    package func removeAll() {
        entries.removeAll()
        order.removeAll()
        storedBytes = 0
    }
}
