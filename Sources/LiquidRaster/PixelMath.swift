/// Small inlined helpers shared by the filters' inner loops.
///
/// Measured reason: the standard library's generic `SIMD4<Int32>(_:rounding:)` and `clamped` were not
/// specialised in these loops and cost ~100 ns per pixel; these helpers compile to a handful of SSE
/// instructions.
enum PixelMath {
    /// Rounds each lane of `v` (which must lie in −0.5…2²²) to the nearest integer and keeps the low byte:
    /// adding 1.5·2²³ leaves round-to-nearest-even(v) in the low mantissa bits.
    @inline(__always)
    static func roundedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
        let bits = unsafeBitCast(v + SIMD4<Float>(repeating: 12_582_912), to: SIMD4<UInt32>.self)
        return SIMD4<UInt8>(truncatingIfNeeded: bits)
    }

    /// Each lane limited to `low…high`.
    @inline(__always)
    static func clamp(_ v: SIMD4<Float>, _ low: Float, _ high: Float) -> SIMD4<Float> {
        var r = v
        r.replace(with: SIMD4(repeating: low), where: v .< low)
        r.replace(with: SIMD4(repeating: high), where: r .> high)
        return r
    }

    /// The four bytes at `p` as floats.
    @inline(__always)
    static func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    /// Stores four bytes at `p`.
    @inline(__always)
    static func store(_ v: SIMD4<UInt8>, _ p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt8>.self)
    }

    /// Rounds a premultiplied float pixel (0…255 scale, already within range) to bytes with colour ≤ alpha.
    @inline(__always)
    static func premultipliedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
        let q = roundedBytes(v)
        let a = SIMD4<UInt8>(repeating: q[3])
        var r = q
        r.replace(with: a, where: q .> a)
        return r
    }
}
