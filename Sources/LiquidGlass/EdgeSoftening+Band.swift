#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster
import Synchronization

/// The banded computation of the single-colour softening.
///
/// Why it is exact: call a pixel an edge pixel when its alpha is neither 0 nor 255 or differs from one of
/// its four neighbours (inside the image). A rectangle without edge pixels is one constant alpha of 0 or
/// 255 (it is connected, and neighbours inside it are equal), and the clamped blur of radius R reads only
/// such a rectangle for a pixel farther than R (in rows and in columns) from every edge pixel. Its top
/// level is then 0 or within Float rounding of 255, both of which give mask 0, so the pixel is left as it
/// is — by the whole-plane pass too. Every pixel that can change lies in an 8-pixel block within R of an
/// edge pixel; there the two passes of each level are computed exactly as the whole-plane blur computes
/// them (the same padded rows, taps in the same order, eight lanes at a time below the last multiple of
/// eight, one at a time in the tail), and a vertical output reads only horizontal results of blocks
/// within R rows of it, which are computed too.
extension EdgeSoftening {
    /// The width of a block of the band map: the whole-plane blur's vector width, so a block is exactly
    /// one of its vector steps.
    static let bandBlock = 8

    /// ``apply(toSingleColor:color:scale:workspace:)`` after the σ check: see that method.
    func applyInBand(toSingleColor view: MutablePixmapView, color: RGBA, sigmaPixels: Double, workspace: Workspace,
                     kernelSet: KernelSet = .automatic, pool: WorkerPool = .shared) {
        let w = view.width, h = view.height, n = w * h, levels = self.levels
        let kernels = (1..<levels).map { FloatPlaneBlur.kernel(sigma: sigmaPixels * Double($0) / Double(levels - 1)) }
        let radius = kernels.map { $0.count / 2 }.max() ?? 1
        let straight = color.clamped()
        let table: [UInt32] = (0...255).map { PremultipliedRGBA8(straight.withAlpha(Double($0) / 255)).packed }
        let steps = Self.levelSteps(levels: levels)
        let bw = (w + Self.bandBlock - 1) / Self.bandBlock
        let cells = h * bw
        var blocks = workspace.blocks
        workspace.blocks = []
        if blocks.count < 3 * cells { blocks = [UInt8](repeating: 0, count: 3 * cells) }
        var counts = workspace.counts
        workspace.counts = []
        if counts.count < (h + 1) * bw { counts = [Int32](repeating: 0, count: (h + 1) * bw) }
        defer {
            workspace.blocks = blocks
            workspace.counts = counts
        }
        // The passes split their rows into bands on the worker pool: each band computes exactly the rows
        // a single pass computes, with its own padded row, so the bytes do not depend on the worker
        // count. Measured reason: the softening was a third of a slider frame and ran on one core while
        // the other idled (two workers made the frame only 0.91 of one worker's).
        let rowStride = w + (kernels.map(\.count).max() ?? 0)
        withPlanes(count: levels + 1, width: w, height: h, kernels: kernels, workspace: workspace,
                   rowsPerPlane: pool.workerCount) { planes, row in
            let alpha = planes, temporary = planes + n, blurred = planes + 2 * n
            // Each job reads and writes only its own rows of the planes and the view, and its own padded row.
            nonisolated(unsafe) let shared = (view: view, alpha: alpha, temporary: temporary, blurred: blurred, row: row)
            pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
                Self.extractAlpha(of: shared.view.readOnly, rows: rows, into: shared.alpha)
            }
            let found = blocks.withUnsafeMutableBufferPointer { map in
                counts.withUnsafeMutableBufferPointer { sums in
                    Self.bandMap(alpha: alpha, width: w, height: h, radius: radius, blocks: map.baseAddress!,
                                 counts: sums.baseAddress!, kernels: kernelSet, pool: pool)
                }
            }
            guard found else { return }
            blocks.withUnsafeBufferPointer { map in
                nonisolated(unsafe) let marks = (output: map.baseAddress! + cells, horizontal: map.baseAddress! + 2 * cells)
                for (k, kernel) in kernels.enumerated() {
                    pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { band, rows in
                        Self.blurBlocksHorizontally(source: shared.alpha, rows: rows, width: w, kernel: kernel,
                                                    padding: radius, temporary: shared.temporary,
                                                    row: shared.row + band * rowStride, horizontal: marks.horizontal,
                                                    kernels: kernelSet)
                    }
                    pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
                        Self.blurBlocksVertically(destination: shared.blurred + k * n, rows: rows, width: w, height: h,
                                                  kernel: kernel, temporary: shared.temporary, output: marks.output,
                                                  kernels: kernelSet)
                    }
                }
                let top = blurred + (levels - 2) * n
                // The whole blocks of each row blend in `lk_soften_blocks` where it runs (the same
                // operations as `softenedLevel` and `levelSteps`, eight or sixteen lanes at a time; measured:
                // the per-pixel blend was about half of the softening once the blurs ran in the C kernel).
                let vectorBlocks = levels * n < Int(Int32.max) ? Self.wholeBlocks(width: w, kernels: kernelSet) : 0
                table.withUnsafeBufferPointer { lut in
                  steps.withUnsafeBufferPointer { stepBuffer in
                    nonisolated(unsafe) let tables = (lut: lut, steps: stepBuffer.baseAddress!, top: top)
                    pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
                        Self.blendRows(rows, view: shared.view, alpha: shared.alpha, blurred: shared.blurred,
                                       top: tables.top, width: w, planeSize: n, levels: levels, lut: tables.lut,
                                       steps: tables.steps, output: marks.output, vectorBlocks: vectorBlocks,
                                       vector: kernelSet.vectorLevel)
                    }
                  }
                }
            }
        }
    }

    /// Writes the softened pixels of `rows` (the marked blocks of `output`): the whole blocks below
    /// `vectorBlocks` in `lk_soften_blocks` (`vector` its level), the rest per pixel.
    private static func blendRows(_ rows: Range<Int>, view: MutablePixmapView, alpha: UnsafePointer<Float>,
                                  blurred: UnsafePointer<Float>, top: UnsafePointer<Float>, width w: Int, planeSize n: Int,
                                  levels: Int, lut: UnsafeBufferPointer<UInt32>, steps: UnsafePointer<LevelStep>,
                                  output: UnsafePointer<UInt8>, vectorBlocks: Int, vector: Int32) {
        let block = bandBlock, bw = (w + block - 1) / block
        distanceTable.withUnsafeBufferPointer { distance in
            for y in rows {
                let out = UnsafeMutableRawPointer(view.row(y))
                #if canImport(CLiquidKernels)
                if vectorBlocks > 0 {
                    distanceWords.withUnsafeBufferPointer { words in
                        lk_soften_blocks(out.assumingMemoryBound(to: UInt32.self), alpha + y * w,
                                         blurred + y * w, Int32(truncatingIfNeeded: n),
                                         Int32(truncatingIfNeeded: levels), top + y * w,
                                         words.baseAddress!, lut.baseAddress!, output + y * bw,
                                         Int32(truncatingIfNeeded: vectorBlocks), vector)
                    }
                }
                #endif
                for b in vectorBlocks..<bw where output[y * bw + b] != 0 {
                    for x in (b * block)..<Swift.min(b * block + block, w) {
                        let i = y &* w &+ x
                        guard let level = softenedLevel(at: i, alpha: alpha, blurred: blurred, top: top,
                                                        planeSize: n, steps: steps,
                                                        distance: distance) else { continue }
                        out.storeBytes(of: lut[level], toByteOffset: 4 * x, as: UInt32.self)
                    }
                }
            }
        }
    }

    /// Fills the three block maps of `blocks` (each height × ⌈width/8⌉ bytes): blocks holding an edge
    /// pixel grown sideways by `radius` pixels, the blocks whose output is computed (those grown by
    /// `radius` rows) and the blocks whose horizontal pass is needed (grown by 2·`radius` rows). Returns
    /// whether there is any edge pixel. With `kernels` allowing AVX2 the edge blocks are found by
    /// `lk_edge_blocks_avx2` (the same marks). Measured reason: the Swift loop (its eight-float compares
    /// split into halves) was a tenth of a dragged switch frame. The row-wise steps run in row bands on
    /// `pool` (each band writes only its own rows of the maps); only the column prefix counts run in order.
    private static func bandMap(alpha: UnsafePointer<Float>, width w: Int, height h: Int, radius: Int,
                                blocks: UnsafeMutablePointer<UInt8>, counts: UnsafeMutablePointer<Int32>,
                                kernels: KernelSet, pool: WorkerPool) -> Bool {
        let block = bandBlock
        let bw = (w + block - 1) / block, cells = h * bw
        nonisolated(unsafe) let maps = (alpha: alpha, raw: blocks, output: blocks + cells, horizontal: blocks + 2 * cells,
                                        counts: counts)
        let found = Atomic<Bool>(false)
        pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
            if edgeBlocks(alpha: maps.alpha, width: w, height: h, rows: rows, into: maps.raw, kernels: kernels) {
                found.store(true, ordering: .relaxed)
            }
        }
        guard found.load(ordering: .relaxed) else { return false }
        // Sideways: an edge pixel within `radius` of a block lies at most ⌊(radius + 7) / 8⌋ blocks away.
        // The grown row y is written into counts row y + 1 as 0/1 first, then turned into column prefix
        // counts (row 0 is all 0), for the vertical growth.
        let reach = (radius + block - 1) / block
        let small = bw < Int(Int32.max) && h < Int(Int32.max) && radius < Int(Int32.max) / 4
        pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
            #if canImport(CLiquidKernels)
            if small {
                lk_band_grow(maps.raw, maps.counts, Int32(bw), Int32(rows.lowerBound), Int32(rows.upperBound),
                             Int32(reach))
                return
            }
            #endif
            for y in rows {
                let source = maps.raw + y * bw, sums = maps.counts + (y + 1) * bw
                for b in 0..<bw { sums[b] = 0 }
                for b in 0..<bw where source[b] != 0 {
                    for c in Swift.max(b - reach, 0)...Swift.min(b + reach, bw - 1) { sums[c] = 1 }
                }
            }
        }
        for b in 0..<bw { counts[b] = 0 }
        for y in 0..<h {
            let above = counts + y * bw, sums = counts + (y + 1) * bw
            for b in 0..<bw { sums[b] += above[b] }
        }
        pool.forEachBand(h, minimum: FloatPlaneBlur.minimumBandRows) { _, rows in
            let counts = maps.counts
            #if canImport(CLiquidKernels)
            if small {
                lk_band_marks(counts, Int32(bw), Int32(h), Int32(radius), Int32(rows.lowerBound), Int32(rows.upperBound),
                              maps.output, maps.horizontal)
                return
            }
            #endif
            for y in rows {
                let near0 = Swift.max(y - radius, 0), near1 = Swift.min(y + radius + 1, h)
                let far0 = Swift.max(y - 2 * radius, 0), far1 = Swift.min(y + 2 * radius + 1, h)
                for b in 0..<bw {
                    maps.output[y * bw + b] = counts[near1 * bw + b] > counts[near0 * bw + b] ? 1 : 0
                    maps.horizontal[y * bw + b] = counts[far1 * bw + b] > counts[far0 * bw + b] ? 1 : 0
                }
            }
        }
        return true
    }

    /// Marks the edge blocks of `rows` in `raw` (1 where an 8-pixel block holds an edge pixel); returns
    /// whether any of them does.
    private static func edgeBlocks(alpha: UnsafePointer<Float>, width w: Int, height h: Int, rows: Range<Int>,
                                   into raw: UnsafeMutablePointer<UInt8>, kernels: KernelSet) -> Bool {
        #if canImport(CLiquidKernels)
        if kernels.usesAVX2 {
            return lk_edge_blocks_avx2(alpha, Int32(w), Int32(h), Int32(rows.lowerBound), Int32(rows.upperBound), raw) != 0
        }
        #endif
        let block = bandBlock, bw = (w + block - 1) / block
        let zero = SIMD8<Float>(repeating: 0), full = SIMD8<Float>(repeating: 255)
        var found = false
        for y in rows {
            let line = alpha + y * w
            let up = y > 0 ? line - w : line, down = y < h - 1 ? line + w : line
            for b in 0..<bw {
                let x0 = b * block, x1 = Swift.min(x0 + block, w)
                var edge = false
                if x0 > 0, x0 + block < w {
                    func load(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
                        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
                    }
                    let a = load(line + x0)
                    let partial = (a .!= zero) .& (a .!= full)
                    let differs = (a .!= load(line + x0 - 1)) .| (a .!= load(line + x0 + 1))
                        .| (a .!= load(up + x0)) .| (a .!= load(down + x0))
                    edge = any(partial .| differs)
                } else {
                    for x in x0..<x1 {
                        let a = line[x]
                        if (a != 0 && a != 255) || a != line[Swift.max(x - 1, 0)] || a != line[Swift.min(x + 1, w - 1)]
                            || a != up[x] || a != down[x] {
                            edge = true
                            break
                        }
                    }
                }
                raw[y * bw + b] = edge ? 1 : 0
                found = found || edge
            }
        }
        return found
    }

    /// The horizontal pass of one level's separable blur over `rows`, computed only in the blocks marked
    /// in `horizontal`, into `temporary`. `row` holds width + 2·`padding` + 1 floats, `padding` ≥ the
    /// kernel's radius.
    ///
    /// With `kernels` allowing AVX2 the whole 8-float blocks of a row run in the C kernel
    /// `lk_taps_blocks` (the same multiplies and adds in the same order, one or two blocks per instruction
    /// and four to eight blocks in flight) and this code does the tail blocks. Measured reason: a block's sum
    /// is one chain of dependent adds, and these two blurs were about half of the goo switch frame's softening.
    private static func blurBlocksHorizontally(source: UnsafePointer<Float>, rows: Range<Int>, width: Int,
                                               kernel: [Float], padding: Int, temporary: UnsafeMutablePointer<Float>,
                                               row: UnsafeMutablePointer<Float>, horizontal: UnsafePointer<UInt8>,
                                               kernels: KernelSet) {
        let taps = kernel.count, radius = taps / 2, shift = padding - radius
        let block = bandBlock, bw = (width + block - 1) / block
        let vectorEnd = width - width % 8
        let fullBlocks = wholeBlocks(width: width, kernels: kernels)
        kernel.withUnsafeBufferPointer { weights in
          withUnsafeTemporaryAllocation(of: UnsafePointer<Float>.self, capacity: taps) { sources in
            for y in rows {
                let marks = horizontal + y * bw
                var needed = false
                for b in 0..<bw where marks[b] != 0 { needed = true; break }
                guard needed else { continue }
                let input = source + y * width, out = temporary + y * width
                // The clamped padded row: edge values either side, the row itself copied in between
                // (measured: the per-element clamped index was a tenth of the softening).
                row.initialize(repeating: input[0], count: padding)
                (row + padding).update(from: input, count: width)
                (row + padding + width).initialize(repeating: input[width - 1], count: padding)
                let padded = UnsafeRawPointer(row + shift)
                #if canImport(CLiquidKernels)
                if fullBlocks > 0 {
                    for k in 0..<taps { sources[k] = UnsafePointer(row + shift + k) }
                    lk_taps_blocks(out, sources.baseAddress!, weights.baseAddress!, Int32(truncatingIfNeeded: taps),
                                   marks, Int32(truncatingIfNeeded: fullBlocks), kernels.vectorLevel)
                }
                #endif
                for b in fullBlocks..<bw where marks[b] != 0 {
                    let x0 = b * block
                    if x0 + block <= vectorEnd {
                        var sum = SIMD8<Float>()
                        for k in 0..<taps {
                            sum += weights[k] * padded.loadUnaligned(fromByteOffset: 4 &* (x0 &+ k), as: SIMD8<Float>.self)
                        }
                        UnsafeMutableRawPointer(out + x0).storeBytes(of: sum, as: SIMD8<Float>.self)
                    } else {
                        for x in x0..<Swift.min(x0 + block, width) {
                            var sum: Float = 0
                            for k in 0..<taps { sum += weights[k] * row[shift + x + k] }
                            out[x] = sum
                        }
                    }
                }
            }
          }
        }
    }

    /// The vertical pass of one level's separable blur over `rows`, from `temporary` (whose rows within
    /// the kernel's radius of a marked block hold the horizontal pass) into `destination`, computed only in
    /// the blocks marked in `output`; the same C kernel for whole blocks as the horizontal pass.
    private static func blurBlocksVertically(destination: UnsafeMutablePointer<Float>, rows: Range<Int>, width: Int,
                                             height: Int, kernel: [Float], temporary: UnsafePointer<Float>,
                                             output: UnsafePointer<UInt8>, kernels: KernelSet) {
        let taps = kernel.count, radius = taps / 2
        let block = bandBlock, bw = (width + block - 1) / block
        let vectorEnd = width - width % 8
        let fullBlocks = wholeBlocks(width: width, kernels: kernels)
        kernel.withUnsafeBufferPointer { weights in
          withUnsafeTemporaryAllocation(of: UnsafePointer<Float>.self, capacity: taps) { sources in
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: taps) { lines in
                for y in rows {
                    let marks = output + y * bw
                    var needed = false
                    for b in 0..<bw where marks[b] != 0 { needed = true; break }
                    guard needed else { continue }
                    for k in 0..<taps {
                        let line = Swift.min(Swift.max(y &+ k &- radius, 0), height &- 1)
                        lines[k] = UnsafeRawPointer(temporary + line &* width)
                    }
                    let out = destination + y &* width
                    #if canImport(CLiquidKernels)
                    if fullBlocks > 0 {
                        for k in 0..<taps { sources[k] = lines[k].assumingMemoryBound(to: Float.self) }
                        lk_taps_blocks(out, sources.baseAddress!, weights.baseAddress!, Int32(truncatingIfNeeded: taps),
                                       marks, Int32(truncatingIfNeeded: fullBlocks), kernels.vectorLevel)
                    }
                    #endif
                    for b in fullBlocks..<bw where marks[b] != 0 {
                        let x0 = b * block
                        if x0 + block <= vectorEnd {
                            var sum = SIMD8<Float>()
                            for k in 0..<taps {
                                sum += weights[k] * lines[k].loadUnaligned(fromByteOffset: 4 &* x0, as: SIMD8<Float>.self)
                            }
                            UnsafeMutableRawPointer(out + x0).storeBytes(of: sum, as: SIMD8<Float>.self)
                        } else {
                            for x in x0..<Swift.min(x0 + block, width) {
                                var sum: Float = 0
                                for k in 0..<taps { sum += weights[k] * lines[k].load(fromByteOffset: 4 &* x, as: Float.self) }
                                out[x] = sum
                            }
                        }
                    }
                }
            }
          }
        }
    }

    /// How many whole 8-float blocks of a row the C kernel computes (0 without AVX2).
    private static func wholeBlocks(width: Int, kernels: KernelSet) -> Int {
        #if canImport(CLiquidKernels)
        if kernels.usesAVX2 { return width / bandBlock }
        #endif
        return 0
    }
}
