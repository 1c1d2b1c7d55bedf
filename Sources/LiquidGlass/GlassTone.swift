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
}
