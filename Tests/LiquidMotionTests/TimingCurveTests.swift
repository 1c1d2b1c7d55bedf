import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct TimingCurveTests {
    /// One coordinate of the Bézier in Bernstein form: B(s) = 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³.
    private func bernstein(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * c1 + 3 * r * s * s * c2 + s * s * s
    }

    private var presets: [TimingCurve] { [.linear, .easeIn, .easeOut, .easeInOut, .default] }

    private func randomCurves(_ count: Int) throws -> [TimingCurve] {
        var random = SeededRandom(seed: 0xB3)
        var curves = presets
        // Curves with flat spots in x(s): x1 = 1, x2 = 0 has dx/ds = 0 at s = 0.5.
        curves.append(try TimingCurve(x1: 1, y1: 0, x2: 0, y2: 1))
        curves.append(try TimingCurve(x1: 0, y1: 1.4, x2: 1, y2: -0.4))
        for _ in 0..<count {
            curves.append(try TimingCurve(
                x1: random.uniform(0...1), y1: random.uniform(-0.6...1.6),
                x2: random.uniform(0...1), y2: random.uniform(-0.6...1.6)))
        }
        return curves
    }

    @Test func solvedParameterHitsTheProgress() throws {
        var random = SeededRandom(seed: 0x501)
        for curve in try randomCurves(40) {
            var progresses = stride(from: 0.0, through: 1.0, by: 0.01).map { $0 }
            progresses += (0..<50).map { _ in random.uniform(0...1) }
            progresses += [1e-12, 1e-7, 1 - 1e-12, 0.5]
            for p in progresses {
                let s = curve.parameter(forProgress: p)
                #expect(s >= 0 && s <= 1)
                #expect(abs(bernstein(s, curve.x1, curve.x2) - p) <= 1e-6, "curve \(curve) at \(p): s = \(s)")
                #expect(isClose(curve.value(at: p), bernstein(s, curve.y1, curve.y2), absolute: 1e-15, relative: 1e-12))
            }
        }
    }

    /// Dense brute force: every s with |x(s) − p| ≤ 1e-6 lies between grid points whose x is within
    /// 1e-6 + 3/N of p (|dx/ds| ≤ 3), and y changes by at most L/N between grid points (|dy/ds| ≤ L), so
    /// the solved value must lie within the grid's y range there, widened by L/N.
    @Test func agreesWithDenseBruteForceInversion() throws {
        let n = 20_000
        for curve in try randomCurves(15) {
            let xs = (0...n).map { bernstein(Double($0) / Double(n), curve.x1, curve.x2) }
            let ys = (0...n).map { bernstein(Double($0) / Double(n), curve.y1, curve.y2) }
            let lipschitz = 3 * max(abs(curve.y1), abs(curve.y2 - curve.y1), abs(1 - curve.y2))
            let window = 1e-6 + 3 / Double(n)
            for p in stride(from: 0.0, through: 1.0, by: 0.025) {
                var low = Double.infinity
                var high = -Double.infinity
                for i in 0...n where abs(xs[i] - p) <= window {
                    low = min(low, ys[i])
                    high = max(high, ys[i])
                }
                let value = curve.value(at: p)
                let slack = lipschitz / Double(n) + 1e-12
                #expect(value >= low - slack && value <= high + slack, "curve \(curve) at \(p): \(value) not in [\(low), \(high)]")
            }
        }
    }

    @Test func cssReferencePoints() {
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        // CSS `ease` (and Core Animation's default) at the midpoint is ≈ 0.8024.
        #expect(abs(TimingCurve.default.value(at: 0.5) - 0.8024) < 1e-4)
        #expect(abs(TimingCurve.default.value(at: 0.25) - 0.4085) < 1e-4)
        #expect(abs(TimingCurve.easeIn.value(at: 0.5) - 0.3154) < 1e-4)
        #expect(abs(TimingCurve.easeOut.value(at: 0.5) - 0.6846) < 1e-4)
        for p in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(TimingCurve.linear.value(at: p) - p) < 1e-9)
        }
    }

    @Test func presetSymmetries() {
        var random = SeededRandom(seed: 0x5E)
        for _ in 0..<200 {
            let p = random.uniform(0...1)
            // easeInOut is symmetric about (0.5, 0.5); easeOut is easeIn rotated by a half turn.
            #expect(abs(TimingCurve.easeInOut.value(at: p) + TimingCurve.easeInOut.value(at: 1 - p) - 1) < 1e-8)
            #expect(abs(TimingCurve.easeOut.value(at: p) - (1 - TimingCurve.easeIn.value(at: 1 - p))) < 1e-8)
        }
    }

    @Test func progressIsClampedAndEndsAreExact() throws {
        let overshoot = try TimingCurve(x1: 0.3, y1: 1.5, x2: 0.6, y2: 1.4)
        for curve in presets + [overshoot] {
            #expect(curve.value(at: -0.5) == 0)
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: 7) == 1)
            #expect(curve.value(at: .nan).isNaN)
        }
        #expect(overshoot.value(at: 0.6) > 1)
    }

    @Test func slopeMatchesFiniteDifferencesAndTangentLimits() throws {
        var random = SeededRandom(seed: 0x51)
        for curve in try randomCurves(10) {
            for _ in 0..<30 {
                let p = random.uniform(0.05...0.95)
                let h = 1e-6
                let difference = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
                let slope = curve.slope(at: p)
                if abs(slope) < 50 {
                    #expect(abs(slope - difference) < 1e-3 * max(1, abs(slope)), "curve \(curve) at \(p)")
                }
            }
        }
        #expect(isClose(TimingCurve.linear.slope(at: 0.3), 1))
        // Where dx/ds vanishes the slope is the tangent towards the neighbouring control point.
        #expect(isClose(TimingCurve.easeOut.slope(at: 0), 1 / 0.58, relative: 1e-12))
        #expect(isClose(TimingCurve.easeIn.slope(at: 1), 1 / 0.58, relative: 1e-12))
        #expect(isClose(TimingCurve.easeInOut.slope(at: 0), 0, absolute: 1e-15))
    }

    @Test func invalidControlPointsThrow() {
        #expect(throws: LiquidError.invalidParameter(name: "timing curve x1", value: 1.1, requirement: "must be between 0 and 1")) {
            try TimingCurve(x1: 1.1, y1: 0, x2: 0.5, y2: 1)
        }
        #expect(throws: LiquidError.invalidParameter(name: "timing curve x2", value: -0.1, requirement: "must be between 0 and 1")) {
            try TimingCurve(x1: 0.1, y1: 0, x2: -0.1, y2: 1)
        }
        #expect(throws: LiquidError.nonFinite(name: "timing curve y2", value: .infinity)) {
            try TimingCurve(x1: 0.1, y1: 0, x2: 0.5, y2: .infinity)
        }
        #expect(throws: LiquidError.nonFinite(name: "timing curve x1", value: .nan)) {
            try TimingCurve(x1: .nan, y1: 0, x2: 0.5, y2: 1)
        }
    }
}
