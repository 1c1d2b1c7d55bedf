import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Colour matrix, saturation and goo matrix")
struct ColorMatrixTests {
    /// SVG feColorMatrix in Double: un-premultiply, multiply, clamp, premultiply.
    static func reference(_ m: [Double], _ p: PremultipliedRGBA8) -> [Double] {
        let a = Double(p.alpha) / 255
        let straight = p.alpha == 0 ? [0.0, 0, 0] : [p.red, p.green, p.blue].map { Double($0) / Double(p.alpha) }
        let v = straight + [a, 1]
        let out = (0..<4).map { r in min(max((0..<5).reduce(0.0) { $0 + m[5 * r + $1] * v[$1] }, 0), 1) }
        return [out[0] * out[3] * 255, out[1] * out[3] * 255, out[2] * out[3] * 255, out[3] * 255]
    }

    static func check(_ matrix: ColorMatrix, _ image: Pixmap) {
        let out = matrix.applied(to: image)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let e = reference(matrix.values, image[x, y])
                let g = out[x, y]
                let got = [g.red, g.green, g.blue, g.alpha].map(Double.init)
                for c in 0..<4 where abs(got[c] - e[c]) > 1 {
                    Issue.record("pixel \(image[x, y]): channel \(c) got \(got[c]), expected \(e[c])")
                }
            }
        }
        #expect(FilterTestImages.isPremultiplied(out))
    }

    @Test func identityIsBitExact() throws {
        let image = FilterTestImages.noise(width: 50, height: 50, seed: 31)
        #expect(ColorMatrix.identity.applied(to: image) == image)
        #expect(try ColorMatrix(ColorMatrix.identity.values).applied(to: image) == image)
    }

    @Test func gooMatrixHardensAlpha() throws {
        var image = try Pixmap(width: 256, height: 1)
        for a in 0...255 { image[a, 0] = PremultipliedRGBA8(red: UInt8(a / 3), green: UInt8(a), blue: 0, alpha: UInt8(a)) }
        Self.check(.goo, image)
        let out = ColorMatrix.goo.applied(to: image)
        for a in 0...255 {
            let alpha = min(max(18 * Double(a) / 255 - 7, 0), 1) * 255
            #expect(abs(Double(out[a, 0].alpha) - alpha) <= 0.5 + 1e-9)
        }
        #expect(out[99, 0].alpha == 0 && out[114, 0].alpha == 255)
    }

    @Test func generalMatricesMatchDouble() throws {
        let image = FilterTestImages.noise(width: 40, height: 40, seed: 32)
        var rng = SeededRandom(seed: 5)
        for _ in 0..<5 {
            let values = (0..<20).map { _ in rng.uniform(-1.5...1.5) }
            Self.check(try ColorMatrix(values), image)
        }
        for s in [0, 0.5, 1, 1.4, 3] { Self.check(try ColorMatrix.saturation(s), image) }
    }

    @Test func saturationZeroIsGreyAndOneIsNearIdentity() throws {
        let image = FilterTestImages.noise(width: 30, height: 30, seed: 33, opaque: true)
        let grey = try ColorMatrix.saturation(0).applied(to: image)
        for y in 0..<30 { for x in 0..<30 {
            let p = grey[x, y]
            #expect(abs(Int(p.red) - Int(p.green)) <= 1 && abs(Int(p.green) - Int(p.blue)) <= 1)
        } }
        let same = try ColorMatrix.saturation(1).applied(to: image)
        for y in 0..<30 { for x in 0..<30 {
            let a = same[x, y], b = image[x, y]
            #expect(abs(Int(a.red) - Int(b.red)) <= 1 && abs(Int(a.green) - Int(b.green)) <= 1 && abs(Int(a.blue) - Int(b.blue)) <= 1)
        } }
    }

    @Test func invalidParametersAreRejected() {
        #expect(throws: LiquidError.self) { try ColorMatrix([1, 2, 3]) }
        #expect(throws: LiquidError.self) { try ColorMatrix([Double](repeating: .nan, count: 20)) }
        #expect(throws: LiquidError.self) { try ColorMatrix.saturation(-0.5) }
        #expect(throws: LiquidError.self) { try ColorMatrix.saturation(.infinity) }
        do { _ = try ColorMatrix.saturation(.nan) } catch { #expect(error.description.contains("saturation")) }
    }
}
