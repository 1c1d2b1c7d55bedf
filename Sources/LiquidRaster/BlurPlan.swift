/// How ``GaussianBlur`` realises a given σ: directly at full size, or on an image reduced by an integer
/// factor `f` (box prefilter), blurred there, and bilinearly enlarged again.
///
/// Variance bookkeeping (pixels², full-size grid): the 2f-wide tent prefilter adds
/// ``ReducedBlur/tentVariance(factor:)`` (≈ f²/6 + 1/12); cubic B-spline
/// enlargement from a grid of spacing f adds f²/3 at every phase. The reduced-grid Gaussian therefore gets
/// σ_r² = (σ² − tent − f²/3)/f², so the three stages together have variance exactly σ². What remains
/// is the shape difference (tent and spline are not Gaussian, and the reduced grid aliases), largest on
/// full-amplitude noise and hard edges; `f` is the largest power of two (≤ 8) keeping
/// σ/f ≥ `minimumReducedSigma`.
struct BlurPlan: Hashable {
    /// The default ratio σ/f. Measured worst case over seeded 64×48 noise, opaque noise and hard edges,
    /// both edge modes: max 1.47 levels and mean 0.28 at the switch points (σ = 5 → f = 4, σ = 10 → f = 8),
    /// falling to rounding alone (0.5 / 0.25) as σ/f grows; 1.25 leaves 2× headroom under the 3-level bound.
    static let defaultMinimumReducedSigma = 1.25

    let factor: Int
    /// σ on the reduced grid (equals σ when `factor == 1`).
    let reducedSigma: Double

    init(sigma: Double, minimumReducedSigma: Double = defaultMinimumReducedSigma) {
        var f = 1
        while f < 8, sigma / Double(2 * f) >= minimumReducedSigma { f *= 2 }
        factor = f
        let ff = Double(f * f)
        let added = ReducedBlur.tentVariance(factor: f) + ff / 3
        if f == 1 {
            reducedSigma = sigma
        } else if sigma < 1e150 {
            reducedSigma = ((sigma * sigma - added) / ff).squareRoot()
        } else {
            reducedSigma = sigma / Double(f)  // σ² would overflow; `added` is far below its last digit anyway
        }
    }
}
