import LiquidGeometry
import Testing
import TestSupport
@testable import LiquidRaster

func alphaSum(_ pixmap: Pixmap) -> Double {
    var total = 0
    for (i, b) in pixmap.bytes.enumerated() where i % 4 == 3 { total += Int(b) }
    return Double(total) / 255
}

/// Coverage of `path` flattened 100× finer than the canvas does: a reference for the analytic fast path.
func fineCoverage(_ path: Path, _ width: Int, _ height: Int) -> [UInt8] {
    var mask = [UInt8](repeating: 0, count: width * height)
    var rasterizer = CoverageRasterizer(width: width, height: height)
    rasterizer.addPath(path, transform: .identity, tolerance: 0.002)
    mask.withUnsafeMutableBufferPointer { buffer in
        var sink = MaskWriter(base: buffer.baseAddress!, width: width)
        rasterizer.rasterize(rule: .nonZero, into: &sink)
    }
    return mask
}

func maxAlphaDifference(_ pixmap: Pixmap, _ mask: [UInt8]) -> Int {
    var worst = 0
    for i in 0..<mask.count { worst = Swift.max(worst, abs(Int(pixmap.bytes[4 * i + 3]) - Int(mask[i]))) }
    return worst
}

@Suite("Canvas")
struct CanvasTests {
    @Test func solidFillCompositesSourceOver() throws {
        var canvas = Canvas(try Pixmap(width: 4, height: 4, fill: .white))
        canvas.fillRect(Rect(x: 0, y: 0, width: 4, height: 4), paint: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)))
        // 50 % black over white: 255·(1 − 128/255) ≈ 127.
        #expect(canvas.pixmap[1, 1] == PremultipliedRGBA8(red: 127, green: 127, blue: 127, alpha: 255))
    }

    @Test func roundedRectFastPathIsExactAndMatchesThePathFill() throws {
        let rect = Rect(x: 10.3, y: 7.6, width: 200, height: 80)
        let radius = 20.0
        var fast = Canvas(try Pixmap(width: 230, height: 100))
        fast.fillRoundedRect(rect, cornerRadii: CornerRadii(all: radius), paint: .color(.white))
        let expected = rect.width * rect.height - (4 - Double.pi) * radius * radius
        #expect(isClose(alphaSum(fast.pixmap), expected, relative: 1e-4))
        let reference = fineCoverage(Path(roundedRect: rect, cornerRadii: CornerRadii(all: radius)), 230, 100)
        #expect(maxAlphaDifference(fast.pixmap, reference) <= 2)
    }

    @Test func roundedRectFastPathPerCornerRadiiAndClipping() throws {
        let radii = CornerRadii(topLeft: 0, topRight: 12.5, bottomRight: 30, bottomLeft: 5)
        let rect = Rect(x: -20.5, y: 3.25, width: 90, height: 70)
        var fast = Canvas(try Pixmap(width: 64, height: 64))
        fast.fillRoundedRect(rect, cornerRadii: radii, paint: .color(.white))
        let reference = fineCoverage(Path(roundedRect: rect, cornerRadii: radii), 64, 64)
        #expect(maxAlphaDifference(fast.pixmap, reference) <= 2)
    }

    @Test func continuousCornersFillBetweenCircularAndSharp() throws {
        let rect = Rect(x: 4, y: 4, width: 120, height: 60)
        func area(_ style: CornerStyle, _ r: Double) throws -> Double {
            var canvas = Canvas(try Pixmap(width: 128, height: 68))
            canvas.fillRoundedRect(rect, cornerRadii: CornerRadii(all: r), style: style, paint: .color(.white))
            return alphaSum(canvas.pixmap)
        }
        let circular = try area(.circular, 20), continuous = try area(.continuous, 20)
        #expect(circular < continuous && continuous < 120 * 60)
    }

    @Test func clipLimitsDrawingAndRestores() throws {
        var canvas = Canvas(try Pixmap(width: 20, height: 10))
        canvas.save()
        canvas.clip(to: Path(rect: Rect(x: 0, y: 0, width: 10.5, height: 10)))
        canvas.fillRect(Rect(x: 0, y: 0, width: 20, height: 10), paint: .color(.white))
        #expect(canvas.pixmap[9, 5].alpha == 255 && canvas.pixmap[10, 5].alpha == 128 && canvas.pixmap[11, 5].alpha == 0)
        // Nested clips intersect.
        canvas.clip(to: Path(rect: Rect(x: 0, y: 0, width: 20, height: 5)))
        canvas.fill(Path(rect: Rect(x: 0, y: 0, width: 20, height: 10)), paint: .color(.black))
        #expect(canvas.pixmap[2, 2] == .black && canvas.pixmap[2, 7] == .white && canvas.pixmap[15, 2].alpha == 0)
        canvas.restore()
        #expect(canvas.clipMask == nil)
        canvas.fillRect(Rect(x: 15, y: 0, width: 5, height: 10), paint: .color(.white))
        #expect(canvas.pixmap[17, 5] == .white)
    }

    @Test func transformsAndScaleMapPointsToPixels() throws {
        var canvas = Canvas(try Pixmap(width: 30, height: 30, scale: 3))
        canvas.translate(x: 2, y: 3)
        canvas.fillRect(Rect(x: 0, y: 0, width: 4, height: 1), paint: .color(.white))
        #expect(isClose(alphaSum(canvas.pixmap), 12 * 3, relative: 1e-6))
        #expect(canvas.pixmap[6, 9].alpha == 255 && canvas.pixmap[5, 9].alpha == 0 && canvas.pixmap[17, 11].alpha == 255)
        // A rotation sends the rect through the general path: the area is preserved.
        var rotated = Canvas(try Pixmap(width: 64, height: 64))
        rotated.translate(x: 32, y: 32)
        rotated.rotate(by: 0.3)
        rotated.fillRoundedRect(Rect(x: -20, y: -10, width: 40, height: 20), cornerRadii: CornerRadii(all: 5), paint: .color(.white))
        // Fills flatten preserving each curve's area (inscribed chords left it 3.5 px² short).
        #expect(isClose(alphaSum(rotated.pixmap), 800 - (4 - Double.pi) * 25, relative: 5e-4))
    }

    @Test func pluggableSpanBlenderReceivesSourceCoverageAndDestination() throws {
        // A "copy" compositor: result = c·src + (1 − c)·dst.
        let copy = SpanBlender(name: "copy") { source, coverage, destination, count in
            for i in 0..<count {
                let c = UInt32(coverage[i])
                var out: UInt32 = 0
                for shift in stride(from: 0, to: 32, by: 8) {
                    let s = (source[i] >> UInt32(shift)) & 255, d = (destination[i] >> UInt32(shift)) & 255
                    out |= ((s * c + d * (255 - c) + 127) / 255) << UInt32(shift)
                }
                destination[i] = out
            }
        }
        var canvas = Canvas(try Pixmap(width: 8, height: 8, fill: .white))
        canvas.blender = copy
        canvas.fillRect(Rect(x: 0, y: 0, width: 4.5, height: 8), paint: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)))
        #expect(canvas.pixmap[1, 1] == PremultipliedRGBA8(red: 0, green: 0, blue: 0, alpha: 128))
        #expect(canvas.pixmap[6, 1] == .white)
        #expect(canvas.pixmap[4, 1].alpha == 191)  // 0.502·128 + 0.498·255
        canvas.save()
        canvas.blender = .sourceOver
        canvas.restore()
        #expect(canvas.blender.name == "copy")
    }

    /// The built-in copy blend's solid-colour fast path (full spans stored, partial coverage mixed) writes
    /// the bytes of the same arithmetic run through the general shaded-row path, on a noisy background, for
    /// shapes with full runs, anti-aliased edges and arcs, with and without a clip.
    @Test func copyBlendFastPathEqualsTheGeneralPath() throws {
        let background = FilterTestImages.noise(width: 61, height: 43, seed: 5)
        let general = SpanBlender(name: "copy, general path", span: SpanBlender.copySpan)
        for color in [RGBA.white, RGBA(red: 0.2, green: 0.5, blue: 0.1, alpha: 0.6), RGBA.clear] {
            for clipped in [false, true] {
                var images: [Pixmap] = []
                for blender in [SpanBlender.copy, general] {
                    var canvas = Canvas(background)
                    if clipped { canvas.clip(to: Path(ellipseIn: Rect(x: 3, y: 2, width: 50, height: 37))) }
                    canvas.blender = blender
                    canvas.fillRoundedRect(Rect(x: 4.3, y: 3.6, width: 48.2, height: 30.5), cornerRadii: CornerRadii(all: 15.25),
                                           paint: .color(color))
                    canvas.fill(Path(ellipseIn: Rect(x: 30.5, y: 20.2, width: 27, height: 19)), paint: .color(color))
                    images.append(canvas.pixmap)
                }
                let same = images[0] == images[1], changed = images[0] != background
                #expect(same, "colour \(color), clipped \(clipped)")
                #expect(changed)
            }
        }
    }
}
