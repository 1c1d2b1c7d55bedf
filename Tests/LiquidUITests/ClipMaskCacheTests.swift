import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// The compositor's cache of rounded-bounds clip masks: a hit is the mask a fresh rasterisation gives, and
/// the cache stays within its byte budget.
struct ClipMaskCacheTests {
    private func key(_ x: Double, width: Int = 32, height: Int = 32) -> ClipMaskCache.Key {
        ClipMaskCache.Key(bounds: Rect(x: x, y: 0, width: 40, height: 30), radii: CornerRadii(all: 8), style: .continuous,
                          transform: AffineTransform(scaleX: 2, y: 2), width: width, height: height)
    }

    private func mask(_ key: ClipMaskCache.Key) -> ClipMask? {
        var path = Path()
        path.addContinuousRoundedRect(key.bounds, cornerRadii: key.radii)
        return try? ClipMask(width: key.width, height: key.height, path: path, transform: key.transform)
    }

    @Test func aHitIsTheMaskAFreshRasterisationGives() throws {
        let cache = ClipMaskCache()
        var made = 0
        let first = cache.mask(for: key(3)) { made += 1; return mask(key(3)) }
        let second = cache.mask(for: key(3)) { made += 1; return mask(key(3)) }
        #expect(made == 1)
        #expect(second == first && second == mask(key(3)))
        let other = cache.mask(for: key(5)) { made += 1; return mask(key(5)) }
        #expect(made == 2 && other != first)
    }

    @Test func theCacheStaysWithinItsBudget() {
        // 32 × 32 masks of 1 KB each in a 4 KB budget: the fifth empties the cache first.
        let cache = ClipMaskCache(byteBudget: 4096)
        for i in 0..<4 { _ = cache.mask(for: key(Double(i))) { mask(key(Double(i))) } }
        #expect(cache.count == 4)
        _ = cache.mask(for: key(9)) { mask(key(9)) }
        #expect(cache.count == 1)
        // A mask over a quarter of the budget is handed out but not kept.
        let big = key(1, width: 64, height: 64)
        #expect(cache.mask(for: big) { mask(big) } != nil)
        #expect(cache.count == 1)
    }

    /// A rounded card clipping its content, drawn frame after frame by one compositor (masks from its cache,
    /// the card moving by fractions of a pixel), equals each frame drawn by a compositor that makes every
    /// mask afresh.
    @MainActor @Test func framesWithCachedMasksEqualRendersWithoutTheCache() throws {
        let root = Layer()
        root.frame = Rect(x: 0, y: 0, width: 120, height: 90)
        let card = Layer()
        card.cornerRadii = CornerRadii(all: 18)
        card.cornerStyle = .continuous
        card.clipsToBounds = true
        card.backgroundColor = RGBA(red: 0.2, green: 0.4, blue: 0.9)
        let dot = Layer()
        dot.backgroundColor = RGBA(red: 1, green: 0.8, blue: 0.1)
        card.addSublayer(dot)
        root.addSublayer(card)
        let compositor = try Compositor(size: Size(width: 120, height: 90), scale: 3)
        let cache = try #require(compositor.clipMasks)
        for step in 0..<8 {
            // The card steps back and forth between two places, so half the frames find their masks kept.
            let shift = step % 2 == 0 ? 0.0 : 0.37
            card.frame = Rect(x: 7.3 + shift, y: 5.1 + shift / 2, width: 100, height: 70)
            dot.frame = Rect(x: -10 + 17 * Double(step), y: -8 + 11 * Double(step), width: 30, height: 30)
            let image = try compositor.render(root)
            let uncached = try Compositor(size: Size(width: 120, height: 90), scale: 3)
            uncached.clipMasks = nil
            #expect(image.bytes == (try uncached.render(root)).bytes, "frame \(step)")
        }
        #expect(cache.count > 0, "the compositor kept masks")
    }
}
