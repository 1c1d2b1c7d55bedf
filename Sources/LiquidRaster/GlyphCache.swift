/// A bounded least-recently-used cache of glyph bitmaps.
///
/// Guarantees: after any insertion there are at most ``maximumEntries`` glyphs holding at most
/// ``maximumBytes`` coverage bytes (a single glyph larger than the byte budget is not kept). When a limit is
/// passed, the least recently used glyphs are dropped until both are under three quarters of their limits,
/// so eviction costs O(n log n) once per n/4 insertions. Not thread safe: its owner serialises access.
struct GlyphCache {
    /// Identifies a rasterised glyph: which opened face, at which pixel size (1/64 px), which glyph index.
    struct Key: Hashable, Sendable {
        var face: Int
        var size: Int
        var glyph: UInt32
    }

    let maximumEntries: Int
    let maximumBytes: Int
    private var entries: [Key: (bitmap: GlyphBitmap, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// Coverage bytes currently held.
    private(set) var byteCount = 0

    init(maximumEntries: Int = 4096, maximumBytes: Int = 16 << 20) {
        precondition(maximumEntries > 0 && maximumBytes > 0, "cache limits must be positive")
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    /// Glyphs currently held.
    var count: Int { entries.count }

    /// The cached bitmap for `key`, marking it as recently used.
    mutating func bitmap(for key: Key) -> GlyphBitmap? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.bitmap, clock)
        return entry.bitmap
    }

    /// Stores `bitmap` under `key`, evicting old glyphs if a limit is passed.
    mutating func insert(_ bitmap: GlyphBitmap, for key: Key) {
        guard bitmap.coverage.count <= maximumBytes else { return }
        clock += 1
        if let old = entries.updateValue((bitmap, clock), forKey: key) {
            byteCount -= old.bitmap.coverage.count
        }
        byteCount += bitmap.coverage.count
        if entries.count > maximumEntries || byteCount > maximumBytes { evict() }
    }

    private mutating func evict() {
        let targetEntries = maximumEntries * 3 / 4, targetBytes = maximumBytes * 3 / 4
        let oldestFirst = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in oldestFirst {
            if entries.count <= targetEntries && byteCount <= targetBytes { break }
            entries[key] = nil
            byteCount -= entry.bitmap.coverage.count
        }
    }
}
