/// The one home of the per-pixel arithmetic on float pixels: the float rounding trick, clamping, loading and
/// storing four bytes, the exact division by 255, and the general blend of one premultiplied pixel. The
/// filters, the compositing API, the blits and the glass shaders of the other modules all call these.
///
/// Every function is `@inlinable` and `@inline(__always)`, so the per-pixel loops of other modules compile
/// to the same instructions as if the code were written inline.
///
/// The rounding trick's constant, 1.5·2²³, is written as a literal in each function (not a shared
/// `static let`) so that cross-module callers see a constant rather than a global's accessor.
///
/// Measured reason: the standard library's generic `SIMD4<Int32>(_:rounding:)` and `clamped` were not
/// specialised in these loops and cost ~100 ns per pixel; these helpers compile to a handful of SSE
/// instructions.
@usableFromInline package enum PixelMath {
    /// Rounds each lane of `v` (which must lie in −0.5…2²²) to the nearest integer and keeps the low byte:
    /// adding 1.5·2²³ leaves round-to-nearest-even(v) in the low mantissa bits.
    @inlinable @inline(__always)
    package static func roundedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
        let bits = unsafeBitCast(v + SIMD4<Float>(repeating: 12_582_912), to: SIMD4<UInt32>.self)
        return SIMD4<UInt8>(truncatingIfNeeded: bits)
    }

    /// `round(v)` for 0 ≤ v < 2²² (the same trick, keeping the low 22 bits).
    /// Measured reason: Swift's checked `Int(Float)` / `UInt32(Float)` conversions add a range check and trap
    /// per conversion; replacing them in the glass shader took G2's band from 20.6 to 17.9 ms.
    @inlinable @inline(__always)
    package static func roundedIndex(_ v: Float) -> Int {
        Int(truncatingIfNeeded: (v + 12_582_912).bitPattern & 0x3F_FFFF)
    }

    /// ``roundedIndex(_:)`` for eight lanes.
    @inlinable @inline(__always)
    package static func roundedIndices(_ v: SIMD8<Float>) -> SIMD8<Int32> {
        unsafeBitCast(v + SIMD8<Float>(repeating: 12_582_912), to: SIMD8<Int32>.self) & 0x3F_FFFF
    }

    /// `Int(v.rounded())` (half away from zero) for 0 ≤ v < 2⁵², without the library call: truncating is
    /// exact there, and so is the fraction `v − trunc(v)` that decides the rounding.
    /// Measured reason (perf, `ui.tabbar.dragged` and `ui.slider.dragged`): the `round` call was 5 % of
    /// those frames, in the shading bake and the bilinear image sampler.
    @inlinable @inline(__always)
    package static func roundedHalfAway(_ v: Double) -> Int {
        let t = Int(v)
        return v - Double(t) >= 0.5 ? t + 1 : t
    }

    /// round(x / 255) for x in 0…65 025, exactly (verified exhaustively in the tests): the classic
    /// `(t + (t >> 8)) >> 8` with `t = x + 128`.
    @inlinable @inline(__always)
    package static func divideBy255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Each lane limited to `low…high`.
    @inlinable @inline(__always)
    package static func clamp(_ v: SIMD4<Float>, _ low: Float, _ high: Float) -> SIMD4<Float> {
        var r = v
        r.replace(with: SIMD4(repeating: low), where: v .< low)
        r.replace(with: SIMD4(repeating: high), where: r .> high)
        return r
    }

    /// The four bytes at `p` as floats.
    @inlinable @inline(__always)
    package static func load(_ p: UnsafePointer<UInt8>) -> SIMD4<Float> {
        SIMD4<Float>(UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self))
    }

    /// The four bytes at `p` as floats.
    @inlinable @inline(__always)
    package static func load(_ p: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        load(UnsafePointer(p))
    }

    /// Stores four bytes at `p`.
    @inlinable @inline(__always)
    package static func store(_ v: SIMD4<UInt8>, _ p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt8>.self)
    }

    /// Rounds a premultiplied float pixel (0…255 scale, already within range) to bytes with colour ≤ alpha.
    @inlinable @inline(__always)
    package static func premultipliedBytes(_ v: SIMD4<Float>) -> SIMD4<UInt8> {
        let q = roundedBytes(v)
        let a = SIMD4<UInt8>(repeating: q[3])
        var r = q
        r.replace(with: a, where: q .> a)
        return r
    }

    /// The general blend of one pixel: `d ← d + coverage·(blend(s, d) − d)` in Float with `mode`'s W3C
    /// formula, rounded to nearest, clamped to a valid premultiplied pixel. `s` is premultiplied in 0…1,
    /// `coverage` in 0…1.
    @inlinable @inline(__always)
    package static func blend(_ d: UnsafeMutablePointer<UInt8>, source s: SIMD4<Float>, mode: BlendMode,
                              coverage: Float) {
        let dv = load(d) * (1 / 255)
        var r = mode.blend(source: s, destination: dv)
        if coverage < 1 { r = dv + coverage * (r - dv) }
        store(premultipliedBytes(clamp(r, 0, 1) * 255), d)
    }
}
