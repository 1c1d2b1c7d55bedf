#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// The stages of ``GaussianBlur``'s reduced path (see ``BlurPlan``): tent-reduce into a float image with a
/// two-pixel border, blur that with ``SeparableFloatBlur``, enlarge back into 8-bit pixels with a cubic
/// B-spline.
///
/// The border makes the edge modes exact at the reduced scale: for `.clamp` the border holds the block
/// average of the image's edge row or column (which is what every outside block averages to when edges
/// repeat), and the reduced blur clamps to it; for `.transparent` it holds zeros. Enlargement then always
/// has the four neighbours it needs, also for the outermost half blocks.
///
/// Why a cubic B-spline and not bilinear enlargement: bilinear adds a variance of t(1 − t)·f² that depends
/// on the output pixel's phase t, so the effective σ ripples with period f; measured on a hard-edged
/// white square at σ = 20 (f = 8) that ripple gave errors of 4 levels. The cubic B-spline's second moment
/// is f²/3 at every phase (it reproduces quadratics), which removes the ripple for two more taps.
///
/// Reduction sums are exact integers, converted once to Float (0…255 scale) for the reduced blur; the RGBA
/// enlargement works in 16-bit fixed point of 1/256 level (within ±0.02 level of Float before the final
/// rounding to 8 bits). `channels` is 4 (RGBA) or 1 (alpha only, for the goo path).
enum ReducedBlur {
    /// Border width in reduced pixels on each side.
    static let border = 2

    /// Reduced size including the border: ⌈w/f⌉ + 4 by ⌈h/f⌉ + 4.
    static func paddedSize(width: Int, height: Int, factor f: Int) -> (width: Int, height: Int) {
        ((width + f - 1) / f + 2 * border, (height + f - 1) / f + 2 * border)
    }

    /// Integer tent weights for the 2f rows (or columns) a reduced pixel reads, starting f/2 before its
    /// block: 1, 3, 5, …, 2f − 1, 2f − 1, …, 3, 1 (the tent 1 − |d|/f sampled at pixel centres, times 2f).
    /// They sum to 2f².
    static func tentWeights(factor f: Int) -> [UInt16] {
        (0..<(2 * f)).map { m in UInt16(2 * f - abs(2 * m - 2 * f + 1)) }
    }

    /// The variance (pixels²) the tent prefilter adds: Σ w·d² / Σ w over the tap offsets d = m − f + ½.
    static func tentVariance(factor f: Int) -> Double {
        let w = tentWeights(factor: f)
        var total = 0.0, moment = 0.0
        for (m, weight) in w.enumerated() {
            let d = Double(m) - Double(f) + 0.5
            total += Double(weight)
            moment += Double(weight) * d * d
        }
        return moment / total
    }

    /// Tent-reduces `view` by `f` (2, 4 or 8) into `reduced` (padded size, `channels` floats per pixel).
    ///
    /// Reduced pixel j (padded index j + 2) is the tent-weighted average of the 2f × 2f pixels starting at
    /// f·j − f/2 in each direction; pixels outside the image are the clamped edge or zero, exactly as the
    /// edge mode says. Why a tent and not a box: a box reduction's variance depends on where content sits
    /// inside a block (an edge on a block boundary loses the whole (f² − 1)/12), which measured as a
    /// 0.8-level error on block-aligned hard edges at every σ; the tent's overlap brings that to 0.06.
    ///
    /// How: the tent's 2f weights are 1, 3, …, 2f − 1 over one block of f rows and 2f − 1, …, 3, 1 over the
    /// next, so each block of f source rows is read once and yields both halves from two running sums
    /// (see ``verticalBlock(_:factor:count:inc:tent:)``); the same is done along the row. All sums are exact
    /// integers; the only rounding is the final conversion to Float. Measured reason: the previous
    /// row-at-a-time form read every source row twice and kept its u16 accumulator in memory (~2.8
    /// instructions per source byte, ~1.3 ms of the 4.4 ms full-screen σ = 10 blur); this is ~0.6 and
    /// ~0.5 ms, about the time one read of the 11.85 MB image takes here.
    ///
    /// With a `pool` of more than one worker the padded reduced rows are computed in bands, each band
    /// starting with the rising half of the block above its first row (the same exact integer sums the
    /// sweep would carry into it), so the result is identical byte for byte.
    ///
    /// With `kernels` allowing AVX2, the RGBA sums run in the C kernels `lk_tent_block` (32 bytes a step,
    /// 64 with AVX-512) and `lk_tent_row_rgba` (two blocks a step), which compute the same integers and the
    /// same final Float operation. Measured reason: the reduction was the largest single part of G2's
    /// frosted lenses (16 % of `glass.g2.lenses`, perf), in SSE2's 16 bytes a step.
    static func reduce(_ view: MutablePixmapView, factor f: Int, channels: Int, edgeMode: EdgeMode,
                       into reduced: UnsafeMutablePointer<Float>, workspace: BlurWorkspace, pool: WorkerPool? = nil,
                       kernels: KernelSet = .automatic) {
        precondition(f == 2 || f == 4 || f == 8, "the u16 block sums hold (2f + 1)·f·255 only up to f = 8")
        let w = view.width, h = view.height
        let (_, hp) = paddedSize(width: w, height: h, factor: f)
        let n = 4 * w
        let zeroRow = workspace.zeroBytes.reserve(n)
        if edgeMode == .transparent { zeroRow.update(repeating: 0, count: n) }
        let minimum = SeparableFloatBlur.minimumBandRows
        if let pool, pool.workerCount > 1, hp >= 2 * minimum {
            // Each job reads the view and the zero row, and writes only its own reduced rows and scratch.
            let bands = workspace.bands(pool.bandCount(hp, minimum: minimum))
            nonisolated(unsafe) let shared = (view: view, reduced: reduced, zeroRow: zeroRow, bands: bands)
            pool.forEachBand(hp, minimum: minimum) { band, rows in
                let scratch = shared.bands[band]
                reduceRows(shared.view, factor: f, channels: channels, edgeMode: edgeMode, into: shared.reduced,
                           rows: rows, zeroRow: shared.zeroRow, accumulator: scratch.accumulator.reserve(2 * n),
                           rowPointers: scratch.rowPointers.reserve(f), vector: kernels.vectorLevel)
            }
        } else {
            reduceRows(view, factor: f, channels: channels, edgeMode: edgeMode, into: reduced, rows: 0..<hp,
                       zeroRow: zeroRow, accumulator: workspace.accumulator.reserve(2 * n),
                       rowPointers: workspace.rowPointers.reserve(f), vector: kernels.vectorLevel)
        }
    }

    /// The padded reduced rows `rows` of ``reduce(_:factor:channels:edgeMode:into:workspace:pool:)``;
    /// `accumulator` holds 2·4·width values, `rowPointers` f pointers.
    private static func reduceRows(_ view: MutablePixmapView, factor f: Int, channels: Int, edgeMode: EdgeMode,
                                   into reduced: UnsafeMutablePointer<Float>, rows outputRows: Range<Int>,
                                   zeroRow: UnsafeMutablePointer<UInt8>, accumulator: UnsafeMutablePointer<UInt16>,
                                   rowPointers rows: UnsafeMutablePointer<UnsafePointer<UInt8>>, vector: Int32) {
        let w = view.width, h = view.height
        let (wp, _) = paddedSize(width: w, height: h, factor: f)
        let n = 4 * w
        let inc = accumulator
        let tent = inc + n
        // Σ of the tent weights is 2f² per direction.
        let scale = 1 / Float(4 * f * f * f * f)
        // Block b holds source rows f·(b − border) − f/2 …+ f − 1; padded reduced row b − 1 is the
        // rising half over block b − 1 plus the falling half over block b. The first block of a band
        // only primes the rising half.
        let firstBlock = outputRows.lowerBound
        for b in firstBlock...outputRows.upperBound {
            let first = f * (b - border) - f / 2
            for m in 0..<f {
                let y = first + m
                if y >= 0 && y < h {
                    rows[m] = UnsafePointer(view.row(y))
                } else if edgeMode == .transparent {
                    rows[m] = UnsafePointer(zeroRow)
                } else {
                    rows[m] = UnsafePointer(view.row(Swift.min(Swift.max(y, 0), h - 1)))
                }
            }
            #if canImport(CLiquidKernels)
            if channels == 4 && vector > 0 {
                UnsafeRawPointer(rows).withMemoryRebound(to: UnsafePointer<UInt8>.self, capacity: f) { pointers in
                    lk_tent_block(pointers, Int32(f), Int32(truncatingIfNeeded: n), inc, b == firstBlock ? nil : tent, vector)
                }
                if b > firstBlock {
                    lk_tent_row_rgba(tent, Int32(truncatingIfNeeded: w), Int32(f), Int32(truncatingIfNeeded: wp),
                                     edgeMode == .clamp ? 1 : 0, scale, vector, reduced + (b - 1) * wp * channels)
                }
                continue
            }
            #endif
            if channels == 1 {
                verticalAlphaBlock(UnsafePointer(rows), factor: f, width: w, inc: inc, tent: b == firstBlock ? nil : tent)
            } else {
                verticalBlock(UnsafePointer(rows), factor: f, count: n, inc: inc, tent: b == firstBlock ? nil : tent)
            }
            if b > firstBlock {
                reduceRow(UnsafePointer(tent), width: w, factor: f, channels: channels, edgeMode: edgeMode,
                          scale: scale, into: reduced + (b - 1) * wp * channels, paddedWidth: wp)
            }
        }
    }

    /// One block of f rows, in 16-bit lanes, over `count` bytes. With S = Σ xₘ and T = Σ (f − m)·xₘ
    /// (m = 0 … f − 1; both running sums: S += xₘ, T += S), the rising tent half is Σ (2m + 1)·xₘ =
    /// (2f + 1)·S − 2T and the falling half Σ (2f − 1 − 2m)·xₘ = 2T − S. Writes `tent[i]` = previous
    /// rising half (in `inc`) + this falling half (when `tent` is given), then this rising half into `inc`.
    /// Every partial result stays below 2¹⁶ for f ≤ 8 (T ≤ 36·255, (2f + 1)·S ≤ 17·2040), and the final
    /// tent sum is at most 2f²·255 = 32 640, so wrapping u16 arithmetic is exact.
    @inline(__always)
    private static func verticalBlock(_ rows: UnsafePointer<UnsafePointer<UInt8>>, factor f: Int, count n: Int,
                                      inc: UnsafeMutablePointer<UInt16>, tent: UnsafeMutablePointer<UInt16>?) {
        let odd = UInt16(2 * f + 1)
        var i = 0
        // Measured reason for 16 columns at a time with the f rows inner: the four running sums stay in
        // registers and each source byte is loaded once.
        while i + 16 <= n {
            var s0 = SIMD8<UInt16>(), s1 = SIMD8<UInt16>(), t0 = SIMD8<UInt16>(), t1 = SIMD8<UInt16>()
            for m in 0..<f {
                let bytes = UnsafeRawPointer(rows[m] + i).loadUnaligned(as: SIMD16<UInt8>.self)
                let wide = SIMD16<UInt16>(truncatingIfNeeded: bytes)
                s0 &+= wide.lowHalf
                s1 &+= wide.highHalf
                t0 &+= s0
                t1 &+= s1
            }
            storeHalves(s: s0, t: t0, odd: odd, inc: inc, tent: tent, at: i)
            storeHalves(s: s1, t: t1, odd: odd, inc: inc, tent: tent, at: i + 8)
            i += 16
        }
        while i < n {
            var s: UInt16 = 0, t: UInt16 = 0
            for m in 0..<f {
                s &+= UInt16(rows[m][i])
                t &+= s
            }
            storeHalves(s: s, t: t, odd: odd, inc: inc, tent: tent, at: i)
            i += 1
        }
    }

    /// The end of one block for eight lanes from `i`: `tent` (when given) gets the rising half kept in `inc`
    /// plus this falling half, 2T − S; `inc` gets this rising half, (2f + 1)·S − 2T (`odd` = 2f + 1).
    @inline(__always)
    private static func storeHalves(s: SIMD8<UInt16>, t: SIMD8<UInt16>, odd: UInt16, inc: UnsafeMutablePointer<UInt16>,
                                    tent: UnsafeMutablePointer<UInt16>?, at i: Int) {
        let rising = UnsafeMutableRawPointer(inc + i)
        if let tent {
            let previous = rising.loadUnaligned(as: SIMD8<UInt16>.self)
            UnsafeMutableRawPointer(tent + i).storeBytes(of: previous &+ (t &<< 1) &- s, as: SIMD8<UInt16>.self)
        }
        rising.storeBytes(of: odd &* s &- (t &<< 1), as: SIMD8<UInt16>.self)
    }

    /// ``storeHalves(s:t:odd:inc:tent:at:)`` for the one lane `i`.
    @inline(__always)
    private static func storeHalves(s: UInt16, t: UInt16, odd: UInt16, inc: UnsafeMutablePointer<UInt16>,
                                    tent: UnsafeMutablePointer<UInt16>?, at i: Int) {
        if let tent { tent[i] = inc[i] &+ (t &<< 1) &- s }
        inc[i] = odd &* s &- (t &<< 1)
    }

    /// ``verticalBlock(_:factor:count:inc:tent:)`` over the alpha bytes of `width` RGBA pixels only: the
    /// same sums, one u16 per pixel in `inc` and `tent`. Measured reason: for the goo (alpha only) the RGBA
    /// form summed four channels to keep one, and the reduction was a fifth of `raster.w3.goo` (perf).
    @inline(__always)
    private static func verticalAlphaBlock(_ rows: UnsafePointer<UnsafePointer<UInt8>>, factor f: Int, width w: Int,
                                           inc: UnsafeMutablePointer<UInt16>, tent: UnsafeMutablePointer<UInt16>?) {
        let odd = UInt16(2 * f + 1)
        var i = 0
        while i + 8 <= w {
            var s = SIMD8<UInt16>(), t = SIMD8<UInt16>()
            for m in 0..<f {
                // Alpha is the high byte of each pixel read as a little-endian word.
                let pixels = UnsafeRawPointer(rows[m] + 4 * i).loadUnaligned(as: SIMD8<UInt32>.self)
                s &+= SIMD8<UInt16>(truncatingIfNeeded: pixels &>> 24)
                t &+= s
            }
            storeHalves(s: s, t: t, odd: odd, inc: inc, tent: tent, at: i)
            i += 8
        }
        while i < w {
            var s: UInt16 = 0, t: UInt16 = 0
            for m in 0..<f {
                s &+= UInt16(rows[m][4 * i + 3])
                t &+= s
            }
            storeHalves(s: s, t: t, odd: odd, inc: inc, tent: tent, at: i)
            i += 1
        }
    }

    /// The horizontal tent over one vertically reduced row (`4·width` u16 sums, RGBA; for `channels` 1,
    /// `width` alpha sums), producing a padded reduced row of `channels` floats per pixel. The same rising/falling
    /// decomposition as ``verticalBlock(_:factor:count:inc:tent:)``, in Int32 lanes (the total is at most
    /// 4f⁴·255 < 2²²).
    private static func reduceRow(_ row: UnsafePointer<UInt16>, width w: Int, factor f: Int, channels: Int,
                                  edgeMode: EdgeMode, scale: Float, into dst: UnsafeMutablePointer<Float>,
                                  paddedWidth wp: Int) {
        let odd = Int32(2 * f + 1)
        let clamp = edgeMode == .clamp
        if channels == 4 {
            @inline(__always) func pixel(_ x: Int) -> SIMD4<Int32> {
                SIMD4<Int32>(truncatingIfNeeded: UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD4<UInt16>.self))
            }
            var previous = SIMD4<Int32>()
            for b in 0...wp {
                let first = f * (b - border) - f / 2
                var s = SIMD4<Int32>(), t = SIMD4<Int32>()
                if first >= 0 && first + f <= w {
                    for m in 0..<f {
                        s &+= pixel(first + m)
                        t &+= s
                    }
                } else {
                    for m in 0..<f {
                        let x = first + m
                        if x >= 0 && x < w {
                            s &+= pixel(x)
                        } else if clamp {
                            s &+= pixel(x < 0 ? 0 : w - 1)
                        }
                        t &+= s
                    }
                }
                if b > 0 {
                    let total = previous &+ (t &<< 1) &- s
                    UnsafeMutableRawPointer(dst + 4 * (b - 1)).storeBytes(of: SIMD4<Float>(total) * scale,
                                                                          as: SIMD4<Float>.self)
                }
                previous = odd &* s &- (t &<< 1)
            }
        } else {
            @inline(__always) func alpha(_ x: Int) -> Int32 { Int32(row[x]) }
            var previous: Int32 = 0
            for b in 0...wp {
                let first = f * (b - border) - f / 2
                var s: Int32 = 0, t: Int32 = 0
                for m in 0..<f {
                    let x = first + m
                    if x >= 0 && x < w {
                        s &+= alpha(x)
                    } else if clamp {
                        s &+= alpha(x < 0 ? 0 : w - 1)
                    }
                    t &+= s
                }
                if b > 0 { dst[b - 1] = Float(previous &+ (t &<< 1) &- s) * scale }
                previous = odd &* s &- (t &<< 1)
            }
        }
    }

    /// Cubic B-spline weights of the four reduced samples around phase t (they sum to 1, are ≥ 0, and
    /// have mean offset 0 and second moment 1/3 at every t).
    @inline(__always)
    static func splineWeights(_ t: Double) -> SIMD4<Float> {
        let t2 = t * t, t3 = t2 * t, u = 1 - t
        return SIMD4(Float(u * u * u / 6), Float((3 * t3 - 6 * t2 + 4) / 6),
                     Float((-3 * t3 + 3 * t2 + 3 * t + 1) / 6), Float(t3 / 6))
    }

    /// The spline weights of phase t in 16-bit fixed point: each is round(weight·2¹⁶), the largest adjusted
    /// so that they sum to exactly 2¹⁶ (no single weight exceeds 2/3·2¹⁶, so each fits a UInt16).
    static func fixedSplineWeights(_ t: Double) -> SIMD4<UInt16> {
        let t2 = t * t, t3 = t2 * t, u = 1 - t
        let exact = [u * u * u / 6, (3 * t3 - 6 * t2 + 4) / 6, (-3 * t3 + 3 * t2 + 3 * t + 1) / 6, t3 / 6]
        var fixed = exact.map { Int(($0 * 65_536).rounded()) }
        let largest = fixed.indices.max { fixed[$0] < fixed[$1] }!
        fixed[largest] += 65_536 - fixed.reduce(0, +)
        return SIMD4(UInt16(fixed[0]), UInt16(fixed[1]), UInt16(fixed[2]), UInt16(fixed[3]))
    }

    /// `(a·w) >> 16` per lane: compiles to one `pmulhuw`.
    @inline(__always)
    static func multiplyHigh(_ a: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: a) &* SIMD8<UInt32>(truncatingIfNeeded: w)) &>> 16)
    }

    /// Enlarges the padded reduced RGBA image `blurred` by `f` into `view`, rounding to 8 bits.
    ///
    /// Each reduced row is widened to full width once, into 16-bit fixed point (1/256 level, see
    /// ``FixedWidenedRows``), and every output row is the vertical cubic B-spline of the four widened rows
    /// around it: Σ (vᵢ·wᵢ) >> 16 with wᵢ the phase's weights in 1/2¹⁶ (one `pmulhuw` per tap and 8 lanes),
    /// then + 130 and >> 8 to a byte. The four truncations lose 2 units (1/256 level) on average, which
    /// the 130 instead of 128 gives back; the result is within ±0.02 level of the Float form before the
    /// final rounding. Colour ≤ alpha survives: every weight is ≥ 0 and the same for all channels, and each
    /// step is monotone.
    ///
    /// Measured reason: the Float form (four SIMD16 loads, multiplies and a magic-number rounding per 16
    /// bytes) cost ~4 instructions per output byte and ~2.2 ms of the 4.4 ms full-screen blur; this is
    /// ~2.1 instructions per byte (8 `pmulhuw` per 16 bytes) and ~1.4 ms including the widening.
    ///
    /// With `kernels` allowing AVX2 (and rows of at least 32 bytes) the vertical stage runs in the C kernel
    /// `lk_enlarge_band_avx2`, 16 lanes per `vpmulhuw`, writing the same bytes. Measured reason: the
    /// stage is the largest of the blur (~45 % of W1 σ 30 in a profile), and SSE2 caps it at 8 lanes.
    ///
    /// With a `pool` of more than one worker the output rows are enlarged in bands, each with a widened-row
    /// ring of its own (a widened row depends only on its reduced row), so the bytes are identical.
    static func enlarge(_ blurred: UnsafeMutablePointer<Float>, factor f: Int, into view: MutablePixmapView,
                        workspace: BlurWorkspace, kernels: KernelSet = .automatic, pool: WorkerPool? = nil) {
        let h = view.height, n = 4 * view.width
        let minimum = 2 * SeparableFloatBlur.minimumBandRows
        if let pool, pool.workerCount > 1, h >= 2 * minimum {
            // Each job reads `blurred` and writes only its own rows of the view and its band's ring.
            let bands = workspace.bands(pool.bandCount(h, minimum: minimum))
            nonisolated(unsafe) let shared = (blurred: blurred, view: view, bands: bands)
            pool.forEachBand(h, minimum: minimum) { band, rows in
                enlargeRows(shared.blurred, factor: f, into: shared.view, rows: rows,
                            storage: shared.bands[band].fixedRows.reserve(4 * n), kernels: kernels)
            }
        } else {
            enlargeRows(blurred, factor: f, into: view, rows: 0..<h, storage: workspace.fixedRows.reserve(4 * n),
                        kernels: kernels)
        }
    }

    /// Output rows `rows` of ``enlarge(_:factor:into:workspace:kernels:pool:)``; `storage` holds four
    /// widened rows (4·4·width values).
    private static func enlargeRows(_ blurred: UnsafeMutablePointer<Float>, factor f: Int, into view: MutablePixmapView,
                                    rows outputRows: Range<Int>, storage: UnsafeMutablePointer<UInt16>,
                                    kernels: KernelSet) {
        let w = view.width, h = view.height, n = 4 * w
        let (wp, _) = paddedSize(width: w, height: h, factor: f)
        var rows = FixedWidenedRows(blurred: blurred, paddedWidth: wp, width: w, factor: f, storage: storage,
                                    vector: kernels.vectorLevel)
        let avx2 = kernels.usesAVX2 && n >= 32
        withUnsafeTemporaryAllocation(of: SIMD8<UInt16>.self, capacity: 5 * f) { table in
            let weights = table.baseAddress!
            // The same weights packed four to a phase, for the C kernel (in the last f entries).
            let packed = UnsafeMutableRawPointer(weights + 4 * f).bindMemory(to: UInt16.self, capacity: 4 * f)
            for k in 0..<f {
                let fixed = fixedSplineWeights((Double(k) + 0.5) / Double(f))
                for j in 0..<4 {
                    (weights + 4 * k + j).initialize(to: SIMD8(repeating: fixed[j]))
                    (packed + 4 * k + j).initialize(to: fixed[j])
                }
            }
            var y = outputRows.lowerBound
            let end = outputRows.upperBound
            while y < end {
                // Output row y = f·(p − border) + f/2 + k lies at reduced coordinate p + (k + ½)/f.
                let p = (y + f / 2) / f + 1
                let phase = y + f / 2 - f * (p - 1)
                let count = Swift.min(f - phase, end - y)
                let (r0, r1, r2, r3) = rows.rows(around: p)
                #if canImport(CLiquidKernels)
                if avx2 {
                    _ = lk_enlarge_band_avx2(r0, r1, r2, r3, packed + 4 * phase, Int32(truncatingIfNeeded: count),
                                             view.row(y), view.rowBytes, Int32(truncatingIfNeeded: n))
                    y += count
                    continue
                }
                #endif
                enlargeBand(r0, r1, r2, r3, weights: UnsafePointer(weights + 4 * phase), rows: count,
                            into: view.row(y), rowBytes: view.rowBytes, count: n)
                y += count
            }
        }
    }

    /// `rows` output rows (consecutive phases, `weights` four splats per phase) from four widened rows.
    /// Measured reason for one output row at a time (rather than a column chunk down the band, which
    /// would load each widened value once per band): LLVM hoisted the loads' widening out of the inner
    /// loop and re-narrowed them with 7 extra instructions per vector; reloading from L1/L2 is cheaper.
    @inline(__always)
    private static func enlargeBand(_ r0: UnsafePointer<UInt16>, _ r1: UnsafePointer<UInt16>,
                                    _ r2: UnsafePointer<UInt16>, _ r3: UnsafePointer<UInt16>,
                                    weights: UnsafePointer<SIMD8<UInt16>>, rows: Int,
                                    into out: UnsafeMutablePointer<UInt8>, rowBytes: Int, count n: Int) {
        let bias = SIMD8<UInt16>(repeating: 130)
        @inline(__always) func load(_ r: UnsafePointer<UInt16>, _ i: Int) -> SIMD8<UInt16> {
            UnsafeRawPointer(r + i).loadUnaligned(as: SIMD8<UInt16>.self)
        }
        var target = out
        var wt = weights
        for _ in 0..<rows {
            @inline(__always) func chunk(_ i: Int) {
                // The weights are read here, not hoisted into locals: hoisted, LLVM kept them widened
                // to 32 bits and re-narrowed them before every `pmulhuw` (14 extra instructions per chunk);
                // read here they become memory operands of the `pmulhuw`s.
                let wa = wt[0], wb = wt[1], wc = wt[2], wd = wt[3]
                let low = (multiplyHigh(load(r0, i), wa) &+ multiplyHigh(load(r1, i), wb))
                    &+ (multiplyHigh(load(r2, i), wc) &+ multiplyHigh(load(r3, i), wd))
                let high = (multiplyHigh(load(r0, i &+ 8), wa) &+ multiplyHigh(load(r1, i &+ 8), wb))
                    &+ (multiplyHigh(load(r2, i &+ 8), wc) &+ multiplyHigh(load(r3, i &+ 8), wd))
                let bytes = SIMD16<UInt8>(truncatingIfNeeded: SIMD16<UInt16>(lowHalf: (low &+ bias) &>> 8,
                                                                            highHalf: (high &+ bias) &>> 8))
                UnsafeMutableRawPointer(target + i).storeBytes(of: bytes, as: SIMD16<UInt8>.self)
            }
            if n >= 16 {
                var i = 0
                while i &+ 16 <= n {
                    chunk(i)
                    i &+= 16
                }
                // The last partial chunk overlaps the previous one: it recomputes a few bytes identically.
                if i < n { chunk(n &- 16) }
            } else {
                let wa = wt[0], wb = wt[1], wc = wt[2], wd = wt[3]
                for i in 0..<n {
                    var sum = 0 as UInt32
                    sum &+= (UInt32(r0[i]) &* UInt32(wa[0])) &>> 16
                    sum &+= (UInt32(r1[i]) &* UInt32(wb[0])) &>> 16
                    sum &+= (UInt32(r2[i]) &* UInt32(wc[0])) &>> 16
                    sum &+= (UInt32(r3[i]) &* UInt32(wd[0])) &>> 16
                    target[i] = UInt8(truncatingIfNeeded: (sum &+ 130) &>> 8)
                }
            }
            target += rowBytes
            wt += 4
        }
    }

    /// Enlarges the padded reduced alpha image and writes `lookup[round(α)]` (a packed premultiplied pixel
    /// per alpha level) into `view`: the fused threshold of ``Goo``.
    ///
    /// Where the CPU runs AVX2 (`kernels` `.automatic` or `.avx2`) each row's whole groups of eight go
    /// through `lk_enlarge_alpha_row_avx2`, the same Float arithmetic lane by lane (the same bytes); the
    /// tail stays here. Measured reason: this per-pixel loop, with its checked conversion, was most of the
    /// goo's time in a dragged slider frame (perf, `ui.slider.dragged`).
    static func enlargeAlpha(_ blurred: UnsafeMutablePointer<Float>, factor f: Int, into view: MutablePixmapView,
                             lookup: UnsafePointer<UInt32>, workspace: BlurWorkspace, pool: WorkerPool? = nil,
                             kernels: KernelSet = .automatic) {
        let w = view.width, h = view.height
        let minimum = 2 * SeparableFloatBlur.minimumBandRows
        if let pool, pool.workerCount > 1, h >= 2 * minimum {
            // Each job reads `blurred` and `lookup` and writes only its own rows and its band's ring.
            let bands = workspace.bands(pool.bandCount(h, minimum: minimum))
            nonisolated(unsafe) let shared = (blurred: blurred, view: view, lookup: lookup, bands: bands)
            pool.forEachBand(h, minimum: minimum) { band, rows in
                enlargeAlphaRows(shared.blurred, factor: f, into: shared.view, lookup: shared.lookup, rows: rows,
                                 storage: shared.bands[band].row.reserve(4 * w), kernels: kernels)
            }
        } else {
            enlargeAlphaRows(blurred, factor: f, into: view, lookup: lookup, rows: 0..<h,
                             storage: workspace.row.reserve(4 * w), kernels: kernels)
        }
    }

    /// Output rows `rows` of ``enlargeAlpha(_:factor:into:lookup:workspace:pool:)``; `storage` holds four
    /// widened rows.
    private static func enlargeAlphaRows(_ blurred: UnsafeMutablePointer<Float>, factor f: Int,
                                         into view: MutablePixmapView, lookup: UnsafePointer<UInt32>,
                                         rows outputRows: Range<Int>, storage: UnsafeMutablePointer<Float>,
                                         kernels: KernelSet) {
        let w = view.width, h = view.height
        let (wp, _) = paddedSize(width: w, height: h, factor: f)
        var rows = WidenedRows(blurred: blurred, paddedWidth: wp, width: w, factor: f, storage: storage,
                               vector: kernels.vectorLevel)
        let inverse = 1 / Double(f)
        let avx2 = kernels.usesAVX2 && w <= Int(Int32.max)
        // The table's constant ends, for the kernel: levels below `low` give lookup[0], levels from `high` on
        // give lookup[255] (a threshold's table is one colour below its edge and another above it).
        var low = 0, high = 255
        while low < 256, lookup[low] == lookup[0] { low += 1 }
        while high > 0, lookup[high - 1] == lookup[255] { high -= 1 }
        for y in outputRows {
            let sy = (Double(y) + 0.5) * inverse - 0.5 + Double(border)
            let y0 = Int(sy)
            let weights = splineWeights(sy - Double(y0))
            let (r0, r1, r2, r3) = rows.rows(around: y0)
            let out = UnsafeMutableRawPointer(view.row(y))
            var done = 0
            #if canImport(CLiquidKernels)
            if avx2 {
                withUnsafePointer(to: weights) { packed in
                    packed.withMemoryRebound(to: Float.self, capacity: 4) { weightPointer in
                        done = Int(lk_enlarge_alpha_row_avx2(r0, r1, r2, r3, weightPointer, lookup, Int32(low),
                                                             Int32(high), Int32(truncatingIfNeeded: w),
                                                             out.assumingMemoryBound(to: UInt32.self)))
                    }
                }
            }
            #endif
            for x in done..<w {
                let v = (weights[0] * r0[x] + weights[1] * r1[x]) + (weights[2] * r2[x] + weights[3] * r3[x])
                let level = Swift.min(Swift.max(Int(v + 0.5), 0), 255)
                out.storeBytes(of: lookup[level], toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }
}

/// Reduced alpha rows widened to full width with the cubic B-spline, in Float, kept in a ring of four so
/// that each reduced row is widened once while the output rows sweep down. Used by the alpha-only
/// enlargement of ``Goo`` (``ReducedBlur/enlargeAlpha(_:factor:into:lookup:workspace:)``); RGBA uses
/// ``FixedWidenedRows``.
struct WidenedRows {
    let blurred: UnsafeMutablePointer<Float>
    let paddedWidth: Int
    let width: Int
    let factor: Int
    /// Four rows of `width` floats; row r lives in slot r mod 4.
    let storage: UnsafeMutablePointer<Float>
    var slotIndex: SIMD4<Int> = SIMD4(repeating: -1)
    /// Per phase k: the four spline weights.
    let weights: [(Float, Float, Float, Float)]
    /// The same weights, four per phase, for the C kernel.
    let packedWeights: [Float]
    /// `KernelSet.vectorLevel`: above 0, rows are widened by `lk_widen_alpha_row`.
    let vector: Int32

    init(blurred: UnsafeMutablePointer<Float>, paddedWidth: Int, width: Int, factor: Int,
         storage: UnsafeMutablePointer<Float>, vector: Int32 = 0) {
        self.blurred = blurred
        self.paddedWidth = paddedWidth
        self.width = width
        self.factor = factor
        self.storage = storage
        self.vector = vector
        let phases = (0..<factor).map { k in ReducedBlur.splineWeights((Double(k) + 0.5) / Double(factor)) }
        weights = phases.map { w in (w[0], w[1], w[2], w[3]) }
        packedWeights = phases.flatMap { w in [w[0], w[1], w[2], w[3]] }
    }

    /// Widened rows `index − 1 … index + 2` of the padded reduced image.
    mutating func rows(around index: Int) -> (UnsafePointer<Float>, UnsafePointer<Float>,
                                              UnsafePointer<Float>, UnsafePointer<Float>) {
        let n = width
        func slot(_ r: Int) -> UnsafePointer<Float> {
            let s = r & 3
            let row = storage + s * n
            if slotIndex[s] != r {
                widen(r, into: row)
                slotIndex[s] = r
            }
            return UnsafePointer(row)
        }
        return (slot(index - 1), slot(index), slot(index + 1), slot(index + 2))
    }

    /// Output column x lies at reduced coordinate (x + ½)/f − ½ + border: between reduced pixels p and
    /// p + 1 at phase (k + ½)/f for x = f·(p − border) + f/2 + k.
    ///
    /// With AVX2 (`vector` ≥ 1) the C kernel `lk_widen_alpha_row` computes the same float operations eight
    /// values at a time. Measured reason: this scalar loop was 6 % of a dragged slider frame (perf: two
    /// fifths of the goo filter's own time, `ui.slider.dragged`).
    private func widen(_ index: Int, into out: UnsafeMutablePointer<Float>) {
        let f = factor, half = f / 2, border = ReducedBlur.border
        #if canImport(CLiquidKernels)
        if vector > 0 {
            packedWeights.withUnsafeBufferPointer { weight in
                lk_widen_alpha_row(blurred + index * paddedWidth, Int32(truncatingIfNeeded: paddedWidth),
                                   Int32(truncatingIfNeeded: width), Int32(truncatingIfNeeded: f), weight.baseAddress!,
                                   vector, out)
            }
            return
        }
        #endif
        let source = blurred + index * paddedWidth
        weights.withUnsafeBufferPointer { weight in
            for p in 1..<(paddedWidth - 2) {
                let xStart = f * (p - border) + half
                let kLow = Swift.max(0, -xStart), kHigh = Swift.min(f, width - xStart)
                if kLow >= kHigh { continue }
                let a = source[p - 1], b = source[p], cc = source[p + 1], d = source[p + 2]
                var k = kLow
                while k < kHigh {
                    let (w0, w1, w2, w3) = weight[k]
                    out[xStart + k] = (w0 * a + w1 * b) + (w2 * cc + w3 * d)
                    k += 1
                }
            }
        }
    }
}

/// Reduced RGBA rows widened to full width with the cubic B-spline into 16-bit fixed point (value·256,
/// rounded: at most 255·256 = 65 280), kept in a ring of four so that each reduced row is widened once
/// while the output rows sweep down.
struct FixedWidenedRows {
    let blurred: UnsafeMutablePointer<Float>
    let paddedWidth: Int
    let width: Int
    let factor: Int
    /// Four rows of `4·width` values; row r lives in slot r mod 4.
    let storage: UnsafeMutablePointer<UInt16>
    var slotIndex: SIMD4<Int> = SIMD4(repeating: -1)
    /// Per phase k: the four spline weights times 256, each splatted over four lanes (RGBA).
    let weights: [(SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)]
    /// The same weights, four per phase, for the C kernel.
    let packedWeights: [Float]
    /// `KernelSet.vectorLevel`: above 0, rows are widened by `lk_widen_row`.
    let vector: Int32

    init(blurred: UnsafeMutablePointer<Float>, paddedWidth: Int, width: Int, factor: Int,
         storage: UnsafeMutablePointer<UInt16>, vector: Int32 = 0) {
        self.blurred = blurred
        self.paddedWidth = paddedWidth
        self.width = width
        self.factor = factor
        self.storage = storage
        self.vector = vector
        let phases = (0..<factor).map { k in ReducedBlur.splineWeights((Double(k) + 0.5) / Double(factor)) * 256 }
        weights = phases.map { w in
            (SIMD4(repeating: w[0]), SIMD4(repeating: w[1]), SIMD4(repeating: w[2]), SIMD4(repeating: w[3]))
        }
        packedWeights = phases.flatMap { w in [w[0], w[1], w[2], w[3]] }
    }

    /// Widened rows `index − 1 … index + 2` of the padded reduced image.
    mutating func rows(around index: Int) -> (UnsafePointer<UInt16>, UnsafePointer<UInt16>,
                                              UnsafePointer<UInt16>, UnsafePointer<UInt16>) {
        let n = 4 * width
        func slot(_ r: Int) -> UnsafePointer<UInt16> {
            let s = r & 3
            let row = storage + s * n
            if slotIndex[s] != r {
                widen(r, into: row)
                slotIndex[s] = r
            }
            return UnsafePointer(row)
        }
        return (slot(index - 1), slot(index), slot(index + 1), slot(index + 2))
    }

    /// Output column x lies at reduced coordinate (x + ½)/f − ½ + border: between reduced pixels p and
    /// p + 1 at phase (k + ½)/f for x = f·(p − border) + f/2 + k. Rounding by the 1.5·2²³ trick is exact
    /// for the values here (0 ≤ v·256 < 2²²; a weight sum a few ulps above 1 cannot reach 65 535.5).
    ///
    /// With AVX2 (`vector` ≥ 1) the C kernel `lk_widen_row` computes the same float operations two phases
    /// at a time (four with AVX-512). Measured reason: this loop, four channels per 128-bit operation, was
    /// 7 % of `glass.g2.lenses` (perf: the frosted lenses' enlargement).
    private func widen(_ index: Int, into out: UnsafeMutablePointer<UInt16>) {
        let f = factor, half = f / 2, border = ReducedBlur.border
        #if canImport(CLiquidKernels)
        if vector > 0 {
            packedWeights.withUnsafeBufferPointer { weight in
                lk_widen_row(blurred + index * paddedWidth * 4, Int32(truncatingIfNeeded: paddedWidth),
                             Int32(truncatingIfNeeded: width), Int32(truncatingIfNeeded: f), weight.baseAddress!,
                             vector, out)
            }
            return
        }
        #endif
        let source = UnsafeRawPointer(blurred + index * paddedWidth * 4)
        let magic = SIMD4<Float>(repeating: 12_582_912)
        weights.withUnsafeBufferPointer { weight in
            for p in 1..<(paddedWidth - 2) {
                let xStart = f * (p - border) + half
                let kLow = Swift.max(0, -xStart), kHigh = Swift.min(f, width - xStart)
                if kLow >= kHigh { continue }
                let a = source.loadUnaligned(fromByteOffset: 16 * (p - 1), as: SIMD4<Float>.self)
                let b = source.loadUnaligned(fromByteOffset: 16 * p, as: SIMD4<Float>.self)
                let c = source.loadUnaligned(fromByteOffset: 16 * (p + 1), as: SIMD4<Float>.self)
                let d = source.loadUnaligned(fromByteOffset: 16 * (p + 2), as: SIMD4<Float>.self)
                let target = UnsafeMutableRawPointer(out + 4 * xStart)
                var k = kLow
                while k < kHigh {
                    let (w0, w1, w2, w3) = weight[k]
                    let v = (w0 * a + w1 * b) + (w2 * c + w3 * d) + magic
                    let fixed = SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD4<UInt32>.self))
                    target.storeBytes(of: fixed, toByteOffset: 8 * k, as: SIMD4<UInt16>.self)
                    k += 1
                }
            }
        }
    }
}
