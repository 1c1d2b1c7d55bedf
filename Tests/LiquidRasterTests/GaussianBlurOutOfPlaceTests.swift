import LiquidRaster
import TestSupport
import Testing

/// Blurring from one view into another writes exactly what copying and blurring in place writes.
@Suite struct GaussianBlurOutOfPlaceTests {
    /// σ covers the direct path (no reduction) and reductions by 2, 4 and 8; the source is a window of a
    /// larger image (its row stride differs from the destination's), both edge modes.
    @Test(arguments: [0.0, 1.5, 3.2, 7.5, 21.0])
    func outOfPlaceEqualsCopyThenInPlace(sigma: Double) throws {
        var random = SeededRandom(seed: 5)
        var big = try Pixmap(width: 97, height: 61)
        for y in 0..<big.height {
            for x in 0..<big.width {
                let a = UInt8.random(in: 0...255, using: &random)
                big[x, y] = PremultipliedRGBA8(red: UInt8.random(in: 0...a, using: &random),
                                               green: UInt8.random(in: 0...a, using: &random), blue: a / 2, alpha: a)
            }
        }
        let window = PixelRect(x: 7, y: 5, width: 83, height: 49)
        for edgeMode in [EdgeMode.clamp, .transparent] {
            let blur = try GaussianBlur(sigma: sigma, edgeMode: edgeMode)
            var reference = try Pixmap(width: window.width, height: window.height)
            var ours = reference
            big.withView { view in
                let source = view.region(window)
                reference.withMutableView { out in
                    for y in 0..<out.height {
                        for x in 0..<(4 * out.width) { out.row(y)[x] = source.row(y)[x] }
                    }
                    blur.apply(to: out, workspace: BlurWorkspace())
                }
                ours.withMutableView { blur.apply(from: source, to: $0, workspace: BlurWorkspace()) }
            }
            #expect(ours.bytes == reference.bytes, "σ \(sigma), \(edgeMode)")
        }
    }
}
