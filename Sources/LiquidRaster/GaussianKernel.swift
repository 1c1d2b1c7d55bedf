import RealModule

/// Half of a sampled, normalised Gaussian kernel: `weights[j]` is the weight of the taps at ±j.
///
/// Guarantees: the full kernel (radius `ceil(4σ)`, at least 1) sums to 1 in Double before conversion to
/// Float; when the radius is capped at an image side `limit`, the tail beyond the cap is folded onto the last
/// tap for `.clamp` (every tap that far out reads the edge pixel, so the result is unchanged) and dropped for
/// `.transparent` (those taps read zeros). The kernel is never renormalised after the cap.
///
/// A kernel much wider than the line it blurs (σ ≥ ``flatRatio`` × `limit`) is *flat* over it: every tap
/// that reads inside the line weighs ``weights``[0] to within 1/512, so ``SeparableFloatBlur`` replaces the
/// convolution by the line's sum plus the edge terms, in linear time. Only `limit + 1` weights are ever
/// stored and the tail beyond them is summed without storing it, so memory does not grow with σ.
struct GaussianKernel {
    let weights: [Float]
    /// Whether the kernel is flat over a line of `limit` samples (see the type's discussion).
    let isFlat: Bool

    /// σ over line length from which a kernel counts as flat. Measured reason for 16: the taps inside the
    /// line then differ from the centre tap by at most (n/σ)²/2 = 1/512 of it, and together weigh at most
    /// n/(σ√(2π)) ≈ 1/40 of the total, so the flat sum is off by under 0.02 of a level.
    static let flatRatio = 16.0

    /// Most tail weights summed one by one past the stored ones; beyond that the tail is the midpoint-rule
    /// integral of the Gaussian, whose relative error 1/(24σ²) is then below 1e-9 (σ > 2¹⁴).
    private static let directTailLimit = 1 << 16

    var radius: Int { weights.count - 1 }

    /// - Precondition: `sigma > 0` and finite, `limit ≥ 1`.
    init(sigma: Double, limit: Int, edgeMode: EdgeMode) {
        precondition(sigma > 0 && sigma.isFinite && limit >= 1)
        // The full radius ceil(4σ) stays a Double until it is known to be at most `limit` (σ may be 1e300).
        let fullExtent = Swift.max(1, (4 * sigma).rounded(.up))
        let radius = fullExtent <= Double(limit) ? Int(fullExtent) : limit
        let inverseTwoVariance = 1 / (2 * sigma * sigma)
        func weight(_ j: Int) -> Double {
            j == 0 ? 1 : Self.exp(-Double(j) * Double(j) * inverseTwoVariance)
        }
        var half = [Double](repeating: 0, count: radius + 1)
        var total = 0.0
        for j in 0...radius {
            half[j] = weight(j)
            total += j == 0 ? half[j] : 2 * half[j]
        }
        var tail = 0.0
        if Double(radius) < fullExtent {
            let uncounted = fullExtent - Double(radius)
            if uncounted <= Double(Self.directTailLimit) {
                for j in (radius + 1)...(radius + Int(uncounted)) { tail += weight(j) }
            } else {
                tail = Self.midpointTail(from: radius + 1, through: fullExtent, sigma: sigma)
            }
            total += 2 * tail
        }
        if tail > 0, edgeMode == .clamp { half[radius] += tail }
        weights = half.map { Float($0 / total) }
        isFlat = sigma >= Self.flatRatio * Double(limit)
    }

    /// Σ e^(−j²/2σ²) for j from `first` through `last` by the midpoint rule: the integral over
    /// [first − ½, last + ½], σ√(π/2)·(erfc(a) − erfc(b)).
    private static func midpointTail(from first: Int, through last: Double, sigma: Double) -> Double {
        let scale = 1 / (sigma * 2.0.squareRoot())
        let a = (Double(first) - 0.5) * scale, b = (last + 0.5) * scale
        return sigma * (Double.pi / 2).squareRoot() * (Double.erfc(a) - Double.erfc(b))
    }

    /// `e^x` for x ≤ 0 without Foundation: a range reduction by ln 2 and a short series. Relative error
    /// below 1e-15 over the range used here (x ∈ [−8.5, 0]; anything below −745 is 0); exactness of the kernel matters more than speed.
    private static func exp(_ x: Double) -> Double {
        guard x > -745 else { return 0 }  // below the smallest subnormal (and no Int conversion of a huge k)
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
