#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import Synchronization

/// Draws one emoji — a grapheme cluster, variation selectors and joiners included — as a square image,
/// through a fallback chain that always produces something:
///
/// 1. **Colour font.** The first readable file of ``colorFonts`` whose glyphs cover the cluster: the
///    cluster's scalars are mapped through the font's `cmap`, joined by its `GSUB` ligatures (ZWJ
///    sequences, flags, skin tones — where the font has them) and drawn with FreeType in colour: a bitmap
///    strike (CBDT/sbix, as in Noto Color Emoji) is scaled to the requested size by area averaging (or
///    bilinear enlargement above the strike's size). A scalable font's COLR version 0 layers are composed
///    by FreeType at that size (passed through as FreeType draws them; no test covers this path, for want
///    of a packaged COLR font). A glyph FreeType does not draw in colour — COLR version 1 paints, SVG — is
///    skipped like a missing one. Variation selectors that the font does not join are dropped; a sequence
///    the font cannot join into one glyph draws its first emoji.
/// 2. **Any font with the glyph.** The first file of ``outlineFonts`` that has a glyph for the cluster's
///    first scalar draws it in ``outlineColor``, centred.
/// 3. **Stand-in.** LiquidKit's own simple vector drawing, for the emoji its components use by default
///    (``standInEmoji``).
/// 4. **Placeholder.** A rounded-square outline.
///
/// The result's ``EmojiImage/source`` says which path drew it. A library does not print: that value is
/// the diagnostics. Images are cached per (renderer, emoji, pixel size) in a bounded process-wide cache,
/// and rendering is safe from any thread.
public struct EmojiRenderer: Hashable, Sendable {
    /// Colour emoji fonts, tried in order (missing files are skipped).
    public var colorFonts: [String]
    /// Fonts tried for a one-colour glyph when no colour font has the emoji, in order.
    public var outlineFonts: [String]
    /// The colour of outline glyphs and of the placeholder.
    public var outlineColor: RGBA

    /// Where Debian, Fedora and Arch put Noto Color Emoji, and a per-machine folder.
    public static let defaultColorFonts = [
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf", "/usr/share/fonts/noto/NotoColorEmoji.ttf",
        "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf", "/usr/local/share/fonts/NotoColorEmoji.ttf",
    ]

    /// One-colour emoji and symbol fonts where they usually live, then the DejaVu fonts.
    public static let defaultOutlineFonts = [
        "/usr/share/fonts/truetype/noto/NotoEmoji-Regular.ttf", "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    ] + Font.defaultFallbackPaths

    /// The largest accepted image side, in pixels.
    public static let maximumPixelSide = 1024

    /// The emoji that have a built-in stand-in drawing.
    public static var standInEmoji: [String] { EmojiStandIns.names }

    /// A renderer with the given font lists (by default the usual locations).
    public init(colorFonts: [String] = EmojiRenderer.defaultColorFonts,
                outlineFonts: [String] = EmojiRenderer.defaultOutlineFonts,
                outlineColor: RGBA = RGBA(red: 0.22, green: 0.22, blue: 0.25)) {
        self.colorFonts = colorFonts
        self.outlineFonts = outlineFonts
        self.outlineColor = outlineColor
    }

    /// Draws `emoji` (exactly one grapheme cluster) into a square image `size` points on a side at `scale`
    /// pixels per point (⌈size·scale⌉ pixels), the emoji centred and as large as fits.
    /// - Throws: `LiquidError` (`.outOfRange`) for a string that is not one grapheme cluster, a size or
    ///   scale that is not positive and finite, or an image larger than ``maximumPixelSide``. A missing
    ///   emoji is not an error: it falls through the chain to a stand-in or the placeholder.
    public func render(_ emoji: String, size: Double, scale: Double) throws(LiquidError) -> EmojiImage {
        guard emoji.count == 1 else {
            throw .invalidParameter("an emoji must be exactly one grapheme cluster; '\(LiquidError.quoted(emoji))' has \(emoji.count)")
        }
        guard size.isFinite, size > 0 else { throw .invalidParameter("emoji size \(size) pt must be positive and finite") }
        guard scale.isFinite, scale > 0 else { throw .invalidParameter("emoji scale \(scale) must be positive and finite") }
        let exact = size * scale
        guard exact <= Double(Self.maximumPixelSide) else {
            throw .invalidParameter("emoji size \(size) pt at scale \(scale) is \(exact) px; the limit is \(Self.maximumPixelSide) px")
        }
        let side = Swift.max(1, Int(exact.rounded(.up)))
        let key = CacheKey(renderer: self, emoji: emoji, side: side, scale: scale)
        if let cached = Self.cache.withLock({ $0[key] }) { return cached }
        let image = try draw(emoji, side: side, scale: scale)
        Self.cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = image
        }
        return image
    }

    // MARK: The chain

    private func draw(_ emoji: String, side: Int, scale: Double) throws(LiquidError) -> EmojiImage {
        for path in colorFonts where access(path, R_OK) == 0 {
            // A font that cannot be opened or drawn is skipped like a missing one.
            if let image = try? colorImage(emoji, path: path, side: side, scale: scale) { return image }
        }
        for path in outlineFonts where access(path, R_OK) == 0 {
            if let image = try? outlineImage(emoji, path: path, side: side, scale: scale) { return image }
        }
        var pixmap = try Pixmap(width: side, height: side, scale: scale)
        let unit = Double(side) / scale
        if EmojiStandIns.draw(emoji, into: &pixmap, side: unit) {
            return EmojiImage(image: pixmap, source: .standIn)
        }
        pixmap.withCanvas { canvas in
            let inset = unit * 0.12
            let box = Rect(x: inset, y: inset, width: unit - 2 * inset, height: unit - 2 * inset)
            canvas.stroke(Path(roundedRect: box, cornerRadii: CornerRadii(all: unit * 0.14)),
                          style: StrokeStyle(width: Swift.max(unit * 0.06, 0.5 / scale)), paint: .color(outlineColor))
        }
        return EmojiImage(image: pixmap, source: .placeholder)
    }

    /// The variation selectors (text and emoji presentation), dropped when the font does not join them.
    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0E || scalar.value == 0xFE0F
    }

    private func colorImage(_ emoji: String, path: String, side: Int, scale: Double) throws(LiquidError) -> EmojiImage? {
        let library = FreeTypeLibrary.shared
        _ = try Font(path: path)  // validates the file (a regular file within the size limit) before FreeType reads it
        guard try library.hasColorGlyphs(path: path, faceIndex: 0) else { return nil }
        let scalars = Array(emoji.unicodeScalars)
        let glyphs = try library.glyphIndices(scalars, path: path, faceIndex: 0)
        let ligatures = try Self.ligatures(path: path)
        var glyph: UInt32?
        let joined = ligatures.substitute(glyphs)
        if joined.count == 1, joined[0] != 0 {
            glyph = joined[0]
        } else {
            let bare = zip(scalars, glyphs).filter { !Self.isVariationSelector($0.0) }.map(\.1)
            let joinedBare = ligatures.substitute(bare)
            if joinedBare.count == 1, joinedBare[0] != 0 {
                glyph = joinedBare[0]
            } else if let first = bare.first, first != 0 {
                glyph = first
            }
        }
        guard let glyph,
              let drawn = try library.colorGlyph(glyph, path: path, faceIndex: 0, pixelSize: Double(side)) else { return nil }
        let pixmap = try Self.fit(drawn, side: side, scale: scale)
        return EmojiImage(image: pixmap, source: drawn.fromBitmapStrike ? .colorBitmap(font: path) : .colorLayers(font: path))
    }

    private func outlineImage(_ emoji: String, path: String, side: Int, scale: Double) throws(LiquidError) -> EmojiImage? {
        guard let first = emoji.unicodeScalars.first(where: { !Self.isVariationSelector($0) }),
              !first.properties.isWhitespace, first.value >= 0x20 else { return nil }
        let font = try Font(path: path)
        guard try FreeTypeLibrary.shared.glyphIndices([first], path: path, faceIndex: 0)[0] != 0 else { return nil }
        let unit = Double(side) / scale
        let text = String(first)
        var renderer = TextRenderer(font: font, size: unit * 0.8, color: outlineColor, kerning: false)
        var metrics = try renderer.measure(text, scale: scale)
        guard metrics.bounds.width > 0, metrics.bounds.height > 0 else { return nil }
        let largest = Swift.max(metrics.bounds.width, metrics.bounds.height)
        if largest > unit * 0.9 {
            renderer.size *= unit * 0.9 / largest
            metrics = try renderer.measure(text, scale: scale)
        }
        var pixmap = try Pixmap(width: side, height: side, scale: scale)
        try renderer.draw(text, at: Point(unit / 2 - metrics.bounds.midX, unit / 2 - metrics.bounds.midY), into: &pixmap)
        return EmojiImage(image: pixmap, source: .outlineGlyph(font: path))
    }

    /// The colour glyph scaled uniformly so its longer side is `side` pixels, centred on a `side`-square.
    private static func fit(_ glyph: FreeTypeLibrary.ColorGlyph, side: Int, scale: Double) throws(LiquidError) -> Pixmap {
        let factor = Double(side) / Double(Swift.max(glyph.width, glyph.height))
        let width = Swift.max(1, Swift.min(side, Int((Double(glyph.width) * factor).rounded())))
        let height = Swift.max(1, Swift.min(side, Int((Double(glyph.height) * factor).rounded())))
        let source = try Pixmap(width: glyph.width, height: glyph.height, scale: 1, premultipliedBytes: glyph.rgba)
        let scaled: Pixmap
        if width <= glyph.width && height <= glyph.height {
            scaled = try areaAverage(source, width: width, height: height)
        } else {
            scaled = try Resampling.upsampled(source, width: width, height: height)
        }
        var out = try Pixmap(width: side, height: side, scale: scale)
        let dx = (side - width) / 2, dy = (side - height) / 2
        scaled.withView { src in
            out.withMutableView { dst in
                for y in 0..<height {
                    let from = src.row(y), to = dst.row(y + dy) + 4 * dx
                    for i in 0..<(4 * width) { to[i] = from[i] }
                }
            }
        }
        return out
    }

    /// Shrinks `source` to `width × height` by exact area averaging: every target pixel is the mean of
    /// the source area it covers (fractional pixels weighted by the part covered), in premultiplied space.
    static func areaAverage(_ source: Pixmap, width: Int, height: Int) throws(LiquidError) -> Pixmap {
        func weights(from sourceLength: Int, to length: Int) -> [[(index: Int, weight: Float)]] {
            let step = Double(sourceLength) / Double(length)
            return (0..<length).map { i in
                let start = Double(i) * step, end = start + step
                var taps: [(Int, Float)] = []
                var k = Int(start)
                while Double(k) < end && k < sourceLength {
                    let covered = Swift.min(end, Double(k + 1)) - Swift.max(start, Double(k))
                    if covered > 0 { taps.append((k, Float(covered / step))) }
                    k += 1
                }
                return taps
            }
        }
        let columns = weights(from: source.width, to: width), rows = weights(from: source.height, to: height)
        var horizontal = [Float](repeating: 0, count: 4 * width * source.height)
        source.withView { src in
            for y in 0..<source.height {
                let row = src.row(y)
                for x in 0..<width {
                    var sum = SIMD4<Float>(repeating: 0)
                    for tap in columns[x] { sum += PixelMath.load(row + 4 * tap.index) * tap.weight }
                    for c in 0..<4 { horizontal[4 * (y * width + x) + c] = sum[c] }
                }
            }
        }
        var out = try Pixmap(width: width, height: height, scale: source.scale)
        out.withMutableView { dst in
            for y in 0..<height {
                let row = dst.row(y)
                for x in 0..<width {
                    var sum = SIMD4<Float>(repeating: 0)
                    for tap in rows[y] {
                        let i = 4 * (tap.index * width + x)
                        sum += SIMD4(horizontal[i], horizontal[i + 1], horizontal[i + 2], horizontal[i + 3]) * tap.weight
                    }
                    let alpha = Swift.min(Swift.max(sum[3].rounded(), 0), 255)
                    row[4 * x + 3] = UInt8(alpha)
                    for c in 0..<3 { row[4 * x + c] = UInt8(Swift.min(Swift.max(sum[c].rounded(), 0), alpha)) }
                }
            }
        }
        return out
    }

    // MARK: Caches

    private struct CacheKey: Hashable {
        var renderer: EmojiRenderer
        var emoji: String
        var side: Int
        var scale: Double
    }

    private static let cacheLimit = 512
    private static let cache = Mutex<[CacheKey: EmojiImage]>([:])
    private static let ligatureTables = Mutex<[String: OpenTypeLigatures]>([:])

    private static func ligatures(path: String) throws(LiquidError) -> OpenTypeLigatures {
        if let known = ligatureTables.withLock({ $0[path] }) { return known }
        let table = try FreeTypeLibrary.shared.sfntTable("GSUB", path: path, faceIndex: 0)
        let ligatures = OpenTypeLigatures(gsub: table ?? [])
        ligatureTables.withLock { $0[path] = ligatures }
        return ligatures
    }
}

/// An emoji drawn by ``EmojiRenderer``: the image and which path of the chain drew it.
public struct EmojiImage: Sendable, Equatable {
    /// A square premultiplied image at the requested scale.
    public let image: Pixmap
    /// Which path drew it (the diagnostics).
    public let source: EmojiSource
}
