/// Receives the anti-aliased coverage of one shape, row by row, left to right within a row.
///
/// Coverage is 8-bit: 0 is outside, 255 fully inside. Producers (``CoverageRasterizer``, the rounded-rect
/// fast path) guarantee that every reported pixel lies inside the target bounds they were built for and that
/// within one row the calls never overlap.
protocol CoverageSink {
    /// Pixels `x ..< x + count` of row `y` each have their own coverage, `coverage[0 ..< count]`.
    mutating func blitCells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// Pixels `x ..< x + count` of row `y` all have coverage `coverage` (never 0).
    mutating func blitSpan(y: Int, x: Int, count: Int, coverage: UInt8)
}
