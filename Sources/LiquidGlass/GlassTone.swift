import LiquidRaster

/// The colour transform of see-through glass, applied to every backdrop sample: the saturation boost,
/// then the overlay (the style's white wash and the tint, as one premultiplied colour).
///
/// Saturation is the SVG `saturate` matrix written as `c' = L + s·(c − L)` with
/// L = 0.213 r + 0.715 g + 0.072 b. The matrix has no alpha or offset terms, so on premultiplied pixels it
/// is the same formula followed by a clamp to 0…alpha. Fixed point: L with 12 fractional bits, s and 1 − s
/// with 8 (s is quantised to 1/256, which moves a result by at most |Δs|·255 ≤ 0.5 levels), plus rounding.
///
/// Measured reason for applying it here and not to the frost: G2's frost region is 2.47 Mpixels while its
/// glass tiles hold under 0.9 Mpixels, and a separate saturation pass over the region (an earlier version)
/// took 18 % of the profile samples against ~6 % for the blur's reduce and enlarge stages.
struct GlassTone {
    /// s·256 and (1 − s)·256.
    let s: Int32
    let t: Int32
    let saturates: Bool
    let overlay: PackedBlend.Overlay

    init(saturation: Double, overlay: PackedBlend.Overlay) {
        s = Int32((saturation * 256).rounded())
        t = 256 - s
        saturates = s != 256
        self.overlay = overlay
    }

    /// True when the transform changes nothing (no saturation change, no overlay).
    var isIdentity: Bool { !saturates && overlay.isIdentity }

    /// The saturated pixel (premultiplied, packed).
    @inline(__always)
    func saturate(_ p: UInt32) -> UInt32 {
        let r = Int32(p & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32((p >> 16) & 0xFF), a = Int32(p >> 24)
        let luma = (872 &* r &+ 2929 &* g &+ 295 &* b) &* t   // (1 − s)·L, scaled by 2²⁰
        @inline(__always) func channel(_ c: Int32) -> UInt32 {
            let v = (s &* 4096 &* c &+ luma &+ 524_288) >> 20
            return UInt32(Swift.min(Swift.max(v, 0), a))
        }
        return channel(r) | (channel(g) << 8) | (channel(b) << 16) | (UInt32(a) << 24)
    }

    /// Saturation, then the overlay.
    @inline(__always)
    func apply(_ p: UInt32) -> UInt32 {
        overlay.apply(saturates ? saturate(p) : p)
    }

    /// ``saturate(_:)`` for eight pixels, with the same integer arithmetic in 32-bit lanes (bit-identical).
    ///
    /// SSE2 has no 32-bit lane multiply (each one is emulated with about six instructions), but it has a
    /// 16-bit one, so for 1 ≤ saturation ≤ 2 the products are split into 16-bit pieces: with L₀ =
    /// 872r + 2929g + 295b = 256·(3r + 11g + b) + (104r + 113g + 39b) (the second sum is ≤ 256·255) and
    /// s·c = 256·c + (s − 256)·c (≤ 256·255 for s ≤ 512), only L₀·t needs a 32-bit multiply — one instead
    /// of seven. Measured (thread CPU, medians of 21): the band of G2 7.6 → 7.1 ms, of G1 1.27 → 1.19 ms.
    @inline(__always)
    func saturate(_ p: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let m = SIMD8<UInt32>(repeating: 0xFF)
        let r = p & m, g = (p &>> 8) & m, b = (p &>> 16) & m
        let a = SIMD8<Int32>(truncatingIfNeeded: p &>> 24)
        let luma: SIMD8<Int32>, rs: SIMD8<Int32>, gs: SIMD8<Int32>, bs: SIMD8<Int32>
        if s >= 256 && s <= 512 {
            @inline(__always) func times(_ x: SIMD8<UInt32>, _ c: UInt32) -> SIMD8<UInt32> {
                PackedBlend.multiply16(x, SIMD8(repeating: c))
            }
            let high = times(r, 3) &+ times(g, 11) &+ b
            let low = times(r, 104) &+ times(g, 113) &+ times(b, 39)
            luma = SIMD8<Int32>(truncatingIfNeeded: (high &<< 8) &+ low) &* t
            let e = UInt32(s - 256)
            rs = SIMD8<Int32>(truncatingIfNeeded: (r &<< 8) &+ times(r, e)) &<< 12
            gs = SIMD8<Int32>(truncatingIfNeeded: (g &<< 8) &+ times(g, e)) &<< 12
            bs = SIMD8<Int32>(truncatingIfNeeded: (b &<< 8) &+ times(b, e)) &<< 12
        } else {
            let ri = SIMD8<Int32>(truncatingIfNeeded: r), gi = SIMD8<Int32>(truncatingIfNeeded: g)
            let bi = SIMD8<Int32>(truncatingIfNeeded: b)
            luma = (872 &* ri &+ 2929 &* gi &+ 295 &* bi) &* t
            let scaled = s &* 4096
            rs = scaled &* ri; gs = scaled &* gi; bs = scaled &* bi
        }
        let rv = (rs &+ luma &+ 524_288) &>> 20
        let gv = (gs &+ luma &+ 524_288) &>> 20
        let bv = (bs &+ luma &+ 524_288) &>> 20
        // Clamp to 0…alpha: the sign bit clears negatives, then `Lanes` selects (see there for why).
        let rc = rv & ~(rv &>> 31), gc = gv & ~(gv &>> 31), bc = bv & ~(bv &>> 31)
        let red = Lanes.select(Lanes.less(a, rc), a, rc), green = Lanes.select(Lanes.less(a, gc), a, gc)
        let blue = Lanes.select(Lanes.less(a, bc), a, bc)
        return SIMD8<UInt32>(truncatingIfNeeded: red | (green &<< 8) | (blue &<< 16) | (a &<< 24))
    }

    /// ``apply(_:)`` for eight pixels (bit-identical).
    @inline(__always)
    func apply(_ p: SIMD8<UInt32>) -> SIMD8<UInt32> {
        overlay.apply(saturates ? saturate(p) : p)
    }
}
