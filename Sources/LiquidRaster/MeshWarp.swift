import LiquidGeometry

/// Draws an image through a ``WarpMesh``, in place, with the bilinear sampling of
/// ``Displacement/remap(_:by:edgeMode:into:)``.
///
/// Pixel (x, y) covers [x, x + 1) × [y, y + 1) and belongs to the cell its centre lies in. A cell whose
/// corners are all at rest is left as it is (the plain copy); the pixels of each run of moving cells along a
/// cell row are remapped in one go, each reading the image at its centre minus the offset interpolated
/// bilinearly from its cell's corners. Reads are clamped to the part of the image the mesh covers, so
/// content pulled in from beyond the mesh's edge repeats that edge rather than showing what lies outside.
package enum MeshWarp {
    /// Warps `pixmap` through `mesh`, whose (0, 0) sits at `origin` (pixels of `pixmap`) and whose points
    /// are `scale` pixels long per axis. Pixels outside the mesh are untouched. Returns how many cells
    /// moved (0: nothing was written).
    /// - Throws: `LiquidError` naming `origin` or `scale` when it is not finite (or the scale not positive).
    /// - Complexity: O(mesh cells + pixels of moving cells); a mesh at rest costs one pass over its offsets.
    @discardableResult
    package static func warp(_ pixmap: inout Pixmap, through mesh: WarpMesh, origin: Vector2,
                             scale: Vector2) throws(LiquidError) -> Int {
        guard origin.isFinite else { throw .nonFinite("mesh warp origin \(origin)") }
        guard scale.isFinite, scale.x > 0, scale.y > 0 else {
            throw .invalidParameter("mesh warp scale \(scale) must be finite and positive")
        }
        if mesh.isAtRest { return 0 }
        let columns = mesh.columns, rows = mesh.rows
        // Cell edges in pixels, and the first pixel whose centre lies at or beyond each edge.
        let edgesX = (0...columns).map { origin.x + mesh.size.width * Double($0) / Double(columns) * scale.x }
        let edgesY = (0...rows).map { origin.y + mesh.size.height * Double($0) / Double(rows) * scale.y }
        func first(_ edge: Double, side: Int) -> Int { Int(Swift.min(Swift.max((edge - 0.5).rounded(.up), 0), Double(side))) }
        let startX = edgesX.map { first($0, side: pixmap.width) }
        let startY = edgesY.map { first($0, side: pixmap.height) }
        let covered = PixelRect(x: startX[0], y: startY[0], width: startX[columns] - startX[0],
                                height: startY[rows] - startY[0])
        guard !covered.isEmpty else { return 0 }

        let source = pixmap
        var moved = 0
        // One row of offsets at a time, reused: the bilinear offset is linear along a cell's pixel row, so it
        // is written per cell as base + slope·k, then that row is remapped at once. Measured reason: building
        // a whole run's field (two Float arrays of the run's size), validating it and then remapping it cost
        // several times the remap itself at full screen; a row stays in the first-level cache.
        var dxRow = [Float](repeating: 0, count: covered.width), dyRow = [Float](repeating: 0, count: covered.width)
        try pixmap.withMutableView { (destination) throws(LiquidError) in
            try source.withView { (whole) throws(LiquidError) in
                let image = whole.region(covered)
                for row in 0..<rows where startY[row + 1] > startY[row] {
                    var column = 0
                    while column < columns {
                        guard !mesh.cellIsAtRest(column: column, row: row) else { column += 1; continue }
                        var end = column + 1
                        while end < columns && !mesh.cellIsAtRest(column: end, row: row) { end += 1 }
                        moved += end - column
                        let run = PixelRect(x: startX[column], y: startY[row], width: startX[end] - startX[column],
                                            height: startY[row + 1] - startY[row])
                        if !run.isEmpty {
                            let out = destination.region(run)
                            for j in 0..<run.height {
                                try offsets(ofRow: j, run: run, cells: column..<end, row: row, mesh: mesh,
                                            edgesX: edgesX, edgesY: edgesY, startX: startX, scale: scale,
                                            covered: covered, dx: &dxRow, dy: &dyRow)
                                dxRow.withUnsafeBufferPointer { dxs in
                                    dyRow.withUnsafeBufferPointer { dys in
                                        Displacement.remapClampedRow(image, dx: dxs.baseAddress!, dy: dys.baseAddress!,
                                                                     y: j, count: run.width, into: out.row(j))
                                    }
                                }
                            }
                        }
                        column = end
                    }
                }
            }
        }
        return moved
    }

    /// The offsets of pixel row `j` of `run` (cells `cells` of cell row `row`), in the coordinates of the
    /// covered region, into `dx` and `dy` from index 0: local pixel (i, j) reads the region at
    /// (i + dx[i], j + dy[i]).
    /// - Throws: `LiquidError` when an offset is not finite (an extreme scale), checked once per cell: the
    ///   offsets are linear along the cell, so its first and last pixels bound the rest.
    private static func offsets(ofRow j: Int, run: PixelRect, cells: Range<Int>, row: Int, mesh: WarpMesh,
                                edgesX: [Double], edgesY: [Double], startX: [Int], scale: Vector2,
                                covered: PixelRect, dx: inout [Float], dy: inout [Float]) throws(LiquidError) {
        // Where the run's local (0, 0) lies in the covered region, minus the offset, per pixel.
        let shiftX = Double(run.x - covered.x), shiftY = Double(run.y - covered.y)
        let top = edgesY[row], height = edgesY[row + 1] - edgesY[row]
        let v = (Double(run.y + j) + 0.5 - top) / height
        for cell in cells {
            let from = startX[cell], to = startX[cell + 1]
            guard to > from else { continue }
            // The offsets (pixels) down the cell's left and right edges at this row.
            let left = mesh.offset(column: cell, row: row)
                .interpolated(to: mesh.offset(column: cell, row: row + 1), v)
            let right = mesh.offset(column: cell + 1, row: row)
                .interpolated(to: mesh.offset(column: cell + 1, row: row + 1), v)
            let width = edgesX[cell + 1] - edgesX[cell]
            // offset(p) = left + (right − left)·(p + ½ − edge)/width, linear in p: written as
            // base + slope·k for the k-th pixel of the cell, in Float so the loop vectorizes.
            let u0 = (Double(from) + 0.5 - edgesX[cell]) / width, du = 1 / width
            let ox = (left.x + (right.x - left.x) * u0) * scale.x
            let oy = (left.y + (right.y - left.y) * u0) * scale.y
            let baseX = Float(shiftX - ox), slopeX = Float(-(right.x - left.x) * du * scale.x)
            let baseY = Float(shiftY - oy), slopeY = Float(-(right.y - left.y) * du * scale.y)
            let last = Float(to - from - 1)
            guard (baseX + slopeX * last).isFinite, (baseY + slopeY * last).isFinite, baseX.isFinite, baseY.isFinite,
                  slopeX.isFinite, slopeY.isFinite else {
                throw .nonFinite("mesh warp offset in cell (\(cell), \(row)) at scale \(scale)")
            }
            let first = from - run.x
            dx.withUnsafeMutableBufferPointer { dxs in
                dy.withUnsafeMutableBufferPointer { dys in
                    let outX = dxs.baseAddress! + first, outY = dys.baseAddress! + first
                    for k in 0..<(to - from) {
                        outX[k] = baseX + slopeX * Float(k)
                        outY[k] = baseY + slopeY * Float(k)
                    }
                }
            }
        }
    }
}
