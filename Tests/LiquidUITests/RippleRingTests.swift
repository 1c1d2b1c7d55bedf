import CLiquidKernels
import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

@MainActor
struct RippleRingTests {
    /// A premultiplied background with every channel varying, `width × height` pixels at `scale`.
    private func background(width: Int, height: Int, scale: Double) throws -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: 4 * width * height)
        for i in 0..<(width * height) {
            let alpha = UInt8(150 + (i * 7) % 106)
            bytes[4 * i] = UInt8((i * 13) % Int(alpha))
            bytes[4 * i + 1] = UInt8((i / width * 5) % Int(alpha))
            bytes[4 * i + 2] = UInt8((i * 3 + 40) % Int(alpha))
            bytes[4 * i + 3] = alpha
        }
        return try Pixmap(width: width, height: height, scale: scale, premultipliedBytes: bytes)
    }

    /// The specified gradient ring filled the plain way: its annulus with a radial gradient of clear,
    /// clear, white at 0.02·opacity, clear at 0, 1 − w, 1 − 0.2w, 1, stretched into the view's proportions.
    private func reference(centre: Point, front: Double, size: Size, into canvas: inout Canvas) throws {
        let shorter = min(size.width, size.height), progress = front / shorter
        let w = 1 - 0.6 * min(progress, 1), opacity = min(progress / 0.15, 1)
        let clear = RGBA(red: 1, green: 1, blue: 1, alpha: 0)
        let gradient = try Gradient(stops: [GradientStop(0, clear), GradientStop(1 - w, clear),
                                            GradientStop(1 - 0.2 * w, RGBA(red: 1, green: 1, blue: 1, alpha: 0.02 * opacity)),
                                            GradientStop(1, clear)])
        canvas.save()
        canvas.translate(x: centre.x, y: centre.y)
        canvas.scale(x: size.width / shorter, y: size.height / shorter)
        var disc = Path()
        disc.addCircle(center: .zero, radius: front)
        canvas.fill(disc, paint: .radialGradient(RadialGradient(center: .zero, radius: front, gradient: gradient)))
        canvas.restore()
    }

    @Test(arguments: [false, true])
    func ringsDrawnTogetherStayWithinALevelPerRingOfTheGradientFill(clipped: Bool) throws {
        let size = Size(width: 90, height: 60), scale = 3.0
        let waves: [(Point, Double)] = [(Point(30, 25), 40), (Point(70, 40), 18), (Point(45, 30), 75)]
        let base = try background(width: 270, height: 180, scale: scale)
        var expected = Canvas(base), drawn = Canvas(base)
        if clipped {
            var shape = Path()
            shape.addRoundedRect(Rect(x: 3, y: 2, width: 84, height: 55), cornerRadii: CornerRadii(all: 12))
            expected.clip(to: shape)
            drawn.clip(to: shape)
        }
        for (centre, front) in waves { try reference(centre: centre, front: front, size: size, into: &expected) }
        RippleRing.draw(waves.compactMap { RippleRing(centre: $0.0, front: $0.1, in: size) }, into: &drawn)
        #expect(TestScenes.maximumDifference(expected.pixmap, drawn.pixmap) <= waves.count)
        // Both drew something: the ring is there.
        #expect(TestScenes.maximumDifference(base, expected.pixmap) >= 2)
        #expect(TestScenes.maximumDifference(base, drawn.pixmap) >= 2)
    }

    @Test func ringsDrawnTileByTileWithOneLayoutAreTheBytesOfOneCanvas() throws {
        let size = Size(width: 90, height: 60), scale = 3.0
        let rings = [(Point(30, 25), 40.0), (Point(70, 40), 18.0), (Point(45, 30), 75.0)].compactMap {
            RippleRing(centre: $0.0, front: $0.1, in: size)
        }
        let base = try background(width: 270, height: 180, scale: scale)
        var whole = Canvas(base)
        whole.translate(x: 0.4, y: 0.7)
        RippleRing.draw(rings, into: &whole, area: Rect(origin: .zero, size: size))
        var tiled = base
        let layout = RippleRing.Layout()
        for top in stride(from: 0, to: 180, by: 32) {
            for left in stride(from: 0, to: 270, by: 48) {
                let rect = PixelRect(x: left, y: top, width: min(48, 270 - left), height: min(32, 180 - top))
                var tile = Canvas(try base.cropped(to: rect))
                tile.translate(x: 0.4 - Double(left) / scale, y: 0.7 - Double(top) / scale)
                RippleRing.draw(rings, into: &tile, area: Rect(origin: .zero, size: size), layout: layout)
                let pixels = tile.pixmap
                tiled.withMutableRegion(rect) { out in pixels.withView { out.copy(from: $0) } }
            }
        }
        #expect(TestScenes.firstDifference(whole.pixmap, tiled) == nil)
        #expect(TestScenes.maximumDifference(base, tiled) >= 2, "the rings are there")
    }

    /// Rings gentle enough for the coarse grid: a full screen at 3× with waves 60 to 300 points out, seen
    /// through a canvas of 150 × 130 pixels placed at an odd offset (so grid and canvas parities differ).
    /// With `young`, a ring just 20 points out joins them: too steep for the coarse grid, so it is drawn
    /// exactly over the others' coarse light.
    private func gentleScene(young: Bool = false) throws -> (rings: [RippleRing], base: Pixmap, shift: (x: Double, y: Double)) {
        let size = Size(width: 390, height: 844)
        var waves = [(Point(180, 400), 60.0), (Point(120, 520), 150.0), (Point(300, 300), 300.0), (Point(200, 430), 95.0)]
        if young { waves.append((Point(75, 145), 20)) }
        let rings = waves.compactMap { RippleRing(centre: $0.0, front: $0.1, in: size) }
        return (rings, try background(width: 150, height: 130, scale: 3), (-(151 - 0.4) / 3, -(372 + 0.3) / 3))
    }

    /// The rings' light at device pixel (x, y) of a canvas at 3× translated by `shift`, computed in double
    /// precision straight from the gradient's definition: the exact composite's transmittance.
    private func exactTransmittance(_ rings: [RippleRing], x: Int, y: Int, shift: (x: Double, y: Double)) -> Double {
        let px = (Double(x) + 0.5) / 3 - shift.x, py = (Double(y) + 0.5) / 3 - shift.y
        var transmit = 1.0
        for ring in rings {
            let u = (px - ring.centre.x) / (ring.front * ring.stretch.x)
            let v = (py - ring.centre.y) / (ring.front * ring.stretch.y)
            let rho = (u * u + v * v).squareRoot(), w = ring.width
            let ramp = min(max(min((rho - (1 - w)) / (0.8 * w), (1 - rho) / (0.2 * w)), 0), 1)
            transmit *= 1 - RippleRing.peakAlpha * ring.opacity * ramp
        }
        return transmit
    }

    /// On the coarse grid every pixel stays within 0.505 of a level plus the layout's stated bound of the
    /// exact composite (computed here independently, in doubles); drawn exactly, within 0.505 plus float
    /// noise. Pixels at even grid columns of even grid rows get the exact path's bytes.
    @Test(arguments: [false, true])
    func coarseGridRingsStayWithinTheirStatedBoundOfTheExactComposite(young: Bool) throws {
        let (rings, base, shift) = try gentleScene(young: young)
        if young { #expect(rings.last!.coarseGridError(scale: (3, 3)) > RippleRing.maximumCoarseError) }
        var results: [Bool: Pixmap] = [:]
        var bound = 0.0
        for coarse in [false, true] {
            var canvas = Canvas(base)
            canvas.translate(x: shift.x, y: shift.y)
            let layout = RippleRing.Layout()
            RippleRing.draw(rings, into: &canvas, layout: layout, coarseGrid: coarse)
            #expect(coarse == (layout.coarseErrorBound > 0), "the scene exercises the coarse grid")
            if coarse { bound = layout.coarseErrorBound }
            results[coarse] = canvas.pixmap
        }
        #expect(bound > 0 && bound < 0.9, "bound \(bound)")
        let exact = try #require(results[false]), coarse = try #require(results[true])
        var worst = (exact: 0.0, coarse: 0.0), lit = 0
        let (originX, originY) = (151, 373)   // grid column and row of the canvas's pixel (0, 0): both odd
        for y in 0..<base.height {
            for x in 0..<base.width {
                let transmit = exactTransmittance(rings, x: x, y: y, shift: shift)
                if transmit < 0.999 { lit += 1 }
                let d = base[x, y], e = exact[x, y], c = coarse[x, y]
                for (dv, ev, cv) in [(d.red, e.red, c.red), (d.green, e.green, c.green), (d.blue, e.blue, c.blue),
                                     (d.alpha, e.alpha, c.alpha)] {
                    let real = Double(dv) + (1 - transmit) * (255 - Double(dv))
                    worst.exact = max(worst.exact, abs(Double(ev) - real))
                    worst.coarse = max(worst.coarse, abs(Double(cv) - real))
                }
                // Every ring coarse: even pixels take the exact path's product (with a steep ring drawn exactly
                // over the others the product's order differs, so only the bound holds).
                if !young, (x + originX) & 1 == 0, (y + originY) & 1 == 0 { #expect(e == c, "even pixel (\(x), \(y))") }
            }
        }
        #expect(lit > base.width * base.height / 2, "the rings light most of the canvas")
        #expect(worst.exact <= 0.505 + 1e-3, "exact path off by \(worst.exact)")
        #expect(worst.coarse <= 0.505 + bound + 1e-3, "coarse grid off by \(worst.coarse), bound \(bound)")
    }

    /// The coarse grid gives the same bytes through the vector kernels and the portable path, and tile by
    /// tile (tiles of odd sizes at odd offsets, sharing one layout and its coarse rows) as on one canvas
    /// computing its own.
    @Test(arguments: [false, true])
    func coarseGridRingsAreTheSameBytesOnBothPathsAndInAnyTiling(young: Bool) throws {
        let (rings, base, shift) = try gentleScene(young: young)
        var results: [Pixmap] = []
        for kernels in [KernelSet.automatic, .avx2, .portable] {
            var canvas = Canvas(base)
            canvas.translate(x: shift.x, y: shift.y)
            RippleRing.draw(rings, into: &canvas, coarseGrid: true, kernels: kernels)
            results.append(canvas.pixmap)
        }
        #expect(TestScenes.firstDifference(results[0], results[2]) == nil, "AVX-512 (where present) = portable")
        #expect(TestScenes.firstDifference(results[1], results[2]) == nil, "AVX2 = portable")
        // Under an anti-aliased clip (the blend scales the light by each pixel's coverage).
        var clipped: [Pixmap] = []
        for kernels in [KernelSet.automatic, .avx2, .portable] {
            var canvas = Canvas(base)
            canvas.clip(to: Path(ellipseIn: Rect(x: 13.3, y: 40.7, width: 351.1, height: 701.9)))
            canvas.translate(x: shift.x, y: shift.y)
            RippleRing.draw(rings, into: &canvas, coarseGrid: true, kernels: kernels)
            clipped.append(canvas.pixmap)
        }
        #expect(clipped[0].bytes != results[0].bytes, "the clip shows")
        #expect(TestScenes.firstDifference(clipped[0], clipped[2]) == nil, "clipped: AVX-512 (where present) = portable")
        #expect(TestScenes.firstDifference(clipped[1], clipped[2]) == nil, "clipped: AVX2 = portable")
        var tiled = base
        let layout = RippleRing.Layout(), area = Rect(x: 0, y: 0, width: 390, height: 844)
        for top in stride(from: 0, to: base.height, by: 27) {
            for left in stride(from: 0, to: base.width, by: 37) {
                let rect = PixelRect(x: left, y: top, width: min(37, base.width - left), height: min(27, base.height - top))
                var tile = Canvas(try base.cropped(to: rect))
                tile.translate(x: shift.x - Double(left) / 3, y: shift.y - Double(top) / 3)
                RippleRing.draw(rings, into: &tile, area: area, layout: layout)
                let pixels = tile.pixmap
                tiled.withMutableRegion(rect) { out in pixels.withView { out.copy(from: $0) } }
            }
        }
        #expect(layout.coarseErrorBound > 0)
        // The tiles shared the frame's coarse rows (the whole canvas, without an area, computed its own).
        #expect(layout.sharedRowsComputed >= base.height / 2)
        #expect(TestScenes.firstDifference(results[0], tiled) == nil)
    }

    /// A ring over a view a hundred million points tall, drawn into one small tile, lays out only that
    /// tile's rows: the layout's memory follows the canvas, not the view.
    @Test func aHugeViewsRingLaysOutOnlyTheCanvasRows() throws {
        let size = Size(width: 300, height: 1e8)
        guard let ring = RippleRing(centre: Point(150, 5e7), front: 4e7, in: size) else {
            Issue.record("no ring")
            return
        }
        var tile = Canvas(try Pixmap(width: 64, height: 64, scale: 3, fill: PremultipliedRGBA8(red: 40, green: 60, blue: 90, alpha: 255)))
        tile.translate(x: 0, y: -5e7 + 0.3 * 4e7 * 3)
        let layout = RippleRing.Layout()
        RippleRing.draw([ring], into: &tile, area: Rect(origin: .zero, size: size), layout: layout)
        #expect(layout.spans.count <= 64 + 4)
    }

    /// A ring whose centre and front lie far off any grid (finite, but beyond what an Int holds in device
    /// pixels) draws nothing and does not trap.
    @Test func aRingFarOffTheGridDrawsNothing() throws {
        let base = try background(width: 48, height: 32, scale: 3)
        for (centre, front) in [(Point(10, 1e300), 5.0), (Point(1e300, -1e300), 1e300), (Point(-1e200, 10), 1e250)] {
            guard let ring = RippleRing(centre: centre, front: front, in: Size(width: 16, height: 10)) else { continue }
            var canvas = Canvas(base)
            RippleRing.draw([ring], into: &canvas)
            #expect(TestScenes.firstDifference(base, canvas.pixmap) == nil, "centre \(centre), front \(front)")
        }
    }

    @Test func aRingThatHasNotLeftItsCentreIsNotDrawn() {
        #expect(RippleRing(centre: Point(5, 5), front: 0, in: Size(width: 10, height: 10)) == nil)
        #expect(RippleRing(centre: Point(5, 5), front: 3, in: Size(width: 0, height: 10)) == nil)
    }

    #if canImport(CLiquidKernels)
    /// A ring's transmittance over spans of every length from 1 to 40, from columns on both sides of the
    /// centre, is the same floats through the vector kernel (whose last few pixels go through a scratch
    /// row) as through the per-pixel path.
    @Test func ringAttenuationOfAnySpanIsThePerPixelFloats() {
        for count in 1...40 {
            for first in [-23, -5, 0, 17] {
                var vector = (0..<count).map { 1 - Float($0 % 7) * 0.01 }
                var scalar = vector
                lk_ring_attenuate(&vector, Int32(first), Int32(count), -0.31, 0.013, 0.42, 0.35, 1.7, 6.9, 0.02, 1)
                lk_ring_attenuate(&scalar, Int32(first), Int32(count), -0.31, 0.013, 0.42, 0.35, 1.7, 6.9, 0.02, 0)
                #expect(vector.map(\.bitPattern) == scalar.map(\.bitPattern), "count \(count), first \(first)")
                #expect(scalar.contains { $0 < 0.99 })
            }
        }
    }

    /// The light's blend gives the same bytes through the vector kernel and the per-pixel path for every
    /// channel value, with and without clip coverage, and stays within about half a level of the exact
    /// d + a·(255 − d) (a = (1 − transmit)·coverage/255), leaving pixels below half a level untouched.
    @Test func ringBlendIsTheSameBytesOnBothPathsAndWithinHalfALevel() {
        let count = 256
        var pixels = [UInt8](repeating: 0, count: 4 * count)
        for i in 0..<(4 * count) { pixels[i] = UInt8((i * 37 + i / 4) % 256) }
        let transmit: [Float] = (0..<(count + 8)).map { 1 - Float(($0 * 7919) % 1000) / 1000 * 0.3 }
        let coverage: [UInt8] = (0..<count).map { UInt8(($0 * 53) % 256) }
        for covered in [false, true] {
            for (from, to) in [(0, count), (3, 200), (17, 18)] {
                var vector = pixels, scalar = pixels
                coverage.withUnsafeBufferPointer { c in
                    let mask = covered ? c.baseAddress : nil
                    lk_ring_blend(&vector, transmit, mask, Int32(from), Int32(to), 1)
                    lk_ring_blend(&scalar, transmit, mask, Int32(from), Int32(to), 0)
                }
                #expect(vector == scalar, "covered \(covered), \(from)..<\(to)")
                for x in 0..<count {
                    var a = Double(1 - transmit[x])
                    if covered { a *= Double(coverage[x]) / 255 }
                    for c in 0..<4 {
                        let d = Double(pixels[4 * x + c]), got = Double(scalar[4 * x + c])
                        if x < from || x >= to || a * 255 < 0.5 {
                            #expect(got == d)
                        } else {
                            #expect(abs(got - (d + a * (255 - d))) <= 0.52, "x \(x) channel \(c)")
                        }
                    }
                }
            }
        }
    }
    #endif
}
