import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Alpha and luma thresholds")
struct ThresholdTests {
    @Test func hardAlphaThresholdIsExact() throws {
        let color = RGBA(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        for t in [0, 0.25, 0.5, 0.69, 128.0 / 255, 1] {
            let threshold = try AlphaThreshold(threshold: t, color: color)
            var image = try Pixmap(width: 256, height: 1)
            for a in 0...255 { image[a, 0] = PremultipliedRGBA8(red: UInt8(a / 2), green: 0, blue: 0, alpha: UInt8(a)) }
            let out = threshold.applied(to: image)
            for a in 0...255 {
                let on = Double(a) / 255 >= t
                #expect(out[a, 0] == (on ? PremultipliedRGBA8(color) : .transparent), "t \(t) α \(a)")
            }
        }
    }

    @Test func softEdgeFollowsSmoothstep() throws {
        let color = RGBA(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        let threshold = try AlphaThreshold(threshold: 0.5, edgeWidth: 0.2, color: color)
        var image = try Pixmap(width: 256, height: 1)
        for a in 0...255 { image[a, 0] = PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: UInt8(a)) }
        let out = threshold.applied(to: image)
        for a in 0...255 {
            let x = min(max((Double(a) / 255 - 0.4) / 0.2, 0), 1)
            let s = x * x * (3 - 2 * x)
            let expectedAlpha = 0.8 * s * 255
            #expect(abs(Double(out[a, 0].alpha) - expectedAlpha) <= 0.5 + 1e-9, "α \(a)")
            #expect(abs(Double(out[a, 0].red) - expectedAlpha) <= 0.5 + 1e-9)
            #expect(abs(Double(out[a, 0].green) - 0.5 * expectedAlpha) <= 0.5 + 1e-9)
            if a <= 101 { #expect(out[a, 0] == .transparent) }
            if a >= 153 { #expect(out[a, 0] == PremultipliedRGBA8(color)) }
        }
    }

    @Test func lumaThresholdMatchesDouble() throws {
        let image = FilterTestImages.noise(width: 64, height: 64, seed: 21)
        for t in [0, 0.3, 0.5, 0.9] {
            let out = try LumaThreshold(threshold: t, color: RGBA(red: 1, green: 1, blue: 1)).applied(to: image)
            for y in 0..<64 {
                for x in 0..<64 {
                    let p = image[x, y]
                    var on = false
                    if p.alpha > 0 {
                        let a = Double(p.alpha)
                        let luma = 0.2126 * Double(p.red) / a + 0.7152 * Double(p.green) / a + 0.0722 * Double(p.blue) / a
                        if abs(luma - t) < 1e-9 { continue } // a tie decided by the last bit either way
                        on = luma > t
                    }
                    #expect(out[x, y] == (on ? .white : .transparent))
                }
            }
        }
    }

    @Test func invalidParametersAreRejected() {
        #expect(throws: LiquidError.self) { try AlphaThreshold(threshold: .nan) }
        #expect(throws: LiquidError.self) { try AlphaThreshold(threshold: 1.5) }
        #expect(throws: LiquidError.self) { try AlphaThreshold(threshold: 0.5, edgeWidth: -0.1) }
        #expect(throws: LiquidError.self) { try AlphaThreshold(threshold: 0.5, edgeWidth: .infinity) }
        #expect(throws: LiquidError.self) { try AlphaThreshold(threshold: 0.5, color: RGBA(red: .nan, green: 0, blue: 0)) }
        #expect(throws: LiquidError.self) { try LumaThreshold(threshold: -1) }
        do { _ = try AlphaThreshold(threshold: 0.5, edgeWidth: .nan) } catch { #expect(error.description.contains("edge width")) }
    }
}
