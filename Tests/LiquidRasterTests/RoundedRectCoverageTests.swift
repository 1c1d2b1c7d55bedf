import CLiquidKernels
import Foundation
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

/// The rounded-rect fast path: its corner kernel's areas against a numerical integral of the shape, its angle
/// against libm's `atan2`, and its row classification and batching (solid spans, kernel runs only where an
/// arc crosses, gathered over many rows) against evaluating every pixel on its own.
@Suite("Rounded rect coverage")
struct RoundedRectCoverageTests {
    /// Every pixel against the kernel evaluated for that pixel alone (both sides' corners), byte for byte, at
    /// the quarter- and half-pixel offsets W7 uses and others, with equal and unequal radii, shapes whose
    /// left and right runs merge, and corners large enough that the gathered rows fill several batches.
    @Test(arguments: [KernelSet.automatic, .portable])
    func rowClassificationMatchesEveryPixelEvaluated(kernels: KernelSet) {
        let cases: [(w: Int, h: Int, rect: Rect, radii: [CornerRadii])] = [
            (64, 48, Rect(x: 3, y: 2, width: 55, height: 42), [
                CornerRadii(all: 20), CornerRadii(all: 7.3),
                CornerRadii(topLeft: 0, topRight: 12.5, bottomRight: 21, bottomLeft: 3),
            ]),
            // A circle (every corner row one merged run) and a wide capsule, both big.
            (330, 320, Rect(x: 10, y: 6, width: 300, height: 300), [CornerRadii(all: 150)]),
            (330, 80, Rect(x: 4, y: 3, width: 320, height: 70), [CornerRadii(all: 35), CornerRadii(all: 0.6)]),
            // Reaching past every edge of the canvas.
            (40, 30, Rect(x: -12, y: -9, width: 70, height: 50), [CornerRadii(all: 18)]),
        ]
        for (w, h, base, radiiSets) in cases {
            for radii in radiiSets {
                for (fx, fy) in [(0.0, 0.0), (0.25, 0.5), (0.5, 1.0), (0.75, 0.5), (0.1, 0.9)] {
                    let rect = base.offsetBy(dx: fx, dy: fy)
                    let shape = RoundedRectCoverage(rect: rect, radii: radii)
                    var sink = RecordingSink(width: w, height: h)
                    shape.rasterize(width: w, height: h, into: &sink, kernels: kernels)
                    for py in 0..<h {
                        for px in 0..<w {
                            let want = shape.kernelAreas(row: py, from: px, to: px + 1, kernels: .portable).levels[0]
                            let i = py * w + px
                            if sink.coverage[i] != want || sink.reports[i] > 1 {
                                Issue.record("\(rect) radii \(radii) pixel (\(px), \(py)): \(sink.coverage[i]) reported \(sink.reports[i])×, want \(want)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// The area of pixel (px, py) inside the rounded rect by the midpoint rule over x of the pixel row's
    /// overlap with the shape's vertical extent at x (its top and bottom edges bent by the corner arcs).
    /// With 400 000 steps its error is about 2e-7 at the arcs' ends, where the edges turn vertical (at 20 000,
    /// 8e-6).
    private static func integratedArea(_ rect: Rect, _ r: CornerRadii, px: Int, py: Int) -> Double {
        let steps = 400_000
        var sum = 0.0
        func drop(_ radius: Double, _ distance: Double) -> Double {
            guard radius > 0, distance > 0 else { return 0 }
            return radius - (radius * radius - Swift.min(distance, radius) * Swift.min(distance, radius)).squareRoot()
        }
        for i in 0..<steps {
            let x = Double(px) + (Double(i) + 0.5) / Double(steps)
            guard x > rect.minX, x < rect.maxX else { continue }
            let top = rect.minY + Swift.max(drop(r.topLeft, rect.minX + r.topLeft - x), drop(r.topRight, x - (rect.maxX - r.topRight)))
            let bottom = rect.maxY - Swift.max(drop(r.bottomLeft, rect.minX + r.bottomLeft - x),
                                               drop(r.bottomRight, x - (rect.maxX - r.bottomRight)))
            sum += Swift.max(0, Swift.min(Double(py + 1), bottom) - Swift.max(Double(py), top))
        }
        return sum / Double(steps)
    }

    /// Pixels all over the corners, radii from below one pixel to large: the kernel's area within 1e-6 of
    /// the integral, on every path.
    @Test func kernelAreasMatchTheIntegral() {
        var random = SeededRandom(seed: 99)
        for r in [0.7, 3, 20, 150] {
            let radii = CornerRadii(topLeft: r, topRight: r * 0.8, bottomRight: r * 0.6, bottomLeft: r)
            let rect = Rect(x: 2 + random.uniform(0...1), y: 2 + random.uniform(0...1), width: 2 * r + 5, height: 2 * r + 3)
            for _ in 0..<24 {
                // A pixel in one of the four corner squares (or just outside it).
                let left = Bool.random(using: &random), top = Bool.random(using: &random)
                let px = Int((left ? rect.minX + random.uniform(-1...r) : rect.maxX - random.uniform(-1...r)).rounded(.down))
                let py = Int((top ? rect.minY + random.uniform(-1...r) : rect.maxY - random.uniform(-1...r)).rounded(.down))
                let want = Self.integratedArea(rect, radii, px: px, py: py)
                let shape = RoundedRectCoverage(rect: rect, radii: radii)
                for kernels in [KernelSet.automatic, .portable] {
                    let got = shape.kernelAreas(row: py, from: px, to: px + 1, kernels: kernels).areas[0]
                    #expect(abs(got - want) <= 1e-6, "r \(r) \(rect) pixel (\(px), \(py)) \(kernels): \(got) for \(want)")
                }
            }
        }
        // A whole circle's pixels sum to its area.
        let circle = RoundedRectCoverage(rect: Rect(x: 0.3, y: 0.6, width: 40, height: 40), radii: CornerRadii(all: 20))
        var total = 0.0
        for py in 0..<42 { total += circle.kernelAreas(row: py, from: 0, to: 42).areas.reduce(0, +) }
        #expect(isClose(total, Double.pi * 400, relative: 1e-12))
    }

    /// The kernel's angle against libm's atan2 over the quadrant it is used in (and the signs it tolerates):
    /// within six units in the last place of the result (five measured).
    @Test func arcAngleMatchesAtan2() {
        var random = SeededRandom(seed: 7)
        var worst = 0.0
        for i in 0..<200_000 {
            let scale = Foundation.pow(10, random.uniform(-8...8))
            var y = random.uniform(0...1) * scale, x = random.uniform(0...1) * scale
            if i % 5 == 0 { x = y * random.uniform(0.999...1.001) }
            if i % 7 == 0 { y = -y * 1e-3 }
            let want = Double.atan2(y: y, x: x), got = lk_arc_angle(y, x)
            let ulps = want == 0 ? abs(got) / Double.leastNormalMagnitude : abs(got - want) / want.magnitude.ulp
            worst = Swift.max(worst, ulps)
        }
        #expect(worst <= 6, "worst difference \(worst) ulp")
        #expect(lk_arc_angle(0, 1) == 0)
        #expect(lk_arc_angle(1, 0) == Double.pi / 2)
        #expect(lk_arc_angle(0, 0) == 0)
    }
}
