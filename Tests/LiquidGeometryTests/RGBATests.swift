import LiquidGeometry
import TestSupport
import Testing

@Suite("RGBA")
struct RGBATests {
    func close(_ a: RGBA, _ b: RGBA, _ tolerance: Double = 1e-12) -> Bool {
        abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
            && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
    }

    @Test("Hex strings parse to value / 255")
    func hexParsing() throws {
        #expect(try RGBA(hex: "#ff8000") == RGBA(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        #expect(try RGBA(hex: "#FF800080") == RGBA(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(try RGBA(hex: "#00000000") == .clear)
        #expect(try RGBA(hex: "#aBcDeF").blue == 239.0 / 255)
    }

    @Test("Malformed hex strings are refused")
    func hexErrors() {
        for bad in ["ff8000", "#ff80", "#ff8000f", "#ff8000ff00", "#gg0000", "#+f0000", "# f0000", "#ff80０0", "", "#"] {
            #expect(thrownKind { try RGBA(hex: bad) } == .malformed, "\(bad)")
        }
    }

    @Test("hexString round-trips through init(hex:) (seeded)")
    func hexRoundTrip() throws {
        var rng = SeededRandom(seed: 0xC010)
        for _ in 0..<200 {
            let c = RGBA(red: rng.uniform(0...1), green: rng.uniform(0...1), blue: rng.uniform(0...1), alpha: rng.uniform(0...1))
            let back = try RGBA(hex: c.hexString)
            #expect(close(back, c, 1.0 / 510 + 1e-12))
            #expect(try RGBA(hex: back.hexString) == back)
        }
        #expect(RGBA.white.hexString == "#ffffff")
        #expect(RGBA(red: 0, green: 1.0 / 255, blue: 0, alpha: 0.5).hexString == "#00010080")
    }

    @Test("Validation refuses NaN, infinity and alpha outside 0…1")
    func validation() throws {
        #expect(thrownKind { try RGBA(validatingRed: .nan, green: 0, blue: 0) } == .nonFinite)
        #expect(thrownKind { try RGBA(validatingRed: 0, green: .infinity, blue: 0) } == .nonFinite)
        #expect(thrownKind { try RGBA(validatingRed: 0, green: 0, blue: 0, alpha: -.infinity) } == .nonFinite)
        #expect(thrownKind { try RGBA(validatingRed: 0, green: 0, blue: 0, alpha: 1.5) } == .outOfRange)
        #expect(thrownKind { try RGBA(validatingRed: 0, green: 0, blue: 0, alpha: -0.1) } == .outOfRange)
        #expect(try RGBA(validatingRed: 1.2, green: -0.1, blue: 0.5, alpha: 1).clamped() == RGBA(red: 1, green: 0, blue: 0.5))
    }

    @Test("Source-over: known values, including the case naive straight-alpha mixing gets wrong")
    func compositingKnownValues() {
        let red = RGBA(red: 1, green: 0, blue: 0)
        let blue = RGBA(red: 0, green: 0, blue: 1)
        #expect(red.composited(over: blue) == red)
        #expect(RGBA.clear.composited(over: blue) == blue)
        #expect(RGBA.clear.composited(over: .clear) == .clear)
        #expect(close(red.withAlpha(0.5).composited(over: blue), RGBA(red: 0.5, green: 0, blue: 0.5)))
        // Half red over half blue: α = 0.75, red = 0.5 / 0.75, blue = 0.25 / 0.75.
        // (Mixing straight colours by the source alpha would give 0.5 / 0.5.)
        let mixed = red.withAlpha(0.5).composited(over: blue.withAlpha(0.5))
        #expect(close(mixed, RGBA(red: 2.0 / 3, green: 0, blue: 1.0 / 3, alpha: 0.75)))
        // A colour over itself keeps its colour; only the coverage grows.
        let grey = RGBA(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.4)
        #expect(close(grey.composited(over: grey), grey.withAlpha(0.64)))
        let p = grey.premultiplied
        #expect(isClose(p.red, 0.12) && p.alpha == 0.4)
    }

    @Test("Source-over is associative and matches flattening onto an opaque backdrop (seeded)")
    func compositingProperties() {
        var rng = SeededRandom(seed: 0xA1FA)
        func random() -> RGBA {
            RGBA(red: rng.uniform(0...1), green: rng.uniform(0...1), blue: rng.uniform(0...1), alpha: rng.uniform(0...1))
        }
        for _ in 0..<300 {
            let a = random(), b = random(), c = random()
            #expect(close(a.composited(over: b).composited(over: c), a.composited(over: b.composited(over: c)), 1e-9))
            // Over an opaque backdrop, straight and premultiplied agree: out = a·αa + bg·(1 − αa), per channel.
            let backdrop = random().withAlpha(1)
            let out = a.composited(over: backdrop)
            #expect(out.alpha == 1)
            #expect(isClose(out.green, a.green * a.alpha + backdrop.green * (1 - a.alpha), absolute: 1e-12))
            let result = a.composited(over: b)
            #expect(result.alpha >= Swift.max(a.alpha, b.alpha) - 1e-15 && result.alpha <= 1)
            for channel in [result.red, result.green, result.blue] { #expect(channel >= -1e-12 && channel <= 1 + 1e-12) }
        }
    }
}
