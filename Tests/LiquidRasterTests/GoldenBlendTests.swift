import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// A golden image of the nine blend modes, each checked against the W3C Compositing and Blending formulas
/// evaluated in Double here (independently of ``BlendMode``'s Float code).
@Suite("Golden images: blend modes")
struct GoldenBlendTests {
    /// The modes in grid order, row by row.
    static let modes: [BlendMode] = [.normal, .copy, .multiply,
                                     .screen, .overlay, .softLight,
                                     .plusLighter, .destinationOut, .destinationIn]
    static let cellWidth = 52, cellHeight = 40
    /// Backdrop: the left half of each cell opaque orange, the right half translucent teal.
    static let leftBackdrop = PremultipliedRGBA8(RGBA(red: 0.95, green: 0.6, blue: 0.15))
    static let rightBackdrop = PremultipliedRGBA8(RGBA(red: 0.1, green: 0.55, blue: 0.6, alpha: 0.7))
    /// The translucent circle drawn with each mode.
    static let source = PremultipliedRGBA8(RGBA(red: 0.55, green: 0.2, blue: 0.85, alpha: 0.75))

    /// The W3C separable blend function B(Cb, Cs) on straight colour, or nil for the Porter–Duff-only modes.
    static func separable(_ mode: BlendMode, backdrop cb: Double, source cs: Double) -> Double? {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay:
            // HardLight(Cs = Cb, Cb = Cs): multiply with 2Cb where the backdrop is dark, screen where light.
            return cb <= 0.5 ? cs * 2 * cb : cs + (2 * cb - 1) - cs * (2 * cb - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        default: return nil
        }
    }

    /// The exact composite (0…255 per channel, R, G, B, A premultiplied) of premultiplied `s` over `d`.
    static func reference(_ mode: BlendMode, source s8: PremultipliedRGBA8, backdrop d8: PremultipliedRGBA8) -> [Double] {
        let s = [s8.red, s8.green, s8.blue, s8.alpha].map { Double($0) / 255 }
        let d = [d8.red, d8.green, d8.blue, d8.alpha].map { Double($0) / 255 }
        let (sa, da) = (s[3], d[3])
        var out = [Double](repeating: 0, count: 4)
        switch mode {
        case .normal: for c in 0..<4 { out[c] = s[c] + d[c] * (1 - sa) }
        case .copy: out = s
        case .plusLighter: for c in 0..<4 { out[c] = min(1, s[c] + d[c]) }
        case .destinationOut: for c in 0..<4 { out[c] = d[c] * (1 - sa) }
        case .destinationIn: for c in 0..<4 { out[c] = d[c] * sa }
        case .multiply, .screen, .overlay, .softLight:
            for c in 0..<3 {
                let cs = sa > 0 ? s[c] / sa : 0, cb = da > 0 ? d[c] / da : 0
                let blended = separable(mode, backdrop: cb, source: cs)!
                out[c] = s[c] * (1 - da) + d[c] * (1 - sa) + sa * da * blended
            }
            out[3] = sa + da * (1 - sa)
        }
        return out.map { 255 * $0 }
    }

    @Test func nineBlendModes() throws {
        let (w, h) = (3 * Self.cellWidth, 3 * Self.cellHeight)
        var image = try Pixmap(width: w, height: h)
        image.withMutableView { view in
            for row in 0..<3 {
                for column in 0..<3 {
                    let x = column * Self.cellWidth, y = row * Self.cellHeight, half = Self.cellWidth / 2
                    view.region(PixelRect(x: x, y: y, width: half, height: Self.cellHeight)).fill(Self.leftBackdrop)
                    view.region(PixelRect(x: x + half, y: y, width: half, height: Self.cellHeight))
                        .fill(Self.rightBackdrop)
                }
            }
        }
        var probes: [(mode: BlendMode, x: Int, y: Int, backdrop: PremultipliedRGBA8)] = []
        for (i, mode) in Self.modes.enumerated() {
            let cx = Double((i % 3) * Self.cellWidth + Self.cellWidth / 2), cy = Double((i / 3) * Self.cellHeight) + 20
            // The circle's anti-aliased coverage as the mask: outside it the backdrop stays as it is.
            var circle = Canvas(try Pixmap(width: w, height: h))
            var path = Path()
            path.addCircle(center: Point(cx, cy), radius: 15)
            circle.fill(path, paint: .color(.white))
            let mask = circle.pixmap
            try image.withMutableView { view in
                try mask.withView { maskView in
                    try view.composite(color: Self.source, mode: mode, mask: CoverageMask.alpha(of: maskView))
                }
            }
            probes.append((mode, Int(cx) - 8, Int(cy), Self.leftBackdrop))
            probes.append((mode, Int(cx) + 7, Int(cy), Self.rightBackdrop))
        }
        goldens.assertMatches(image, named: "blend-modes")

        for probe in probes {
            let expected = Self.reference(probe.mode, source: Self.source, backdrop: probe.backdrop)
            let p = image[probe.x, probe.y]
            let actual = [p.red, p.green, p.blue, p.alpha].map(Double.init)
            let worst = zip(expected, actual).map { abs($0 - $1) }.max()!
            #expect(worst <= 1, "\(probe.mode) over \(probe.backdrop): \(p), W3C gives \(expected.map { ($0 * 10).rounded() / 10 })")
        }
        // Outside the circles the backdrop is untouched, even for copy and destination-in.
        #expect(image[1, 1] == Self.leftBackdrop && image[w - 2, h - 2] == Self.rightBackdrop)
    }
}
