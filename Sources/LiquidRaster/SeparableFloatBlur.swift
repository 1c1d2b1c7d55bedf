#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// The separable Gaussian convolution over a float image (`channels` interleaved floats per pixel,
/// row-major, no padding), used on the reduced image of ``GaussianBlur`` and for small σ at full size.
///
/// Both passes are one kernel: `out[i] = k₀·m[i] + Σⱼ kⱼ·(aⱼ[i] + bⱼ[i])` over a flat run of floats, where
/// the tap pointers `aⱼ, bⱼ` are shifted copies of the same row (horizontal) or other rows (vertical).
/// Measured reason for the explicit SIMD8 accumulation in registers: the compiler's own vectorisation of a
/// per-tap loop fell back to scalar code behind its alias checks, and cost 2× more.
/// Edge handling follows ``EdgeMode`` exactly (clamp repeats the edge, transparent reads zeros).
enum SeparableFloatBlur {
    /// Blurs `image` into `output` (both `width·height·channels` floats). `image` is overwritten by the
    /// intermediate (horizontally blurred) result. `row` and `zeros` are scratch.
    ///
    /// With a `pool` of more than one worker (and the `workspace` that owns `row` and `zeros`, whose band
    /// workspaces give each job its scratch) both non-flat passes run in row bands: every output row is
    /// computed by the same code from the same inputs as without the pool, so the result is identical
    /// byte for byte; the vertical pass starts after the whole horizontal pass has finished.
    static func run(image: UnsafeMutablePointer<Float>, output: UnsafeMutablePointer<Float>,
                    width: Int, height: Int, channels: Int, sigma: Double, edgeMode: EdgeMode,
                    row: ScratchBuffer<Float>, zeros: ScratchBuffer<Float>, kernels: KernelSet = .automatic,
                    pool: WorkerPool? = nil, workspace: BlurWorkspace? = nil) {
        let horizontal = GaussianKernel(sigma: sigma, limit: width, edgeMode: edgeMode)
        let vertical = GaussianKernel(sigma: sigma, limit: height, edgeMode: edgeMode)
        let split: (pool: WorkerPool, bands: [BlurWorkspace])?
        if let pool, let workspace, pool.workerCount > 1, height >= 2 * minimumBandRows {
            split = (pool, workspace.bands(pool.bandCount(height, minimum: minimumBandRows)))
        } else {
            split = nil
        }
        if horizontal.isFlat {
            flatHorizontalPass(image, width: width, height: height, channels: channels, kernel: horizontal.weights,
                               edgeMode: edgeMode)
        } else if let split {
            // Each job writes only its own rows of `image` and uses its band's row buffer.
            nonisolated(unsafe) let image = image
            nonisolated(unsafe) let bands = split.bands
            let weights = horizontal.weights
            split.pool.forEachBand(height, minimum: minimumBandRows) { band, rows in
                horizontalPass(image + rows.lowerBound * width * channels, width: width, height: rows.count,
                               channels: channels, kernel: weights, edgeMode: edgeMode, row: bands[band].row,
                               kernels: kernels)
            }
        } else {
            horizontalPass(image, width: width, height: height, channels: channels, kernel: horizontal.weights,
                           edgeMode: edgeMode, row: row, kernels: kernels)
        }
        if vertical.isFlat {
            flatVerticalPass(from: image, to: output, width: width, height: height, channels: channels,
                             kernel: vertical.weights, edgeMode: edgeMode, sums: zeros)
        } else if let split {
            // Each job reads any rows of `image` (no longer written) and writes only its own rows of `output`.
            nonisolated(unsafe) let image = image
            nonisolated(unsafe) let output = output
            nonisolated(unsafe) let bands = split.bands
            let weights = vertical.weights
            split.pool.forEachBand(height, minimum: minimumBandRows) { band, rows in
                verticalPass(from: image, to: output, width: width, height: height, channels: channels,
                             kernel: weights, edgeMode: edgeMode, zeros: bands[band].zeros, kernels: kernels,
                             rows: rows)
            }
        } else {
            verticalPass(from: image, to: output, width: width, height: height, channels: channels,
                         kernel: vertical.weights, edgeMode: edgeMode, zeros: zeros, kernels: kernels)
        }
    }

    /// The fewest rows a band of a split pass gets (fewer rows are not worth waking a thread for).
    static let minimumBandRows = 8

    /// `tails[m]` = Σ_{j>m} kⱼ for m in 0..<count: the weight of the taps that reach past an edge m samples
    /// away (the last stored weight already holds the folded tail for clamp).
    private static func tailWeights(_ kernel: [Float], count: Int) -> [Float] {
        var tails = [Float](repeating: 0, count: count)
        var running = 0.0
        var m = kernel.count - 1
        while m >= 1 {
            running += Double(kernel[m])
            if m - 1 < count { tails[m - 1] = Float(running) }
            m -= 1
        }
        return tails
    }

    /// The horizontal pass for a flat kernel (``GaussianKernel/isFlat``), in place and in linear time:
    /// every tap inside the row weighs k₀, so `out[x] = k₀·Σ row + first·tail(x) + last·tail(width−1−x)`,
    /// the edge terms only for `.clamp`.
    static func flatHorizontalPass(_ image: UnsafeMutablePointer<Float>, width: Int, height: Int, channels: Int,
                                   kernel: [Float], edgeMode: EdgeMode) {
        let k0 = kernel[0], tails = tailWeights(kernel, count: width), clamp = edgeMode == .clamp
        for y in 0..<height {
            let line = image + y * width * channels
            for c in 0..<channels {
                var sum: Float = 0
                for x in 0..<width { sum += line[x * channels + c] }
                let first = line[c], last = line[(width - 1) * channels + c]
                for x in 0..<width {
                    var v = k0 * sum
                    if clamp { v += first * tails[x] + last * tails[width - 1 - x] }
                    line[x * channels + c] = v
                }
            }
        }
    }

    /// The vertical pass for a flat kernel, in linear time: column sums once, then
    /// `out[y] = k₀·sums + top·tail(y) + bottom·tail(height−1−y)` row by row (edge terms only for `.clamp`).
    static func flatVerticalPass(from image: UnsafeMutablePointer<Float>, to output: UnsafeMutablePointer<Float>,
                                 width: Int, height: Int, channels: Int, kernel: [Float], edgeMode: EdgeMode,
                                 sums scratch: ScratchBuffer<Float>) {
        let n = width * channels, k0 = kernel[0], tails = tailWeights(kernel, count: height)
        let sums = scratch.reserve(n)
        sums.update(repeating: 0, count: n)
        for y in 0..<height {
            let src = image + y * n
            for i in 0..<n { sums[i] += src[i] }
        }
        let top = image, bottom = image + (height - 1) * n
        for y in 0..<height {
            let dst = output + y * n
            let above = edgeMode == .clamp ? tails[y] : 0, below = edgeMode == .clamp ? tails[height - 1 - y] : 0
            for i in 0..<n { dst[i] = k0 * sums[i] + top[i] * above + bottom[i] * below }
        }
    }

    /// In place, row by row: each row is copied into an extended row (edge pixels or zeros on both sides),
    /// then convolved back into the image.
    static func horizontalPass(_ image: UnsafeMutablePointer<Float>, width: Int, height: Int, channels: Int,
                               kernel: [Float], edgeMode: EdgeMode, row: ScratchBuffer<Float>,
                               kernels: KernelSet = .automatic) {
        let c = channels, n = width * channels, radius = kernel.count - 1
        let extended = row.reserve((width + 2 * radius) * c + 8)
        let center = extended + radius * c
        var before = [UnsafePointer<Float>](repeating: UnsafePointer(center), count: radius + 1)
        var after = before
        for j in 0...radius {
            before[j] = UnsafePointer(center - j * c)
            after[j] = UnsafePointer(center + j * c)
        }
        for y in 0..<height {
            let line = image + y * n
            center.update(from: line, count: n)
            for p in 0..<radius {
                for ch in 0..<c {
                    extended[p * c + ch] = edgeMode == .clamp ? line[ch] : 0
                    center[n + p * c + ch] = edgeMode == .clamp ? line[n - c + ch] : 0
                }
            }
            convolve(into: line, count: n, kernel: kernel, before: before, after: after, kernels: kernels)
        }
    }

    /// Output row y = Σ k_j · (row y−j + row y+j); rows outside read the edge row (clamp) or a row of
    /// zeros (transparent). Only the output rows in `rows` (all by default) are written.
    static func verticalPass(from image: UnsafeMutablePointer<Float>, to output: UnsafeMutablePointer<Float>,
                             width: Int, height: Int, channels: Int, kernel: [Float], edgeMode: EdgeMode,
                             zeros: ScratchBuffer<Float>, kernels: KernelSet = .automatic, rows: Range<Int>? = nil) {
        let n = width * channels, radius = kernel.count - 1
        let zero = UnsafePointer(zeros.reserve(n))
        if edgeMode == .transparent { UnsafeMutablePointer(mutating: zero).update(repeating: 0, count: n) }
        var before = [UnsafePointer<Float>](repeating: zero, count: radius + 1)
        var after = before
        func rowPointer(_ y: Int) -> UnsafePointer<Float> {
            if y >= 0 && y < height { return UnsafePointer(image + y * n) }
            if edgeMode == .transparent { return zero }
            return UnsafePointer(image + Swift.min(Swift.max(y, 0), height - 1) * n)
        }
        for y in rows ?? 0..<height {
            for j in 0...radius {
                before[j] = rowPointer(y - j)
                after[j] = rowPointer(y + j)
            }
            convolve(into: output + y * n, count: n, kernel: kernel, before: before, after: after, kernels: kernels)
        }
    }

    /// `out[i] = k₀·after₀[i] + Σ_{j≥1} kⱼ·(beforeⱼ[i] + afterⱼ[i])` for i in 0..<count.
    /// `out` may be the same memory as none of the inputs.
    ///
    /// With `kernels` allowing AVX2 the 8-float groups run in the C kernel `lk_convolve_avx2` (the same
    /// multiplies and adds in the same order, 8 lanes per instruction instead of 4) and this code finishes
    /// the tail. Measured reason: this convolution on the reduced image was ~17 % of W1 σ 30 in a profile.
    @inline(__always)
    static func convolve(into out: UnsafeMutablePointer<Float>, count n: Int, kernel: [Float],
                         before: [UnsafePointer<Float>], after: [UnsafePointer<Float>],
                         kernels: KernelSet = .automatic) {
        let radius = kernel.count - 1
        kernel.withUnsafeBufferPointer { k in
            before.withUnsafeBufferPointer { a in
                after.withUnsafeBufferPointer { b in
                    var i = 0
                    #if canImport(CLiquidKernels)
                    if kernels.usesAVX2 {
                        i = Int(lk_convolve_avx2(out, Int32(truncatingIfNeeded: n), k.baseAddress!,
                                                 Int32(truncatingIfNeeded: radius), a.baseAddress!, b.baseAddress!))
                    }
                    #endif
                    let k0 = k[0]
                    while i + 8 <= n {
                        var acc = SIMD8<Float>(repeating: k0) * load8(b[0] + i)
                        var j = 1
                        while j <= radius {
                            acc += SIMD8<Float>(repeating: k[j]) * (load8(a[j] + i) + load8(b[j] + i))
                            j += 1
                        }
                        UnsafeMutableRawPointer(out + i).storeBytes(of: acc, as: SIMD8<Float>.self)
                        i += 8
                    }
                    while i < n {
                        var acc = k0 * b[0][i]
                        var j = 1
                        while j <= radius {
                            acc += k[j] * (a[j][i] + b[j][i])
                            j += 1
                        }
                        out[i] = acc
                        i += 1
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func load8(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
    }
}
