import LiquidRaster

/// Which fixed tiles of the screen need re-rendering. The grid is the same for every frame, so a pixel is
/// always rendered inside the same tile buffer — the reason an incremental frame equals a full one byte
/// for byte.
struct TileGrid {
    let tileSize: Int
    let bounds: PixelRect
    let columns: Int
    let rows: Int
    private(set) var marked: [Bool]

    init(bounds: PixelRect, tileSize: Int) {
        self.tileSize = tileSize
        self.bounds = bounds
        columns = (bounds.width + tileSize - 1) / tileSize
        rows = (bounds.height + tileSize - 1) / tileSize
        marked = [Bool](repeating: false, count: columns * rows)
    }

    /// The column and row ranges of the tiles that `rect` touches (empty when it misses the screen).
    private func span(_ rect: PixelRect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard let r = rect.intersection(bounds) else { return nil }
        return ((r.x / tileSize)...((r.maxX - 1) / tileSize), (r.y / tileSize)...((r.maxY - 1) / tileSize))
    }

    /// Marks every tile `rect` touches.
    mutating func mark(_ rect: PixelRect) {
        guard let (cs, rs) = span(rect) else { return }
        for r in rs { for c in cs { marked[r * columns + c] = true } }
    }

    /// Whether any tile `rect` touches is marked.
    func anyMarked(in rect: PixelRect) -> Bool {
        guard let (cs, rs) = span(rect) else { return false }
        for r in rs { for c in cs where marked[r * columns + c] { return true } }
        return false
    }

    /// Whether every tile `rect` touches is marked.
    func allMarked(in rect: PixelRect) -> Bool {
        guard let (cs, rs) = span(rect) else { return true }
        for r in rs { for c in cs where !marked[r * columns + c] { return false } }
        return true
    }

    /// The device rects of the marked tiles, row by row.
    var markedTiles: [PixelRect] {
        var out: [PixelRect] = []
        for r in 0..<rows {
            for c in 0..<columns where marked[r * columns + c] {
                let x = bounds.x + c * tileSize, y = bounds.y + r * tileSize
                out.append(PixelRect(x: x, y: y, width: Swift.min(tileSize, bounds.maxX - x),
                                     height: Swift.min(tileSize, bounds.maxY - y)))
            }
        }
        return out
    }
}
