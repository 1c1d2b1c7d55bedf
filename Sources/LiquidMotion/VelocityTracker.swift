import DequeModule
import LiquidGeometry

/// Estimates a touch's velocity, in points per second, from its recent positions.
///
/// The last two samples alone give a noisy velocity; instead the tracker fits a curve by least squares
/// through the samples of the recent past and differentiates it at the newest sample:
///
/// - Only samples within ``horizon`` seconds (150 ms by default; 100 ms for the linear and quadratic fits)
///   of the newest one take part.
/// - Walking back from the newest sample, a gap longer than ``maximumGap`` (40 ms by default) between
///   two consecutive samples means the finger had stopped: everything before the gap is ignored.
/// - At least `minimumSampleCount` (3) samples must remain; otherwise the velocity is `.zero`.
/// - ``Strategy/adaptive`` (the default) fits a line, a parabola and a cubic and keeps the one whose
///   residual, penalised for its extra coefficients against the position noise, is smallest: a steady
///   flick gets the line's low noise, a braking or speeding finger the curve's lack of lag.
///   ``Strategy/linear`` fits `x(t) = a + b·t` per axis (exact for motion at constant velocity);
///   ``Strategy/quadratic`` fits `a + b·t + c·t²` and reports the slope at the newest sample (exact for
///   constant acceleration, more responsive, noisier). A quadratic fit whose samples are too few or too
///   degenerate falls back to the linear fit.
///
/// On synthetic flicks (60, 120 and 240 Hz; accelerating, steady and decelerating releases; position
/// noise, timing jitter and dropped samples — docs/motion.md in the repository) the adaptive fit's error has
/// a median of 0.5 % and a 90th percentile of 2.7 %, at most 1.4 % and 3.8 % for any one rate or profile;
/// the linear fit lags by a median 8 % (20 % on decelerating releases) and the quadratic fit misses
/// accelerating releases by a median 4 %.
///
/// Storage is a ring of at most ``capacity`` samples (40 by default, 20 for the linear and quadratic fits);
/// older ones are dropped.
///
/// Input handling, so the estimate is always finite:
/// - A sample with a NaN or infinite coordinate or time is ignored (``addSample(_:at:)`` returns `false`).
/// - A sample whose time is earlier than the newest stored one starts a new touch: the tracker resets
///   and keeps only that sample (clocks do not run backwards within one touch).
/// - A sample at the same time as the newest one replaces it (coalesced events: the latest position wins).
/// - A velocity too large to represent as a finite number is reported as `.zero`.
public struct VelocityTracker: Sendable {
    /// The curve fitted through the samples.
    public enum Strategy: String, CaseIterable, Sendable {
        /// Straight line per axis: the slope of the least-squares line.
        case linear
        /// Parabola per axis: the derivative of the least-squares parabola at the newest sample.
        case quadratic
        /// Line, parabola or cubic, whichever a penalised residual prefers, differentiated at the newest
        /// sample. A degree d takes part only with at least d + 2 samples (line 3, parabola 4, cubic 5), so
        /// its residual says something. Each extra coefficient per axis must lower the residual
        /// sum of squares by more than `4·σ²`, with σ the larger of `positionNoiseFloor` (0.25 pt) and the
        /// scatter the cubic (or highest available) fit leaves — so noisier hardware is not mistaken for
        /// curvature. Exact for motion with constant jerk.
        case adaptive

        /// The horizon a tracker with this strategy gets unless told otherwise, seconds.
        package var defaultHorizon: Double { self == .adaptive ? 0.15 : 0.1 }
        /// The capacity a tracker with this strategy gets unless told otherwise.
        package var defaultCapacity: Int { self == .adaptive ? 40 : 20 }
    }

    /// One touch position, in points, at a time in seconds.
    package struct Sample: Hashable, Sendable {
        package var position: Point
        package var time: Double

        package init(position: Point, time: Double) {
            self.position = position
            self.time = time
        }
    }

    /// The curve fitted through the samples.
    public let strategy: Strategy
    /// How far back from the newest sample samples count, in seconds (default 0.15 for the adaptive fit,
    /// 0.1 for the others). Finite, positive.
    public let horizon: Double
    /// The longest gap between consecutive samples, in seconds, that is not taken as a stop (default 0.04).
    /// Finite, positive.
    public let maximumGap: Double
    /// How many samples are kept at most (default 40 for the adaptive fit, 20 for the others); at least
    /// `minimumSampleCount`.
    public let capacity: Int

    /// The fewest samples a fit needs; with fewer the velocity is `.zero`.
    package static let minimumSampleCount = 3

    /// The least position noise, in points, the ``Strategy/adaptive`` fit assumes (one standard deviation
    /// per coordinate); a larger scatter in the samples themselves takes over.
    package static let positionNoiseFloor = 0.25

    /// How much, in units of the noise variance, each extra coefficient per axis must lower the residual
    /// sum of squares for the ``Strategy/adaptive`` fit to take the higher degree.
    package static let penaltyPerCoefficient = 4.0

    /// Time comparisons against ``horizon`` and ``maximumGap`` allow this much slack, in seconds
    /// (one microsecond), so that a sample exactly on a boundary is not lost to rounding.
    package static let timeTolerance = 1e-6

    private var ring: Deque<Sample> = []

    /// Creates an empty tracker.
    ///
    /// - Parameters:
    ///   - strategy: the curve fitted (default ``Strategy/adaptive``).
    ///   - horizon: seconds of history that count; `nil` for the strategy's default — 0.15 s for
    ///     ``Strategy/adaptive`` (its cubic needs the longer view, and its model choice keeps the lag away),
    ///     0.1 s for ``Strategy/linear`` and ``Strategy/quadratic``.
    ///   - maximumGap: the longest pause between samples, in seconds, not taken as a stop (default 0.04).
    ///   - capacity: samples kept at most; `nil` for the strategy's default — 40 for ``Strategy/adaptive``
    ///     (its horizon at 240 Hz), 20 for the others.
    /// - Throws: `LiquidError` unless `horizon` and `maximumGap` are finite and positive and
    ///   `capacity ≥ 3`.
    public init(
        strategy: Strategy = .adaptive, horizon: Double? = nil, maximumGap: Double = 0.04, capacity: Int? = nil
    ) throws(LiquidError) {
        let horizon = horizon ?? strategy.defaultHorizon
        let capacity = capacity ?? strategy.defaultCapacity
        for (name, value) in [("velocity horizon", horizon), ("maximum sample gap", maximumGap)] {
            _ = try LiquidError.requireFinite(value, name)
            guard value > 0 else {
                throw .invalidParameter(name: name, value: value, requirement: "must be positive")
            }
        }
        guard capacity >= VelocityTracker.minimumSampleCount else {
            throw .invalidParameter(
                name: "sample capacity", value: Double(capacity),
                requirement: "must be at least \(VelocityTracker.minimumSampleCount)")
        }
        self.strategy = strategy
        self.horizon = horizon
        self.maximumGap = maximumGap
        self.capacity = capacity
    }

    /// An empty tracker with the default settings (adaptive fit, 0.15 s horizon, 0.04 s gap, 40 samples) —
    /// the same as `try VelocityTracker()`, without `try`.
    public static var standard: VelocityTracker { standard(.adaptive) }

    /// An empty tracker with `strategy` and that strategy's default horizon and capacity (0.04 s gap) —
    /// the same as `try VelocityTracker(strategy: strategy)`, without `try`.
    package static func standard(_ strategy: Strategy) -> VelocityTracker {
        VelocityTracker(uncheckedStrategy: strategy, horizon: strategy.defaultHorizon, maximumGap: 0.04,
                        capacity: strategy.defaultCapacity)
    }

    private init(uncheckedStrategy strategy: Strategy, horizon: Double, maximumGap: Double, capacity: Int) {
        self.strategy = strategy
        self.horizon = horizon
        self.maximumGap = maximumGap
        self.capacity = capacity
    }

    /// The stored samples, oldest first (at most ``capacity``).
    package var samples: [Sample] { Array(ring) }

    /// Records the touch at `position` (points) at `time` (seconds, any origin).
    ///
    /// - Returns: `false` if the sample was ignored because a coordinate or the time is NaN or ±∞;
    ///   `true` otherwise (including when an earlier time reset the tracker).
    /// - Complexity: amortised O(1).
    @discardableResult
    public mutating func addSample(_ position: Point, at time: Double) -> Bool {
        guard position.isFinite, time.isFinite else { return false }
        if let newest = ring.last {
            if time < newest.time {
                ring.removeAll(keepingCapacity: true)
            } else if time == newest.time {
                ring[ring.count - 1].position = position
                return true
            }
        }
        ring.append(Sample(position: position, time: time))
        if ring.count > capacity { ring.removeFirst() }
        return true
    }

    /// Forgets every sample (call at the start of each touch).
    public mutating func reset() {
        ring.removeAll()
    }

    /// The estimated velocity at the newest sample, in points per second; `.zero` when fewer than three
    /// usable samples remain after the horizon and gap rules. Always finite.
    ///
    /// - Complexity: O(``capacity``).
    public var velocity: Vector2 {
        guard let newest = ring.last else { return .zero }
        return estimate(now: newest.time)
    }

    /// The estimated velocity at `time` (seconds), for a touch that ended without a final sample.
    ///
    /// If more than ``maximumGap`` has passed since the newest sample the finger is taken to have
    /// stopped and the result is `.zero`; otherwise the horizon is measured back from `time` and the fit
    /// is evaluated as in ``velocity`` (the slope at the newest sample; nothing is extrapolated). A `time`
    /// before the newest sample, or NaN/±∞, gives ``velocity``.
    public func velocity(at time: Double) -> Vector2 {
        guard let newest = ring.last else { return .zero }
        guard time.isFinite, time > newest.time else { return estimate(now: newest.time) }
        if time - newest.time > maximumGap + VelocityTracker.timeTolerance { return .zero }
        return estimate(now: time)
    }

    /// How many samples ``velocity`` is computed from: those within the horizon of the newest sample and
    /// after the last gap, or 0 when fewer than three remain (or they share one time) and the velocity is
    /// zero by rule.
    package var fittedSampleCount: Int {
        guard let newest = ring.last else { return 0 }
        let window = usableSamples(now: newest.time)
        guard window.count >= VelocityTracker.minimumSampleCount, let oldest = window.first,
            newest.time - oldest.time > 0
        else { return 0 }
        return window.count
    }

    /// The samples that take part in a fit at `now`: oldest first, within the horizon, after the last gap.
    private func usableSamples(now: Double) -> [Sample] {
        let tolerance = VelocityTracker.timeTolerance
        var start = ring.count
        while start > 0 {
            let candidate = ring[start - 1]
            if now - candidate.time > horizon + tolerance { break }
            if start < ring.count, ring[start].time - candidate.time > maximumGap + tolerance { break }
            start -= 1
        }
        return Array(ring[start...])
    }

    private func estimate(now: Double) -> Vector2 {
        let window = usableSamples(now: now)
        guard window.count >= VelocityTracker.minimumSampleCount,
            let oldest = window.first, let newest = window.last
        else { return .zero }
        // Times relative to the newest sample in units of the window's span (so u ∈ [−1, 0]) and positions
        // relative to the newest position keep the normal equations well conditioned whatever the clock's
        // origin, the sampling rate or the screen coordinates. Times are distinct, so the span is positive.
        let scale = newest.time - oldest.time
        guard scale > 0 else { return .zero }
        if strategy == .adaptive {
            return VelocityTracker.adaptiveSlope(window, origin: newest, scale: scale)
        }
        if strategy == .quadratic,
            let slope = VelocityTracker.quadraticSlope(window, origin: newest, scale: scale)
        {
            return slope
        }
        return VelocityTracker.linearSlope(window, origin: newest, scale: scale)
    }

    /// The slope of the line, parabola or cubic that the penalised residual prefers (see
    /// ``Strategy/adaptive``), or `.zero` when the samples do not move or the result is not finite.
    private static func adaptiveSlope(_ window: [Sample], origin: Sample, scale: Double) -> Vector2 {
        // Offsets are halved before subtracting so that even coordinates near ±Double.greatestFiniteMagnitude
        // cannot overflow, then divided by their largest magnitude so every sum of squares stays in range.
        let halves = window.map { $0.position * 0.5 - origin.position * 0.5 }
        let reach = halves.reduce(0) { max($0, abs($1.x), abs($1.y)) }
        guard reach > 0, reach.isFinite else { return .zero }
        let fit = EndpointPolynomialFit(
            u: window.map { ($0.time - origin.time) / scale }, offsets: halves.map { $0 / reach })
        guard let highest = fit.degrees.last else { return .zero }
        // The noise variance in the normalised units: the floor, or the highest fit's scatter if larger.
        let unit = 2 * reach
        var variance = (positionNoiseFloor / unit) * (positionNoiseFloor / unit)
        let freedom = 2 * (fit.count - highest.degree - 1)
        if freedom > 0 { variance = max(variance, highest.residual / Double(freedom)) }
        let penalty = 2 * penaltyPerCoefficient * variance  // two axes: two coefficients per degree
        var best = fit.degrees[0]
        var bestScore = best.residual + penalty * 2
        for candidate in fit.degrees.dropFirst() {
            let score = candidate.residual + penalty * Double(candidate.degree + 1)
            if score < bestScore {
                best = candidate
                bestScore = score
            }
        }
        let slope = best.slope * (unit / scale)
        return slope.isFinite ? slope : .zero
    }

    private static func linearSlope(_ window: [Sample], origin: Sample, scale: Double) -> Vector2 {
        let n = Double(window.count)
        var meanU = 0.0
        var meanP = Vector2.zero
        for sample in window {
            meanU += (sample.time - origin.time) / scale
            meanP += sample.position - origin.position
        }
        meanU /= n
        meanP = meanP / n
        var suu = 0.0
        var sup = Vector2.zero
        for sample in window {
            let du = (sample.time - origin.time) / scale - meanU
            suu += du * du
            sup += (sample.position - origin.position - meanP) * du
        }
        guard suu > 0 else { return .zero }
        let slope = sup / (suu * scale)
        return slope.isFinite ? slope : .zero
    }

    /// Least-squares parabola per axis; `nil` when the 3×3 normal matrix is (nearly) singular.
    private static func quadraticSlope(_ window: [Sample], origin: Sample, scale: Double) -> Vector2? {
        // Normal equations for p(u) = a + b·u + c·u², u = (t − origin.time)/scale ∈ [−1, 0].
        var s = [Double](repeating: 0, count: 5)  // Σ u^k, k = 0…4
        var rx = [0.0, 0.0, 0.0]  // Σ u^k·x
        var ry = [0.0, 0.0, 0.0]
        for sample in window {
            let u = (sample.time - origin.time) / scale
            let offset = sample.position - origin.position
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 {
                    rx[k] += power * offset.x
                    ry[k] += power * offset.y
                }
                power *= u
            }
        }
        let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        guard let bx = solveForSecondUnknown(matrix, rx), let by = solveForSecondUnknown(matrix, ry) else { return nil }
        // p'(0) = b, in points per unit of u; divide by the scale for points per second.
        let slope = Vector2(bx / scale, by / scale)
        return slope.isFinite ? slope : nil
    }

    /// Solves the 3×3 system `m·z = r` by Gaussian elimination with partial pivoting and returns `z[1]`,
    /// or `nil` when a pivot is negligible relative to the matrix (rank below 3).
    private static func solveForSecondUnknown(_ m: [[Double]], _ r: [Double]) -> Double? {
        var a = m
        var b = r
        let magnitude = a.joined().reduce(0) { max($0, abs($1)) }
        guard magnitude > 0 else { return nil }
        let negligible = magnitude * 1e-12
        for column in 0..<3 {
            var pivotRow = column
            for row in (column + 1)..<3 where abs(a[row][column]) > abs(a[pivotRow][column]) {
                pivotRow = row
            }
            guard abs(a[pivotRow][column]) > negligible else { return nil }
            if pivotRow != column {
                a.swapAt(pivotRow, column)
                b.swapAt(pivotRow, column)
            }
            for row in (column + 1)..<3 {
                let factor = a[row][column] / a[column][column]
                for k in column..<3 { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var z = [0.0, 0.0, 0.0]
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<3 { sum -= a[row][k] * z[k] }
            z[row] = sum / a[row][row]
        }
        return z[1]
    }
}
