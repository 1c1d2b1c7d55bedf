/// Half of a sampled, normalised Gaussian kernel: `weights[j]` is the weight of the taps at ±j.
///
/// Guarantees: the full kernel (radius `ceil(4σ)`, at least 1) sums to 1 in Double before conversion to
/// Float; when the radius is capped at an image side `limit`, the tail beyond the cap is folded onto the last
/// tap for `.clamp` (every tap that far out reads the edge pixel, so the result is unchanged) and dropped for
/// `.transparent` (those taps read zeros). The kernel is never renormalised after the cap.
struct GaussianKernel {
    let weights: [Float]

    var radius: Int { weights.count - 1 }

    /// - Precondition: `sigma > 0` and finite, `limit ≥ 1`.
    init(sigma: Double, limit: Int, edgeMode: EdgeMode) {
        precondition(sigma > 0 && sigma.isFinite && limit >= 1)
        let fullRadius = Swift.max(1, Int((4 * sigma).rounded(.up)))
        var half = [Double](repeating: 0, count: fullRadius + 1)
        let inverseTwoVariance = 1 / (2 * sigma * sigma)
        var total = 0.0
        for j in 0...fullRadius {
            let w = Self.exp(-Double(j * j) * inverseTwoVariance)
            half[j] = w
            total += j == 0 ? w : 2 * w
        }
        let radius = Swift.min(fullRadius, limit)
        var folded = Array(half[0...radius])
        if radius < fullRadius, edgeMode == .clamp {
            folded[radius] += half[(radius + 1)...].reduce(0, +)
        }
        weights = folded.map { Float($0 / total) }
    }

    /// `e^x` for x ≤ 0 without Foundation: a range reduction by ln 2 and a short series. Relative error
    /// below 1e-15 over the range used here (x ∈ [−8.5, 0]); exactness of the kernel matters more than speed.
    private static func exp(_ x: Double) -> Double {
        let ln2 = 0.693_147_180_559_945_3
        let k = (x / ln2).rounded()
        let r = x - k * ln2
        var term = 1.0, sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }
}
