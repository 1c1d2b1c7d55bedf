import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

@Suite("Text through FreeType")
struct TextRendererTests {
    static let sansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    private func sans() throws -> Font { try Font(path: Self.sansPath) }

    /// The smallest pixel rect holding every pixel with alpha > 0, or nil when there is none.
    private func inkBox(_ pixmap: Pixmap) -> PixelRect? {
        var box: PixelRect?
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width where pixmap[x, y].alpha > 0 {
                let pixel = PixelRect(x: x, y: y, width: 1, height: 1)
                box = box.map { $0.union(pixel) } ?? pixel
            }
        }
        return box
    }

    @Test func fontLoadsAndDescribesItself() throws {
        let font = try sans()
        #expect(font.familyName == "DejaVu Sans" && font.styleName == "Book")
        #expect(font.unitsPerEm == 2048)
        #expect(font == (try Font(path: Self.sansPath)))
    }

    @Test func inkLiesInsideTheMeasuredBounds() throws {
        for (scale, point) in [(1.0, Point(20, 40)), (2.0, Point(10.3, 30.7)), (3.0, Point(5, 25))] {
            let renderer = TextRenderer(font: try sans(), size: 24, color: .black)
            let metrics = try renderer.measure("Hello", scale: scale)
            var pixmap = try Pixmap(width: Int(120 * scale), height: Int(60 * scale), scale: scale)
            try renderer.draw("Hello", at: point, into: &pixmap)
            let ink = try #require(inkBox(pixmap))
            // Measured bounds in pixels, offset by the drawing point; drawing snaps by at most half a pixel.
            let b = metrics.bounds.offsetBy(dx: point.x, dy: point.y)
            let (minX, minY) = (b.minX * scale, b.minY * scale)
            let (maxX, maxY) = (b.maxX * scale, b.maxY * scale)
            #expect(Double(ink.x) >= minX - 0.5 && Double(ink.maxX) <= maxX + 0.5, "scale \(scale): ink \(ink) vs \(b)")
            #expect(Double(ink.y) >= minY - 0.5 && Double(ink.maxY) <= maxY + 0.5, "scale \(scale): ink \(ink) vs \(b)")
            // And the bounds are tight: the ink reaches each edge to within a pixel.
            #expect(abs(Double(ink.x) - minX) <= 1 && abs(Double(ink.maxX) - maxX) <= 1)
            #expect(abs(Double(ink.y) - minY) <= 1 && abs(Double(ink.maxY) - maxY) <= 1)
            // "Hello" at 24 pt: about 60 pt wide, cap height about 17 pt above the baseline, nothing below it.
            #expect(metrics.advance > 55 && metrics.advance < 70, "advance \(metrics.advance)")
            #expect(metrics.bounds.minY < -16 && metrics.bounds.minY > -20 && metrics.bounds.maxY <= 0.5)
            #expect(metrics.ascent > 20 && metrics.descent > 4 && metrics.lineHeight >= metrics.ascent + metrics.descent - 1)
        }
    }

    @Test func scaleRasterisesAtMorePixelsNotByUpscaling() throws {
        let renderer = TextRenderer(font: try sans(), size: 10)
        let one = try renderer.measure("Liquid", scale: 1), three = try renderer.measure("Liquid", scale: 3)
        // In points the two agree to within hinting (a pixel at 1×); the 3× one has 3× the pixels.
        #expect(abs(one.advance - three.advance) <= 1.0, "\(one.advance) vs \(three.advance)")
        #expect(abs(one.bounds.height - three.bounds.height) <= 1.0)
        var small = try Pixmap(width: 60, height: 20, scale: 1)
        var large = try Pixmap(width: 180, height: 60, scale: 3)
        try renderer.draw("Liquid", at: Point(2, 14), into: &small)
        try renderer.draw("Liquid", at: Point(2, 14), into: &large)
        let s = try #require(inkBox(small)), l = try #require(inkBox(large))
        #expect(abs(Double(l.height) - 3 * Double(s.height)) <= 3, "\(s) vs \(l)")
    }

    @Test func alignmentPlacesTheAdvanceAroundThePoint() throws {
        let font = try sans()
        let left = try TextRenderer(font: font, size: 20, alignment: .left).measure("Wide text")
        let center = try TextRenderer(font: font, size: 20, alignment: .center).measure("Wide text")
        let right = try TextRenderer(font: font, size: 20, alignment: .right).measure("Wide text")
        #expect(left.advance == center.advance && center.advance == right.advance)
        #expect(abs(center.bounds.minX - (left.bounds.minX - left.advance / 2)) <= 1)
        #expect(abs(right.bounds.minX - (left.bounds.minX - left.advance)) <= 1)
        #expect(right.bounds.maxX <= 1 && left.bounds.minX >= -1)

        var pixmap = try Pixmap(width: 200, height: 40)
        try TextRenderer(font: font, size: 20, alignment: .right).draw("Wide text", at: Point(190, 30), into: &pixmap)
        let ink = try #require(inkBox(pixmap))
        #expect(ink.maxX <= 191 && ink.maxX >= 185, "right-aligned ink ends at \(ink.maxX)")
    }

    @Test func kerningTightensPairsWhenTheFontHasIt() throws {
        let font = try sans()
        let kerned = try TextRenderer(font: font, size: 40, kerning: true).measure("AVAV")
        let plain = try TextRenderer(font: font, size: 40, kerning: false).measure("AVAV")
        if font.hasKerning {
            #expect(kerned.advance < plain.advance, "kerned \(kerned.advance) vs \(plain.advance)")
        } else {
            #expect(kerned.advance == plain.advance)
        }
    }

    @Test func controlCharactersAreSkippedAndEmptyTextHasNoInk() throws {
        let renderer = TextRenderer(font: try sans(), size: 12)
        #expect(try renderer.measure("A\nB\t").advance == (try renderer.measure("AB")).advance)
        let empty = try renderer.measure("")
        #expect(empty.advance == 0 && empty.bounds == .zero)
        let spaces = try renderer.measure("   ")
        #expect(spaces.advance > 0 && spaces.bounds == .zero)
        var pixmap = try Pixmap(width: 10, height: 10)
        try renderer.draw("   ", at: Point(0, 8), into: &pixmap)
        #expect(inkBox(pixmap) == nil)
    }

    @Test func compositingIsSourceOverInPremultipliedSpace() throws {
        let renderer = TextRenderer(font: try sans(), size: 30, color: .white)
        var onBlack = try Pixmap(width: 80, height: 40, fill: .black)
        try renderer.draw("Mg", at: Point(4, 30), into: &onBlack)
        var sawPartial = false, sawFull = false
        for y in 0..<40 {
            for x in 0..<80 {
                let p = onBlack[x, y]
                #expect(p.alpha == 255 && p.red == p.green && p.green == p.blue)
                if p.red == 255 { sawFull = true } else if p.red > 0 { sawPartial = true }
            }
        }
        #expect(sawPartial && sawFull, "anti-aliased edges and solid interiors")

        // Translucent colour on a transparent pixmap: alpha at most the colour's, channels ≤ alpha.
        let translucent = TextRenderer(font: try sans(), size: 30, color: RGBA(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        var clear = try Pixmap(width: 80, height: 40)
        try translucent.draw("Mg", at: Point(4, 30), into: &clear)
        let maximumAlpha = clear.bytes.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max()
        #expect(maximumAlpha == 128)
        for y in 0..<40 {
            for x in 0..<80 {
                let p = clear[x, y]
                #expect(p.red <= p.alpha && p.green <= p.alpha && p.blue == 0)
            }
        }

        // Drawing partly outside the pixmap clips without trapping.
        var tiny = try Pixmap(width: 8, height: 8)
        try renderer.draw("Clipped", at: Point(-20, 4), into: &tiny)
        try renderer.draw("Clipped", at: Point(1e6, -1e6), into: &tiny)
    }

    @Test func badParametersAreRefused() throws {
        let font = try sans()
        var pixmap = try Pixmap(width: 10, height: 10)
        for size in [0, -3, Double.nan, .infinity, 5000] {
            #expect(throws: LiquidError.self) { try TextRenderer(font: font, size: size).draw("x", at: Point(1, 1), into: &pixmap) }
        }
        #expect(throws: LiquidError.self) { try TextRenderer(font: font, size: 10).draw("x", at: Point(.nan, 1), into: &pixmap) }
        #expect(throws: LiquidError.self) { try TextRenderer(font: font, size: 10).measure("x", scale: 0) }
    }

    @Test func missingFontsNameWhatWasTried() throws {
        #expect(throws: LiquidError.font("cannot load font '/no/such/font.ttf': No such file or directory")) {
            try Font(path: "/no/such/font.ttf")
        }
        // A file that is not a font.
        let notFont = FileManager.default.temporaryDirectory.path + "/liquidkit-not-a-font-\(UInt32.random(in: 0...UInt32.max)).ttf"
        defer { try? FileManager.default.removeItem(atPath: notFont) }
        try Data("definitely not a font".utf8).write(to: URL(fileURLWithPath: notFont))
        do {
            _ = try Font(path: notFont)
            Issue.record("loading a text file as a font succeeded")
        } catch {
            #expect(error.description.contains(notFont) && error.description.contains("FreeType error"), "\(error)")
        }

        // Family lookup, the settable search list and the fallback list. This is the only test that changes
        // the process-wide lists, and it restores them.
        let savedSearch = Font.searchPaths, savedFallback = Font.fallbackPaths
        defer { Font.searchPaths = savedSearch; Font.fallbackPaths = savedFallback }
        #expect(try Font(family: "DejaVu Sans").path == Self.sansPath)
        #expect(try Font(family: "DejaVu Serif", style: .italic).styleName == "Italic")
        #expect(try Font(family: "DejaVu Sans", style: .boldItalic).styleName == "Bold Oblique")
        do {
            _ = try Font(family: "Nonexistent Grotesk", style: .bold)
            Issue.record("found a font that does not exist")
        } catch {
            guard error.kind == .unavailable else { Issue.record("wrong error \(error)"); return }
            let message = error.message
            #expect(message.contains("/usr/share/fonts/truetype/dejavu/NonexistentGrotesk-Bold.ttf"), "\(message)")
            #expect(message.contains("/usr/share/fonts/TTF/NonexistentGrotesk-Bold.otf"), "\(message)")
        }
        Font.searchPaths = ["/nowhere"]
        #expect(throws: LiquidError.font("no font file for family 'DejaVu Sans' (regular); tried: /nowhere/DejaVuSans.ttf, /nowhere/DejaVuSans.otf")) {
            try Font(family: "DejaVu Sans")
        }
        Font.searchPaths = []
        #expect(throws: LiquidError.self) { try Font(family: "DejaVu Sans") }

        #expect(try Font.fallback().path == Self.sansPath)
        Font.fallbackPaths = ["/missing/a.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"]
        #expect(try Font.fallback().familyName == "DejaVu Sans Mono")
        Font.fallbackPaths = ["/missing/a.ttf", "/missing/b.ttf"]
        do {
            _ = try Font.fallback()
            Issue.record("fallback found a missing font")
        } catch {
            #expect(error.description.contains("/missing/a.ttf") && error.description.contains("/missing/b.ttf"))
        }
    }

    @Test func renderingFromManyTasksAtOnceMatchesSerialRendering() async throws {
        let font = try sans()
        let words = ["Liquid", "Glass", "Spring", "Goo", "Blur", "Tab bar", "Æther", "Ωmega"]
        func render(_ word: String, size: Double) throws -> Pixmap {
            var pixmap = try Pixmap(width: 160, height: 40, scale: 1)
            try TextRenderer(font: font, size: size).draw(word, at: Point(2, 30), into: &pixmap)
            return pixmap
        }
        var serial: [String: Pixmap] = [:]
        for (i, word) in words.enumerated() { serial[word] = try render(word, size: 12 + Double(i)) }
        let parallel = try await withThrowingTaskGroup(of: (String, Pixmap).self) { group in
            for _ in 0..<4 {
                for (i, word) in words.enumerated() {
                    group.addTask { (word, try render(word, size: 12 + Double(i))) }
                }
            }
            var results: [(String, Pixmap)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == 4 * words.count)
        for (word, pixmap) in parallel { #expect(pixmap == serial[word], "\(word) differs when rendered concurrently") }
    }

    // MARK: Golden image

    /// Draws the golden scene: two lines, left- and right-aligned, at scale 2.
    static func goldenScene() throws -> Pixmap {
        let font = try Font(path: sansPath)
        var pixmap = try Pixmap(width: 160, height: 56, scale: 2, fill: .white)
        try TextRenderer(font: font, size: 12, color: RGBA(red: 0.05, green: 0.1, blue: 0.4))
            .draw("LiquidKit", at: Point(3, 13), into: &pixmap)
        try TextRenderer(font: font, size: 9, color: RGBA(red: 0.85, green: 0.1, blue: 0.1, alpha: 0.8), alignment: .right)
            .draw("AV Ty 42", at: Point(77, 25), into: &pixmap)
        return pixmap
    }

    @Test func goldenText() throws {
        let actual = try Self.goldenScene()
        goldens.assertMatches(actual, named: "text", tolerance: 2)
    }
}
