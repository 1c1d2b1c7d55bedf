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
/// Values stay on the 0…255 scale as floats from reduction to enlargement; the only rounding is the final
/// one to 8 bits. `channels` is 4 (RGBA) or 1 (alpha only, for the goo path).
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
    static func reduce(_ view: PixmapView, factor f: Int, channels: Int, edgeMode: EdgeMode,
                       into reduced: UnsafeMutablePointer<Float>, workspace: BlurWorkspace) {
        precondition(f >= 2 && f <= 8, "the u16 tent sums hold 2f²·255 ≤ 32 640 only up to f = 8")
        let w = view.width, h = view.height
        let (wp, hp) = paddedSize(width: w, height: h, factor: f)
        let n = w * channels
        let sums = workspace.accumulator.reserve(n)
        let wide = workspace.rowFloats.reserve(n + 8)
        let weights = tentWeights(factor: f)
        let scale = 1 / Float(4 * f * f * f * f)
        weights.withUnsafeBufferPointer { weight in
            for jp in 0..<hp {
                let first = f * (jp - border) - f / 2
                var started = false
                // Vertical: a flat u8 × weight → u16 multiply-add over the row, the only full-size work.
                for m in 0..<(2 * f) {
                    var y = first + m
                    if y < 0 || y >= h {
                        if edgeMode == .transparent { continue }
                        y = Swift.min(Swift.max(y, 0), h - 1)
                    }
                    accumulateRow(view.row(y), weight: weight[m], into: sums, count: w, channels: channels,
                                  first: !started)
                    started = true
                }
                let dst = reduced + jp * wp * channels
                if !started {
                    dst.update(repeating: 0, count: wp * channels)
                    continue
                }
                for i in 0..<n { wide[i] = Float(sums[i]) }
                reduceRow(wide, width: w, factor: f, channels: channels, edgeMode: edgeMode, weights: weight,
                          scale: scale, into: dst, paddedWidth: wp)
            }
        }
    }

    /// `sums[i] = weight·row[i]` (first) or `sums[i] += weight·row[i]`, over RGBA bytes or alpha bytes only.
    @inline(__always)
    private static func accumulateRow(_ row: UnsafeMutablePointer<UInt8>, weight: UInt16,
                                      into sums: UnsafeMutablePointer<UInt16>, count w: Int, channels: Int,
                                      first: Bool) {
        if channels == 4 {
            let n = 4 * w
            if first {
                for i in 0..<n { sums[i] = UInt16(row[i]) &* weight }
            } else {
                for i in 0..<n { sums[i] &+= UInt16(row[i]) &* weight }
            }
        } else {
            if first {
                for i in 0..<w { sums[i] = UInt16(row[4 * i + 3]) &* weight }
            } else {
                for i in 0..<w { sums[i] &+= UInt16(row[4 * i + 3]) &* weight }
            }
        }
    }

    /// Horizontal tent over one vertically reduced row (floats), producing a padded reduced row.
    private static func reduceRow(_ row: UnsafeMutablePointer<Float>, width w: Int, factor f: Int, channels: Int,
                                  edgeMode: EdgeMode, weights: UnsafeBufferPointer<UInt16>, scale: Float,
                                  into dst: UnsafeMutablePointer<Float>, paddedWidth wp: Int) {
        let c = channels
        var fw = [Float](repeating: 0, count: 2 * f)
        for m in 0..<(2 * f) { fw[m] = Float(weights[m]) * scale }
        fw.withUnsafeBufferPointer { k in
            for ip in 0..<wp {
                let first = f * (ip - border) - f / 2
                if c == 4 {
                    var total = SIMD4<Float>()
                    if first >= 0 && first + 2 * f <= w {
                        let raw = UnsafeRawPointer(row + 4 * first)
                        for m in 0..<(2 * f) {
                            total += k[m] * raw.loadUnaligned(fromByteOffset: 16 * m, as: SIMD4<Float>.self)
                        }
                    } else {
                        for m in 0..<(2 * f) {
                            var x = first + m
                            if x < 0 || x >= w {
                                if edgeMode == .transparent { continue }
                                x = Swift.min(Swift.max(x, 0), w - 1)
                            }
                            total += k[m] * UnsafeRawPointer(row + 4 * x).loadUnaligned(as: SIMD4<Float>.self)
                        }
                    }
                    UnsafeMutableRawPointer(dst + 4 * ip).storeBytes(of: total, as: SIMD4<Float>.self)
                } else {
                    var total: Float = 0
                    for m in 0..<(2 * f) {
                        var x = first + m
                        if x < 0 || x >= w {
                            if edgeMode == .transparent { continue }
                            x = Swift.min(Swift.max(x, 0), w - 1)
                        }
                        total += k[m] * row[x]
                    }
                    dst[ip] = total
                }
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

    /// Enlarges the padded reduced RGBA image `blurred` by `f` into `view`, rounding to 8 bits.
    ///
    /// Each reduced row is widened to full width once (into a ring of four float rows), and every output
    /// row is a flat weighted sum of the four widened rows around it. Measured reason: interpolating in 2-D
    /// per output pixel cost 1.15 ns/pixel (bilinear); flat SIMD16 row sums are about 3× cheaper.
    static func enlarge(_ blurred: UnsafeMutablePointer<Float>, factor f: Int, into view: PixmapView,
                        workspace: BlurWorkspace) {
        let w = view.width, h = view.height, n = 4 * w
        let (wp, _) = paddedSize(width: w, height: h, factor: f)
        var rows = WidenedRows(blurred: blurred, paddedWidth: wp, channels: 4, width: w, factor: f,
                               storage: workspace.row.reserve(4 * n))
        // Adding 1.5·2²³ puts round-to-nearest(v) in the low mantissa bits (0 ≤ v < 2²²): a rounding
        // conversion with no float→int instruction.
        let magic = SIMD16<Float>(repeating: 12_582_912)
        let inverse = 1 / Double(f)
        for y in 0..<h {
            let sy = (Double(y) + 0.5) * inverse - 0.5 + Double(border)
            let y0 = Int(sy)
            let weights = splineWeights(sy - Double(y0))
            let (r0, r1, r2, r3) = rows.rows(around: y0)
            let out = view.row(y)
            let w0 = SIMD16<Float>(repeating: weights[0]), w1 = SIMD16<Float>(repeating: weights[1])
            let w2 = SIMD16<Float>(repeating: weights[2]), w3 = SIMD16<Float>(repeating: weights[3])
            var i = 0
            while i + 16 <= n {
                // Every weight is ≥ 0 and the same for all channels, so a colour channel never rounds above
                // its alpha.
                let a = UnsafeRawPointer(r0 + i).loadUnaligned(as: SIMD16<Float>.self)
                let b = UnsafeRawPointer(r1 + i).loadUnaligned(as: SIMD16<Float>.self)
                let c = UnsafeRawPointer(r2 + i).loadUnaligned(as: SIMD16<Float>.self)
                let d = UnsafeRawPointer(r3 + i).loadUnaligned(as: SIMD16<Float>.self)
                let v = (w0 * a + w1 * b) + (w2 * c + w3 * d) + magic
                let bits = unsafeBitCast(v, to: SIMD16<UInt32>.self)
                UnsafeMutableRawPointer(out + i).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: bits),
                                                            as: SIMD16<UInt8>.self)
                i += 16
            }
            while i < n {
                let v = (weights[0] * r0[i] + weights[1] * r1[i]) + (weights[2] * r2[i] + weights[3] * r3[i])
                out[i] = UInt8(truncatingIfNeeded: (v + 12_582_912).bitPattern)
                i += 1
            }
        }
    }

    /// Enlarges the padded reduced alpha image and writes `lookup[round(α)]` (a packed premultiplied pixel
    /// per alpha level) into `view`: the fused threshold of ``Goo``.
    static func enlargeAlpha(_ blurred: UnsafeMutablePointer<Float>, factor f: Int, into view: PixmapView,
                             lookup: UnsafePointer<UInt32>, workspace: BlurWorkspace) {
        let w = view.width, h = view.height
        let (wp, _) = paddedSize(width: w, height: h, factor: f)
        var rows = WidenedRows(blurred: blurred, paddedWidth: wp, channels: 1, width: w, factor: f,
                               storage: workspace.row.reserve(4 * w))
        let inverse = 1 / Double(f)
        for y in 0..<h {
            let sy = (Double(y) + 0.5) * inverse - 0.5 + Double(border)
            let y0 = Int(sy)
            let weights = splineWeights(sy - Double(y0))
            let (r0, r1, r2, r3) = rows.rows(around: y0)
            let out = UnsafeMutableRawPointer(view.row(y))
            for x in 0..<w {
                let v = (weights[0] * r0[x] + weights[1] * r1[x]) + (weights[2] * r2[x] + weights[3] * r3[x])
                let level = Swift.min(Swift.max(Int(v + 0.5), 0), 255)
                out.storeBytes(of: lookup[level], toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }
}

/// Reduced rows widened to full width with the cubic B-spline, kept in a ring of four so that each reduced
/// row is widened once while the output rows sweep down.
struct WidenedRows {
    let blurred: UnsafeMutablePointer<Float>
    let paddedWidth: Int
    let channels: Int
    let width: Int
    let factor: Int
    /// Four rows of `width·channels` floats; row r lives in slot r mod 4.
    let storage: UnsafeMutablePointer<Float>
    var slotIndex: SIMD4<Int> = SIMD4(repeating: -1)
    /// Per phase k: the four spline weights, each splatted over four lanes (RGBA).
    let weights: [(SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)]

    init(blurred: UnsafeMutablePointer<Float>, paddedWidth: Int, channels: Int, width: Int, factor: Int,
         storage: UnsafeMutablePointer<Float>) {
        self.blurred = blurred
        self.paddedWidth = paddedWidth
        self.channels = channels
        self.width = width
        self.factor = factor
        self.storage = storage
        weights = (0..<factor).map { k in
            let w = ReducedBlur.splineWeights((Double(k) + 0.5) / Double(factor))
            return (SIMD4(repeating: w[0]), SIMD4(repeating: w[1]), SIMD4(repeating: w[2]), SIMD4(repeating: w[3]))
        }
    }

    /// Widened rows `index − 1 … index + 2` of the padded reduced image.
    mutating func rows(around index: Int) -> (UnsafePointer<Float>, UnsafePointer<Float>,
                                              UnsafePointer<Float>, UnsafePointer<Float>) {
        let n = width * channels
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
    private func widen(_ index: Int, into out: UnsafeMutablePointer<Float>) {
        let c = channels, f = factor, half = f / 2, border = ReducedBlur.border
        let source = blurred + index * paddedWidth * c
        weights.withUnsafeBufferPointer { weight in
            for p in 1..<(paddedWidth - 2) {
                let xStart = f * (p - border) + half
                let kLow = Swift.max(0, -xStart), kHigh = Swift.min(f, width - xStart)
                if kLow >= kHigh { continue }
                if c == 4 {
                    let raw = UnsafeRawPointer(source)
                    let a = raw.loadUnaligned(fromByteOffset: 16 * (p - 1), as: SIMD4<Float>.self)
                    let b = raw.loadUnaligned(fromByteOffset: 16 * p, as: SIMD4<Float>.self)
                    let cc = raw.loadUnaligned(fromByteOffset: 16 * (p + 1), as: SIMD4<Float>.self)
                    let d = raw.loadUnaligned(fromByteOffset: 16 * (p + 2), as: SIMD4<Float>.self)
                    let target = UnsafeMutableRawPointer(out + 4 * xStart)
                    var k = kLow
                    while k < kHigh {
                        let (w0, w1, w2, w3) = weight[k]
                        target.storeBytes(of: (w0 * a + w1 * b) + (w2 * cc + w3 * d), toByteOffset: 16 * k,
                                          as: SIMD4<Float>.self)
                        k += 1
                    }
                } else {
                    let a = source[p - 1], b = source[p], cc = source[p + 1], d = source[p + 2]
                    var k = kLow
                    while k < kHigh {
                        let (w0, w1, w2, w3) = weight[k]
                        out[xStart + k] = (w0[0] * a + w1[0] * b) + (w2[0] * cc + w3[0] * d)
                        k += 1
                    }
                }
            }
        }
    }
}
