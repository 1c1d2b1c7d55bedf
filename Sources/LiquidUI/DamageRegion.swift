import LiquidRaster

/// The changed part of the screen as a short list of device-pixel rectangles.
///
/// Adding a rect merges it with any rect it overlaps a lot (their bounding box wastes at most a quarter
/// of its area), so one moving layer stays one rect while far-apart changes stay apart and cheap. The list
/// never grows beyond ``maximumCount``: past it the two rects whose union wastes least are merged.
///
/// Guarantee: the union of ``rects`` always contains every pixel of every rect added.
package struct DamageRegion: Sendable, Equatable {
    /// The most rects kept.
    package static let maximumCount = 8

    /// The rects, none empty.
    package private(set) var rects: [PixelRect] = []

    package init() {}

    /// Whether nothing was added (or only empty rects).
    package var isEmpty: Bool { rects.isEmpty }

    /// The bounding box of all rects, or `nil` when empty.
    package var bounds: PixelRect? {
        rects.reduce(nil as PixelRect?) { $0.union($1) }
    }

    /// Adds `rect` (ignored when empty), merging as described above.
    package mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var merged = rect
        var i = 0
        while i < rects.count {
            if rects[i].contains(merged) { return }
            if Self.mergeable(rects[i], merged) {
                merged = merged.union(rects[i])
                rects.remove(at: i)
                i = 0
            } else {
                i += 1
            }
        }
        rects.append(merged)
        while rects.count > Self.maximumCount { mergeCheapestPair() }
    }

    /// Adds `rect` when it is not `nil`.
    package mutating func add(_ rect: PixelRect?) {
        if let rect { add(rect) }
    }

    /// Whether any rect shares a pixel with `rect`.
    package func intersects(_ rect: PixelRect) -> Bool {
        rects.contains { $0.intersects(rect) }
    }

    /// Every rect clipped to `limit` (rects outside it are dropped).
    package func clipped(to limit: PixelRect) -> DamageRegion {
        var out = DamageRegion()
        out.rects = rects.compactMap { $0.intersection(limit) }
        return out
    }

    /// Two rects merge when their bounding box is at most 25 % larger than their areas together (which
    /// includes every pair where one mostly covers the other).
    private static func mergeable(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let union = a.union(b).area
        let overlap = a.intersection(b)?.area ?? 0
        return union * 4 <= (a.area + b.area - overlap) * 5
    }

    private mutating func mergeCheapestPair() {
        var best = (0, 1), bestWaste = Int.max
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < bestWaste { bestWaste = waste; best = (i, j) }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(merged)
    }
}
