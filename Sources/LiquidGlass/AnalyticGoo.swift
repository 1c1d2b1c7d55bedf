#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster

/// The goo filter (Gaussian blur of the coverage, then ``AlphaThreshold``) computed from the shapes
/// themselves instead of from a drawn and blurred image — for capsules, circles and rounded rectangles,
/// optionally clipped by one more such shape.
///
/// Derivation. Let U be the union of the shapes (in pixels) and G_σ the 2-D Gaussian. The blurred
/// coverage is b(x, y) = ∫∫ G_σ(x − u, y − t)·1_U(u, t) du dt, and the Gaussian factors into
/// g_σ(y − t)·g_σ(x − u). A row of U at height t is a union of intervals [a, b] (each rounded rectangle
/// contributes one: its width, inset at the corners by r − √(r² − d²)); merged, they are disjoint, so the
/// inner integral is exact and closed-form:
///
///     H_t(x) = Σ over the merged intervals of Φ((b − x)/σ) − Φ((a − x)/σ)        (Φ the normal CDF).
///
/// The outer integral is taken over pixel rows j with the sampled Gaussian, b(x, y) ≈ Σ_j k(y − j)·H_j(x),
/// where row j's intervals are taken at the middle of the part of the row that a shape covers and are
/// weighted by that covered height (so a straight horizontal edge lands where it is, to sub-pixel
/// precision); where shapes cover a row partially and differently, the row's coverage is the largest
/// weight over each piece of the row. This is what the blur path computes — the exact-area drawing
/// blurred row by row — except that the horizontal direction is exact instead of sampled.
///
/// The result is smooth on the scale of σ, so it is evaluated on a grid of spacing c = ⌊σ/3⌋ pixels
/// (at least 1) and interpolated bilinearly: the interpolation error is at most c²/8·|∇²b| ≤
/// c²/(8σ²)·φ(1) ≈ 0.0034 in alpha at c = σ/3 (under a level), which moves a threshold contour by
/// well under a tenth of a pixel. A grid cell whose four corners all lie below the threshold table's
/// first non-zero level is left transparent without touching its pixels, and one whose corners all
/// reach the table's saturated level is filled with the full colour: only the band around the surface
/// is interpolated per pixel. Each value is rounded to an 8-bit level and looked up in the same table as
/// the blur path, so the two differ only by the blur path's own approximation (its reduced-resolution
/// blur is within 3 levels of a Gaussian) and this path's sampling; the controls' measured differences
/// are stated in the glass documentation.
///
/// Like the blur path the layer is offscreen with nothing beyond its edges: intervals are clipped to the
/// layer's width and rows to its height.
/// - Complexity: O(rows·(c⁻¹·width)·shapes) for the row integrals, O(c⁻²·pixels·σ) for the columns
///   and O(pixels in the band) for the interpolation; no allocation after the first frame at a size.
package enum AnalyticGoo {
    /// A rounded rectangle in pixels (corner radius already clamped to 0…half the shorter side).
    package struct Box: Sendable, Hashable {
        package var minX: Double, minY: Double, maxX: Double, maxY: Double, radius: Double

        /// The shape's horizontal extent and covered height within the pixel row [top, top + 1), or `nil`.
        @inline(__always)
        func span(row top: Double) -> (a: Double, b: Double, weight: Double)? {
            let low = Swift.max(top, minY), high = Swift.min(top + 1, maxY)
            let weight = high - low
            guard weight > 0 else { return nil }
            let middle = (low + high) / 2
            var inset = 0.0
            if radius > 0 {
                let d: Double
                if middle < minY + radius { d = minY + radius - middle }
                else if middle > maxY - radius { d = middle - (maxY - radius) }
                else { d = 0 }
                if d > 0 { inset = radius - Swift.max(radius * radius - d * d, 0).squareRoot() }
            }
            let a = minX + inset, b = maxX - inset
            return b > a ? (a, b, weight) : nil
        }
    }

    /// The shape as a ``Box`` in pixels at `scale`, or `nil` for a shape this path does not know
    /// (ellipses and paths) — those take the blur path. An empty shape gives an empty box (width 0).
    package static func box(_ shape: GooShape, scale: Double) -> Box? {
        let rect: Rect, radius: Double
        switch shape {
        case .capsule(let r):
            rect = r
            radius = Swift.min(abs(r.size.width), abs(r.size.height)) / 2
        case .roundedRect(let r, let cornerRadius):
            rect = r
            let limit = Swift.min(abs(r.size.width), abs(r.size.height)) / 2
            radius = cornerRadius.isNaN ? 0 : Swift.min(Swift.max(cornerRadius, 0), limit)
        case .circle(let center, let r):
            let rr = Swift.max(r, 0)
            rect = Rect(x: center.x - rr, y: center.y - rr, width: 2 * rr, height: 2 * rr)
            radius = rr
        case .ellipse, .path:
            return nil
        }
        let x0 = Swift.min(rect.minX, rect.maxX), x1 = Swift.max(rect.minX, rect.maxX)
        let y0 = Swift.min(rect.minY, rect.maxY), y1 = Swift.max(rect.minY, rect.maxY)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite, radius.isFinite else { return nil }
        return Box(minX: x0 * scale, minY: y0 * scale, maxX: x1 * scale, maxY: y1 * scale, radius: radius * scale)
    }

    /// Scratch memory reused frame to frame. Not `Sendable`; use one per rendering thread.
    package final class Workspace {
        var rows: [Float] = []
        var grid: [Float] = []
        var scratch = RowScratch()
        /// Each pixel column's cell and position in it, for the width and cell size in `cellsKey`.
        var cellOf: [Int32] = []
        var txOf: [Float] = []
        var cellsKey: (width: Int, cell: Int) = (0, 0)
        /// An empty workspace.
        package init() {}
    }

    /// A row's spans, their sorted edges and the merged pieces (``union(boxes:clip:row:width:scratch:)``):
    /// a value the row loop holds as a local, so that its arrays are reused without a class access per row.
    /// Measured reason: kept in the workspace (a class), each row's appends paid dynamic exclusivity checks
    /// and reference counting, about 6 % of the goo switch frame (glass.g3.switch, perf).
    struct RowScratch {
        var spans: [(a: Double, b: Double, weight: Double)] = []
        var edges: [Double] = []
        var pieces: [(a: Double, b: Double, weight: Double)] = []
    }

    /// The normal CDF Φ on [−4, 4] at 1/32 steps (linear interpolation error under 4·10⁻⁵).
    static let phiTable: [Float] = (0...256).map { i in
        let u = Double(i) / 32 - 4
        return Float(0.5 * erfc(-u / 2.squareRoot()))
    }

    /// Renders the thresholded blur of the union of `boxes` (intersected with `clip` when given) into
    /// `view`, which must be transparent: pixels whose value maps to transparent are not written.
    /// - Parameters:
    ///   - sigma: the blur σ in pixels (> 0).
    ///   - lookup: the threshold's 256-entry table (``AlphaThreshold/lookupTable()``), monotone in coverage
    ///     and transparent at coverage 0 (nothing outside the shapes' reach is written).
    ///   - kernels: the code path of the column pass (the bytes are the same for each).
    package static func render(boxes: [Box], clip: Box?, sigma: Double, lookup: [UInt32], into view: MutablePixmapView,
                               workspace: Workspace, kernels: KernelSet = .automatic) {
        let w = view.width, h = view.height
        guard w > 0, h > 0, sigma > 0, lookup.count == 256 else { return }
        // Content rows (clipped to the layer and the clip).
        var top = Double.infinity, bottom = -Double.infinity
        for box in boxes where box.maxX > box.minX && box.maxY > box.minY {
            top = Swift.min(top, box.minY); bottom = Swift.max(bottom, box.maxY)
        }
        if let clip { top = Swift.max(top, clip.minY); bottom = Swift.min(bottom, clip.maxY) }
        guard top < bottom else { return }
        let j0 = Int(Swift.min(Swift.max(top.rounded(.down), 0), Double(h)))
        let j1 = Int(Swift.min(Swift.max(bottom.rounded(.up), 0), Double(h)))
        guard j1 > j0 else { return }
        let c = Swift.max(Int(sigma / 3), 1)
        let gw = (w - 1) / c + 2, gh = (h - 1) / c + 2
        let reach = 4 * sigma
        let taps = Int(reach.rounded(.up))
        var kernel = [Float](repeating: 0, count: 2 * taps + 1)
        var total = 0.0
        for d in -taps...taps {
            let v = exp(-Double(d * d) / (2 * sigma * sigma))
            kernel[d + taps] = Float(v); total += v
        }
        for i in kernel.indices { kernel[i] = Float(Double(kernel[i]) / total) }

        let rowCount = j1 - j0
        if workspace.rows.count < rowCount * gw { workspace.rows = [Float](repeating: 0, count: rowCount * gw) }
        if workspace.grid.count < gh * gw { workspace.grid = [Float](repeating: 0, count: gh * gw) }
        let width = Double(w), inverseSigma = 1 / sigma

        // The C kernels' choice of code (2: AVX-512; the row, cell and column kernels run only then).
        let vector = kernels.vectorLevel
        // Row integrals H_j at the grid's columns.
        workspace.rows.withUnsafeMutableBufferPointer { rowsBuffer in
            Self.phiTable.withUnsafeBufferPointer { phiBuffer in
                let rows = rowsBuffer.baseAddress!, phi = phiBuffer.baseAddress!
                @inline(__always) func cdf(_ u: Double) -> Float {
                    let p = (u + 4) * 32
                    if p <= 0 { return 0 }
                    if p >= 256 { return 1 }
                    let i = Int(p), t = Float(p - Double(i))
                    return phi[i] + t * (phi[i + 1] - phi[i])
                }
                var scratch = workspace.scratch
                workspace.scratch = RowScratch()
                defer { workspace.scratch = scratch }
                for j in j0..<j1 {
                    let out = rows + (j - j0) * gw
                    out.initialize(repeating: 0, count: gw)
                    union(boxes: boxes, clip: clip, row: Double(j), width: width, scratch: &scratch)
                    for piece in scratch.pieces {
                        let pw = Float(piece.weight)
                        let first = Swift.max(Int(((piece.a - reach - 0.5) / Double(c)).rounded(.down)), 0)
                        let last = Swift.min(Int(((piece.b + reach - 0.5) / Double(c)).rounded(.up)), gw - 1)
                        guard first <= last else { continue }
                        #if canImport(CLiquidKernels)
                        if vector == 2, gw < Int(Int32.max) / c,
                           lk_goo_piece(out, Int32(first), Int32(last), Int32(c), piece.a, piece.b, inverseSigma, pw,
                                        phi, vector) != 0 {
                            continue
                        }
                        #endif
                        for xi in first...last {
                            let x = Double(xi * c) + 0.5
                            out[xi] += pw * (cdf((piece.b - x) * inverseSigma) - cdf((piece.a - x) * inverseSigma))
                        }
                    }
                }
            }
        }

        // Columns: the sampled Gaussian over the rows, at the grid's rows — in bands of grid rows over
        // ``WorkerPool/shared`` (each job writes only its own grid rows; the sums run in the same order).
        let pool = WorkerPool.shared
        workspace.grid.withUnsafeMutableBufferPointer { gridBuffer in
            workspace.rows.withUnsafeBufferPointer { rowsBuffer in
                kernel.withUnsafeBufferPointer { kernelBuffer in
                    nonisolated(unsafe) let shared = (grid: gridBuffer.baseAddress!, rows: rowsBuffer.baseAddress!,
                                                      k: kernelBuffer.baseAddress!)
                    pool.forEachBand(gh, minimum: 4) { _, band in
                    let grid = shared.grid, rows = shared.rows, k = shared.k
                    for gy in band {
                        let y = gy * c
                        let out = grid + gy * gw
                        out.initialize(repeating: 0, count: gw)
                        let first = Swift.max(y - taps, j0), last = Swift.min(y + taps, j1 - 1)
                        guard first <= last else { continue }
                        #if canImport(CLiquidKernels)
                        // Measured reason for the kernel: in Swift (SSE2 lanes) each product was a load and a
                        // store of the grid row; AVX-512 keeps 64 columns' sums in registers over the rows.
                        // G3's goo layer (195 × 135 px): this pass 16.8 → 5.7 µs; the goo switch frame took
                        // 0.92–0.94 and an animating or dragged switch 0.91–0.95 of their time (4 alternated
                        // rounds of 11-run medians).
                        lk_goo_columns(out, Int32(gw), rows + (first - j0) * gw, Int32(gw), 0, Int32(last - first),
                                       k + (first - y + taps), vector)
                        #else
                        for j in first...last {
                            let weight = k[j - y + taps]
                            let row = rows + (j - j0) * gw
                            for xi in 0..<gw { out[xi] += weight * row[xi] }
                        }
                        #endif
                    }
                    }
                }
            }
        }

        // Interpolation and threshold, cell by cell.
        var low = 0
        while low < 255, lookup[low + 1] == 0 { low += 1 }
        var high = 255
        while high > 0, lookup[high - 1] == lookup[255] { high -= 1 }
        let lowCut = (Float(low) + 0.5) / 255          // below: level ≤ low → transparent
        let highCut = (Float(high) - 0.5) / 255        // at or above: level ≥ high → full colour
        let full = lookup[255]
        let inverseC = 1 / Float(c)
        // Each column's cell and position in it, for the kernel (the same expressions as the loop below),
        // made again only when the width or the cell size changes.
        let cells = (w - 1) / c + 1
        if vector == 2, workspace.cellsKey != (w, c) {
            workspace.cellOf = (0..<w).map { Int32(truncatingIfNeeded: $0 / c) }
            workspace.txOf = (0..<w).map { Float($0 - $0 / c * c) * inverseC }
            workspace.cellsKey = (w, c)
        }
        // In bands of grid rows (each job writes only the pixel rows of its cells).
        workspace.grid.withUnsafeBufferPointer { gridBuffer in
          lookup.withUnsafeBufferPointer { lutBuffer in
            workspace.cellOf.withUnsafeBufferPointer { cellBuffer in
              workspace.txOf.withUnsafeBufferPointer { txBuffer in
                nonisolated(unsafe) let shared = (grid: gridBuffer.baseAddress!, lut: lutBuffer.baseAddress!, view: view,
                                                  cellOf: cellBuffer.baseAddress, txOf: txBuffer.baseAddress)
                pool.forEachBand(gh - 1, minimum: 2) { _, band in
                let grid = shared.grid, lut = shared.lut, view = shared.view
                #if canImport(CLiquidKernels)
                // Measured reason for the kernel: per pixel this loop was a float lerp, a conversion and a
                // table load in SSE2 lanes, and the cells (3 × 3 pixels in a switch) cost a branch each:
                // 8 % of the goo switch frame (glass.g3.switch, perf); with it the frame took 0.97–0.98 of
                // its time (3 alternated rounds of 301-run medians).
                if vector == 2, w < Int(Int32.max) / 2, let cellOf = shared.cellOf, let txOf = shared.txOf {
                    withUnsafeTemporaryAllocation(of: Float.self, capacity: cells + 49) { values in
                        withUnsafeTemporaryAllocation(of: Int32.self, capacity: cells + 33) { kinds in
                            for gy in band {
                                let y0 = gy * c
                                guard y0 < h else { break }
                                let g0 = grid + gy * gw, g1 = grid + (gy + 1) * gw
                                let image = UnsafeMutableRawPointer(view.base).assumingMemoryBound(to: UInt32.self)
                                _ = lk_goo_cells(image, view.rowBytes / 4, Int32(truncatingIfNeeded: y0),
                                                 Int32(truncatingIfNeeded: Swift.min(y0 + c, h)),
                                                 Int32(truncatingIfNeeded: w), g0, g1, Int32(c), inverseC, lowCut,
                                                 highCut, lut, full, cellOf, txOf, values.baseAddress!,
                                                 kinds.baseAddress!, vector)
                            }
                        }
                    }
                    return
                }
                #endif
                for gy in band {
                    let y0 = gy * c
                    guard y0 < h else { break }
                    let y1 = Swift.min(y0 + c, h)
                    let g0 = grid + gy * gw, g1 = grid + (gy + 1) * gw
                    for gx in 0..<(gw - 1) {
                        let x0 = gx * c
                        guard x0 < w else { break }
                        let x1 = Swift.min(x0 + c, w)
                        let v00 = g0[gx], v10 = g0[gx + 1], v01 = g1[gx], v11 = g1[gx + 1]
                        let lo = Swift.min(Swift.min(v00, v10), Swift.min(v01, v11))
                        let hi = Swift.max(Swift.max(v00, v10), Swift.max(v01, v11))
                        if hi < lowCut { continue }
                        if lo >= highCut {
                            for y in y0..<y1 {
                                let row = UnsafeMutableRawPointer(view.row(y))
                                for x in x0..<x1 { row.storeBytes(of: full, toByteOffset: 4 * x, as: UInt32.self) }
                            }
                            continue
                        }
                        for y in y0..<y1 {
                            let ty = Float(y - y0) * inverseC
                            let left = v00 + ty * (v01 - v00), right = v10 + ty * (v11 - v10)
                            let row = UnsafeMutableRawPointer(view.row(y))
                            for x in x0..<x1 {
                                let tx = Float(x - x0) * inverseC
                                let v = left + tx * (right - left)
                                let level = Swift.min(Swift.max(Int(v * 255 + 0.5), 0), 255)
                                row.storeBytes(of: lut[level], toByteOffset: 4 * x, as: UInt32.self)
                            }
                        }
                    }
                }
                }
              }
            }
          }
        }
    }

    /// The coverage of pixel row [row, row + 1) as disjoint pieces in `scratch.pieces` (the union of the
    /// boxes' spans, each piece weighted by the largest covered height over it), clipped to 0…`width` and
    /// to `clip`.
    static func union(boxes: [Box], clip: Box?, row: Double, width: Double, scratch: inout RowScratch) {
        scratch.spans.removeAll(keepingCapacity: true)
        scratch.pieces.removeAll(keepingCapacity: true)
        var clipA = 0.0, clipB = width, clipWeight = 1.0
        if let clip {
            guard let s = clip.span(row: row) else { return }
            clipA = Swift.max(s.a, 0); clipB = Swift.min(s.b, width); clipWeight = s.weight
        }
        for box in boxes {
            guard let s = box.span(row: row) else { continue }
            let a = Swift.max(s.a, clipA), b = Swift.min(s.b, clipB)
            if b > a { scratch.spans.append((a, b, Swift.min(s.weight, clipWeight))) }
        }
        if scratch.spans.count <= 1 {
            scratch.pieces.append(contentsOf: scratch.spans)
            return
        }
        scratch.edges.removeAll(keepingCapacity: true)
        for s in scratch.spans { scratch.edges.append(s.a); scratch.edges.append(s.b) }
        scratch.edges.sort()
        for i in 0..<(scratch.edges.count - 1) {
            let a = scratch.edges[i], b = scratch.edges[i + 1]
            guard b > a else { continue }
            let middle = (a + b) / 2
            var weight = 0.0
            for s in scratch.spans where s.a <= middle && middle < s.b { weight = Swift.max(weight, s.weight) }
            guard weight > 0 else { continue }
            if let last = scratch.pieces.last, last.b == a, last.weight == weight {
                scratch.pieces[scratch.pieces.count - 1].b = b
            } else {
                scratch.pieces.append((a, b, weight))
            }
        }
    }
}
