import Foundation
import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Blend modes and compositing")
struct BlendModeTests {
    /// W3C Compositing and Blending Level 1, written from the specification in straight colour:
    /// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)` for the separable modes.
    static func reference(_ mode: BlendMode, source s: [Double], backdrop d: [Double]) -> [Double] {
        let sa = s[3], da = d[3]
        func separable(_ b: (Double, Double) -> Double) -> [Double] {
            var out = [Double](repeating: 0, count: 4)
            for c in 0..<3 {
                let cs = sa > 0 ? s[c] / sa : 0, cb = da > 0 ? d[c] / da : 0
                out[c] = s[c] * (1 - da) + d[c] * (1 - sa) + sa * da * b(cb, cs)
            }
            out[3] = sa + da * (1 - sa)
            return out
        }
        func multiply(_ cb: Double, _ cs: Double) -> Double { cb * cs }
        func screen(_ cb: Double, _ cs: Double) -> Double { cb + cs - cb * cs }
        func hardLight(_ cb: Double, _ cs: Double) -> Double {
            cs <= 0.5 ? multiply(cb, 2 * cs) : screen(cb, 2 * cs - 1)
        }
        switch mode {
        case .normal: return separable { _, cs in cs }
        case .multiply: return separable(multiply)
        case .screen: return separable(screen)
        case .overlay: return separable { cb, cs in hardLight(cs, cb) }
        case .softLight:
            return separable { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let dd = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (dd - cb)
            }
        case .copy: return s
        case .plusLighter: return (0..<4).map { min(1, s[$0] + d[$0]) }
        case .destinationOut: return d.map { $0 * (1 - sa) }
        case .destinationIn: return d.map { $0 * sa }
        }
    }

    static func randomPixel(_ rng: inout SeededRandom) -> PremultipliedRGBA8 {
        let special: [UInt8] = [0, 255, 1, 254, 128]
        let a = Int.random(in: 0..<4, using: &rng) == 0 ? special.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
        func channel() -> UInt8 { UInt8.random(in: 0...a, using: &rng) }
        return PremultipliedRGBA8(red: channel(), green: channel(), blue: channel(), alpha: a)
    }

    static func expected(_ mode: BlendMode, _ s: PremultipliedRGBA8, _ d: PremultipliedRGBA8,
                         opacity: Double, coverage: Double) -> [Double] {
        let sv = [s.red, s.green, s.blue, s.alpha].map { Double($0) / 255 * opacity }
        let dv = [d.red, d.green, d.blue, d.alpha].map { Double($0) / 255 }
        let blended = reference(mode, source: sv, backdrop: dv)
        return (0..<4).map { c in min(max(dv[c] + coverage * (blended[c] - dv[c]), 0), 1) * 255 }
    }

    @Test(arguments: BlendMode.allCases)
    func matchesTheW3CDefinitions(mode: BlendMode) throws {
        var rng = SeededRandom(seed: UInt64(mode.description.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        let n = 64
        for round in 0..<4 {
            let opacity = round == 0 ? 1 : rng.uniform(0...1)
            let useMask = round >= 2
            var source = try Pixmap(width: n, height: n), destination = try Pixmap(width: n, height: n)
            var mask = [UInt8](repeating: 255, count: n * n)
            for y in 0..<n {
                for x in 0..<n {
                    source[x, y] = Self.randomPixel(&rng)
                    destination[x, y] = Self.randomPixel(&rng)
                    if useMask { mask[y * n + x] = UInt8.random(in: 0...255, using: &rng) }
                }
            }
            var result = destination
            try mask.withUnsafeBufferPointer { m in
                let coverage = CoverageMask(base: m.baseAddress!, width: n, height: n, rowBytes: n)
                try result.withMutableView { dst in
                    try source.withView { src in
                        try dst.composite(src, mode: mode, opacity: opacity, mask: useMask ? coverage : nil)
                    }
                }
            }
            for y in 0..<n {
                for x in 0..<n {
                    let e = Self.expected(mode, source[x, y], destination[x, y], opacity: opacity,
                                          coverage: Double(mask[y * n + x]) / 255)
                    let got = result[x, y]
                    let values = [got.red, got.green, got.blue, got.alpha].map(Double.init)
                    for c in 0..<4 where abs(values[c] - e[c]) > 1 {
                        Issue.record("\(mode) opacity \(opacity) s \(source[x, y]) d \(destination[x, y]) mask \(mask[y * n + x]): channel \(c) got \(values[c]), expected \(e[c])")
                    }
                }
            }
            #expect(FilterTestImages.isPremultiplied(result))
        }
    }

    @Test(arguments: BlendMode.allCases)
    func solidColourMatchesAPixmapOfThatColour(mode: BlendMode) throws {
        let color = PremultipliedRGBA8(red: 30, green: 100, blue: 140, alpha: 180)
        let destination = FilterTestImages.noise(width: 17, height: 9, seed: 77)
        let source = try Pixmap(width: 17, height: 9, fill: color)
        var a = destination, b = destination
        try a.withMutableView { dst in try source.withView { try dst.composite($0, mode: mode, opacity: 0.8) } }
        try b.withMutableView { try $0.composite(color: color, mode: mode, opacity: 0.8) }
        #expect(a == b)
    }

    @Test func divideBy255IsExactForAllProducts() {
        var failures = 0
        for x in UInt32(0)...(255 * 255) {
            let exact = UInt32((Double(x) / 255).rounded())
            if PixelMath.divideBy255(x) != exact { failures += 1 }
        }
        #expect(failures == 0)
    }

    /// The SWAR source-over against exact arithmetic for every source alpha, every source colour ≤ alpha,
    /// and destinations in steps of 5 (plus 255), all four lanes at once.
    @Test func fastSourceOverIsExactlyRounded() {
        var failures = 0
        for sa in 0...255 {
            for s in 0...sa {
                for d in Swift.stride(from: 0, through: 255, by: 5) {
                    let sp = PremultipliedRGBA8(red: UInt8(s), green: UInt8(sa - s), blue: UInt8(s / 2), alpha: UInt8(sa))
                    let dp = PremultipliedRGBA8(red: UInt8(d), green: UInt8(255 - d), blue: UInt8(d / 3), alpha: 255)
                    let out = PremultipliedRGBA8(packed: Compositing.sourceOver(sp.packed, dp.packed))
                    func expect(_ sc: UInt8, _ dc: UInt8) -> UInt8 {
                        UInt8(Double(sc) + (Double(dc) * Double(255 - sa) / 255).rounded())
                    }
                    if out != PremultipliedRGBA8(red: expect(sp.red, dp.red), green: expect(sp.green, dp.green),
                                                 blue: expect(sp.blue, dp.blue), alpha: expect(sp.alpha, dp.alpha)) {
                        failures += 1
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func maskZeroLeavesTheDestinationAlone() throws {
        let destination = FilterTestImages.noise(width: 8, height: 8, seed: 1)
        let zeros = [UInt8](repeating: 0, count: 64)
        for mode in BlendMode.allCases {
            var result = destination
            try zeros.withUnsafeBufferPointer { m in
                let mask = CoverageMask(base: m.baseAddress!, width: 8, height: 8, rowBytes: 8)
                try result.withMutableView { try $0.composite(color: .white, mode: mode, mask: mask) }
            }
            #expect(result == destination, "\(mode)")
        }
    }

    @Test func keywordsRoundTrip() {
        for mode in BlendMode.allCases { #expect(BlendMode(keyword: mode.description) == mode) }
        #expect(BlendMode(keyword: "hue") == nil)
    }

    @Test func invalidParametersAreRejected() throws {
        var p = try Pixmap(width: 4, height: 4)
        let other = try Pixmap(width: 5, height: 4)
        for opacity in [-0.1, 1.1, .nan, .infinity] {
            #expect(throws: LiquidError.self) { try p.withMutableView { try $0.composite(color: .white, opacity: opacity) } }
        }
        #expect(throws: LiquidError.self) { try p.composite(other) }
        do {
            try p.withMutableView { try $0.composite(color: .white, opacity: .nan) }
        } catch let error as LiquidError {
            #expect(error.description.contains("opacity"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
