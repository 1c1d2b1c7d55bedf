#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry

/// A ``WarpMesh`` laid over an image of a given size once, so that any part of the warped image can then be
/// drawn on its own — a compositor's tile, say — straight into its destination, as a copy or composited
/// source-over, without warping the whole image first.
///
/// Pixel (x, y) covers [x, x + 1) × [y, y + 1) and belongs to the cell its centre lies in; ``covered`` is
/// the rect of pixels whose centres lie inside the mesh. A pixel of a moving cell (a corner moved more than
/// ``WarpMesh/restThreshold``) reads the image, bilinearly, at its centre minus the offset interpolated
/// bilinearly from the cell's corners, clamped to ``covered``; every other pixel is the image's own.
///
/// Arithmetic, per pixel row of a cell: the offset is linear along the row, so the plan keeps, for each
/// pixel row and cell, four Float coefficients (x0, sx, y0, sy), and the k-th pixel of the cell's row reads
/// the covered region at (k + (x0 + sx·k), yᵣ + (y0 + sy·k)) (yᵣ its row in the region), each product and
/// sum rounded to Float on its own, then rounded to 1/256 pixel with four integer weights summing to 256 —
/// ``Displacement``'s clamped sampling. A pixel's bytes depend only on its position, never on the part
/// drawn, so drawing the image in pieces gives the bytes of drawing it whole.
///
/// Measured reason for the plan: a full-screen ripple frame at 3× warped the whole card into a buffer of
/// its own (after copying it) and then composited that buffer tile by tile; drawing each tile's part
/// straight from the unwarped pixels reads and writes every pixel once.
package struct MeshWarpPlan: Sendable {
    /// The image pixels whose centres lie inside the mesh.
    package let covered: PixelRect
    /// How many cells moved.
    package let movingCells: Int
    private let columns: Int
    /// The first pixel column of each cell column (and one past the last), in image pixels.
    private let startX: [Int32]
    /// For each pixel row of `covered`, the cell row it lies in.
    private let cellRow: [Int32]
    /// Cell (column c, row r) moves: `moving[r·columns + c]`.
    private let moving: [Bool]
    /// (x0, sx, y0, sy) of pixel row j of `covered` in cell c at `j·columns + c` (zero for resting cells).
    private let coefficients: [SIMD4<Float>]

    /// Lays `mesh` over an image of `width` × `height` pixels, its (0, 0) at `origin` (pixels) and its
    /// points `scale` pixels long per axis.
    /// - Throws: `LiquidError` naming `origin` or `scale` when it is not finite (or the scale not positive),
    ///   or a cell whose offsets are not finite in pixels (an extreme scale).
    /// - Complexity: O(mesh vertices + moving cells × pixel rows of `covered`).
    package init(mesh: WarpMesh, origin: Vector2, scale: Vector2, width: Int, height: Int) throws(LiquidError) {
        guard origin.isFinite else { throw .nonFinite("mesh warp origin \(origin)") }
        guard scale.isFinite, scale.x > 0, scale.y > 0 else {
            throw .invalidParameter("mesh warp scale \(scale) must be finite and positive")
        }
        let columns = mesh.columns, rows = mesh.rows
        // Cell edges in pixels, and the first pixel whose centre lies at or beyond each edge.
        let edgesX = (0...columns).map { origin.x + mesh.size.width * Double($0) / Double(columns) * scale.x }
        let edgesY = (0...rows).map { origin.y + mesh.size.height * Double($0) / Double(rows) * scale.y }
        func first(_ edge: Double, side: Int) -> Int {
            Int(Swift.min(Swift.max((edge - 0.5).rounded(.up), 0), Double(Swift.max(side, 0))))
        }
        let startX = edgesX.map { first($0, side: width) }, startY = edgesY.map { first($0, side: height) }
        let covered = PixelRect(x: startX[0], y: startY[0], width: startX[columns] - startX[0],
                                height: startY[rows] - startY[0])
        var moving = [Bool](repeating: false, count: rows * columns)
        var count = 0
        for row in 0..<rows {
            for column in 0..<columns where !mesh.cellIsAtRest(column: column, row: row) {
                moving[row * columns + column] = true
                count += 1
            }
        }
        var cellRow = [Int32](repeating: 0, count: Swift.max(covered.height, 0))
        var coefficients = [SIMD4<Float>](repeating: .zero, count: count == 0 ? 0 : Swift.max(covered.height, 0) * columns)
        for row in 0..<rows where startY[row + 1] > startY[row] {
            let top = edgesY[row], cellHeight = edgesY[row + 1] - edgesY[row]
            for y in startY[row]..<startY[row + 1] {
                let j = y - covered.y
                cellRow[j] = Int32(row)
                guard count > 0 else { continue }
                let v = (Double(y) + 0.5 - top) / cellHeight
                for column in 0..<columns where moving[row * columns + column] && startX[column + 1] > startX[column] {
                    // The offsets (points) down the cell's left and right edges at this pixel row; between
                    // them the offset is linear in x.
                    let left = mesh.offset(column: column, row: row)
                        .interpolated(to: mesh.offset(column: column, row: row + 1), v)
                    let right = mesh.offset(column: column + 1, row: row)
                        .interpolated(to: mesh.offset(column: column + 1, row: row + 1), v)
                    let cellWidth = edgesX[column + 1] - edgesX[column]
                    let u0 = (Double(startX[column]) + 0.5 - edgesX[column]) / cellWidth, du = 1 / cellWidth
                    let ox = (left.x + (right.x - left.x) * u0) * scale.x
                    let oy = (left.y + (right.y - left.y) * u0) * scale.y
                    let k = SIMD4<Float>(Float(Double(startX[column] - covered.x) - ox),
                                         Float(-(right.x - left.x) * du * scale.x),
                                         Float(-oy), Float(-(right.y - left.y) * du * scale.y))
                    let last = Float(startX[column + 1] - startX[column] - 1)
                    guard k.x.isFinite, k.y.isFinite, k.z.isFinite, k.w.isFinite, (k.x + k.y * last).isFinite,
                          (k.z + k.w * last).isFinite else {
                        throw .nonFinite("mesh warp offset in cell (\(column), \(row)) at scale \(scale)")
                    }
                    coefficients[j * columns + column] = k
                }
            }
        }
        self.covered = covered
        self.movingCells = count
        self.columns = columns
        // Pixel columns fit Int32: they lie within 0…width, and images are far narrower than 2³¹.
        self.startX = startX.map { Int32(clamping: $0) }
        self.cellRow = cellRow
        self.moving = moving
        self.coefficients = coefficients
    }

    /// How pixels reach the destination.
    package enum Mode: Sendable {
        /// Every pixel of the region is written: the warped pixel replaces the destination's.
        case copy
        /// Every pixel of the region is composited source-over onto the destination's (exactly as
        /// `Compositing.sourceOver`).
        case sourceOver
        /// Only pixels of moving cells are written (replacing the destination's); for warping in place.
        case movingOnly
    }

    /// Draws the part `region` (pixels of the image) of the warped image into `destination`, which is
    /// `region`'s size and must not overlap `image`. `image` is the unwarped image, of the size the plan
    /// was made for; parts of `region` outside it are left alone.
    package func draw(_ image: PixmapView, region: PixelRect, into destination: MutablePixmapView, mode: Mode,
                      kernels: KernelSet = .automatic) {
        guard let area = region.intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height)) else { return }
        let avx2: Int32 = kernels.usesAVX2 ? 1 : 0
        // lk_warp_span's choice of code: 2 AVX-512, 1 AVX2, 0 portable.
        let vector: Int32 = kernels.usesAVX512 ? 2 : avx2
        let area0 = area.x - region.x
        let source = image.region(covered)
        guard covered.width < 2 || covered.height < 2 else {
            // Every row, cell and run of the area in one C call. Measured reason: a full-screen ripple frame
            // at 3× draws ~760 tiles of 64 rows, and the per-row loop here (a call per run) cost about 1 ms.
            #if canImport(CLiquidKernels)
            let out = destination.row(area.y - region.y) + 4 * area0
            let modeCode: Int32 = switch mode { case .copy: 0; case .sourceOver: 1; case .movingOnly: 2 }
            startX.withUnsafeBufferPointer { startX in
                cellRow.withUnsafeBufferPointer { cellRow in
                    moving.withUnsafeBytes { moving in
                        coefficients.withUnsafeBytes { coefficients in
                            var plan = lk_mesh_plan(
                                image: image.base, imageRowBytes: image.rowBytes,
                                coveredX: Int32(truncatingIfNeeded: covered.x), coveredY: Int32(truncatingIfNeeded: covered.y),
                                coveredWidth: Int32(truncatingIfNeeded: covered.width),
                                coveredHeight: Int32(truncatingIfNeeded: covered.height),
                                columns: Int32(truncatingIfNeeded: columns), movingCells: Int32(clamping: movingCells),
                                startX: startX.baseAddress!, cellRow: cellRow.baseAddress,
                                moving: moving.bindMemory(to: UInt8.self).baseAddress,
                                coefficients: coefficients.bindMemory(to: Float.self).baseAddress)
                            lk_mesh_draw(&plan, Int32(truncatingIfNeeded: area.x), Int32(truncatingIfNeeded: area.y),
                                         Int32(truncatingIfNeeded: area.width), Int32(truncatingIfNeeded: area.height),
                                         out, destination.rowBytes, modeCode, vector)
                        }
                    }
                }
            }
            #endif
            return
        }
        // A covered region under two pixels wide or high: pixel by pixel through Displacement's sampling.
        var firstCell = 0
        while firstCell < columns && Int(startX[firstCell + 1]) <= area.x { firstCell += 1 }
        for y in area.y..<area.maxY {
            let out = destination.row(y - region.y)
            let row = image.row(y)
            let j = y - covered.y
            guard j >= 0, j < covered.height, movingCells > 0 else {
                plain(row + 4 * area.x, count: area.width, into: out + 4 * area0, mode: mode, avx2: avx2)
                continue
            }
            let r = Int(cellRow[j])
            var x = area.x
            if x < covered.x {
                let end = Swift.min(covered.x, area.maxX)
                plain(row + 4 * x, count: end - x, into: out + 4 * (x - region.x), mode: mode, avx2: avx2)
                x = end
            }
            var cell = firstCell
            while x < area.maxX && cell < columns {
                let end = Swift.min(Int(startX[cell + 1]), area.maxX)
                if end > x {
                    let into = out + 4 * (x - region.x)
                    if moving[r * columns + cell] {
                        let k = coefficients[j * columns + cell], k0 = x - Int(startX[cell])
                        Self.tinySpan(source, k, row: Float(j), from: k0, to: k0 + end - x, into: into, mode: mode)
                    } else {
                        plain(row + 4 * x, count: end - x, into: into, mode: mode, avx2: avx2)
                    }
                    x = end
                }
                cell += 1
            }
            if x < area.maxX {
                plain(row + 4 * x, count: area.maxX - x, into: out + 4 * (x - region.x), mode: mode, avx2: avx2)
            }
        }
    }

    /// Unwarped pixels: copied, composited, or (for `.movingOnly`) left alone.
    @inline(__always)
    private func plain(_ from: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>, mode: Mode,
                       avx2: Int32) {
        guard count > 0 else { return }
        switch mode {
        case .copy: out.update(from: from, count: 4 * count)
        case .sourceOver:
            #if canImport(CLiquidKernels)
            lk_over_span(from, Int32(truncatingIfNeeded: count), avx2, out)
            #endif
        case .movingOnly: break
        }
    }

    /// A span over a covered region less than two pixels wide or high, pixel by pixel through
    /// ``Displacement``'s general clamped sampling (same positions).
    private static func tinySpan(_ source: PixmapView, _ k: SIMD4<Float>, row: Float, from: Int, to: Int,
                                 into out: UnsafeMutablePointer<UInt8>, mode: Mode) {
        for i in from..<to {
            let index = Float(i)
            var dx = index + (k.x + k.y * index), dy = row + (k.z + k.w * index)
            var sample: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            withUnsafeMutableBytes(of: &sample) { bytes in
                let p = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
                Displacement.remapClampedRow(source, dx: &dx, dy: &dy, y: 0, count: 1, into: p)
                let d = out + 4 * (i - from)
                if mode == .sourceOver {
                    #if canImport(CLiquidKernels)
                    lk_over_span(p, 1, 0, d)
                    #endif
                } else {
                    d.update(from: p, count: 4)
                }
            }
        }
    }
}
