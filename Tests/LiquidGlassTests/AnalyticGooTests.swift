#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

@Suite("AnalyticGoo")
struct AnalyticGooTests {
    private static func phi(_ u: Double) -> Double { 0.5 * erfc(-u / 2.squareRoot()) }

    /// A sharp rectangle blurred by a Gaussian is the product of two erf steps; with a threshold whose
    /// smoothstep spans the whole 0…1 range the output alpha is a smooth function of that product.
    @Test(arguments: [(2.0, 2.0), (3.0, 3.0)])
    func sharpRectangleMatchesTheClosedForm(scale: Double, blurRadius: Double) throws {
        let rect = Rect(x: 9.3, y: 7.7, width: 21.1, height: 13.4)
        let parameters = GooParameters(blurRadius: blurRadius, threshold: 0.5, edgeWidth: 1, color: .black)
        let layer = GooLayer()
        layer.method = .analytic
        try layer.render(size: Size(width: 40, height: 30), scale: scale, parameters: parameters,
                         shapes: [.roundedRect(rect, cornerRadius: 0)])
        #expect(layer.lastRenderWasAnalytic)
        let image = try #require(layer.image)
        let threshold = try AlphaThreshold(threshold: 0.5, edgeWidth: 1)
        let sigma = blurRadius * scale
        var worst = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let bx = Self.phi((rect.maxX * scale - cx) / sigma) - Self.phi((rect.minX * scale - cx) / sigma)
                let by = Self.phi((rect.maxY * scale - cy) / sigma) - Self.phi((rect.minY * scale - cy) / sigma)
                let expected = 255 * threshold.weight(alpha: bx * by)
                worst = max(worst, abs(Double(image[x, y].alpha) - expected))
            }
        }
        // σ = 4 px is evaluated per pixel; σ = 9 px on a 3 px grid, whose interpolation adds about a level.
        #expect(worst <= 3, "worst alpha difference \(worst) levels")
    }

    /// The column pass's kernel (AVX-512 where the CPU has it) writes the same bytes as the portable path: layers wider than the kernel's 64-column groups and narrower than one, σ on and off the
    /// 3-pixel grid, with and without a clip.
    @Test func kernelsAgreeWithThePortablePath() throws {
        let lookup = try AlphaThreshold(threshold: 0.69, edgeWidth: 0.08, color: .white).lookupTable()
        let shapes: [GooShape] = [.capsule(Rect(x: 8, y: 10, width: 140, height: 16)),
                                  .capsule(Rect(x: 30, y: 6, width: 24, height: 44)),
                                  .circle(center: Point(164, 18), radius: 9),
                                  .roundedRect(Rect(x: 60, y: 30, width: 50, height: 20), cornerRadius: 4)]
        for (width, height, scale, sigma) in [(200, 60, 3.0, 9.0), (40, 30, 2.0, 4.0), (230, 70, 3.0, 13.5),
                                             (60, 40, 1.0, 2.0)] {
            let boxes = shapes.compactMap { AnalyticGoo.box($0, scale: scale) }
            for clip in [nil, AnalyticGoo.box(.capsule(Rect(x: 20, y: 8, width: 120, height: 30)), scale: scale)] {
                var images: [Pixmap] = []
                for kernels in [KernelSet.automatic, .portable] {
                    var image = try Pixmap(width: Int(Double(width) * scale), height: Int(Double(height) * scale))
                    image.withMutableView {
                        AnalyticGoo.render(boxes: boxes, clip: clip, sigma: sigma, lookup: lookup, into: $0,
                                           workspace: AnalyticGoo.Workspace(), kernels: kernels)
                    }
                    images.append(image)
                }
                let differing = zip(images[0].bytes, images[1].bytes).filter { $0 != $1 }.count
                let drawn = images[1].bytes.filter { $0 != 0 }.count
                #expect(differing == 0 && drawn > 0, "\(width)×\(height) at \(scale), σ \(sigma), clip \(clip != nil): \(differing) bytes differ, \(drawn) drawn")
            }
        }
    }

    /// Overlapping capsules and a circle (a union, so overlaps must not add up) against the blur path.
    @Test func unionOfCapsulesMatchesTheBlurPath() throws {
        let shapes: [GooShape] = [.capsule(Rect(x: 8, y: 10, width: 40, height: 16)),
                                  .capsule(Rect(x: 30, y: 6, width: 24, height: 24)),
                                  .circle(center: Point(64, 18), radius: 6)]
        let parameters = GooParameters.liquidSwitch(color: RGBA(red: 0.2, green: 0.6, blue: 0.3))
        let size = Size(width: 80, height: 36)
        let blur = GooLayer(), analytic = GooLayer()
        analytic.method = .analytic
        try blur.render(size: size, scale: 3, parameters: parameters, shapes: shapes)
        try analytic.render(size: size, scale: 3, parameters: parameters, shapes: shapes)
        #expect(analytic.lastRenderWasAnalytic && !blur.lastRenderWasAnalytic)
        let a = try #require(analytic.image), b = try #require(blur.image)
        var sum = 0, worst = 0
        for (x, y) in zip(a.bytes, b.bytes) {
            let d = abs(Int(x) - Int(y))
            sum += d; worst = max(worst, d)
        }
        let mean = Double(sum) / Double(a.bytes.count)
        #expect(mean <= 0.5, "mean difference \(mean) levels")
        // The threshold steepens the blur's small differences near the edge; they stay a fraction of the step.
        #expect(worst <= 64, "worst difference \(worst) levels")
        // The circle 4 pt from the capsule fuses with it on both paths (the gap is filled at its middle).
        #expect(a[3 * 56, 3 * 18].alpha == b[3 * 56, 3 * 18].alpha)
    }

    /// Shapes the analytic path does not know take the blur path, byte for byte.
    @Test func unknownShapesFallBackToTheBlurPath() throws {
        let shapes: [GooShape] = [.capsule(Rect(x: 4, y: 4, width: 20, height: 10)), .ellipse(Rect(x: 18, y: 6, width: 10, height: 14))]
        let parameters = GooParameters.tabBar(color: .black)
        let blur = GooLayer(), analytic = GooLayer()
        analytic.method = .analytic
        try blur.render(size: Size(width: 32, height: 24), scale: 2, parameters: parameters, shapes: shapes)
        try analytic.render(size: Size(width: 32, height: 24), scale: 2, parameters: parameters, shapes: shapes)
        #expect(!analytic.lastRenderWasAnalytic)
        #expect(analytic.image?.bytes == blur.image?.bytes)
    }

    /// A clip cuts the union on both paths alike.
    @Test func clipMatchesTheBlurPath() throws {
        let shapes: [GooShape] = [.roundedRect(Rect(x: 6, y: 8, width: 14, height: 8), cornerRadius: 2),
                                  .roundedRect(Rect(x: 24, y: 8, width: 12, height: 8), cornerRadius: 2)]
        let clip = GooShape.capsule(Rect(x: 14, y: 4, width: 20, height: 16))
        let parameters = GooParameters.tabBar(color: .black)
        let blur = GooLayer(), analytic = GooLayer()
        analytic.method = .analytic
        try blur.render(size: Size(width: 44, height: 24), scale: 3, parameters: parameters, shapes: shapes, clip: clip)
        try analytic.render(size: Size(width: 44, height: 24), scale: 3, parameters: parameters, shapes: shapes, clip: clip)
        #expect(analytic.lastRenderWasAnalytic)
        let a = try #require(analytic.image), b = try #require(blur.image)
        let mean = Double(zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.bytes.count)
        #expect(mean <= 0.5, "mean difference \(mean) levels")
        // Outside the clip nothing is drawn on either path.
        #expect(a[3 * 8, 3 * 12].alpha == 0 && b[3 * 8, 3 * 12].alpha == 0)
    }
}
