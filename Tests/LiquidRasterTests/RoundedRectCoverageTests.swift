import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

/// Records every reported pixel's coverage (and how often each was reported).
private struct RecordingSink: CoverageSink {
    let width: Int
    var coverage: [UInt8]
    var reports: [Int]

    init(width: Int, height: Int) {
        self.width = width
        coverage = Array(repeating: 0, count: width * height)
        reports = Array(repeating: 0, count: width * height)
    }

    mutating func blitCells(y: Int, x: Int, count: Int, coverage cells: UnsafePointer<UInt8>) {
        for i in 0..<count {
            coverage[y * width + x + i] = cells[i]
            reports[y * width + x + i] += 1
        }
    }

    mutating func blitSpan(y: Int, x: Int, count: Int, coverage c: UInt8) {
        for i in 0..<count {
            coverage[y * width + x + i] = c
            reports[y * width + x + i] += 1
        }
    }
}

/// The rounded-rect fast path: its closed-form quarter-disc area against a numerical integral, and its
/// row classification (solid spans, per-pixel runs only where an arc crosses) against evaluating every pixel.
@Suite("Rounded rect coverage")
struct RoundedRectCoverageTests {
    /// Every pixel against the per-pixel definition (rect overlap minus the four corner cut-outs), byte for
    /// byte, at the quarter- and half-pixel offsets W7 uses and others, with equal and unequal radii.
    @Test func rowClassificationMatchesEveryPixelEvaluated() {
        let (w, h) = (64, 48)
        let radiiSets: [CornerRadii] = [
            CornerRadii(all: 20), CornerRadii(all: 7.3),
            CornerRadii(topLeft: 0, topRight: 12.5, bottomRight: 21, bottomLeft: 3),
        ]
        for radii in radiiSets {
            for (fx, fy) in [(0.0, 0.0), (0.25, 0.5), (0.5, 1.0), (0.75, 0.5), (0.1, 0.9)] {
                let shape = RoundedRectCoverage(rect: Rect(x: 3 + fx, y: 2 + fy, width: 55, height: 42), radii: radii)
                var sink = RecordingSink(width: w, height: h)
                let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: w + 1)
                defer { scratch.deallocate() }
                shape.rasterize(width: w, height: h, into: &sink, scratch: scratch)
                for py in 0..<h {
                    for px in 0..<w {
                        let (x, y) = (Double(px), Double(py))
                        var area = RoundedRectCoverage.overlap(x, shape.x0, shape.x1)
                            * RoundedRectCoverage.overlap(y, shape.y0, shape.y1)
                        area -= RoundedRectCoverage.cutout(x, y, shape.x0 + shape.tl, shape.y0 + shape.tl, shape.tl, -1, -1)
                        area -= RoundedRectCoverage.cutout(x, y, shape.x1 - shape.tr, shape.y0 + shape.tr, shape.tr, 1, -1)
                        area -= RoundedRectCoverage.cutout(x, y, shape.x1 - shape.br, shape.y1 - shape.br, shape.br, 1, 1)
                        area -= RoundedRectCoverage.cutout(x, y, shape.x0 + shape.bl, shape.y1 - shape.bl, shape.bl, -1, 1)
                        let want = RoundedRectCoverage.quantize(area)
                        let i = py * w + px
                        if sink.coverage[i] != want || sink.reports[i] > 1 {
                            Issue.record("radii \(radii) offset (\(fx), \(fy)) pixel (\(px), \(py)): \(sink.coverage[i]) reported \(sink.reports[i])×, want \(want)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// `∫ₐᵇ clamp(√(r² − u²), c, d) − c du` by the midpoint rule with many steps (error ~10⁻⁸ here).
    private static func integral(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ r: Double) -> Double {
        let steps = 20_000
        let du = (b - a) / Double(steps)
        var sum = 0.0
        for i in 0..<steps {
            let u = a + (Double(i) + 0.5) * du
            let h = u < r ? (r * r - u * u).squareRoot() : 0
            sum += Swift.max(Swift.min(h, d) - c, 0)
        }
        return sum * du
    }

    /// Pixel-sized windows all over the corner square (and beyond it), radii from below one pixel to large.
    @Test func quarterDiscAreaMatchesTheIntegral() {
        var random = SeededRandom(seed: 99)
        for r in [0.7, 3, 20, 150] {
            for _ in 0..<60 {
                let a = random.uniform(0...(r + 1)), c = random.uniform(0...(r + 1))
                let b = a + random.uniform(0.01...1), d = c + random.uniform(0.01...1)
                let got = RoundedRectCoverage.quarterDiscArea(a, b, c, d, r)
                let want = Self.integral(a, b, c, d, r)
                #expect(abs(got - want) <= 1e-6, "r \(r) window [\(a), \(b)] × [\(c), \(d)]: \(got) for \(want)")
            }
        }
        // A window holding the whole quarter disc.
        #expect(isClose(RoundedRectCoverage.quarterDiscArea(0, 0.9, 0, 0.9, 0.8), Double.pi * 0.64 / 4, relative: 1e-12))
    }
}
