import LiquidGeometry
import Testing

@Suite("Checked conversions")
struct CheckedTests {
    /// The boundary values every numeric input is probed with.
    static let hostile: [Double] = [
        .nan, -.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e-300,
        1e300, -1e300, .greatestFiniteMagnitude, 9_223_372_036_854_775_808, -9_223_372_036_854_775_809,
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
        #expect(try Checked.number(1e-320, "scale", above: 0, through: 16) == 1e-320)
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
