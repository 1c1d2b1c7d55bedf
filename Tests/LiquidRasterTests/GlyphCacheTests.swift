import Testing
@testable import LiquidRaster

@Suite("Glyph cache")
struct GlyphCacheTests {
    @Test func glyphCacheStaysWithinItsLimitsAndKeepsRecentGlyphs() {
        var cache = GlyphCache(maximumEntries: 100, maximumBytes: 2000)
        func bitmap(_ bytes: Int) -> GlyphBitmap {
            GlyphBitmap(width: bytes, height: 1, left: 0, top: 0, advance: 64, coverage: [UInt8](repeating: 9, count: bytes))
        }
        let hot = GlyphCache.Key(face: 0, size: 640, glyph: 1)
        cache.insert(bitmap(10), for: hot)
        for i in 0..<5000 {
            cache.insert(bitmap(i % 40), for: GlyphCache.Key(face: i % 3, size: 64 * (i % 7), glyph: UInt32(i + 2)))
            #expect(cache.count <= 100 && cache.byteCount <= 2000)
            _ = cache.bitmap(for: hot)  // keep it recently used
        }
        #expect(cache.bitmap(for: hot) == bitmap(10))
        cache.insert(bitmap(5000), for: GlyphCache.Key(face: 9, size: 9, glyph: 9))  // larger than the whole budget
        #expect(cache.bitmap(for: GlyphCache.Key(face: 9, size: 9, glyph: 9)) == nil && cache.byteCount <= 2000)
    }

    @Test func replacingAnEntryKeepsTheByteCountRight() {
        var cache = GlyphCache(maximumEntries: 10, maximumBytes: 100)
        let key = GlyphCache.Key(face: 1, size: 64, glyph: 3)
        cache.insert(GlyphBitmap(width: 5, height: 2, left: 0, top: 0, advance: 0, coverage: Array(repeating: 1, count: 10)), for: key)
        cache.insert(GlyphBitmap(width: 2, height: 2, left: 0, top: 0, advance: 0, coverage: Array(repeating: 1, count: 4)), for: key)
        #expect(cache.count == 1 && cache.byteCount == 4)
    }
}
