import LiquidGeometry
import Testing

@Suite("Checked conversions")
struct CheckedTests {
    /// The boundary values every numeric input is probed with.
    /// (−2⁶³ − 2048 is the first Double below Int64.min.)
    static let hostile: [Double] = [
        .nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300,
        1e300, -1e300, .greatestFiniteMagnitude, 9_223_372_036_854_775_808, -9_223_372_036_854_777_856,
        18_446_744_073_709_551_616, 0.5, -0.5, 16_384.4, 16_384.5,
    ]

    @Test(arguments: hostile)
    func integersNeverTrapAndStayInRange(value: Double) {
        for rounding in [Checked.Rounding.down, .up, .nearest] {
            do {
                let n = try Checked.integer(value, "width", in: 1...16_384, rounding: rounding)
                #expect((1...16_384).contains(n))
                #expect(abs(Double(n) - value) <= 1, "\(value) → \(n)")
            } catch {
                #expect(error.message.hasPrefix("width must be"), "\(error)")
                #expect(error.message.contains("got"))
            }
        }
    }

    @Test func integersRoundAsAsked() throws {
        #expect(try Checked.integer(2.5, "n", in: 0...10) == 3)
        #expect(try Checked.integer(2.5, "n", in: 0...10, rounding: .down) == 2)
        #expect(try Checked.integer(2.01, "n", in: 0...10, rounding: .up) == 3)
        #expect(try Checked.integer(-0.4, "n", in: 0...10) == 0)
        #expect(throws: LiquidError.invalidParameter(name: "n", value: 10.6, requirement: "must be between 0 and 10")) {
            try Checked.integer(10.6, "n", in: 0...10)
        }
        #expect(try Checked.integer(9.2e18, "n", in: 0...Int.max) == 9_200_000_000_000_000_000)
        #expect(throws: LiquidError.self) { try Checked.integer(9_223_372_036_854_775_808, "n", in: 0...Int.max) }
    }

    @Test func numbersNameTheirRange() throws {
        #expect(try Checked.number(0.3, "bounce", in: -1...1) == 0.3)
        let error = #expect(throws: LiquidError.self) { try Checked.number(1e300, "blur sigma", in: 0...1e6) }
        #expect(error?.message == "blur sigma must be between 0 and 1000000; got 1e+300")
        #expect(error?.kind == .outOfRange)
        let nan = #expect(throws: LiquidError.self) { try Checked.number(-.nan, "scale", above: 0, through: 16) }
        #expect(nan?.message == "scale must be a finite number; got nan" && nan?.kind == .nonFinite)
        #expect(throws: LiquidError.self) { try Checked.number(0, "scale", above: 0, through: 16) }
        let subnormal = Double.leastNonzeroMagnitude * 2_024 // ≈ 1e-320
        #expect(try Checked.number(subnormal, "scale", above: 0, through: 16) == subnormal)
    }

    @Test func productsRefuseOverflowAndBudgets() throws {
        #expect(try Checked.product(4096, 4096, "pixels", atMost: 1 << 28) == 16_777_216)
        #expect(throws: LiquidError.self) { try Checked.product(Int.max / 2, 3, "pixels", atMost: .max) }
        #expect(throws: LiquidError.self) { try Checked.product(20_000, 20_000, "pixels", atMost: 1 << 28) }
    }

    @Test(arguments: hostile)
    func clampingNeverTraps(value: Double) {
        let n = Checked.clamped(value, to: -5...5)
        #expect((-5...5).contains(n))
        #expect(Checked.clamped(value, to: Int.min...Int.max, rounding: .down) != 0 || value.isNaN || abs(value) < 1)
    }
}

@Suite("Signed distances with extreme radii")
struct ExtremeRadiusDistanceTests {
    /// A corner radius too small to matter (down to the least subnormal) gives the sharp rect's distances,
    /// never NaN: the shadow and glass band read these distances for every pixel.
    @Test(arguments: [Double.leastNonzeroMagnitude, .leastNonzeroMagnitude * 2_024, 1e-300, 1e-100, 1e-12])
    func tinyRadiiAreSharpCorners(radius: Double) {
        let rect = Rect(x: 10, y: 20, width: 80, height: 40)
        let sharp = SignedDistanceShape.rect(rect)
        for continuous in [false, true] {
            let shape = SignedDistanceShape.roundedRect(rect, radius: radius, continuous: continuous)
            for y in stride(from: 0.0, through: 80, by: 2.5) {
                for x in stride(from: -5.0, through: 105, by: 2.5) {
                    let d = shape.distance(to: Point(x, y)), expected = sharp.distance(to: Point(x, y))
                    #expect(abs(d - expected) <= 1e-9, "r \(radius) continuous \(continuous) at \(x),\(y): \(d) vs \(expected)")
                }
            }
        }
    }
}
