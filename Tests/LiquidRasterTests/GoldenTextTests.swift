import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// A golden image of centred DejaVu text at 2× scale (the left/right-aligned golden is in
/// ``TextRendererTests``).
@Suite("Golden images: text")
struct GoldenTextTests {
    @Test func centredTextAtTwiceScale() throws {
        let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        // 80×30 pt at 2 px per point. The text starts and ends with "H", whose side bearings are equal, so its
        // ink is centred where its advance is.
        var pixmap = try Pixmap(width: 160, height: 60, scale: 2, fill: .white)
        let anchor = Point(40, 20)
        try TextRenderer(font: font, size: 13, color: RGBA(red: 0.1, green: 0.1, blue: 0.35), alignment: .center)
            .draw("HIGH TECH", at: anchor, into: &pixmap)
        goldens.assertMatches(pixmap, named: "text-centred-2x")

        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width where pixmap[x, y] != .white {
                minX = min(minX, x); maxX = max(maxX, x + 1); minY = min(minY, y); maxY = max(maxY, y + 1)
            }
        }
        #expect(minX < maxX, "no ink")
        // Centred within a pixel of the anchor (80 px), and sitting on the baseline (40 px): capitals only, so
        // nothing below it, and the cap height of 13 pt DejaVu (0.73 em ≈ 19 px) above.
        let center = Double(minX + maxX) / 2
        #expect(abs(center - anchor.x * 2) <= 1, "ink spans \(minX)…\(maxX), centre \(center)")
        #expect(maxY == 40 && abs(Double(40 - minY) - 0.729 * 26) <= 1.5, "ink rows \(minY)…\(maxY)")
    }
}
