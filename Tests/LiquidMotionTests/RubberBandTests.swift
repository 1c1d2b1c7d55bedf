import Foundation
import LiquidGeometry
import LiquidMotion
import TestSupport
import Testing

@Suite struct RubberBandTests {
    /// UIScrollView's formula written out as published: b = (1 − 1/(x·c/d + 1))·d.
    private func published(_ x: Double, _ c: Double, _ d: Double) -> Double {
        (1 - 1 / (x * c / d + 1)) * d
    }

    @Test func publishedExample() throws {
        let band = try RubberBand(dimension: 800)
        #expect(band.coefficient == 0.55)
        let b = try band.offset(forOverscroll: 100)
        #expect(abs(b - 51.46) < 0.005)
        #expect(isClose(b, published(100, 0.55, 800), relative: 1e-12))
    }

    @Test func matchesThePublishedFormulaAndIsOdd() throws {
        var random = SeededRandom(seed: 0xBA4D)
        for _ in 0..<200 {
            let d = random.logUniform(10...3000)
            let c = random.uniform(0.1...1.5)
            let band = try RubberBand(dimension: d, coefficient: c)
            let x = random.logUniform(1e-3...1e5)
            let b = try band.offset(forOverscroll: x)
            // The published form loses relative precision for small x (1 − 1/(u + 1) cancels), so
            // compare on the scale of the dimension.
            #expect(isClose(b, published(x, c, d), absolute: 1e-14 * d, relative: 1e-12))
            // Against the series d·(u − u² + u³ − …), u = x·c/d, where it converges fast: full precision.
            let u = x * c / d
            if u < 1e-3 {
                #expect(isClose(b, d * (u - u * u + u * u * u - u * u * u * u), relative: 1e-12))
            }
            #expect(try band.offset(forOverscroll: -x) == -b)
            #expect(b > 0 && b < d)
        }
    }

    @Test func slopeAtTheEdgeIsTheCoefficientAndCurveIsMonotone() throws {
        let band = try RubberBand(dimension: 600, coefficient: 0.55)
        #expect(isClose(try band.offset(forOverscroll: 1e-9) / 1e-9, 0.55, relative: 1e-6))
        #expect(try band.offset(forOverscroll: 0) == 0)
        var previous = -Double.infinity
        var x = -1e6
        while x <= 1e6 {
            let b = try band.offset(forOverscroll: x)
            #expect(b > previous)
            #expect(abs(b) < 600)
            previous = b
            x += 997.3
        }
    }

    @Test func inverseRoundTrips() throws {
        var random = SeededRandom(seed: 0x1B)
        for _ in 0..<300 {
            let band = try RubberBand(dimension: random.logUniform(10...3000), coefficient: random.uniform(0.1...1.5))
            let sign: Double = random.uniform(0...1) < 0.5 ? -1 : 1
            let x = sign * random.logUniform(1e-6...1e4)
            let b = try band.offset(forOverscroll: x)
            #expect(isClose(try band.overscroll(forOffset: b), x, relative: 1e-9))
            let target = sign * random.uniform(0...0.99) * band.dimension
            #expect(isClose(try band.offset(forOverscroll: band.overscroll(forOffset: target)), target,
                absolute: 1e-12, relative: 1e-12))
        }
    }

    @Test func inverseAtOrBeyondTheAsymptoteThrows() throws {
        let band = try RubberBand(dimension: 800)
        for offset in [800.0, -800, 900, -1e9] {
            #expect(
                throws: LiquidError.invalidParameter(
                    name: "rubber-banded offset", value: offset,
                    requirement: "must be smaller in magnitude than the dimension 800.0")
            ) { try band.overscroll(forOffset: offset) }
        }
        #expect(throws: LiquidError.nonFinite(name: "rubber-banded offset", value: .nan)) {
            try band.overscroll(forOffset: .nan)
        }
    }

    @Test func invalidConstructionThrows() {
        for d in [0.0, -5] {
            #expect(throws: LiquidError.invalidParameter(name: "rubber-band dimension", value: d, requirement: "must be positive")) {
                try RubberBand(dimension: d)
            }
        }
        #expect(throws: LiquidError.nonFinite(name: "rubber-band dimension", value: .infinity)) {
            try RubberBand(dimension: .infinity)
        }
        #expect(throws: LiquidError.nonFinite(name: "rubber-band dimension", value: .nan)) {
            try RubberBand(dimension: .nan)
        }
        #expect(throws: LiquidError.invalidParameter(name: "rubber-band coefficient", value: 0, requirement: "must be positive")) {
            try RubberBand(dimension: 100, coefficient: 0)
        }
        #expect(throws: LiquidError.nonFinite(name: "overscroll", value: .infinity)) {
            try RubberBand(dimension: 100).offset(forOverscroll: .infinity)
        }
    }

    @Test func clampIsIdentityInsideAndBandsPastEitherEnd() throws {
        let range = 0.0...1000.0
        let band = try RubberBand(dimension: 400)
        for value in stride(from: 0.0, through: 1000, by: 12.5) {
            #expect(try band.clamp(value, to: range) == value)
        }
        #expect(isClose(try band.clamp(1100, to: range), 1000 + published(100, 0.55, 400), relative: 1e-12))
        #expect(isClose(try band.clamp(-100, to: range), -published(100, 0.55, 400), relative: 1e-12))
        // Continuous at both bounds and never more than the dimension outside.
        #expect(abs(try band.clamp(1000 + 1e-9, to: range) - 1000) < 1e-9)
        #expect(abs(try band.clamp(-1e-9, to: range)) < 1e-9)
        #expect(try band.clamp(1e12, to: range) < 1400)
        #expect(try band.clamp(-1e12, to: range) > -400)
        // The one-shot form agrees.
        #expect(try RubberBand.clamp(1100, to: range, dimension: 400) == band.clamp(1100, to: range))
        #expect(throws: LiquidError.invalidParameter(name: "rubber-band dimension", value: 0, requirement: "must be positive")) {
            try RubberBand.clamp(5, to: range, dimension: 0)
        }
        #expect(throws: LiquidError.nonFinite(name: "value", value: .nan)) {
            try band.clamp(.nan, to: range)
        }
    }

    @Test func clampWithAnOpenEndBandsOneSideOnly() throws {
        let band = try RubberBand(dimension: 300)
        #expect(try band.clamp(-1e6, to: -Double.infinity...0) == -1e6)
        #expect(try band.clamp(50, to: -Double.infinity...0) < 50)
    }

    @Test func unclampInvertsClamp() throws {
        var random = SeededRandom(seed: 0xC1A)
        let band = try RubberBand(dimension: 500, coefficient: 0.55)
        let range = -200.0...300.0
        for _ in 0..<200 {
            let value = random.uniform(-5000...5000)
            let shown = try band.clamp(value, to: range)
            #expect(isClose(try band.unclamp(shown, from: range), value, relative: 1e-9))
        }
        #expect(throws: LiquidError.self) { try band.unclamp(300 + 500, from: range) }
    }

    @Test func powerFormAndItsInverse() throws {
        #expect(isClose(try RubberBand.power(2, exponent: 0.5), 2.0.squareRoot(), relative: 1e-15))
        #expect(isClose(try RubberBand.power(-8, exponent: 1.0 / 3), -2, relative: 1e-12))
        #expect(try RubberBand.power(0) == 0)
        #expect(try RubberBand.power(5, exponent: 1) == 5)
        var random = SeededRandom(seed: 0x707)
        for _ in 0..<200 {
            let sign: Double = random.uniform(0...1) < 0.5 ? -1 : 1
            let x = sign * random.logUniform(1e-4...1e5)
            let p = random.uniform(0.2...1)
            let y = try RubberBand.power(x, exponent: p)
            #expect(isClose(y, sign * pow(abs(x), p), relative: 1e-12))
            #expect(isClose(try RubberBand.inversePower(y, exponent: p), x, relative: 1e-9))
            #expect(isClose(try RubberBand.power(x), sign * pow(abs(x), 0.7), relative: 1e-12))
        }
    }

    @Test func powerFormRejectsBadInput() {
        for p in [0.0, -1, 1.5] {
            #expect(throws: LiquidError.invalidParameter(name: "rubber-band exponent", value: p, requirement: "must be in (0, 1]")) {
                try RubberBand.power(3, exponent: p)
            }
        }
        #expect(throws: LiquidError.nonFinite(name: "rubber-band exponent", value: .nan)) {
            try RubberBand.inversePower(3, exponent: .nan)
        }
        #expect(throws: LiquidError.nonFinite(name: "overscroll", value: -.infinity)) {
            try RubberBand.power(-.infinity)
        }
        #expect(throws: LiquidError.self) { try RubberBand.inversePower(1e300, exponent: 0.1) }
    }
}
