import LiquidGeometry
import LiquidRaster
import Testing
import TestSupport

@Suite("Pixel-aligned and stretched blits")
struct AlignedBlitTests {
    /// A random valid premultiplied image.
    func image(width: Int, height: Int, seed: UInt64) throws -> Pixmap {
        var random = SeededRandom(seed: seed)
        var pixmap = try Pixmap(width: width, height: height, scale: 3)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &random)
                let pick = { (r: inout SeededRandom) in UInt8.random(in: 0...alpha, using: &r) }
                pixmap[x, y] = PremultipliedRGBA8(red: pick(&random), green: pick(&random), blue: pick(&random),
                                                  alpha: y % 7 == 0 ? 255 : alpha)
            }
        }
        return pixmap
    }

    func maximumDifference(_ a: Pixmap, _ b: Pixmap) -> Int {
        zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test func compositeIsSourceOverAtAPixelOffset() throws {
        let source = try image(width: 20, height: 12, seed: 1)
        let background = try image(width: 32, height: 24, seed: 2)
        var canvas = Canvas(background)
        canvas.drawImage(source, atPixelX: 5, y: 7)
        var expected = background
        try expected.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
            try source.withView { try region.composite($0) }
        }
        #expect(maximumDifference(canvas.pixmap, expected) <= 1)
        // Partly outside: only the overlap changes, nothing traps.
        var shifted = Canvas(background)
        shifted.drawImage(source, atPixelX: -15, y: 20)
        #expect(shifted.pixmap[2, 19] == background[2, 19] && shifted.pixmap[2, 20] != background[2, 20])
        #expect(shifted.pixmap[6, 20] == background[6, 20])
    }

    @Test func compositeHonoursTheClip() throws {
        let source = try Pixmap(width: 16, height: 16, fill: .white)
        var canvas = Canvas(try Pixmap(width: 16, height: 16))
        canvas.clip(to: Path(rect: Rect(x: 0, y: 0, width: 8, height: 16)))
        canvas.drawImage(source, atPixelX: 0, y: 0)
        #expect(canvas.pixmap[3, 3] == .white && canvas.pixmap[12, 3] == .transparent)
    }

    /// The aligned blit against the exact per-channel formula round((s·c·255 + d·(255² − αs·c)) / 255²),
    /// computed here in integers, for every kernel choice: without a clip and through clips mixing runs of
    /// full, partial and no coverage, at offsets that put the image partly outside the target.
    @Test func alignedBlitIsTheExactSourceOverInEveryKernel() throws {
        var random = SeededRandom(seed: 77)
        var checked = 0
        for trial in 0..<24 {
            let width = Int.random(in: 1...53, using: &random), height = Int.random(in: 1...9, using: &random)
            let source = try image(width: width, height: height, seed: UInt64(100 + trial))
            let background = try image(width: 48, height: 12, seed: UInt64(200 + trial))
            let x = Int.random(in: -10...40, using: &random), y = Int.random(in: -4...8, using: &random)
            var clip: ClipMask? = nil
            if trial % 3 != 0 {
                var mask = try ClipMask(width: 48, height: 12, value: 0)
                for row in 0..<12 {
                    var column = 0
                    while column < 48 {
                        let run = Int.random(in: 1...20, using: &random)
                        let kind = Int.random(in: 0...2, using: &random)
                        for k in column..<Swift.min(column + run, 48) {
                            mask[k, row] = kind == 0 ? 0 : (kind == 1 ? 255 : UInt8.random(in: 1...254, using: &random))
                        }
                        column += run
                    }
                }
                clip = mask
            }
            var expected = background
            for row in 0..<12 {
                for column in 0..<48 {
                    let sx = column - x, sy = row - y
                    guard sx >= 0, sx < width, sy >= 0, sy < height else { continue }
                    let c = Int(clip?[column, row] ?? 255)
                    let s = source[sx, sy], d = background[column, row]
                    let keep = 65_025 - Int(s.alpha) * c
                    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) * c * 255 + Int(b) * keep + 32_512) / 65_025) }
                    expected[column, row] = PremultipliedRGBA8(red: mix(s.red, d.red), green: mix(s.green, d.green),
                                                               blue: mix(s.blue, d.blue), alpha: mix(s.alpha, d.alpha))
                }
            }
            for kernels in [KernelSet.automatic, .avx2, .portable] {
                var out = background
                out.withMutableView { view in source.withView { view.drawAligned($0, x: x, y: y, clip: clip, kernels: kernels) } }
                #expect(out == expected, "trial \(trial), \(kernels), at (\(x), \(y)), \(width)×\(height)")
                checked += 1
            }
        }
        #expect(checked == 72)
    }

    @Test func stretchAtOneToOneIsTheImageItself() throws {
        let source = try image(width: 20, height: 12, seed: 3)
        let background = try image(width: 32, height: 24, seed: 4)
        var stretched = background
        stretched.stretch(source, over: Rect(x: 5, y: 7, width: 20, height: 12), mode: .normal, opacity: 1)
        var expected = background
        try expected.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
            try source.withView { try region.composite($0) }
        }
        #expect(maximumDifference(stretched, expected) <= 1)
        for mode in [(BlendMode.multiply, BlendMode.multiply), (.screen, .screen)] {
            var blended = background
            blended.stretch(source, over: Rect(x: 5, y: 7, width: 20, height: 12), mode: mode.0, opacity: 1)
            var reference = background
            try reference.withMutableRegion(PixelRect(x: 5, y: 7, width: 20, height: 12)) { region in
                try source.withView { try region.composite($0, mode: mode.1) }
            }
            #expect(maximumDifference(blended, reference) <= 1, "\(mode.1)")
        }
    }

    @Test func stretchCoversFractionalEdgesPartially() throws {
        let source = try Pixmap(width: 4, height: 4, fill: .white)
        var target = try Pixmap(width: 10, height: 10)
        target.stretch(source, over: Rect(x: 2.5, y: 2, width: 5, height: 4), mode: .normal, opacity: 1)
        #expect(target[4, 3] == .white)
        #expect(target[2, 3].alpha == 128 && target[7, 3].alpha == 128)
        #expect(target[1, 3] == .transparent && target[8, 3] == .transparent && target[4, 6] == .transparent)
    }

    /// The AVX2 and AVX-512 row kernels (taken where the CPU has them, for `.normal`, `.multiply` and
    /// `.screen`; `.automatic` is AVX-512 where present) write the bytes of the per-pixel path: seeded sources with transparent and partly transparent pixels, shrunk
    /// and enlarged over fractional rects reaching past the target's edges, opacities below and at 1, and
    /// rows of every length around the groups of eight.
    @Test func stretchKernelsAgreeByteForByte() throws {
        var random = SeededRandom(seed: 77)
        for trial in 0..<60 {
            let sw = Int(random.uniform(1...40)), sh = Int(random.uniform(1...30))
            var source = try image(width: sw, height: sh, seed: 700 + UInt64(trial))
            // Some fully transparent pixels, which the blit skips.
            for _ in 0..<(sw * sh / 5) {
                source[Int(random.uniform(0...Double(sw - 1))), Int(random.uniform(0...Double(sh - 1)))] = .transparent
            }
            let background = try image(width: 48, height: 40, seed: 900 + UInt64(trial))
            let rect = Rect(x: random.uniform(-6...40), y: random.uniform(-6...34),
                            width: random.uniform(0.5...60), height: random.uniform(0.5...45))
            let opacity = trial % 3 == 0 ? 1 : random.uniform(0.05...1)
            for mode in [BlendMode.normal, .multiply, .screen, .overlay] {
                var automatic = background, avx2 = background, portable = background
                automatic.stretch(source, over: rect, mode: mode, opacity: opacity, kernels: .automatic)
                avx2.stretch(source, over: rect, mode: mode, opacity: opacity, kernels: .avx2)
                portable.stretch(source, over: rect, mode: mode, opacity: opacity, kernels: .portable)
                #expect(automatic == portable, "trial \(trial), \(mode), \(rect), AVX2: \(KernelSet.cpuHasAVX2), AVX-512: \(KernelSet.cpuHasAVX512)")
                #expect(avx2 == portable, "trial \(trial), \(mode), \(rect)")
                #expect(portable != background || rect.maxX <= 0 || rect.maxY <= 0, "trial \(trial): nothing drawn")
            }
        }
        // A stretch large enough to split its rows over the workers equals the same stretch drawn one
        // target row at a time (each small enough to stay whole), at every kernel set.
        let big = try image(width: 90, height: 70, seed: 1234)
        let backdrop = try image(width: 300, height: 260, seed: 1235)
        let wide = Rect(x: 7.25, y: 3.5, width: 281.5, height: 243.75)
        for kernels in [KernelSet.automatic, .avx2, .portable] {
            var whole = backdrop, rows = backdrop
            whole.stretch(big, over: wide, mode: .multiply, opacity: 0.9, kernels: kernels)
            for y in 0..<rows.height {
                try rows.withMutableRegion(PixelRect(x: 0, y: y, width: rows.width, height: 1)) { line in
                    try big.withView { source in
                        line.stretch(source, over: wide.offsetBy(dx: 0, dy: -Double(y)), mode: .multiply, opacity: 0.9,
                                     kernels: kernels)
                    }
                }
            }
            #expect(whole == rows, "\(kernels): banded rows differ from rows drawn one by one")
            #expect(whole != backdrop)
        }
        // Rects wholly past an edge, or far away, draw nothing (and do not trap).
        for far in [Rect(x: 10, y: 300, width: 20, height: 5), Rect(x: 400, y: 10, width: 3, height: 3),
                    Rect(x: -50, y: -40, width: 20, height: 30), Rect(x: 1e300, y: -1e300, width: 1e300, height: 1e299),
                    Rect(x: -1e300, y: 5, width: 1e300, height: 2)] {
            var untouched = backdrop
            untouched.stretch(big, over: far, mode: .normal, opacity: 1)
            #expect(untouched == backdrop, "\(far)")
        }
        // Wide sources, stretched a little (sixteen pixels read from within 32 source columns: the AVX-512
        // kernel's window) and shrunk hard (beyond it: its gathers), over long rows.
        for (index, (sw, width)) in [(64, 70.3), (40, 41.7), (33, 120.2), (96, 20.6), (70, 35.1)].enumerated() {
            let source = try image(width: sw, height: 12, seed: 990 + UInt64(index))
            let background = try image(width: 140, height: 16, seed: 995 + UInt64(index))
            let rect = Rect(x: 3.4, y: 1.25, width: width, height: 13.5)
            var automatic = background, portable = background
            automatic.stretch(source, over: rect, mode: .normal, opacity: 0.8, kernels: .automatic)
            portable.stretch(source, over: rect, mode: .normal, opacity: 0.8, kernels: .portable)
            #expect(automatic == portable, "source \(sw) over \(width)")
        }
    }
}
