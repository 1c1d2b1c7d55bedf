#if canImport(CLiquidKernels)
import CLiquidKernels
import LiquidGeometry
#endif

/// Displacement and remapping with bilinear sampling: each output pixel reads the source at an offset
/// position, which is how glass refraction bends the backdrop.
///
/// Sampling convention: integer coordinates are pixel centres, so a zero offset is the identity (bit for
/// bit), an integer offset is an exact shift, and a half-pixel offset averages the two neighbours
/// (rounded). Elsewhere results are within 1 level of exact bilinear interpolation (positions are resolved
/// to 1/256 pixel).
/// Outside the source, `.clamp` reads the nearest edge pixel and `.transparent` reads transparent black
/// (each of the four bilinear taps separately).
public enum Displacement {
    /// Writes into `destination` the bilinear sample of `source` at (x + dx, y + dy) for each pixel.
    /// `destination` and `field` must have the same size; `source` may differ (coordinates are the same
    /// pixel grid). `destination` must not overlap `source`.
    /// - Throws: `LiquidError` (`.outOfRange`) when the field's size differs from the destination's.
    /// - Complexity: O(destination pixels); measured ~1.5 ns/pixel on one core with AVX2 (W4, 1170×250,
    ///   ±12 px field: ~0.45 ms, against OpenCV `remap`'s ~0.59 ms in the same run; the portable SSE2 path
    ///   ~0.95 ms). `.clamp` takes the eight- or four-pixel path everywhere; `.transparent` falls back to
    ///   per-pixel Float where a tap leaves the source.
    package static func remap(_ source: PixmapView, by field: DisplacementField, edgeMode: EdgeMode = .clamp,
                             into destination: MutablePixmapView) throws(LiquidError) {
        try remap(source, by: field, edgeMode: edgeMode, into: destination, kernels: .automatic)
    }

    /// As ``remap(_:by:edgeMode:into:)`` with a chosen implementation: `.portable` forces the Swift code
    /// even where the AVX2 kernels would run (tests compare the two; they write the same bytes).
    package static func remap(_ source: PixmapView, by field: DisplacementField, edgeMode: EdgeMode,
                              into destination: MutablePixmapView, kernels: KernelSet) throws(LiquidError) {
        guard field.width == destination.width, field.height == destination.height else {
            throw .invalidSize("a \(field.width)×\(field.height) field does not match the \(destination.width)×\(destination.height) output")
        }
        guard source.width > 0, source.height > 0 else {
            destination.fill(.transparent)
            return
        }
        // Coordinates are limited before any integer conversion so far-away offsets cannot trap; anything
        // beyond the limit samples the same (outside) value anyway. 16 000·256 < 2²² keeps the rounding
        // trick below exact.
        let limit = Float(16_000)
        let width = destination.width
        // The four-pixel paths address taps with Int32 byte offsets and read two adjacent columns and rows.
        // Sides up to 16 384 keep (side − 1)·256 < 2²², where the rounding to 1/256 pixel is exact (larger
        // views can only come from raw memory; they take the per-pixel path).
        let fast = source.height * source.rowBytes <= Int(Int32.max) && source.width >= 2 && source.height >= 2
            && source.width <= Pixmap.maximumSide && source.height <= Pixmap.maximumSide
        // With clamped edges every position has an in-image equivalent (see `clampedFour`), so all pixels
        // take the four-pixel path: W4's ±12 px field puts up to ~12 % of its pixels within reach of an
        // edge, which would otherwise go through the per-pixel Float path below (scalar taps, four calls).
        let clampAll = fast && edgeMode == .clamp
        // The AVX2 kernels take eight pixels at a time where the four-pixel paths would run, with the
        // same arithmetic; the four-pixel Swift code finishes each row (and, for `.transparent`, takes
        // every group of four the kernel declines), so the bytes written do not depend on `kernels`.
        let avx2 = fast && kernels.usesAVX2, avx512 = fast && kernels.usesAVX512
        field.dx.withUnsafeBufferPointer { dxs in
            field.dy.withUnsafeBufferPointer { dys in
                let dxBase = dxs.baseAddress!, dyBase = dys.baseAddress!
                for y in 0..<destination.height {
                    let out = destination.row(y)
                    let base = y &* field.width
                    var x = 0
                    var columns = SIMD4<Float>(0, 1, 2, 3)
                    let row = SIMD4<Float>(repeating: Float(y))
                    if clampAll {
                        if avx512 {
                            x = clampedRowAVX512(source, dx: dxBase + base, dy: dyBase + base, y: y, count: width,
                                                 into: out)
                        }
                        if avx2 {
                            x = clampedRowAVX2(source, dx: dxBase + base, dy: dyBase + base, y: y, from: x,
                                               count: width, into: out)
                        }
                        x = clampedRow(source, dx: dxBase + base, dy: dyBase + base, y: y, from: x, count: width,
                                       into: out)
                        columns += SIMD4(repeating: Float(x))
                    }
                    while fast && x &+ 4 <= width {
                        if avx2 && !clampAll {
                            let next = insideRunAVX2(source, dx: dxBase + base, dy: dyBase + base, y: y, from: x,
                                                     count: width, limit: limit, into: out)
                            if next != x {
                                columns += SIMD4(repeating: Float(next &- x))
                                x = next
                                continue
                            }
                        }
                        if insideFour(source, dx: dxBase + (base &+ x), dy: dyBase + (base &+ x), columns: columns,
                                      row: row, limit: limit, into: out + 4 &* x) {
                            columns += 4
                            x &+= 4
                            continue
                        }
                        for i in x..<(x &+ 4) {
                            remapOne(source, dx: dxBase[base &+ i], dy: dyBase[base &+ i], x: i, y: y, limit: limit,
                                     edgeMode: edgeMode, into: out + 4 &* i)
                        }
                        columns += 4
                        x &+= 4
                    }
                    while x < width {
                        remapOne(source, dx: dxBase[base &+ x], dy: dyBase[base &+ x], x: x, y: y, limit: limit,
                                 edgeMode: edgeMode, into: out + 4 &* x)
                        x &+= 1
                    }
                }
            }
        }
    }

    /// One output row of ``remap(_:by:edgeMode:into:)`` with `.clamp` edges, for offsets the caller computed
    /// itself: output pixel x (0 ..< `count`) of row `y` is the bilinear sample of `source` at
    /// (x + dx[x], y + dy[x]). Writes exactly the bytes `remap` writes for that row of a field holding the
    /// same offsets, without building or re-validating a field.
    ///
    /// The caller guarantees that the `count` values behind `dx` and `dy` are finite (a non-finite one
    /// could address memory outside `source`), and that `out` holds `count` pixels not overlapping `source`.
    package static func remapClampedRow(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                        y: Int, count: Int, into out: UnsafeMutablePointer<UInt8>,
                                        kernels: KernelSet = .automatic) {
        guard count > 0 else { return }
        guard source.width > 0, source.height > 0 else {
            UnsafeMutableRawPointer(out).initializeMemory(as: UInt8.self, repeating: 0, count: 4 * count)
            return
        }
        let fast = source.height * source.rowBytes <= Int(Int32.max) && source.width >= 2 && source.height >= 2
            && source.width <= Pixmap.maximumSide && source.height <= Pixmap.maximumSide
        var x = 0
        if fast {
            if kernels.usesAVX512 { x = clampedRowAVX512(source, dx: dx, dy: dy, y: y, count: count, into: out) }
            if kernels.usesAVX2 { x = clampedRowAVX2(source, dx: dx, dy: dy, y: y, from: x, count: count, into: out) }
            x = clampedRow(source, dx: dx, dy: dy, y: y, from: x, count: count, into: out)
        }
        while x < count {
            remapOne(source, dx: dx[x], dy: dy[x], x: x, y: y, limit: 16_000, edgeMode: .clamp, into: out + 4 &* x)
            x &+= 1
        }
    }

    /// round(v·256) per lane via the 1.5·2²³ trick (the float's bits minus the magic's bits); |v| < 2¹⁴.
    @inline(__always)
    private static func fixed(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        unsafeBitCast(v * 256 + SIMD4<Float>(repeating: 12_582_912), to: SIMD4<Int32>.self) &- 0x4B40_0000
    }

    /// Output pixels start ..< count of row y, four at a time, with clamped edges; returns the first pixel
    /// not written (start plus a multiple of four). A function of its own, never inlined, so that the loop
    /// and its constants are compiled together: inlined into the closure in `remap`, the compiler kept
    /// `clampedFour` as a call and rebuilt its constants per call (~15 % slower).
    @inline(never)
    private static func clampedRow(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>, y: Int,
                                   from start: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var x = start
        var columns = SIMD4<Float>(0, 1, 2, 3) + SIMD4(repeating: Float(start))
        let row = SIMD4<Float>(repeating: Float(y))
        while x &+ 4 <= count {
            clampedFour(source, dx: dx + x, dy: dy + x, columns: columns, row: row, into: out + 4 &* x)
            columns += 4
            x &+= 4
        }
        return x
    }

    /// Output pixels 0 ..< count of row y, eight at a time, through the AVX2 kernel (``clampedFour``'s
    /// arithmetic); returns the first pixel not written. Measured reason for the C kernel: W4 0.90–0.96 →
    /// 0.44–0.47 ms in the same peer-script runs (OpenCV `remap` 0.56–0.65 ms). The same algorithm in
    /// 256-bit registers is ~13 instructions per pixel (counted) against ~35 for the SSE2 Swift form, which
    /// x86-64's baseline limits to 8 16-bit lanes and no 32-bit multiply.
    @inline(__always)
    private static func clampedRowAVX2(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                       y: Int, from start: Int, count: Int,
                                       into out: UnsafeMutablePointer<UInt8>) -> Int {
        #if canImport(CLiquidKernels)
        return Int(lk_remap_clamped_avx2(source.base, Int32(truncatingIfNeeded: source.rowBytes),
                                         Int32(truncatingIfNeeded: source.width), Int32(truncatingIfNeeded: source.height),
                                         dx, dy, Int32(truncatingIfNeeded: y), Int32(truncatingIfNeeded: start),
                                         Int32(truncatingIfNeeded: count), out))
        #else
        return start
        #endif
    }

    /// ``clampedRowAVX2`` sixteen pixels at a time with AVX-512 (the same bytes); returns the first pixel not
    /// written. Measured reason: W4 0.545 → 0.506 ms (medians of 5 alternated pairs).
    @inline(__always)
    private static func clampedRowAVX512(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                         y: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        #if canImport(CLiquidKernels)
        return Int(lk_remap_clamped_avx512(source.base, Int32(truncatingIfNeeded: source.rowBytes),
                                           Int32(truncatingIfNeeded: source.width),
                                           Int32(truncatingIfNeeded: source.height), dx, dy,
                                           Int32(truncatingIfNeeded: y), 0, Int32(truncatingIfNeeded: count), out))
        #else
        return 0
        #endif
    }

    /// Output pixels start ..< count of row y, eight at a time while all their taps lie inside the source,
    /// through the AVX2 kernel (``insideFour``'s arithmetic); returns the first pixel not written.
    @inline(__always)
    private static func insideRunAVX2(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                      y: Int, from start: Int, count: Int, limit: Float,
                                      into out: UnsafeMutablePointer<UInt8>) -> Int {
        #if canImport(CLiquidKernels)
        return Int(lk_remap_inside_avx2(source.base, Int32(truncatingIfNeeded: source.rowBytes),
                                        Int32(truncatingIfNeeded: source.width), Int32(truncatingIfNeeded: source.height),
                                        dx, dy, Int32(truncatingIfNeeded: y), Int32(truncatingIfNeeded: start),
                                        Int32(truncatingIfNeeded: count), limit, out))
        #else
        return start
        #endif
    }

    /// Four neighbouring output pixels with clamped edges, any positions. Clamping the position to
    /// [0, side − 1] first is exact for `.clamp`: left of column 0 both taps read column 0 whatever the
    /// fraction, likewise at the other edges. A position on the last column or row (q = (side − 1)·256)
    /// is taken as fraction 256 after the second-to-last one, so that both taps stay inside the image.
    @inline(__always)
    private static func clampedFour(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                    columns: SIMD4<Float>, row: SIMD4<Float>, into out: UnsafeMutablePointer<UInt8>) {
        let zero = SIMD4<Float>()
        let right = SIMD4<Float>(repeating: Float(source.width &- 1))
        let bottom = SIMD4<Float>(repeating: Float(source.height &- 1))
        var sx = columns + UnsafeRawPointer(dx).loadUnaligned(as: SIMD4<Float>.self)
        var sy = row + UnsafeRawPointer(dy).loadUnaligned(as: SIMD4<Float>.self)
        sx.replace(with: zero, where: sx .< zero)
        sx.replace(with: right, where: sx .> right)
        sy.replace(with: zero, where: sy .< zero)
        sy.replace(with: bottom, where: sy .> bottom)
        let qx = fixed(sx), qy = fixed(sy)
        let lastX = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: (source.width &- 1) &* 256))
        let lastY = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: (source.height &- 1) &* 256))
        let step = SIMD4<Int32>(repeating: 256)
        let x0 = (qx &- step.replacing(with: 0, where: qx .< lastX)) &>> 8
        let y0 = (qy &- step.replacing(with: 0, where: qy .< lastY)) &>> 8
        blendFour(source, x0: x0, y0: y0, fx: qx &- (x0 &<< 8), fy: qy &- (y0 &<< 8), into: out)
    }

    /// Four neighbouring output pixels when all their taps lie inside the source (returns false
    /// otherwise, writing nothing): the fast path of `.transparent`.
    @inline(__always)
    private static func insideFour(_ source: PixmapView, dx: UnsafePointer<Float>, dy: UnsafePointer<Float>,
                                   columns: SIMD4<Float>, row: SIMD4<Float>, limit: Float,
                                   into out: UnsafeMutablePointer<UInt8>) -> Bool {
        let low = SIMD4<Float>(repeating: -limit), high = SIMD4<Float>(repeating: limit)
        var sx = columns + UnsafeRawPointer(dx).loadUnaligned(as: SIMD4<Float>.self)
        var sy = row + UnsafeRawPointer(dy).loadUnaligned(as: SIMD4<Float>.self)
        sx.replace(with: low, where: sx .< low)
        sx.replace(with: high, where: sx .> high)
        sy.replace(with: low, where: sy .< low)
        sy.replace(with: high, where: sy .> high)
        let qx = fixed(sx), qy = fixed(sy)
        // Both taps of each axis inside: 0 ≤ q < (side − 1)·256.
        let maxX = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: (source.width &- 1) &* 256))
        let maxY = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: (source.height &- 1) &* 256))
        let zero = SIMD4<Int32>()
        if any((qx .< zero) .| (qx .>= maxX) .| (qy .< zero) .| (qy .>= maxY)) { return false }
        blendFour(source, x0: qx &>> 8, y0: qy &>> 8, fx: qx & 255, fy: qy & 255, into: out)
        return true
    }

    /// The bilinear blend of four pixels whose taps (x0, x0 + 1) × (y0, y0 + 1) all lie inside `source`,
    /// with fractions fx, fy in 0…256 (1/256 pixel). The four weights are integers summing to 256
    /// (w₁₁ = round(fx·fy/256), w₁₀ = fx − w₁₁, w₀₁ = fy − w₁₁, w₀₀ = 256 − fx − fy + w₁₁), so every
    /// weighted sum is at most 255·256 and fits 16-bit lanes.
    ///
    /// Layout, all SSE2: one 8-byte load per pixel and row (the two taps side by side), two pixels per
    /// register; four `shufps` turn them into one register per tap holding that tap of all four pixels.
    /// Each of those splits into its even bytes (R, B) and odd bytes (G, A) in 16-bit lanes, multiplied by
    /// the tap's weight of each pixel (both 16-bit halves of a pixel's lane hold it), summed over the four
    /// taps, rounded, and stored as one 16-byte write. Measured reason: the previous form inserted each of
    /// the 16 taps into its own SIMD4 lane (~59 instructions per pixel, 1.1 ms for W4's 1170×250); a
    /// per-pixel-register form with fewer instructions (~37) was slower still (1.35 ms), limited by its
    /// ~10 shuffles per pixel; this one needs ~3.
    @inline(__always)
    private static func blendFour(_ source: PixmapView, x0: SIMD4<Int32>, y0: SIMD4<Int32>, fx: SIMD4<Int32>,
                                  fy: SIMD4<Int32>, into out: UnsafeMutablePointer<UInt8>) {
        let offsets = y0 &* Int32(truncatingIfNeeded: source.rowBytes) &+ (x0 &<< 2)
        // Each fraction in both 16-bit halves of its pixel's lane, so the weight arithmetic below yields
        // every weight already in that form. fx·fy wraps to 0 only for fx = fy = 256, where w₁₁ must be
        // 256: `fx & fy & 256` adds exactly that.
        let u = unsafeBitCast(fx | (fx &<< 16), to: SIMD8<UInt16>.self)
        let v = unsafeBitCast(fy | (fy &<< 16), to: SIMD8<UInt16>.self)
        let full = SIMD8<UInt16>(repeating: 256)
        let w11 = ((u &* v &+ 128) &>> 8) &+ (u & v & full)
        let w10 = u &- w11, w01 = v &- w11
        let w00 = full &- u &- v &+ w11
        let base = UnsafeRawPointer(source.base), rowBytes = source.rowBytes
        // Loaded as Doubles: 8-byte loads straight into vector registers (`movsd`, `movhps`); as UInt64
        // they went through general registers with partial-lane inserts.
        @inline(__always) func pairs(_ i: Int, _ j: Int, below: Int) -> SIMD4<Float> {
            let a = base + (Int(offsets[i]) &+ below), b = base + (Int(offsets[j]) &+ below)
            return unsafeBitCast(SIMD2<Double>(a.loadUnaligned(as: Double.self), b.loadUnaligned(as: Double.self)),
                                 to: SIMD4<Float>.self)
        }
        let top01 = pairs(0, 1, below: 0), top23 = pairs(2, 3, below: 0)
        let bottom01 = pairs(0, 1, below: rowBytes), bottom23 = pairs(2, 3, below: rowBytes)
        // `shufps`: lanes 0 and 2 (left taps) or 1 and 3 (right taps) of two registers.
        @inline(__always) func taps(_ a: SIMD4<Float>, _ b: SIMD4<Float>, right: Bool) -> SIMD8<UInt16> {
            let t = right ? SIMD4<Float>(a[1], a[3], b[1], b[3]) : SIMD4<Float>(a[0], a[2], b[0], b[2])
            return unsafeBitCast(t, to: SIMD8<UInt16>.self)
        }
        let p00 = taps(top01, top23, right: false), p10 = taps(top01, top23, right: true)
        let p01 = taps(bottom01, bottom23, right: false), p11 = taps(bottom01, bottom23, right: true)
        let low8 = SIMD8<UInt16>(repeating: 0x00FF)
        let redBlue = (p00 & low8) &* w00 &+ (p10 & low8) &* w10 &+ (p01 & low8) &* w01 &+ (p11 & low8) &* w11
        let greenAlpha = (p00 &>> 8) &* w00 &+ (p10 &>> 8) &* w10 &+ (p01 &>> 8) &* w01 &+ (p11 &>> 8) &* w11
        let rounding = SIMD8<UInt16>(repeating: 128)
        let packed = ((redBlue &+ rounding) &>> 8) | ((greenAlpha &+ rounding) & SIMD8<UInt16>(repeating: 0xFF00))
        UnsafeMutableRawPointer(out).storeBytes(of: packed, as: SIMD8<UInt16>.self)
    }

    /// One output pixel in Float, any position (edge taps per the edge mode).
    @inline(__always)
    private static func remapOne(_ source: PixmapView, dx: Float, dy: Float, x: Int, y: Int, limit: Float,
                                 edgeMode: EdgeMode, into out: UnsafeMutablePointer<UInt8>) {
        let sx = Swift.min(Swift.max(Float(x) + dx, -limit), limit)
        let sy = Swift.min(Swift.max(Float(y) + dy, -limit), limit)
        var x0 = Int(sx), y0 = Int(sy)
        if Float(x0) > sx { x0 &-= 1 }
        if Float(y0) > sy { y0 &-= 1 }
        let value = edgeSample(source, x0: x0, y0: y0, tx: sx - Float(x0), ty: sy - Float(y0), edgeMode: edgeMode)
        PixelMath.store(PixelMath.roundedBytes(value), out)
    }

    /// The bilinear sample when a tap may fall outside: each tap clamped or zero.
    private static func edgeSample(_ source: PixmapView, x0: Int, y0: Int, tx: Float, ty: Float,
                                   edgeMode: EdgeMode) -> SIMD4<Float> {
        func tap(_ x: Int, _ y: Int) -> SIMD4<Float> {
            var x = x, y = y
            if x < 0 || y < 0 || x >= source.width || y >= source.height {
                if edgeMode == .transparent { return SIMD4() }
                x = Swift.min(Swift.max(x, 0), source.width - 1)
                y = Swift.min(Swift.max(y, 0), source.height - 1)
            }
            return PixelMath.load(source.row(y) + 4 * x)
        }
        let upper = (1 - tx) * tap(x0, y0) + tx * tap(x0 + 1, y0)
        let lower = (1 - tx) * tap(x0, y0 + 1) + tx * tap(x0 + 1, y0 + 1)
        return (1 - ty) * upper + ty * lower
    }

    /// A remapped copy of `source` (the field's size, `source`'s scale).
    /// - Throws: `LiquidError` (`.outOfRange`) as the destination cannot be made.
    package static func remapped(_ source: Pixmap, by field: DisplacementField,
                                edgeMode: EdgeMode = .clamp) throws(LiquidError) -> Pixmap {
        var out = try Pixmap(width: field.width, height: field.height, scale: source.scale)
        try source.withView { (src) throws(LiquidError) in
            try out.withMutableView { (dst) throws(LiquidError) in try remap(src, by: field, edgeMode: edgeMode, into: dst) }
        }
        return out
    }

    /// SVG `feDisplacementMap`: output(x, y) samples `source` at
    /// `(x + scale·(C_x(x, y) − ½), y + scale·(C_y(x, y) − ½))`, where C is the chosen channel of `map`
    /// un-premultiplied to 0…1 (alpha used as is), per the Filter Effects specification.
    /// - Throws: `LiquidError` (`.outOfRange`) naming `scale` when it is not finite;
    ///   `LiquidError` (`.outOfRange`) when `map` and `source` differ in size.
    public static func displaced(_ source: Pixmap, map: Pixmap, scale: Double, xChannel: ColorChannel = .red,
                                 yChannel: ColorChannel = .green,
                                 edgeMode: EdgeMode = .transparent) throws(LiquidError) -> Pixmap {
        guard scale.isFinite else { throw .invalidParameter("displacement scale \(scale) is not finite") }
        guard map.width == source.width, map.height == source.height else {
            throw .invalidSize("a \(map.width)×\(map.height) displacement map does not match the \(source.width)×\(source.height) source")
        }
        let n = source.width * source.height
        var dx = [Float](repeating: 0, count: n), dy = [Float](repeating: 0, count: n)
        let bytes = map.bytes
        func channel(_ i: Int, _ c: ColorChannel) -> Double {
            let a = Double(bytes[4 * i + 3])
            if c == .alpha { return a / 255 }
            return a == 0 ? 0 : Double(bytes[4 * i + c.rawValue]) / a
        }
        for i in 0..<n {
            dx[i] = Float(scale * (channel(i, xChannel) - 0.5))
            dy[i] = Float(scale * (channel(i, yChannel) - 0.5))
        }
        let field = try DisplacementField(width: source.width, height: source.height, dx: dx, dy: dy)
        return try remapped(source, by: field, edgeMode: edgeMode)
    }
}
