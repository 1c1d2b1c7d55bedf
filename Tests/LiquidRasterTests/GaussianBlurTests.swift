import Foundation
import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Gaussian blur")
struct GaussianBlurTests {
    static let sigmas: [Double] = [0.5, 1, 2, 3, 5, 10, 20, 30, 60]

    /// The accuracy promise: mean ≤ 0.5 and max ≤ 3 levels per channel against the exact Double blur, on
    /// noise and on hard edges, both edge modes, σ from 0.5 to 60 (60 is larger than the 96×80 image).
    @Test(arguments: sigmas)
    func matchesTheExactGaussian(sigma: Double) throws {
        let images = [("noise", FilterTestImages.noise(width: 96, height: 80, seed: 11)),
                      ("opaque noise", FilterTestImages.noise(width: 96, height: 80, seed: 12, opaque: true)),
                      ("hard edges", FilterTestImages.hardEdges(width: 96, height: 80, seed: 13))]
        for (name, image) in images {
            for edgeMode in EdgeMode.allCases {
                let blurred = try GaussianBlur(sigma: sigma, edgeMode: edgeMode).applied(to: image)
                let reference = FilterTestImages.referenceBlur(image, sigma: sigma, edgeMode: edgeMode)
                let e = FilterTestImages.errors(blurred, reference)
                #expect(e.mean <= 0.5 && e.max <= 3, "σ \(sigma) \(name) \(edgeMode): mean \(e.mean), max \(e.max)")
                #expect(FilterTestImages.isPremultiplied(blurred))
            }
        }
    }

    @Test func sigmaLargerThanTheImage() throws {
        let image = FilterTestImages.hardEdges(width: 24, height: 17, seed: 5)
        for edgeMode in EdgeMode.allCases {
            let blurred = try GaussianBlur(sigma: 45, edgeMode: edgeMode).applied(to: image)
            let e = FilterTestImages.errors(blurred, FilterTestImages.referenceBlur(image, sigma: 45, edgeMode: edgeMode))
            #expect(e.mean <= 0.5 && e.max <= 3, "\(edgeMode): mean \(e.mean), max \(e.max)")
        }
    }

    /// From σ = 16 × the image side the kernel is flat over it and the blur takes its linear-time path;
    /// it must still match the exact convolution (both sides of the switch, both edge modes).
    @Test(arguments: [15.0, 16.0, 40.0, 200.0])
    func flatKernelsMatchTheExactGaussian(sidesPerSigma: Double) throws {
        let image = FilterTestImages.hardEdges(width: 13, height: 9, seed: 11)
        let sigma = sidesPerSigma * 13
        for edgeMode in EdgeMode.allCases {
            let blurred = try GaussianBlur(sigma: sigma, edgeMode: edgeMode).applied(to: image)
            let e = FilterTestImages.errors(blurred, FilterTestImages.referenceBlur(image, sigma: sigma, edgeMode: edgeMode))
            #expect(e.mean <= 0.5 && e.max <= 1, "σ \(sigma) \(edgeMode): mean \(e.mean), max \(e.max)")
        }
    }

    /// As σ grows without bound the clamped blur tends to the mean of the four corner pixels (each pass
    /// averages a line's two end samples) and the transparent one to nothing: an exact reference for σ far
    /// beyond any kernel that could be stored. Tiny σ is the identity. None may trap or allocate with σ.
    @Test(arguments: [1e9, 1e12, 9.3e18, 1e300, Double.greatestFiniteMagnitude])
    func hugeSigmasTendToTheCornerMean(sigma: Double) throws {
        let image = FilterTestImages.noise(width: 7, height: 5, seed: 3)
        let clamped = try GaussianBlur(sigma: sigma).applied(to: image)
        let corners = [(0, 0), (6, 0), (0, 4), (6, 4)].map { image[$0.0, $0.1] }
        for y in 0..<5 {
            for x in 0..<7 {
                let p = clamped[x, y]
                let mean = { (channel: (PremultipliedRGBA8) -> UInt8) in corners.map { Double(channel($0)) }.reduce(0, +) / 4 }
                #expect(abs(Double(p.red) - mean { $0.red }) <= 1 && abs(Double(p.alpha) - mean { $0.alpha }) <= 1, "σ \(sigma) at \(x),\(y)")
            }
        }
        let transparent = try GaussianBlur(sigma: sigma, edgeMode: .transparent).applied(to: image)
        #expect(transparent == (try Pixmap(width: 7, height: 5)), "σ \(sigma)")
    }

    @Test(arguments: [Double.leastNonzeroMagnitude, 1e-300, 1e-10, 0.01])
    func tinySigmasAreTheIdentity(sigma: Double) throws {
        let image = FilterTestImages.noise(width: 9, height: 6, seed: 8)
        for edgeMode in EdgeMode.allCases {
            #expect(try GaussianBlur(sigma: sigma, edgeMode: edgeMode).applied(to: image) == image, "σ \(sigma)")
        }
    }

    @Test func oddSizesAndTinyImages() throws {
        for (w, h) in [(1, 1), (1, 9), (9, 1), (3, 2), (37, 5)] {
            let image = FilterTestImages.noise(width: w, height: h, seed: UInt64(w * 100 + h))
            for sigma in [0.7, 4.0, 12.0] {
                for edgeMode in EdgeMode.allCases {
                    let blurred = try GaussianBlur(sigma: sigma, edgeMode: edgeMode).applied(to: image)
                    let e = FilterTestImages.errors(blurred, FilterTestImages.referenceBlur(image, sigma: sigma, edgeMode: edgeMode))
                    #expect(e.mean <= 0.5 && e.max <= 3, "\(w)×\(h) σ \(sigma) \(edgeMode): mean \(e.mean), max \(e.max)")
                }
            }
        }
    }

    @Test func sigmaZeroIsTheIdentity() throws {
        let image = FilterTestImages.noise(width: 33, height: 21, seed: 3)
        #expect(try GaussianBlur(sigma: 0).applied(to: image) == image)
        #expect(try GaussianBlur(sigma: 0, edgeMode: .transparent).applied(to: image) == image)
    }

    @Test func constantImagesStayConstantWithClamp() throws {
        let color = PremultipliedRGBA8(red: 40, green: 90, blue: 130, alpha: 200)
        let image = try Pixmap(width: 50, height: 31, fill: color)
        for sigma in [0.8, 3, 9, 27] {
            #expect(try GaussianBlur(sigma: sigma).applied(to: image) == image, "σ \(sigma)")
        }
    }

    /// A bright block far from the edges keeps its total (the kernel sums to 1). The exact response is
    /// separable (a product of two 1-D profiles), so its rounded total is known; the blur's total must
    /// match it within 0.3 % (rounding of the faint tails is the same loss in both).
    @Test(arguments: [1.0, 3, 10, 16])
    func impulseResponseSumsToOne(sigma: Double) throws {
        var image = try Pixmap(width: 200, height: 200)
        for y in 94..<106 { for x in 94..<106 { image[x, y] = .white } }
        let blurred = try GaussianBlur(sigma: sigma).applied(to: image)
        var total = 0.0
        for y in 0..<200 { for x in 0..<200 { total += Double(blurred[x, y].alpha) } }
        let r = Int((5 * sigma).rounded(.up))
        let k = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let kTotal = k.reduce(0, +)
        let profile = (0..<200).map { i in (94..<106).reduce(0.0) { sum, j in abs(i - j) <= r ? sum + k[i - j + r] / kTotal : sum } }
        var exactTotal = 0.0, roundedTotal = 0.0
        for y in 0..<200 {
            for x in 0..<200 {
                exactTotal += 255 * profile[x] * profile[y]
                roundedTotal += (255 * profile[x] * profile[y]).rounded()
            }
        }
        #expect(abs(exactTotal - 144 * 255) < 1e-6 * 144 * 255)
        #expect(abs(total - roundedTotal) <= 0.003 * exactTotal, "σ \(sigma): total \(total) vs \(roundedTotal)")
    }

    @Test func kernelsAreNormalised() {
        for sigma in [0.3, 1, 2.5, 7, 40] {
            let k = GaussianKernel(sigma: sigma, limit: 10_000, edgeMode: .clamp).weights
            let total = k.dropFirst().reduce(Double(k[0])) { $0 + 2 * Double($1) }
            #expect(isClose(total, 1, absolute: 1e-6), "σ \(sigma): \(total)")
        }
    }

    @Test func reusedWorkspaceGivesTheSameResult() throws {
        let workspace = BlurWorkspace()
        let a = FilterTestImages.noise(width: 64, height: 40, seed: 1)
        let b = FilterTestImages.noise(width: 20, height: 90, seed: 2)
        let blur = try GaussianBlur(sigma: 9)
        let first = blur.applied(to: a, workspace: workspace)
        _ = blur.applied(to: b, workspace: workspace)
        #expect(blur.applied(to: a, workspace: workspace) == first)
        #expect(blur.applied(to: a) == first)
    }

    @Test func regionsAreBlurredInPlaceAlone() throws {
        var image = FilterTestImages.noise(width: 40, height: 30, seed: 4)
        let original = image
        let rect = PixelRect(x: 5, y: 7, width: 20, height: 10)
        image.withMutableRegion(rect) { try! GaussianBlur(sigma: 6).apply(to: $0) }
        let expected = try GaussianBlur(sigma: 6).applied(to: original.cropped(to: rect))
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (5..<25).contains(x) && (7..<17).contains(y)
                #expect(image[x, y] == (inside ? expected[x - 5, y - 7] : original[x, y]))
            }
        }
    }

    @Test func invalidSigmasAreRejected() {
        for sigma in [-1, -0.0001, .nan, .infinity, -.infinity] {
            #expect(throws: LiquidError.self) { try GaussianBlur(sigma: sigma) }
        }
        do {
            _ = try GaussianBlur(sigma: .nan)
        } catch {
            #expect(error.description.contains("sigma"))
        }
    }
}
