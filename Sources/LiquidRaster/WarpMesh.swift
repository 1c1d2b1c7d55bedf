import LiquidGeometry

/// A deformable grid over the rectangle from (0, 0) to ``size`` (points of the layer it warps): the
/// rectangle is cut into ``columns`` × ``rows`` equal cells, and each grid corner (vertex) carries an offset
/// saying where the image point at that corner is drawn.
///
/// Drawing an image through the mesh maps each cell from its rectangle to the quad of its moved corners,
/// with bilinear sampling; an output pixel inside a cell reads the image at its own position minus the
/// offset interpolated bilinearly from the cell's four corners (the inverse of the rectangle → quad map to
/// first order; exact wherever a cell's corners moved alike).
///
/// Guarantees:
/// - ``size`` is finite and positive; ``columns`` and ``rows`` are 1…``maximumCellsPerSide``;
///   ``offsets`` holds `(columns + 1)·(rows + 1)` finite vectors, row-major (vertex row 0 first), each of
///   length at most ``maximumOffset``.
/// - A cell whose four corners moved at most ``restThreshold`` points is drawn as a plain copy, so a mesh
///   at rest reproduces the image byte for byte.
public struct WarpMesh: Hashable, Sendable {
    /// About how large a cell is by default, points.
    public static let defaultCellSize = 40.0
    /// A corner that moved at most this far (points) counts as at rest.
    public static let restThreshold = 0.005
    /// The most cells along either side.
    public static let maximumCellsPerSide = 1024
    /// The longest offset a corner may carry, points.
    public static let maximumOffset = 100_000.0

    /// The area the grid covers, points from (0, 0).
    public let size: Size
    /// Cells across.
    public let columns: Int
    /// Cells down.
    public let rows: Int
    /// Each vertex's offset, points, row-major: vertex (column c, row r) at `r·(columns + 1) + c`.
    public private(set) var offsets: [Vector2]

    /// A mesh at rest of `columns` × `rows` cells over `size`.
    /// - Throws: `LiquidError` naming the size when it is not finite and positive, or the cell counts when
    ///   they are outside 1…``maximumCellsPerSide``.
    public init(size: Size, columns: Int, rows: Int) throws(LiquidError) {
        guard size.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize("a warp mesh needs a finite, positive size, not \(size)")
        }
        let limit = Self.maximumCellsPerSide
        guard (1...limit).contains(columns), (1...limit).contains(rows) else {
            throw .invalidSize("a warp mesh needs 1…\(limit) cells per side, not \(columns) × \(rows)")
        }
        self.size = size
        self.columns = columns
        self.rows = rows
        offsets = Array(repeating: .zero, count: (columns + 1) * (rows + 1))
    }

    /// A mesh at rest over `size` with square-ish cells of about `cellSize` points (the nearest whole
    /// number of cells per side, at least one).
    /// - Throws: `LiquidError` naming `cellSize` when it is not finite and positive, or when it would make
    ///   more than ``maximumCellsPerSide`` cells per side; as ``init(size:columns:rows:)`` for the size.
    public init(size: Size, cellSize: Double = WarpMesh.defaultCellSize) throws(LiquidError) {
        guard cellSize.isFinite, cellSize > 0 else {
            throw .invalidParameter("warp mesh cell size \(LiquidError.quoted(cellSize)) must be finite and positive")
        }
        guard size.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize("a warp mesh needs a finite, positive size, not \(size)")
        }
        let limit = Double(Self.maximumCellsPerSide)
        let across = Swift.max(1, (size.width / cellSize).rounded()), down = Swift.max(1, (size.height / cellSize).rounded())
        guard across <= limit, down <= limit else {
            throw .invalidParameter("warp mesh cell size \(LiquidError.quoted(cellSize)) makes more than \(Self.maximumCellsPerSide) cells per side over \(size)")
        }
        try self.init(size: size, columns: Int(across), rows: Int(down))
    }

    /// The resting position of vertex (`column`, `row`), points. Indices are clamped to the grid.
    public func vertex(column: Int, row: Int) -> Point {
        let c = Swift.min(Swift.max(column, 0), columns), r = Swift.min(Swift.max(row, 0), rows)
        return Point(size.width * Double(c) / Double(columns), size.height * Double(r) / Double(rows))
    }

    /// The offset of vertex (`column`, `row`), points. Indices are clamped to the grid.
    public func offset(column: Int, row: Int) -> Vector2 {
        let c = Swift.min(Swift.max(column, 0), columns), r = Swift.min(Swift.max(row, 0), rows)
        return offsets[r * (columns + 1) + c]
    }

    /// Moves vertex (`column`, `row`) by `offset` points from its resting position.
    /// - Throws: `LiquidError` naming the vertex when it is outside the grid, or the offset when it is not
    ///   finite or longer than ``maximumOffset``.
    public mutating func setOffset(_ offset: Vector2, column: Int, row: Int) throws(LiquidError) {
        guard (0...columns).contains(column), (0...rows).contains(row) else {
            throw .invalidParameter("warp mesh vertex (\(column), \(row)) is outside the \(columns + 1) × \(rows + 1) grid")
        }
        offsets[row * (columns + 1) + column] = try Self.checked(offset, column: column, row: row)
    }

    /// Sets every vertex's offset to `displacement(restingPosition)`. Nothing changes when it throws.
    /// - Throws: `LiquidError` naming the first vertex whose offset is not finite or longer than
    ///   ``maximumOffset``.
    public mutating func setOffsets(_ displacement: (Point) throws(LiquidError) -> Vector2) throws(LiquidError) {
        var next = offsets
        for row in 0...rows {
            for column in 0...columns {
                let value = try displacement(vertex(column: column, row: row))
                next[row * (columns + 1) + column] = try Self.checked(value, column: column, row: row)
            }
        }
        offsets = next
    }

    /// Whether every corner of cell (`column`, `row`) moved at most ``restThreshold`` points.
    public func cellIsAtRest(column: Int, row: Int) -> Bool {
        let w = columns + 1, i = row * w + column
        return Self.rests(offsets[i]) && Self.rests(offsets[i + 1]) && Self.rests(offsets[i + w])
            && Self.rests(offsets[i + w + 1])
    }

    /// Whether every vertex moved at most ``restThreshold`` points.
    public var isAtRest: Bool { offsets.allSatisfy(Self.rests) }

    /// The longest offset of any vertex, points.
    public var maximumDisplacement: Double { offsets.reduce(0) { Swift.max($0, $1.length) } }

    private static func rests(_ v: Vector2) -> Bool { v.lengthSquared <= restThreshold * restThreshold }

    private static func checked(_ v: Vector2, column: Int, row: Int) throws(LiquidError) -> Vector2 {
        guard v.isFinite else {
            throw .nonFinite("warp mesh offset \(v) at vertex (\(column), \(row))")
        }
        guard v.length <= maximumOffset else {
            throw .invalidParameter("warp mesh offset \(v) at vertex (\(column), \(row)) is longer than \(Int(maximumOffset)) points")
        }
        return v
    }
}
