/// Approximate comparison helpers for numeric tests.

/// `|a − b| ≤ absolute + relative·max(|a|, |b|)`.
public func isClose(_ a: Double, _ b: Double, absolute: Double = 0, relative: Double = 1e-12) -> Bool {
    if a == b { return true }
    guard a.isFinite, b.isFinite else { return false }
    return abs(a - b) <= absolute + relative * Swift.max(abs(a), abs(b))
}

/// The error of `value` against `reference`, relative to `scale` (use the problem's natural magnitude,
/// e.g. the initial displacement, so values that decay to zero are not judged by their own tiny size).
public func scaledError(_ value: Double, _ reference: Double, scale: Double) -> Double {
    abs(value - reference) / Swift.max(scale, .leastNormalMagnitude)
}
