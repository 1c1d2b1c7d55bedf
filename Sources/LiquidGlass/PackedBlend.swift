/// Integer blending of premultiplied RGBA8 pixels packed little-endian in a `UInt32` (R in the low byte),
/// two channels at a time in 16-bit lanes.
///
/// Weights are 0…256. Each lane holds at most 255·256 + 128 < 2¹⁶, so lanes never carry into each other.
/// Results are rounded to nearest; a convex combination of valid premultiplied pixels stays valid
/// (every channel ≤ alpha), because all four channels use the same weights and rounding is monotone.
/// Why lanes: a lerp is two multiplies per channel pair with no unpacking or float conversion (not
/// benchmarked against a SIMD4<Float> version).
enum PackedBlend {
    /// `a·(256 − w)/256 + b·w/256` per channel, rounded. `w` in 0…256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 256 &- w
        let rb = (((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let ga = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// A premultiplied overlay, prepared once: `pixel·(256 − α)/256 + colour` per channel.
    struct Overlay {
        /// 256 − overlay alpha (0…256).
        let keep: UInt32
        /// The overlay's premultiplied red/blue and green/alpha, times 256 (lane values ≤ 255·256).
        let rb: UInt32
        let ga: UInt32
        /// True when the overlay changes nothing.
        let isIdentity: Bool

        /// `color` is premultiplied 0…255 floats with alpha in 0…255.
        init(red: Double, green: Double, blue: Double, alpha: Double) {
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
        @inline(__always)
        func apply(_ p: UInt32) -> UInt32 {
            let lo = (((p & 0x00FF_00FF) &* keep &+ rb &+ 0x0080_0080) >> 8) & 0x00FF_00FF
            let hi = (((p >> 8) & 0x00FF_00FF) &* keep &+ ga &+ 0x0080_0080) & 0xFF00_FF00
            return lo | hi
        }
    }
}
