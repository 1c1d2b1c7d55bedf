import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Variable blur, goo, resampling")
struct VariableBlurTests {
    static func withMask(_ value: (Int, Int) -> UInt8, _ w: Int, _ h: Int,
                         _ body: (CoverageMask) throws -> Void) rethrows {
        var bytes = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h { for x in 0..<w { bytes[y * w + x] = value(x, y) } }
        try bytes.withUnsafeBufferPointer { try body(CoverageMask(base: $0.baseAddress!, width: w, height: h, rowBytes: w)) }
    }

    @Test func maskZeroIsTheIdentityAndMaskOneIsTheFullBlur() throws {
        let image = FilterTestImages.hardEdges(width: 48, height: 40, seed: 51)
        let blur = try VariableBlur(maximumSigma: 8)
        var sharp = image, full = image
        try Self.withMask({ _, _ in 0 }, 48, 40) { mask in try sharp.withMutableView { try blur.apply(to: $0, mask: mask) } }
        #expect(sharp == image)
        try Self.withMask({ _, _ in 255 }, 48, 40) { mask in try full.withMutableView { try blur.apply(to: $0, mask: mask) } }
        #expect(full == (try GaussianBlur(sigma: 8).applied(to: image)))
        let e = FilterTestImages.errors(full, FilterTestImages.referenceBlur(image, sigma: 8, edgeMode: .clamp))
        #expect(e.mean <= 0.5 && e.max <= 3)
    }

    @Test func intermediateMaskBlendsNeighbouringLevels() throws {
        let image = FilterTestImages.noise(width: 32, height: 32, seed: 52)
        let blur = try VariableBlur(maximumSigma: 6, levels: 4)
        var out = image
        try Self.withMask({ x, _ in x < 16 ? 85 : 170 }, 32, 32) { mask in try out.withMutableView { try blur.apply(to: $0, mask: mask) } }
        let at2 = try GaussianBlur(sigma: 2).applied(to: image), at4 = try GaussianBlur(sigma: 4).applied(to: image)
        for y in 0..<32 {
            #expect(out[3, y] == at2[3, y])
            #expect(out[28, y] == at4[28, y])
        }
        #expect(FilterTestImages.isPremultiplied(out))
    }

    @Test func variableBlurRejectsBadInput() throws {
        #expect(throws: LiquidError.self) { try VariableBlur(maximumSigma: -1) }
        #expect(throws: LiquidError.self) { try VariableBlur(maximumSigma: .nan) }
        #expect(throws: LiquidError.self) { try VariableBlur(maximumSigma: 3, levels: 1) }
        var image = try Pixmap(width: 4, height: 4)
        Self.withMask({ _, _ in 0 }, 3, 4) { mask in
            #expect(throws: LiquidError.self) { try image.withMutableView { try VariableBlur(maximumSigma: 2).apply(to: $0, mask: mask) } }
        }
    }

    @Test func fusedGooEqualsBlurThenThreshold() throws {
        var image = try Pixmap(width: 160, height: 120)
        for (cx, cy, r) in [(40.0, 60.0, 22.0), (85, 55, 18), (130, 70, 25), (70, 100, 8)] {
            for y in 0..<120 {
                for x in 0..<160 {
                    let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                    let coverage = min(max(r - d + 0.5, 0), 1)
                    if coverage > 0 { image[x, y] = PremultipliedRGBA8(RGBA(red: 1, green: 1, blue: 1, alpha: coverage)) }
                }
            }
        }
        let color = RGBA(red: 0.1, green: 0.4, blue: 0.9)
        for sigma in [1.5, 5, 12] {
            for edgeWidth in [0, 0.1] {
                let goo = try Goo(sigma: sigma, threshold: 0.5, edgeWidth: edgeWidth, color: color)
                let fused = goo.applied(to: image)
                let separate = try AlphaThreshold(threshold: 0.5, edgeWidth: edgeWidth, color: color)
                    .applied(to: GaussianBlur(sigma: sigma, edgeMode: .transparent).applied(to: image))
                var differing = 0
                for y in 0..<120 { for x in 0..<160 where fused[x, y] != separate[x, y] { differing += 1 } }
                #expect(differing <= 16, "σ \(sigma) edge \(edgeWidth): \(differing) pixels differ")
            }
        }
    }

    @Test func downsampleAveragesBlocks() throws {
        let image = FilterTestImages.noise(width: 10, height: 7, seed: 53)
        let small = try Resampling.downsampled(image, factor: 3)
        #expect(small.width == 4 && small.height == 3 && small.scale == 1.0 / 3)
        for by in 0..<3 {
            for bx in 0..<4 {
                var sum = [0.0, 0, 0, 0], n = 0.0
                for y in (3 * by)..<min(3 * by + 3, 7) {
                    for x in (3 * bx)..<min(3 * bx + 3, 10) {
                        let p = image[x, y]
                        sum[0] += Double(p.red); sum[1] += Double(p.green); sum[2] += Double(p.blue); sum[3] += Double(p.alpha)
                        n += 1
                    }
                }
                let p = small[bx, by]
                let got = [p.red, p.green, p.blue, p.alpha].map(Double.init)
                for c in 0..<4 { #expect(abs(got[c] - sum[c] / n) <= 0.5) }
            }
        }
        #expect(throws: LiquidError.self) { try Resampling.downsampled(image, factor: 0) }
    }

    @Test func upsampleKeepsConstantsAndInterpolates() throws {
        let color = PremultipliedRGBA8(red: 10, green: 20, blue: 30, alpha: 40)
        let flat = try Resampling.upsampled(Pixmap(width: 3, height: 2, fill: color), width: 13, height: 7)
        #expect(flat == (try Pixmap(width: 13, height: 7, scale: 13.0 / 3, fill: color)))
        var two = try Pixmap(width: 2, height: 1)
        two[0, 0] = .black
        two[1, 0] = .white
        let wide = try Resampling.upsampled(two, width: 4, height: 1)
        // Source coordinates −0.25, 0.25, 0.75, 1.25 → 0, 0.25, 0.75, 1 of the way from black to white.
        #expect(wide[0, 0] == .black && wide[3, 0] == .white)
        #expect(abs(Int(wide[1, 0].red) - 64) <= 1 && abs(Int(wide[2, 0].red) - 191) <= 1)
        #expect(throws: LiquidError.self) { try Resampling.upsampled(two, width: 0, height: 1) }
    }
}
