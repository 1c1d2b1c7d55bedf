import LiquidGeometry
import LiquidRaster

/// Packs rectangles into a fixed-width area by shelves: each rectangle goes on the first shelf that is
/// tall enough and has room left on the right, else on a new shelf below the last one.
///
/// Only the packing is kept here (which rectangle lies where); the pixels live with the owner
/// (``ParticleStore`` keeps one texel per particle in its atlas).
///
/// Guarantees:
/// - Every placed rectangle lies inside `width × maximumHeight` and overlaps no other live rectangle.
/// - Space is reused after removal: a shelf whose rectangles are all removed becomes empty and takes any
///   rectangle no taller than itself again (from its left edge); empty shelves at the bottom are given
///   back entirely, so ``usedHeight`` shrinks. Holes between live rectangles on a shelf are not reused
///   until the whole shelf empties.
/// - ``place(width:height:)`` never allocates more than one shelf record.
package struct ShelfAtlas: Hashable, Sendable {
    /// One row of rectangles.
    struct Shelf: Hashable, Sendable {
        /// Top edge, texels.
        var y: Int
        /// Height, texels.
        var height: Int
        /// The first free column on the right.
        var cursor: Int
        /// Live rectangles on the shelf.
        var live: Int
    }

    /// The width of the area, texels.
    package let width: Int
    /// The most height the shelves may take, texels.
    package let maximumHeight: Int
    private(set) var shelves: [Shelf] = []

    /// An empty atlas `width` texels wide that may grow to `maximumHeight`.
    /// - Throws: `LiquidError` unless both are 1…16 384.
    package init(width: Int, maximumHeight: Int) throws(LiquidError) {
        guard (1...Pixmap.maximumSide).contains(width), (1...Pixmap.maximumSide).contains(maximumHeight) else {
            throw .invalidSize("an atlas must be 1…\(Pixmap.maximumSide) texels wide and high; got \(width)×\(maximumHeight)")
        }
        self.init(validWidth: width, maximumHeight: maximumHeight)
    }

    /// An empty atlas of sizes already known to be valid.
    init(validWidth width: Int, maximumHeight: Int) {
        self.width = width
        self.maximumHeight = maximumHeight
    }

    /// The height down to the bottom of the lowest shelf, texels.
    package var usedHeight: Int { shelves.last.map { $0.y + $0.height } ?? 0 }

    /// Whether a `width × height` rectangle would be placed now (nothing changes).
    package func canPlace(width w: Int, height h: Int) -> Bool {
        slot(width: w, height: h) != nil
    }

    /// Places a `width × height` rectangle and returns where, or `nil` when it does not fit (a size that
    /// is not positive also gives `nil`).
    package mutating func place(width w: Int, height h: Int) -> PixelRect? {
        guard let (index, isNew) = slot(width: w, height: h) else { return nil }
        if isNew { shelves.append(Shelf(y: usedHeight, height: h, cursor: 0, live: 0)) }
        let rect = PixelRect(x: shelves[index].cursor, y: shelves[index].y, width: w, height: h)
        shelves[index].cursor += w
        shelves[index].live += 1
        return rect
    }

    /// Gives back a rectangle returned by ``place(width:height:)`` (an unknown one is ignored).
    package mutating func remove(_ rect: PixelRect) {
        guard let index = shelves.firstIndex(where: { $0.y == rect.y && rect.height <= $0.height }),
              shelves[index].live > 0, rect.x + rect.width <= shelves[index].cursor else { return }
        shelves[index].live -= 1
        if shelves[index].live == 0 { shelves[index].cursor = 0 }
        while let last = shelves.last, last.live == 0 { shelves.removeLast() }
    }

    /// Removes everything.
    package mutating func reset() { shelves.removeAll() }

    /// The shelf a rectangle would go on (and whether it would be a new one). Best fit: the lowest shelf
    /// height that takes it, so short rectangles do not waste tall shelves.
    private func slot(width w: Int, height h: Int) -> (Int, Bool)? {
        guard w >= 1, h >= 1, w <= width, h <= maximumHeight else { return nil }
        var best: Int?
        for (i, shelf) in shelves.enumerated() where shelf.height >= h && width - shelf.cursor >= w {
            // An empty shelf takes anything that fits its height; a used one only what is not far shorter,
            // so a tall shelf is not filled with thin strips.
            guard shelf.live == 0 || h * 2 > shelf.height else { continue }
            if best.map({ shelves[$0].height > shelf.height }) ?? true { best = i }
        }
        if let best { return (best, false) }
        guard usedHeight + h <= maximumHeight else { return nil }
        return (shelves.count, true)
    }
}
