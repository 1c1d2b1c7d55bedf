import LiquidGeometry
import TestSupport
import Testing
@testable import LiquidRaster

@Suite("Displacement and remap")
struct DisplacementTests {
    static func field(_ w: Int, _ h: Int, _ f: (Int, Int) -> (Float, Float)) throws -> DisplacementField {
        var dx = [Float](repeating: 0, count: w * h), dy = dx
        for y in 0..<h { for x in 0..<w { (dx[y * w + x], dy[y * w + x]) = f(x, y) } }
        return try DisplacementField(width: w, height: h, dx: dx, dy: dy)
    }

    @Test func zeroFieldIsTheIdentity() throws {
        let image = FilterTestImages.noise(width: 37, height: 23, seed: 41)
        for edgeMode in EdgeMode.allCases {
            #expect(try Displacement.remapped(image, by: DisplacementField(zerosWidth: 37, height: 23), edgeMode: edgeMode) == image)
        }
    }

    @Test func integerOffsetsAreExactShifts() throws {
        let image = FilterTestImages.noise(width: 30, height: 20, seed: 42)
        for (sx, sy) in [(3, 0), (-2, 5), (7, -4), (40, 0)] {
            let f = try Self.field(30, 20) { _, _ in (Float(sx), Float(sy)) }
            let clamped = try Displacement.remapped(image, by: f, edgeMode: .clamp)
            let transparent = try Displacement.remapped(image, by: f, edgeMode: .transparent)
            for y in 0..<20 {
                for x in 0..<30 {
                    let ux = x + sx, uy = y + sy
                    let inside = ux >= 0 && ux < 30 && uy >= 0 && uy < 20
                    #expect(clamped[x, y] == image[min(max(ux, 0), 29), min(max(uy, 0), 19)])
                    #expect(transparent[x, y] == (inside ? image[ux, uy] : .transparent))
                }
            }
        }
    }

    @Test func halfPixelOffsetsAverageNeighbours() throws {
        let image = FilterTestImages.noise(width: 16, height: 12, seed: 43)
        let horizontal = try Displacement.remapped(image, by: Self.field(16, 12) { _, _ in (0.5, 0) })
        let both = try Displacement.remapped(image, by: Self.field(16, 12) { _, _ in (0.5, 0.5) })
        func channels(_ p: PremultipliedRGBA8) -> [Double] { [p.red, p.green, p.blue, p.alpha].map(Double.init) }
        for y in 0..<11 {
            for x in 0..<15 {
                let a = channels(image[x, y]), b = channels(image[x + 1, y])
                let c = channels(image[x, y + 1]), d = channels(image[x + 1, y + 1])
                let h = channels(horizontal[x, y]), q = channels(both[x, y])
                for k in 0..<4 {
                    #expect(abs(h[k] - (a[k] + b[k]) / 2) <= 0.5)
                    #expect(abs(q[k] - (a[k] + b[k] + c[k] + d[k]) / 4) <= 0.5 + 1e-4)
                }
            }
        }
    }

    @Test func fractionalOffsetsMatchDoubleBilinear() throws {
        let image = FilterTestImages.noise(width: 24, height: 18, seed: 44)
        var rng = SeededRandom(seed: 45)
        let f = try Self.field(24, 18) { _, _ in (Float(rng.uniform(-30...30)), Float(rng.uniform(-30...30))) }
        for edgeMode in EdgeMode.allCases {
            let out = try Displacement.remapped(image, by: f, edgeMode: edgeMode)
            #expect(FilterTestImages.isPremultiplied(out))
            for y in 0..<18 {
                for x in 0..<24 {
                    let sx = Double(Float(x) + f.dx[y * 24 + x]), sy = Double(Float(y) + f.dy[y * 24 + x])
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                    let tx = sx - Double(x0), ty = sy - Double(y0)
                    func tap(_ x: Int, _ y: Int, _ c: Int) -> Double {
                        if x < 0 || y < 0 || x >= 24 || y >= 18 {
                            if edgeMode == .transparent { return 0 }
                        }
                        let p = image[min(max(x, 0), 23), min(max(y, 0), 17)]
                        return Double([p.red, p.green, p.blue, p.alpha][c])
                    }
                    let g = out[x, y]
                    let got = [g.red, g.green, g.blue, g.alpha]
                    for c in 0..<4 {
                        let v = (1 - ty) * ((1 - tx) * tap(x0, y0, c) + tx * tap(x0 + 1, y0, c))
                            + ty * ((1 - tx) * tap(x0, y0 + 1, c) + tx * tap(x0 + 1, y0 + 1, c))
                        #expect(abs(Double(got[c]) - v) <= 1, "(\(x), \(y)) channel \(c)")
                    }
                }
            }
        }
    }

    /// The AVX-512 and AVX2 kernels (taken where the CPU has them) and the portable Swift fallback write the
    /// same bytes: seeded random fields (fractional, integer, far beyond the edges, exactly on the last
    /// column and row, mostly inside), both edge modes, widths around the 4-, 8- and 16-pixel groups and the
    /// 256-pixel chunks, and a source that is a sub-view with padded rows.
    @Test func acceleratedAndPortableKernelsAgree() throws {
        let big = FilterTestImages.noise(width: 540, height: 60, seed: 48)
        // Rows past the AVX-512 kernel's 256-pixel chunks too (one chunk and a group over, several and a tail).
        for (w, h, seed) in [(37, 23, 1), (64, 9, 2), (8, 8, 3), (13, 2, 4), (2, 5, 5), (101, 41, 6), (16, 7, 7),
                             (47, 12, 8), (272, 3, 9), (531, 2, 10)] as [(Int, Int, UInt64)] {
            var rng = SeededRandom(seed: 480 + seed)
            let n = w * h
            var dx = [Float](repeating: 0, count: n), dy = dx
            for i in 0..<n {
                switch i % 5 {
                case 0: dx[i] = Float(rng.uniform(-2...2)); dy[i] = Float(rng.uniform(-2...2))
                case 1: dx[i] = Float(Int(rng.uniform(-9...9))); dy[i] = Float(Int(rng.uniform(-9...9)))
                case 2: dx[i] = Float(rng.uniform(-80...80)); dy[i] = Float(rng.uniform(-80...80))
                case 3: dx[i] = Float(w - 1 - i % w); dy[i] = Float(h - 1 - i / w)
                default: dx[i] = Float(rng.uniform(-0.6...0.6)); dy[i] = Float(rng.uniform(-0.6...0.6))
                }
            }
            // Whole rows inside the source, so that the eight-pixel kernels run for `.transparent` too.
            for i in 0..<min(2 * w, n) { dx[i] = 0.25; dy[i] = 0.75 }
            let field = try DisplacementField(width: w, height: h, dx: dx, dy: dy)
            let image = FilterTestImages.noise(width: w + 3, height: h + 1, seed: 490 + seed)
            for edgeMode in EdgeMode.allCases {
                for useSubview in [false, true] {
                    var fast = try Pixmap(width: w, height: h), avx2 = fast, portable = fast
                    let source = useSubview ? big : image
                    source.withView { full in
                        let src = useSubview ? full.region(PixelRect(x: 5, y: 3, width: w + 3, height: h + 1)) : full
                        fast.withMutableView { try! Displacement.remap(src, by: field, edgeMode: edgeMode, into: $0, kernels: .automatic) }
                        avx2.withMutableView { try! Displacement.remap(src, by: field, edgeMode: edgeMode, into: $0, kernels: .avx2) }
                        portable.withMutableView { try! Displacement.remap(src, by: field, edgeMode: edgeMode, into: $0, kernels: .portable) }
                    }
                    let kernels = "AVX2: \(KernelSet.cpuHasAVX2), AVX-512: \(KernelSet.cpuHasAVX512)"
                    #expect(fast == portable, "\(w)×\(h) \(edgeMode) subview \(useSubview) (\(kernels))")
                    #expect(avx2 == portable, "\(w)×\(h) \(edgeMode) subview \(useSubview) (\(kernels))")
                }
            }
        }
    }

    @Test func hugeOffsetsDoNotTrap() throws {
        let image = FilterTestImages.noise(width: 8, height: 8, seed: 46)
        let f = try Self.field(8, 8) { x, _ in (x % 2 == 0 ? 1e30 : -3e38, 1e20) }
        let out = try Displacement.remapped(image, by: f, edgeMode: .transparent)
        #expect(out == (try Pixmap(width: 8, height: 8)))
    }

    @Test func svgDisplacementMapWithNeutralMapIsIdentity() throws {
        let image = FilterTestImages.noise(width: 20, height: 20, seed: 47)
        // Straight 0.5 in red and green (premultiplied 64 of alpha 128 un-premultiplies to exactly 0.5).
        let map = try Pixmap(width: 20, height: 20, fill: PremultipliedRGBA8(red: 64, green: 64, blue: 0, alpha: 128))
        #expect(try Displacement.displaced(image, map: map, scale: 37) == image)
        // Red at 1.0 with scale 8 shifts sampling by +4 pixels in x.
        let shiftMap = try Pixmap(width: 20, height: 20, fill: PremultipliedRGBA8(red: 255, green: 128, blue: 0, alpha: 255))
        let shifted = try Displacement.displaced(image, map: shiftMap, scale: 8, edgeMode: .transparent)
        let dy = 8 * (128.0 / 255 - 0.5)
        #expect(abs(dy) < 0.02)
        for x in 0..<16 { #expect(abs(Int(shifted[x, 0].alpha) - Int(image[x + 4, 0].alpha)) <= 3) }
    }

    @Test func invalidParametersAreRejected() throws {
        #expect(throws: LiquidError.self) { try DisplacementField(width: 2, height: 2, dx: [0, 0, 0, .nan], dy: [0, 0, 0, 0]) }
        #expect(throws: LiquidError.self) { try DisplacementField(width: 2, height: 2, dx: [0], dy: [0]) }
        #expect(throws: LiquidError.self) { try DisplacementField(width: 0, height: 2, dx: [], dy: []) }
        let image = try Pixmap(width: 4, height: 4)
        #expect(throws: LiquidError.self) { try Displacement.displaced(image, map: image, scale: .infinity) }
        #expect(throws: LiquidError.self) { try Displacement.displaced(image, map: try Pixmap(width: 3, height: 4), scale: 1) }
        do { _ = try DisplacementField(width: 1, height: 1, dx: [0], dy: [.infinity]) } catch { #expect(error.description.contains("dy")) }
    }
}
