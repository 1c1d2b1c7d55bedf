#if canImport(CLiquidKernels)
import CLiquidKernels
#endif
import LiquidGeometry
import LiquidRaster

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
                     kernelSet: KernelSet = .automatic) {
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
        withPlanes(count: levels + 1, width: w, height: h, kernels: kernels, workspace: workspace) { planes, row in
            let alpha = planes, temporary = planes + n, blurred = planes + 2 * n
            Self.extractAlpha(of: view.readOnly, into: alpha)
            let found = blocks.withUnsafeMutableBufferPointer { map in
                counts.withUnsafeMutableBufferPointer { sums in
                    Self.bandMap(alpha: alpha, width: w, height: h, radius: radius, blocks: map.baseAddress!,
                                 counts: sums.baseAddress!, kernels: kernelSet)
                }
            }
            guard found else { return }
            blocks.withUnsafeBufferPointer { map in
                let output = map.baseAddress! + cells, horizontal = map.baseAddress! + 2 * cells
                for (k, kernel) in kernels.enumerated() {
                    Self.blurBlocks(source: alpha, destination: blurred + k * n, width: w, height: h, kernel: kernel,
                                    padding: radius, temporary: temporary, row: row, horizontal: horizontal,
                                    output: output, kernels: kernelSet)
                }
                let top = blurred + (levels - 2) * n
                let block = Self.bandBlock
                // The whole blocks of each row blend in `lk_soften_blocks_avx2` where it runs (the same
                // operations as `softenedLevel` and `levelSteps`, eight lanes at a time; measured: the
                // per-pixel blend was about half of the softening once the blurs ran in the C kernel).
                var vectorBlocks = 0
                #if canImport(CLiquidKernels)
                if kernelSet.usesAVX2 && levels * n < Int(Int32.max) {
                    vectorBlocks = w / block
                }
                #endif
                Self.distanceTable.withUnsafeBufferPointer { distance in
                    table.withUnsafeBufferPointer { lut in
                      steps.withUnsafeBufferPointer { stepBuffer in
                        let steps = stepBuffer.baseAddress!
                        for y in 0..<h {
                            let out = UnsafeMutableRawPointer(view.row(y))
                            #if canImport(CLiquidKernels)
                            if vectorBlocks > 0 {
                                Self.distanceWords.withUnsafeBufferPointer { words in
                                    lk_soften_blocks_avx2(out.assumingMemoryBound(to: UInt32.self), alpha + y * w,
                                                          blurred + y * w, Int32(truncatingIfNeeded: n),
                                                          Int32(truncatingIfNeeded: levels), top + y * w,
                                                          words.baseAddress!, lut.baseAddress!, output + y * bw,
                                                          Int32(truncatingIfNeeded: vectorBlocks))
                                }
                            }
                            #endif
                            for b in vectorBlocks..<bw where output[y * bw + b] != 0 {
                                for x in (b * block)..<Swift.min(b * block + block, w) {
                                    let i = y &* w &+ x
                                    guard let level = Self.softenedLevel(at: i, alpha: alpha, blurred: blurred, top: top,
                                                                         planeSize: n, steps: steps,
                                                                         distance: distance) else { continue }
                                    out.storeBytes(of: lut[level], toByteOffset: 4 * x, as: UInt32.self)
                                }
                            }
                        }
                      }
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
    /// split into halves) was a tenth of a dragged switch frame.
    private static func bandMap(alpha: UnsafePointer<Float>, width w: Int, height h: Int, radius: Int,
                                blocks: UnsafeMutablePointer<UInt8>, counts: UnsafeMutablePointer<Int32>,
                                kernels: KernelSet) -> Bool {
        let block = bandBlock
        let bw = (w + block - 1) / block, cells = h * bw
        let raw = blocks, output = blocks + cells, horizontal = blocks + 2 * cells
        var found = false
        let zero = SIMD8<Float>(repeating: 0), full = SIMD8<Float>(repeating: 255)
        var rows = 0..<h
        #if canImport(CLiquidKernels)
        if kernels.usesAVX2 {
            found = lk_edge_blocks_avx2(alpha, Int32(w), Int32(h), raw) != 0
            rows = 0..<0
        }
        #endif
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
        guard found else { return false }
        // Sideways: an edge pixel within `radius` of a block lies at most ⌊(radius + 7) / 8⌋ blocks away.
        let reach = (radius + block - 1) / block
        for b in 0..<bw { counts[b] = 0 }
        for y in 0..<h {
            let source = raw + y * bw, above = counts + y * bw, sums = counts + (y + 1) * bw
            // The grown row is written into `sums` as 0/1 first, then turned into prefix counts.
            for b in 0..<bw { sums[b] = 0 }
            for b in 0..<bw where source[b] != 0 {
                for c in Swift.max(b - reach, 0)...Swift.min(b + reach, bw - 1) { sums[c] = 1 }
            }
            // Column prefix counts of the grown map, for the vertical growth.
            for b in 0..<bw { sums[b] += above[b] }
        }
        for y in 0..<h {
            let near0 = Swift.max(y - radius, 0), near1 = Swift.min(y + radius + 1, h)
            let far0 = Swift.max(y - 2 * radius, 0), far1 = Swift.min(y + 2 * radius + 1, h)
            for b in 0..<bw {
                output[y * bw + b] = counts[near1 * bw + b] > counts[near0 * bw + b] ? 1 : 0
                horizontal[y * bw + b] = counts[far1 * bw + b] > counts[far0 * bw + b] ? 1 : 0
            }
        }
        return true
    }

    /// One level's separable blur, computed only in the marked blocks: the horizontal pass where
    /// `horizontal` is set, the vertical pass where `output` is set. `row` holds width + 2·`padding` + 1
    /// floats, `padding` ≥ the kernel's radius.
    ///
    /// With `kernels` allowing AVX2 the whole 8-float blocks of a row run in the C kernel
    /// `lk_taps_blocks_avx2` (the same multiplies and adds in the same order, a block per instruction and
    /// four blocks in flight) and this code does the tail blocks. Measured reason: a block's sum is one
    /// chain of dependent adds, and these two blurs were about half of the goo switch frame's softening.
    private static func blurBlocks(source: UnsafePointer<Float>, destination: UnsafeMutablePointer<Float>, width: Int,
                                   height: Int, kernel: [Float], padding: Int, temporary: UnsafeMutablePointer<Float>,
                                   row: UnsafeMutablePointer<Float>, horizontal: UnsafePointer<UInt8>,
                                   output: UnsafePointer<UInt8>, kernels: KernelSet) {
        let taps = kernel.count, radius = taps / 2, shift = padding - radius
        let block = bandBlock, bw = (width + block - 1) / block
        let vectorEnd = width - width % 8
        var fullBlocks = 0
        #if canImport(CLiquidKernels)
        if kernels.usesAVX2 { fullBlocks = vectorEnd / block }
        #endif
        kernel.withUnsafeBufferPointer { weights in
          withUnsafeTemporaryAllocation(of: UnsafePointer<Float>.self, capacity: taps) { sources in
            for y in 0..<height {
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
                    lk_taps_blocks_avx2(out, sources.baseAddress!, weights.baseAddress!, Int32(truncatingIfNeeded: taps),
                                        marks, Int32(truncatingIfNeeded: fullBlocks))
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
            withUnsafeTemporaryAllocation(of: UnsafeRawPointer.self, capacity: taps) { lines in
                for y in 0..<height {
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
                        lk_taps_blocks_avx2(out, sources.baseAddress!, weights.baseAddress!,
                                            Int32(truncatingIfNeeded: taps), marks, Int32(truncatingIfNeeded: fullBlocks))
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
}
