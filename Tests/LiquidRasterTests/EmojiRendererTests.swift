import Foundation
import LiquidGeometry
import Testing
@testable import LiquidRaster

/// The colour font the colour-only assertions need (Debian's fonts-noto-color-emoji); without it they are
/// skipped with that reason and every other assertion still runs.
private let colorFontPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
private let hasColorFont = FileManager.default.isReadableFile(atPath: colorFontPath)
private let sansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite("Emoji through the fallback chain")
struct EmojiRendererTests {
    /// The carousel's fourteen emoji, variation selectors included.
    static let carousel = ["🦾", "👾", "🤖", "🦈", "🎆", "💙", "😎", "🐲", "🤫", "⛄️", "☮️", "🌈", "🌹", "🦭"]

    /// Pixels with some ink.
    private func inked(_ pixmap: Pixmap) -> Int {
        var count = 0
        for y in 0..<pixmap.height { for x in 0..<pixmap.width where pixmap[x, y].alpha > 0 { count += 1 } }
        return count
    }

    /// Pixels whose colour is clearly not grey (a channel spread over 60 of 255, after un-premultiplying).
    private func colourful(_ pixmap: Pixmap) -> Int {
        var count = 0
        for y in 0..<pixmap.height {
            for x in 0..<pixmap.width {
                let p = pixmap[x, y]
                guard p.alpha > 128 else { continue }
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                if (channels.max()! - channels.min()!) * 255 / Int(p.alpha) > 60 { count += 1 }
            }
        }
        return count
    }

    @Test(.enabled(if: hasColorFont, "needs Noto Color Emoji (fonts-noto-color-emoji) at \(colorFontPath)"))
    func colourFontDrawsAColourBitmapAtTheRequestedSize() throws {
        let drawn = try EmojiRenderer().render("💙", size: 22, scale: 3)
        #expect(drawn.source == .colorBitmap(font: colorFontPath))
        #expect(drawn.source.isColor)
        #expect(drawn.image.width == 66 && drawn.image.height == 66 && drawn.image.scale == 3)
        #expect(colourful(drawn.image) > 300)
    }

    @Test(.enabled(if: hasColorFont, "needs Noto Color Emoji (fonts-noto-color-emoji) at \(colorFontPath)"))
    func halvingTheStrikeAveragesEachTwoByTwoBlock() throws {
        // The strike's own glyph, straight from FreeType, is the reference.
        let library = FreeTypeLibrary.shared
        let glyph = try library.glyphIndices(["🌈"], path: colorFontPath, faceIndex: 0)[0]
        let raw = try #require(try library.colorGlyph(glyph, path: colorFontPath, faceIndex: 0, pixelSize: 200))
        #expect(raw.fromBitmapStrike)
        try #require(raw.width % 2 == 0 && raw.height % 2 == 0)
        let source = try Pixmap(width: raw.width, height: raw.height, premultipliedBytes: raw.rgba)
        let half = try EmojiRenderer.areaAverage(source, width: raw.width / 2, height: raw.height / 2)
        var worst = 0.0
        for y in 0..<half.height {
            for x in 0..<half.width {
                for c in 0..<4 {
                    var sum = 0.0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += Double(raw.rgba[4 * ((2 * y + dy) * raw.width + 2 * x + dx) + c])
                    }
                    let p = half[x, y]
                    let got = [p.red, p.green, p.blue, p.alpha][c]
                    worst = max(worst, abs(Double(got) - sum / 4))
                }
            }
        }
        #expect(worst <= 0.5 + 1e-9)
    }

    @Test(.enabled(if: hasColorFont, "needs Noto Color Emoji (fonts-noto-color-emoji) at \(colorFontPath)"))
    func joinerSequencesAndVariationSelectorsUseTheFontsLigatures() throws {
        let renderer = EmojiRenderer()
        // A person with a laptop is one ligature glyph, not the person alone.
        let joined = try renderer.render("👩‍💻", size: 20, scale: 2)
        let person = try renderer.render("👩", size: 20, scale: 2)
        #expect(joined.source.isColor && person.source.isColor)
        #expect(joined.image != person.image)
        // A flag is its two regional indicators joined.
        let flag = try renderer.render("🇫🇷", size: 20, scale: 2)
        let letter = try renderer.render("🇫", size: 20, scale: 2)
        #expect(flag.source.isColor && flag.image != letter.image)
        // The emoji-presentation selector does not change the snowman.
        #expect(try renderer.render("⛄️", size: 20, scale: 2).image == (try renderer.render("⛄", size: 20, scale: 2)).image)
    }

    @Test func withoutAColourFontTheCarouselEmojiFallBackToFontsOrStandIns() throws {
        let renderer = EmojiRenderer(colorFonts: [], outlineFonts: [sansPath])
        for emoji in Self.carousel {
            let drawn = try renderer.render(emoji, size: 22, scale: 2)
            // DejaVu Sans has the sunglasses face and the peace sign; nothing else of the fourteen.
            if emoji == "😎" || emoji == "☮️" {
                #expect(drawn.source == .outlineGlyph(font: sansPath), "\(emoji)")
            } else {
                #expect(drawn.source == .standIn, "\(emoji)")
            }
            #expect(inked(drawn.image) > 100, "\(emoji)")
        }
    }

    @Test func withNoFontsAtAllEveryDefaultEmojiHasAStandIn() throws {
        let renderer = EmojiRenderer(colorFonts: [], outlineFonts: [])
        for emoji in Self.carousel + ["+", "❤️"] {
            let drawn = try renderer.render(emoji, size: 22, scale: 1)
            #expect(drawn.source == .standIn, "\(emoji)")
            #expect(inked(drawn.image) > 40, "\(emoji)")
        }
        #expect(Set(EmojiRenderer.standInEmoji).count == EmojiRenderer.standInEmoji.count)
    }

    @Test func anEmojiNoFontHasGetsThePlaceholder() throws {
        // A private-use code point: no font assigns it an emoji, and there is no stand-in.
        for renderer in [EmojiRenderer(), EmojiRenderer(colorFonts: [], outlineFonts: [])] {
            let drawn = try renderer.render("\u{10FFFD}", size: 22, scale: 2)
            #expect(drawn.source == .placeholder)
            #expect(drawn.image.width == 44 && inked(drawn.image) > 40)
        }
        // Missing and unreadable font files are skipped like fonts without the emoji.
        let broken = EmojiRenderer(colorFonts: ["/nonexistent/emoji.ttf", "/dev/null"], outlineFonts: ["/nonexistent.ttf"])
        #expect(try broken.render("🦈", size: 10, scale: 1).source == .standIn)
    }

    @Test func badInputIsAClearError() {
        let renderer = EmojiRenderer()
        for text in ["", "ab", "🦈🦈"] {
            #expect(throws: LiquidError.self) { try renderer.render(text, size: 22, scale: 1) }
        }
        for (size, scale) in [(Double.nan, 1.0), (-1, 1), (22, 0), (22, .infinity), (1e6, 1)] {
            #expect(throws: LiquidError.self) { try renderer.render("🦈", size: size, scale: scale) }
        }
    }
}
