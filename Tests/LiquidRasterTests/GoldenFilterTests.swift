import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// Golden images of every filter, each on a small scene and each with a property checked independently of
/// the golden (symmetry, conservation, a Double evaluation of the filter's definition, or an exact pixel).
@Suite("Golden images: filters")
struct GoldenFilterTests {
    static let navy = RGBA(red: 0.1, green: 0.15, blue: 0.4)
    static let orange = RGBA(red: 0.95, green: 0.5, blue: 0.1)

    /// `panels` side by side (each the same height), left to right.
    static func sideBySide(_ panels: [Pixmap]) throws -> Pixmap {
        var out = try Pixmap(width: panels.map(\.width).reduce(0, +), height: panels[0].height)
        var x = 0
        for panel in panels {
            panel.withView { source in
                out.withMutableRegion(PixelRect(x: x, y: 0, width: panel.width, height: panel.height)) { $0.copy(from: source) }
            }
            x += panel.width
        }
        return out
    }

    /// `panels` stacked (each the same width), top to bottom.
    static func stacked(_ panels: [Pixmap]) throws -> Pixmap {
        var out = try Pixmap(width: panels[0].width, height: panels.map(\.height).reduce(0, +))
        var y = 0
        for panel in panels {
            panel.withView { source in
                out.withMutableRegion(PixelRect(x: 0, y: y, width: panel.width, height: panel.height)) { $0.copy(from: source) }
            }
            y += panel.height
        }
        return out
    }

    static func circle(_ center: Point, _ radius: Double) -> Path {
        var path = Path()
        path.addCircle(center: center, radius: radius)
        return path
    }

    // MARK: Gaussian blur

    @Test func gaussianBlur() throws {
        // Hard, pixel-aligned edges, mirror-symmetric about x = 38, on transparent.
        var canvas = Canvas(try Pixmap(width: 76, height: 96))
        canvas.fillRect(Rect(x: 18, y: 14, width: 40, height: 40), paint: .color(Self.navy))
        canvas.fillRect(Rect(x: 10, y: 62, width: 56, height: 14), paint: .color(Self.orange))
        canvas.fillRect(Rect(x: 33, y: 24, width: 10, height: 20), paint: .color(.white))
        let source = canvas.pixmap
        let blur = try GaussianBlur(sigma: 3, edgeMode: .transparent)
        let blurred = blur.applied(to: source)
        goldens.assertMatches(try Self.sideBySide([source, blurred]), named: "filter-gaussian-blur")

        // Mirror symmetry survives the blur (±1 level of rounding).
        var asymmetry = 0
        for y in 0..<96 {
            for x in 0..<38 {
                let p = blurred[x, y], q = blurred[75 - x, y]
                asymmetry = max(asymmetry, abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)),
                                abs(Int(p.blue) - Int(q.blue)), abs(Int(p.alpha) - Int(q.alpha)))
            }
        }
        #expect(asymmetry <= 1, "largest left/right difference \(asymmetry)")
        // The blur moves alpha around but keeps its total (the content is ≥ 3.3σ from the border).
        func totalAlpha(_ p: Pixmap) -> Int { stride(from: 3, to: p.bytes.count, by: 4).reduce(0) { $0 + Int(p.bytes[$1]) } }
        let before = totalAlpha(source), after = totalAlpha(blurred)
        #expect(abs(Double(after - before)) / Double(before) < 0.002, "total alpha \(before) → \(after)")
        // And the result agrees with an exact Double Gaussian to the documented accuracy.
        let errors = FilterTestImages.errors(blurred, FilterTestImages.referenceBlur(source, sigma: 3, edgeMode: .transparent))
        #expect(errors.mean <= 0.5 && errors.max <= 3, "mean \(errors.mean), max \(errors.max)")
    }

    // MARK: Thresholds

    /// Two overlapping soft blobs: radial gradients from opaque at the centre to transparent at the rim.
    static func blobs(width: Int, height: Int) throws -> Pixmap {
        var canvas = Canvas(try Pixmap(width: width, height: height))
        for (center, radius) in [(Point(20, 26), 20.0), (Point(33, 40), 18.0)] {
            let gradient = try Gradient(stops: [GradientStop(0, Self.navy), GradientStop(1, Self.navy.withAlpha(0))])
            canvas.fill(circle(center, radius), paint: .radialGradient(RadialGradient(center: center, radius: radius,
                                                                                      gradient: gradient)))
        }
        return canvas.pixmap
    }

    @Test func alphaThresholdHardAndSoft() throws {
        let source = try Self.blobs(width: 52, height: 64)
        let color = RGBA(red: 0.1, green: 0.6, blue: 0.5)
        let hard = try AlphaThreshold(threshold: 0.5, color: color).applied(to: source)
        let soft = try AlphaThreshold(threshold: 0.5, edgeWidth: 0.4, color: color).applied(to: source)
        goldens.assertMatches(try Self.sideBySide([source, hard, soft]), named: "filter-alpha-threshold")

        // Each output pixel is a function of the input alpha only, evaluated here in Double.
        let on = PremultipliedRGBA8(color)
        var softLevels = Set<UInt8>()
        for y in 0..<source.height {
            for x in 0..<source.width {
                let a = Double(source[x, y].alpha) / 255
                let expectedHard = a >= 0.5 ? on : .transparent
                if hard[x, y] != expectedHard { Issue.record("hard (\(x), \(y)): alpha \(a) gave \(hard[x, y])") }
                let t = min(max((a - 0.3) / 0.4, 0), 1)
                let weight = t * t * (3 - 2 * t)
                let expectedAlpha = 255 * weight
                if abs(Double(soft[x, y].alpha) - expectedAlpha) > 1 {
                    Issue.record("soft (\(x), \(y)): alpha \(a) gave \(soft[x, y]), expected alpha \(expectedAlpha)")
                }
                softLevels.insert(soft[x, y].alpha)
            }
        }
        // The soft edge has a ramp of levels; the hard one only on and off.
        #expect(softLevels.count > 50, "\(softLevels.count) soft levels")
        #expect(Set(hard.bytes.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)) == [0, 255])
    }

    @Test func lumaThreshold() throws {
        // Top: a black-to-white ramp. Bottom: pure red, green and blue discs on mid grey (luma 0.45) and a
        // translucent white disc on transparent ground (un-premultiplied luma 1).
        var canvas = Canvas(try Pixmap(width: 160, height: 60))
        let ramp = try Gradient(stops: [GradientStop(0, .black), GradientStop(1, .white)])
        canvas.fillRect(Rect(x: 0, y: 0, width: 160, height: 24),
                        paint: .linearGradient(LinearGradient(start: Point(0, 0), end: Point(160, 0), gradient: ramp)))
        canvas.fillRect(Rect(x: 0, y: 24, width: 118, height: 36), paint: .color(RGBA(red: 0.45, green: 0.45, blue: 0.45)))
        let discs: [(Double, RGBA)] = [(22, RGBA(red: 1, green: 0, blue: 0)), (60, RGBA(red: 0, green: 1, blue: 0)),
                                       (98, RGBA(red: 0, green: 0, blue: 1)),
                                       (138, RGBA(red: 1, green: 1, blue: 1, alpha: 0.4))]
        for (x, color) in discs { canvas.fill(Self.circle(Point(x, 42), 14), paint: .color(color)) }
        let source = canvas.pixmap
        let threshold = try LumaThreshold(threshold: 0.5, color: Self.orange)
        let output = threshold.applied(to: source)
        goldens.assertMatches(try Self.stacked([source, output]), named: "filter-luma-threshold")

        // On exactly where the un-premultiplied Rec. 709 luma exceeds 0.5, checked in Double.
        let on = PremultipliedRGBA8(Self.orange)
        for y in 0..<60 {
            for x in 0..<160 {
                let p = source[x, y].straight
                let luma = 0.2126 * p.red + 0.7152 * p.green + 0.0722 * p.blue
                let expected = source[x, y].alpha > 0 && luma > 0.5 ? on : .transparent
                if output[x, y] != expected { Issue.record("(\(x), \(y)): luma \(luma) gave \(output[x, y])") }
            }
        }
        // Green (luma 0.72) and the translucent white pass; red (0.21), blue (0.07) and the grey do not.
        #expect(output[60, 42] == on && output[138, 42] == on)
        #expect(output[22, 42] == .transparent && output[98, 42] == .transparent && output[5, 55] == .transparent)
    }

    // MARK: Goo

    @Test func gooFusesNearbyCircles() throws {
        // Two discs 4 px apart fuse; a third, 17 px from its neighbour, stays apart.
        var canvas = Canvas(try Pixmap(width: 160, height: 60))
        for (x, r) in [(60.0, 18.0), (100.0, 18.0), (145.0, 10.0)] {
            canvas.fill(Self.circle(Point(x, 30), r), paint: .color(.black))
        }
        let source = canvas.pixmap
        let goo = try Goo(sigma: 5, threshold: 0.4, edgeWidth: 0.1, color: RGBA(red: 0.1, green: 0.5, blue: 0.55))
        let output = goo.applied(to: source)
        goldens.assertMatches(try Self.stacked([source, output]), named: "filter-goo")

        // The gap between the close discs (x 78…82) is empty before and opaque after.
        #expect(source[79, 30].alpha == 0 && source[80, 30].alpha == 0)
        #expect(output[79, 30].alpha == 255 && output[80, 30].alpha == 255, "\(output[79, 30]) \(output[80, 30])")
        // The far gap (x 118…135) stays empty, so the small disc is its own drop.
        #expect(output[127, 30].alpha == 0, "\(output[127, 30])")
        // The fused shape is a waist: the bridge is narrower than the discs.
        let bridge = (0..<60).filter { output[80, $0].alpha > 127 }.count
        let disc = (0..<60).filter { output[60, $0].alpha > 127 }.count
        #expect(bridge > 0 && bridge < disc, "bridge \(bridge) px tall, disc \(disc) px")
        // Goo equals its definition, Gaussian blur then alpha threshold, up to the blur's accuracy on alpha
        // (≤ 3 levels) times the threshold's steepest slope (smoothstep: 1.5 / edge width = 15): ≤ 45 levels.
        // (Measured: identical.)
        let reference = goo.threshold.applied(to: goo.blur.applied(to: source))
        let worst = zip(reference.bytes, output.bytes).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 45, "goo vs blur + threshold: \(worst) levels")
    }

    // MARK: Colour matrix

    /// A rainbow bar (hue ramp) in a rounded rect on white, and a translucent band over it.
    static func rainbow() throws -> Pixmap {
        var canvas = Canvas(try Pixmap(width: 160, height: 40, fill: .white))
        let hues: [RGBA] = [RGBA(red: 1, green: 0, blue: 0), RGBA(red: 1, green: 1, blue: 0), RGBA(red: 0, green: 1, blue: 0),
                            RGBA(red: 0, green: 1, blue: 1), RGBA(red: 0, green: 0, blue: 1), RGBA(red: 1, green: 0, blue: 1)]
        let stops = hues.enumerated().map { GradientStop(Double($0.offset) / 5, $0.element) }
        canvas.fillRoundedRect(Rect(x: 6, y: 4, width: 148, height: 32), cornerRadii: CornerRadii(all: 8),
                               paint: .linearGradient(LinearGradient(start: Point(6, 0), end: Point(154, 0),
                                                                     gradient: try Gradient(stops: stops))))
        canvas.fillRect(Rect(x: 0, y: 26, width: 160, height: 6), paint: .color(RGBA(red: 0.2, green: 0.1, blue: 0.5, alpha: 0.5)))
        return canvas.pixmap
    }

    @Test func colorMatrixSaturationZero() throws {
        let source = try Self.rainbow()
        let grey = try ColorMatrix.saturation(0).applied(to: source)
        goldens.assertMatches(try Self.stacked([source, grey]), named: "filter-saturation-zero")

        for y in 0..<grey.height {
            for x in 0..<grey.width {
                let p = grey[x, y]
                if !(p.red == p.green && p.green == p.blue) { Issue.record("(\(x), \(y)) is not grey: \(p)") }
                // The grey level is the SVG luminance of the source (opaque here), ±1.
                let s = source[x, y]
                let luma = 0.213 * Double(s.red) + 0.715 * Double(s.green) + 0.072 * Double(s.blue)
                if abs(Double(p.red) - luma) > 1 { Issue.record("(\(x), \(y)): grey \(p.red), luminance \(luma)") }
                if p.alpha != s.alpha { Issue.record("(\(x), \(y)): alpha changed \(s.alpha) → \(p.alpha)") }
            }
        }
    }

    // MARK: Variable blur

    /// An 8 px checkerboard with a red disc and a navy bar: detail a blur visibly removes.
    static func checkerboard(width: Int, height: Int) throws -> Pixmap {
        var canvas = Canvas(try Pixmap(width: width, height: height, fill: .white))
        for y in stride(from: 0, to: height, by: 8) {
            for x in stride(from: (y / 8) % 2 * 8, to: width, by: 16) {
                canvas.fillRect(Rect(x: Double(x), y: Double(y), width: 8, height: 8),
                                paint: .color(RGBA(red: 0.2, green: 0.2, blue: 0.2)))
            }
        }
        canvas.fill(circle(Point(Double(width) / 2, Double(height) / 2), Double(height) / 3),
                    paint: .color(RGBA(red: 0.9, green: 0.15, blue: 0.1)))
        canvas.fillRect(Rect(x: 0, y: Double(height) - 14, width: Double(width), height: 5), paint: .color(Self.navy))
        return canvas.pixmap
    }

    @Test func variableBlurWithGradientMask() throws {
        let source = try Self.checkerboard(width: 160, height: 64)
        // The mask ramps from 0 (sharp) at x ≤ 20 to 255 (σ = 6) at x ≥ 140.
        var mask = [UInt8](repeating: 0, count: 160 * 64)
        for y in 0..<64 {
            for x in 0..<160 { mask[y * 160 + x] = UInt8((min(max(Double(x - 20) / 120, 0), 1) * 255).rounded()) }
        }
        let blur = try VariableBlur(maximumSigma: 6, levels: 4)
        var output = source
        try mask.withUnsafeBufferPointer { m in
            try output.withMutableView { view in
                try blur.apply(to: view, mask: CoverageMask(base: m.baseAddress!, width: 160, height: 64, rowBytes: 160))
            }
        }
        goldens.assertMatches(output, named: "filter-variable-blur")

        // Mask 0: the source, bit for bit. Mask 255: exactly the σ = 6 Gaussian blur of the whole image.
        let full = try GaussianBlur(sigma: 6).applied(to: source)
        for y in 0..<64 {
            for x in 0..<20 where output[x, y] != source[x, y] { Issue.record("(\(x), \(y)) changed under mask 0") }
            for x in 140..<160 where output[x, y] != full[x, y] {
                Issue.record("(\(x), \(y)) under mask 255 is \(output[x, y]), the σ 6 blur \(full[x, y])")
            }
        }
        // Contrast falls from left to right: the checkerboard's row spread shrinks.
        func spread(_ x0: Int) -> Int {
            let values = (x0..<(x0 + 16)).map { Int(output[$0, 4].red) }
            return values.max()! - values.min()!
        }
        #expect(spread(0) > spread(72) && spread(72) > spread(144), "\(spread(0)), \(spread(72)), \(spread(144))")
    }

    // MARK: Displacement

    @Test func displacementWithSinusoidalMap() throws {
        // A 10 px grid with a disc, remapped by dx = 4·sin(2πy/40), dy = 3·sin(2πx/60).
        let (w, h) = (160, 100)
        var canvas = Canvas(try Pixmap(width: w, height: h, fill: .white))
        for k in stride(from: 5.0, to: 160, by: 10) {
            canvas.fillRect(Rect(x: k - 1, y: 0, width: 2, height: 100), paint: .color(Self.navy))
        }
        for k in stride(from: 5.0, to: 100, by: 10) {
            canvas.fillRect(Rect(x: 0, y: k - 1, width: 160, height: 2), paint: .color(Self.navy))
        }
        canvas.fill(Self.circle(Point(80, 50), 24), paint: .color(Self.orange))
        let source = canvas.pixmap
        var dx = [Float](repeating: 0, count: w * h), dy = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                dx[y * w + x] = Float(4 * sin(2 * Double.pi * Double(y) / 40))
                dy[y * w + x] = Float(3 * sin(2 * Double.pi * Double(x) / 60))
            }
        }
        let field = try DisplacementField(width: w, height: h, dx: dx, dy: dy)
        let output = try Displacement.remapped(source, by: field, edgeMode: .clamp)
        goldens.assertMatches(output, named: "filter-displacement")

        // Where both offsets are whole pixels the remap is an exact shift: at x = 0, 30, 60, … dy is 0; at
        // y = 10, 50, 90 dx is +4, at y = 30, 70 it is −4, at y = 0, 20, 40, … it is 0.
        for x in stride(from: 30, to: 150, by: 30) {
            for (y, shift) in [(10, 4), (50, 4), (90, 4), (30, -4), (70, -4), (0, 0), (20, 0), (40, 0), (60, 0)] {
                #expect(output[x, y] == source[x + shift, y], "(\(x), \(y)) should show source (\(x + shift), \(y))")
            }
        }
        // Elsewhere the lines bend: row 10 is not the unshifted source.
        #expect((0..<w).contains { output[$0, 5] != source[$0, 5] })
    }

    // MARK: Resampling

    @Test func downsampleByTwo() throws {
        var canvas = Canvas(try Pixmap(width: 160, height: 120, fill: .white))
        for (i, r) in stride(from: 54.0, to: 4, by: -6).enumerated() {
            canvas.fill(Self.circle(Point(80, 60), r), paint: .color(i % 2 == 0 ? Self.navy : .white))
        }
        canvas.fillRect(Rect(x: 0, y: 0, width: 160, height: 3), paint: .color(Self.orange))
        let source = canvas.pixmap
        let small = try Resampling.downsampled(source, factor: 2)
        goldens.assertMatches(small, named: "resample-downsample-2x")

        #expect(small.width == 80 && small.height == 60 && small.scale == 0.5)
        // Each pixel is the rounded mean of its 2×2 block.
        for y in 0..<60 {
            for x in 0..<80 {
                let block = [source[2 * x, 2 * y], source[2 * x + 1, 2 * y], source[2 * x, 2 * y + 1], source[2 * x + 1, 2 * y + 1]]
                func mean(_ channel: (PremultipliedRGBA8) -> UInt8) -> UInt8 {
                    UInt8((block.map { Int(channel($0)) }.reduce(0, +) + 2) / 4)
                }
                let expected = PremultipliedRGBA8(red: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha))
                if small[x, y] != expected { Issue.record("(\(x), \(y)): \(small[x, y]) vs block mean \(expected)") }
            }
        }
    }

    @Test func upsample() throws {
        // A small 40×30 image: a 5 px two-colour checkerboard, a disc and a translucent corner.
        var canvas = Canvas(try Pixmap(width: 40, height: 30, fill: .white))
        for y in stride(from: 0, to: 30, by: 5) {
            for x in stride(from: (y / 5) % 2 * 5, to: 40, by: 10) {
                canvas.fillRect(Rect(x: Double(x), y: Double(y), width: 5, height: 5), paint: .color(Self.navy))
            }
        }
        canvas.fill(Self.circle(Point(20, 15), 8), paint: .color(Self.orange))
        var source = canvas.pixmap
        source.withMutableRegion(PixelRect(x: 30, y: 20, width: 10, height: 10)) {
            $0.fill(PremultipliedRGBA8(RGBA(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.5)))
        }
        let large = try Resampling.upsampled(source, width: 160, height: 120)
        goldens.assertMatches(large, named: "resample-upsample-4x")

        // Bilinear with aligned centres, evaluated in Double: source position (x + ½)/4 − ½, clamped.
        func position(_ i: Int, _ n: Int) -> (Int, Int, Double) {
            let f = min(max((Double(i) + 0.5) / 4 - 0.5, 0), Double(n - 1))
            let i0 = Int(f)
            return (i0, min(i0 + 1, n - 1), f - Double(i0))
        }
        var worst = 0.0
        for y in 0..<120 {
            let (y0, y1, ty) = position(y, 30)
            for x in 0..<160 {
                let (x0, x1, tx) = position(x, 40)
                func channel(_ c: (PremultipliedRGBA8) -> UInt8) -> Double {
                    let top = (1 - tx) * Double(c(source[x0, y0])) + tx * Double(c(source[x1, y0]))
                    let bottom = (1 - tx) * Double(c(source[x0, y1])) + tx * Double(c(source[x1, y1]))
                    return (1 - ty) * top + ty * bottom
                }
                let p = large[x, y]
                for (got, exact) in [(p.red, channel(\.red)), (p.green, channel(\.green)), (p.blue, channel(\.blue)),
                                     (p.alpha, channel(\.alpha))] {
                    worst = max(worst, abs(Double(got) - exact))
                }
            }
        }
        #expect(worst <= 0.51, "largest difference from exact bilinear \(worst)")
        #expect(large[0, 0] == source[0, 0] && large[159, 119] == source[39, 29])
    }
}
