/// The ligature substitutions of a font's `GSUB` table: how a colour emoji font joins a sequence of glyphs
/// (a ZWJ family, a flag's two regional indicators, an emoji with a skin-tone modifier) into one glyph.
///
/// Only lookup type 4 (ligature substitution), directly or wrapped in type 7 (extension), is read; scripts,
/// features and lookup flags are not consulted — every ligature lookup applies, in lookup-list order, each
/// one greedily from left to right. That is enough to find the one glyph an emoji font draws for a grapheme
/// cluster; it is not a text shaper. Every read is bounds-checked: a truncated or malformed table yields
/// fewer ligatures, never a trap.
struct OpenTypeLigatures: Sendable {
    /// A ligature: the glyphs after the first, and the glyph that replaces the whole run.
    private struct Ligature: Sendable {
        var rest: [UInt32]
        var glyph: UInt32
    }

    /// One lookup: first glyph → its ligatures, longest first.
    private typealias Lookup = [UInt32: [Ligature]]

    private var lookups: [Lookup] = []

    /// Reads the ligature lookups of the `GSUB` table `bytes`.
    init(gsub bytes: [UInt8]) {
        let table = Reader(bytes: bytes)
        guard let listOffset = table.u16(8), let lookupCount = table.u16(listOffset) else { return }
        for index in 0..<Swift.min(lookupCount, 4096) {
            guard let offset = table.u16(listOffset + 2 + 2 * index) else { break }
            let lookupStart = listOffset + offset
            guard let type = table.u16(lookupStart), let subtableCount = table.u16(lookupStart + 4) else { continue }
            guard type == 4 || type == 7 else { continue }
            var lookup: Lookup = [:]
            for sub in 0..<subtableCount {
                guard let subOffset = table.u16(lookupStart + 6 + 2 * sub) else { break }
                var start = lookupStart + subOffset
                if type == 7 {
                    guard table.u16(start + 2) == 4, let extended = table.u32(start + 4) else { continue }
                    start += extended
                }
                Self.readLigatureSubtable(table, at: start, into: &lookup)
            }
            if !lookup.isEmpty {
                lookups.append(lookup.mapValues { $0.sorted { $0.rest.count > $1.rest.count } })
            }
        }
    }

    /// Whether the table holds any ligature.
    var isEmpty: Bool { lookups.isEmpty }

    /// `glyphs` after every ligature lookup has been applied.
    func substitute(_ glyphs: [UInt32]) -> [UInt32] {
        var run = glyphs
        for lookup in lookups {
            var out: [UInt32] = []
            var i = 0
            while i < run.count {
                let match = lookup[run[i]]?.first { ligature in
                    i + ligature.rest.count < run.count
                        && ligature.rest.enumerated().allSatisfy { run[i + 1 + $0.offset] == $0.element }
                }
                if let match {
                    out.append(match.glyph)
                    i += 1 + match.rest.count
                } else {
                    out.append(run[i])
                    i += 1
                }
            }
            run = out
        }
        return run
    }

    private static func readLigatureSubtable(_ table: Reader, at start: Int, into lookup: inout Lookup) {
        guard table.u16(start) == 1, let coverageOffset = table.u16(start + 2),
              let setCount = table.u16(start + 4) else { return }
        let firstGlyphs = coverage(table, at: start + coverageOffset, limit: setCount)
        for (setIndex, first) in firstGlyphs.enumerated() {
            guard let setOffset = table.u16(start + 6 + 2 * setIndex) else { break }
            let setStart = start + setOffset
            guard let count = table.u16(setStart) else { continue }
            for k in 0..<count {
                guard let ligatureOffset = table.u16(setStart + 2 + 2 * k) else { break }
                let at = setStart + ligatureOffset
                guard let glyph = table.u16(at), let components = table.u16(at + 2), components >= 1 else { continue }
                var rest: [UInt32] = []
                for c in 0..<(components - 1) {
                    guard let component = table.u16(at + 4 + 2 * c) else { break }
                    rest.append(UInt32(component))
                }
                guard rest.count == components - 1 else { continue }
                lookup[UInt32(first), default: []].append(Ligature(rest: rest, glyph: UInt32(glyph)))
            }
        }
    }

    /// The glyphs a coverage table lists, in coverage-index order (at most `limit`).
    private static func coverage(_ table: Reader, at start: Int, limit: Int) -> [Int] {
        var glyphs: [Int] = []
        switch table.u16(start) {
        case 1:
            guard let count = table.u16(start + 2) else { return [] }
            for i in 0..<Swift.min(count, limit) {
                guard let glyph = table.u16(start + 4 + 2 * i) else { break }
                glyphs.append(glyph)
            }
        case 2:
            guard let ranges = table.u16(start + 2) else { return [] }
            var slots = [Int?](repeating: nil, count: limit)
            for r in 0..<ranges {
                let at = start + 4 + 6 * r
                guard let first = table.u16(at), let last = table.u16(at + 2), let index = table.u16(at + 4),
                      first <= last else { break }
                for glyph in first...last where index + glyph - first < limit {
                    slots[index + glyph - first] = glyph
                }
            }
            glyphs = slots.prefix { $0 != nil }.compactMap { $0 }
        default:
            break
        }
        return glyphs
    }

    /// Big-endian reads that return `nil` past the end instead of trapping.
    private struct Reader {
        let bytes: [UInt8]

        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        func u32(_ offset: Int) -> Int? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }
    }
}
