import LiquidGeometry

/// Least-squares polynomials of degree 1, 2 and 3 through planar samples, all at once, each
/// differentiated at u = 0 — the building block of ``VelocityTracker/Strategy/adaptive``.
///
/// The fits are nested: the samples' times are turned into polynomials orthonormal over those times
/// (Gram–Schmidt on `1, u, u², u³`, each orthogonalised twice), so the fit of degree d is the sum of the
/// first d + 1 projections and every residual comes from the same well-conditioned basis. A degree is
/// offered only when there are at least d + 2 samples (so its residual has a degree of freedom left) and
/// the times are spread enough to tell it from the degree below.
///
/// Inputs are expected normalised by the caller: times `u` in about [−1, 0] and offsets in about [−1, 1].
struct EndpointPolynomialFit {
    /// One fitted degree: the slope at u = 0 (per unit of u) and the residual sum of squares over both axes.
    struct Degree {
        let degree: Int
        let slope: Vector2
        let residual: Double
    }

    /// The fits the samples support, by increasing degree (empty for fewer than three samples).
    let degrees: [Degree]
    /// How many samples were fitted.
    let count: Int

    /// Relative size below which a new basis polynomial counts as lost to rounding (times too close).
    private static let degenerate = 1e-9

    /// Fits `offsets` (x and y) at times `u`, up to `maximumDegree` (1…3).
    init(u: [Double], offsets: [Vector2], maximumDegree: Int = 3) {
        precondition(u.count == offsets.count, "one offset per time")
        count = u.count
        let n = u.count
        guard n >= 3 else {
            degrees = []
            return
        }
        // Basis values at the samples and the basis as polynomial coefficients (constant term first).
        var basis: [[Double]] = [[Double](repeating: 1 / Double(n).squareRoot(), count: n)]
        var coefficients: [[Double]] = [[1 / Double(n).squareRoot(), 0, 0, 0]]
        var residualX = offsets.map(\.x)
        var residualY = offsets.map(\.y)
        var slope = Vector2.zero
        var found: [Degree] = []
        for k in 0...min(maximumDegree, 3) {
            if k > 0 {
                // u·q_{k−1}, then made orthogonal to q_0…q_{k−1}.
                guard n >= k + 2, let next = Self.nextBasis(u: u, basis: basis, coefficients: coefficients) else { break }
                basis.append(next.values)
                coefficients.append(next.coefficients)
            }
            let q = basis[k]
            var cx = 0.0
            var cy = 0.0
            for i in 0..<n {
                cx += q[i] * residualX[i]
                cy += q[i] * residualY[i]
            }
            var sum = 0.0
            for i in 0..<n {
                residualX[i] -= cx * q[i]
                residualY[i] -= cy * q[i]
                sum += residualX[i] * residualX[i] + residualY[i] * residualY[i]
            }
            slope += Vector2(cx, cy) * coefficients[k][1]
            if k > 0 { found.append(Degree(degree: k, slope: slope, residual: sum)) }
        }
        degrees = found
    }

    /// The basis polynomial after the last of `basis`: `u` times the last one, orthogonalised twice against
    /// all of them and normalised; `nil` when almost nothing is left (the times cannot support it).
    private static func nextBasis(u: [Double], basis: [[Double]], coefficients: [[Double]])
        -> (values: [Double], coefficients: [Double])?
    {
        let last = basis[basis.count - 1]
        var values = zip(u, last).map { $0 * $1 }
        var poly = [0.0] + coefficients[coefficients.count - 1].dropLast()
        let initial = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard initial > 0, initial.isFinite else { return nil }
        for _ in 0..<2 {
            for (q, c) in zip(basis, coefficients) {
                var dot = 0.0
                for i in values.indices { dot += q[i] * values[i] }
                for i in values.indices { values[i] -= dot * q[i] }
                for j in 0..<4 { poly[j] -= dot * c[j] }
            }
        }
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm > degenerate * initial, norm.isFinite else { return nil }
        return (values.map { $0 / norm }, poly.map { $0 / norm })
    }
}
