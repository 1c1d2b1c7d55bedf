import LiquidRaster

/// The soft outer shadow as a lookup table: the shadow's alpha (in 1/256) at each signed distance from the
/// (offset) outline.
///
/// The alpha at distance d is `α·½·erfc(d / (σ√2))` — the exact result of Gaussian-blurring a
/// straight-edged shadow of alpha α with σ — so no blur runs. The table covers d in −extent…extent, where
/// `extent` is the distance beyond which the alpha rounds to 0/256. The shadow is black composited
/// source-over with that alpha (``PackedBlend/lerp(_:_:_:)`` toward opaque black).
struct ShadowProfile {
    static let entries = 512

    /// Where the shadow's alpha falls below ½/256, in pixels from the outline.
    let extent: Float
    /// Alphas (0…256) at d = −extent + i·step, for i = 0 ..< ``entries``, then one 0 (beyond the extent).
    let alphas: [UInt32]
    /// Table entries per pixel of distance.
    let inverseStep: Float

    /// `nil` when the shadow is invisible (peak alpha below one level).
    init?(opacity: Double, sigma: Double) {
        guard opacity * 256 >= 1 else { return nil }
        let sigma = Swift.max(sigma, 0.5)
        // Smallest z with opacity·½·erfc(z/√2)·256 < ½ (bisection; erfc is decreasing).
        var lo = 0.0, hi = 10.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if opacity * 0.5 * GlassMath.erfc(mid / 2.0.squareRoot()) * 256 < 0.5 { hi = mid } else { lo = mid }
        }
        let extent = hi * sigma
        self.extent = Float(extent)
        let n = Self.entries
        let step = 2 * extent / Double(n - 1)
        inverseStep = Float(1 / step)
        alphas = (0..<n).map { i in
            let d = -extent + Double(i) * step
            return UInt32((opacity * 0.5 * GlassMath.erfc(d / (sigma * 2.0.squareRoot())) * 256).rounded())
        } + [0]
    }

    /// The alpha (0…256) at distance `d` (nearest entry).
    @inline(__always)
    func alpha(at d: Float, _ table: UnsafePointer<UInt32>) -> UInt32 {
        let u = (d + extent) * inverseStep + 0.5
        guard u < Float(Self.entries) else { return 0 }  // also a NaN distance: no shadow, never a trap
        if u <= 0 { return table[0] }
        return table[Int(u)]
    }

    /// ``alpha(at:_:)`` for eight distances (the same entries: u is clamped to 0…entries, where entry
    /// `entries` is the trailing 0, and truncated exactly — rounding, then one down where that overshot).
    @inline(__always)
    func alphas(at d: SIMD8<Float>, _ table: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
        let u = Lanes.clamp((d + extent) * inverseStep + 0.5, 0, Float(Self.entries))
        let rounded = PixelMath.roundedIndices(u)
        let index = rounded &+ Lanes.less(u, SIMD8<Float>(rounded))
        var out = SIMD8<UInt32>()
        for k in 0..<8 { out[k] = table[Int(index[k])] }
        return out
    }
}
