/// Integer blending of premultiplied RGBA8 pixels packed little-endian in a `UInt32` (R in the low byte),
/// two channels at a time in 16-bit lanes.
///
/// Weights are 0…256. Each lane holds at most 255·256 + 128 < 2¹⁶, so lanes never carry into each other.
/// Results are rounded to nearest; a convex combination of valid premultiplied pixels stays valid
/// (every channel ≤ alpha), because all four channels use the same weights and rounding is monotone.
/// Used by the glass shaders (bilinear sampling, tint, cover weights). Why lanes: a lerp is two multiplies per channel pair with no unpacking or float conversion (not
/// benchmarked against a SIMD4<Float> version).
///
/// The `SIMD8<UInt32>` forms blend eight pixels at once with exactly the same arithmetic. Because every
/// product of a channel (≤ 255) and a weight (≤ 256) fits in 16 bits, the 32-bit lane multiply by a weight
/// equals two independent 16-bit multiplies with the weight in both halves, which x86-64's baseline SSE2
/// has as one instruction (`pmullw`) — unlike a 32-bit lane multiply. So the results are bit-identical to
/// the scalar forms.
@usableFromInline package enum PackedBlend {
    /// `a·(256 − w)/256 + b·w/256` per channel, rounded. `w` in 0…256.
    @inlinable @inline(__always)
    package static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ga = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// Each channel times `a`/256, truncated: `⌊c·a/256⌋`. `a` in 0…256 (256 keeps the pixel). The
    /// particle draws use it (with ``overTruncating(_:_:)``) for a particle's alpha; the C particle kernel
    /// has the same arithmetic.
    @inlinable @inline(__always)
    package static func scaledTruncating(_ p: UInt32, by a: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF_00FF) &* a) >> 8) & 0x00FF_00FF
        let ga = ((p >> 8) & 0x00FF_00FF) &* a & 0xFF00_FF00
        return rb | ga
    }

    /// Source-over of premultiplied pixels, truncated: `s + ⌊d·(256 − αs)/256⌋` per channel. Exact for
    /// an opaque source (the result is `s`) and a clear one (`d`); a valid premultiplied result for valid
    /// inputs, since each channel of `d` is at most its alpha.
    @inlinable @inline(__always)
    package static func overTruncating(_ s: UInt32, _ d: UInt32) -> UInt32 {
        scaledTruncating(d, by: 256 &- (s >> 24)) &+ s
    }

    /// ``scaledTruncating(_:by:)`` for eight pixels with their own factors (0…256 each; bit-identical).
    @inlinable @inline(__always)
    package static func scaledTruncating(_ p: SIMD8<UInt32>, by a: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let a2 = a | (a &<< 16)
        let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let rb = (multiply16(p & m, a2) &>> 8) & m
        let ga = multiply16((p &>> 8) & m, a2) & 0xFF00_FF00
        return rb | ga
    }

    /// ``overTruncating(_:_:)`` for eight pixels (bit-identical).
    @inlinable @inline(__always)
    package static func overTruncating(_ s: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
        scaledTruncating(d, by: SIMD8(repeating: 256) &- (s &>> 24)) &+ s
    }

    /// Lane-wise 16-bit product of two vectors holding two 16-bit values per 32-bit lane.
    @inlinable @inline(__always)
    package static func multiply16(_ x: SIMD8<UInt32>, _ y: SIMD8<UInt32>) -> SIMD8<UInt32> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD16<UInt16>.self) &* unsafeBitCast(y, to: SIMD16<UInt16>.self),
                      to: SIMD8<UInt32>.self)
    }

    /// ``lerp(_:_:_:)`` for eight pixels with their own weights (0…256 each).
    @inlinable @inline(__always)
    package static func lerp(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ w: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let w2 = w | (w &<< 16)
        let v2 = SIMD8<UInt32>(repeating: 0x0100_0100) &- w2   // 256 − w in both halves (no borrow: w ≤ 256)
        let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        let rb = ((multiply16(a & m, v2) &+ multiply16(b & m, w2) &+ 0x0080_0080) &>> 8) & m
        let ga = (multiply16((a &>> 8) & m, v2) &+ multiply16((b &>> 8) & m, w2) &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// A premultiplied overlay, prepared once: `pixel·(256 − α)/256 + colour` per channel.
    @usableFromInline package struct Overlay: Sendable {
        /// 256 − overlay alpha (0…256).
        @usableFromInline package let keep: UInt32
        /// The overlay's premultiplied red/blue and green/alpha, times 256 (lane values ≤ 255·256).
        @usableFromInline package let rb: UInt32
        @usableFromInline package let ga: UInt32
        /// True when the overlay changes nothing.
        @usableFromInline package let isIdentity: Bool

        /// `color` is premultiplied 0…255 floats with alpha in 0…255.
        package init(red: Double, green: Double, blue: Double, alpha: Double) {
            let a = Swift.min(Swift.max(alpha, 0), 255)
            let k = UInt32((256 - a * 256 / 255).rounded())
            keep = Swift.min(k, 256)
            // Scale the colour by 256 and keep each lane within 255·(256 − keep) so sums cannot overflow.
            let limit = 255 * (256 - Double(keep))
            func lane(_ c: Double) -> UInt32 { UInt32(Swift.min(Swift.max(c * 256, 0), limit).rounded()) }
            let r = lane(Swift.min(red, a)), g = lane(Swift.min(green, a)), b = lane(Swift.min(blue, a))
            let al = lane(a)
            rb = r | (b << 16)
            ga = g | (al << 16)
            isIdentity = keep == 256
        }

        /// `pixel` with the overlay composited over it (source-over).
        @inlinable @inline(__always)
        package func apply(_ p: UInt32) -> UInt32 {
            let lo = (((p & 0x00FF_00FF) &* keep &+ rb &+ 0x0080_0080) >> 8) & 0x00FF_00FF
            let hi = (((p >> 8) & 0x00FF_00FF) &* keep &+ ga &+ 0x0080_0080) & 0xFF00_FF00
            return lo | hi
        }

        /// ``apply(_:)`` for eight pixels (bit-identical; see ``PackedBlend``).
        @inlinable @inline(__always)
        package func apply(_ p: SIMD8<UInt32>) -> SIMD8<UInt32> {
            let k = SIMD8<UInt32>(repeating: keep | (keep << 16))
            let m = SIMD8<UInt32>(repeating: 0x00FF_00FF)
            let lo = ((PackedBlend.multiply16(p & m, k) &+ rb &+ 0x0080_0080) &>> 8) & m
            let hi = (PackedBlend.multiply16((p &>> 8) & m, k) &+ ga &+ 0x0080_0080) & 0xFF00_FF00
            return lo | hi
        }
    }
}
