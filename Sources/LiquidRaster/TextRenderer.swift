import LiquidGeometry

/// Draws and measures single lines of text with a ``Font``, through FreeType's anti-aliased rasteriser.
///
/// Sizes and positions are in points; a pixmap's ``Pixmap/scale`` turns them into pixels (a 17 pt label on a
/// 3× pixmap is rasterised at 51 px, not scaled up). Glyphs are hinted lightly (vertically), positioned on
/// whole pixels, kerned with the font's `kern` table when ``kerning`` is on and the font has one, and
/// composited source-over onto the premultiplied pixels. Rasterised glyphs are cached per (font, pixel size,
/// glyph) in a bounded process-wide cache.
///
/// One line only: control characters (including newlines) are skipped; characters missing from the font draw
/// as its `.notdef` box. Rendering is safe from any thread: FreeType is only touched under a lock.
public struct TextRenderer: Sendable {
    /// Where the drawing point sits on the line.
    public enum Alignment: Sendable, Hashable {
        /// The point is the start of the line's advance.
        case left
        /// The point is the middle of the line's advance.
        case center
        /// The point is the end of the line's advance.
        case right
    }

    /// The size of a line of text, in points, relative to the point it is drawn at.
    public struct Metrics: Sendable, Hashable {
        /// Pen advance of the whole line (kerning included).
        public var advance: Double
        /// The box holding every pixel of ink, relative to the drawing point (alignment applied; y grows
        /// downwards, so it usually starts at a negative y above the baseline). `Rect.zero` for a line
        /// without ink (empty, or only spaces). Drawing snaps the line to whole pixels, so the ink lies inside
        /// `bounds` offset by the drawing point to within half a pixel.
        public var bounds: Rect
        /// The font's ascent above the baseline (positive) at this size.
        public var ascent: Double
        /// The font's descent below the baseline (positive) at this size.
        public var descent: Double
        /// The font's baseline-to-baseline distance at this size.
        public var lineHeight: Double
    }

    /// The font the text is set in.
    public var font: Font
    /// The em size in points.
    public var size: Double
    /// The text colour (straight alpha; its alpha multiplies the glyph coverage).
    public var color: RGBA
    /// Where the drawing point lies on the line.
    public var alignment: Alignment
    /// Apply the font's kerning pairs (when it has them).
    public var kerning: Bool

    /// Largest accepted em size in pixels (points × scale); glyph bitmaps beyond it would be tens of MB each.
    package static let maximumPixelSize = 2048.0

    /// A renderer of `font` at `size` points in `color`, left-aligned and kerned unless told otherwise.
    public init(font: Font, size: Double, color: RGBA = .black, alignment: Alignment = .left, kerning: Bool = true) {
        self.font = font
        self.size = size
        self.color = color
        self.alignment = alignment
        self.kerning = kerning
    }

    /// Measures `text` as ``draw(_:at:into:)`` would draw it on a pixmap of `scale` pixels per point.
    /// - Throws: `LiquidError` (`.outOfRange`) for a size or scale that is not positive and finite or a
    ///   pixel size over `maximumPixelSize`; `LiquidError` (`.unavailable`) if FreeType fails.
    public func measure(_ text: String, scale: Double = 1) throws(LiquidError) -> Metrics {
        let (layout, origin) = try lay(text, scale: scale)
        var ink: PixelRect?
        for glyph in layout.glyphs where glyph.bitmap.width > 0 && glyph.bitmap.height > 0 {
            let box = PixelRect(x: origin + glyph.penX + glyph.bitmap.left, y: -glyph.bitmap.top,
                                width: glyph.bitmap.width, height: glyph.bitmap.height)
            ink = ink.map { $0.union(box) } ?? box
        }
        let bounds = ink.map { $0.points(scale: scale) } ?? .zero
        return Metrics(advance: Double(layout.advance) / 64 / scale, bounds: bounds,
                       ascent: Double(layout.ascender) / 64 / scale, descent: Double(-layout.descender) / 64 / scale,
                       lineHeight: Double(layout.lineHeight) / 64 / scale)
    }

    /// Draws `text` into `pixmap` with its baseline at `point` (in points; see ``alignment`` for x).
    /// Pixels outside the pixmap are clipped.
    /// - Throws: `LiquidError` (`.outOfRange`) for a non-finite point or a bad size (see
    ///   ``measure(_:scale:)``); `LiquidError` (`.unavailable`) if FreeType fails. Nothing is drawn on error.
    public func draw(_ text: String, at point: Point, into pixmap: inout Pixmap) throws(LiquidError) {
        guard point.isFinite else { throw .invalidParameter("text position \(point) is not finite") }
        let scale = pixmap.scale
        let (layout, alignOffset) = try lay(text, scale: scale)
        let source = PremultipliedRGBA8(color)
        guard source.alpha > 0 else { return }
        // The line's pixel origin: the point snapped to the grid, so every glyph lands on whole pixels.
        // Clamped: a point far off the pixmap (1e300) draws nothing rather than trapping.
        let far = Checked.farPixels
        let originX = Checked.clamped(point.x * scale, to: -far...far) + alignOffset
        let originY = Checked.clamped(point.y * scale, to: -far...far)
        pixmap.withMutableView { view in
            for glyph in layout.glyphs {
                Self.composite(glyph.bitmap, x: originX + glyph.penX + glyph.bitmap.left,
                               y: originY - glyph.bitmap.top, color: source, into: view)
            }
        }
    }

    /// Validates the size, lays the text out at the pixel size for `scale`, and returns the layout with the
    /// alignment's offset in whole pixels.
    private func lay(_ text: String, scale: Double) throws(LiquidError) -> (FreeTypeLibrary.Layout, Int) {
        guard scale.isFinite, scale > 0 else { throw .invalidParameter("text scale \(scale) must be positive and finite") }
        guard size.isFinite, size > 0 else { throw .invalidParameter("text size \(size) pt must be positive and finite") }
        let pixelSize = size * scale
        guard pixelSize <= Self.maximumPixelSize else {
            throw .invalidParameter("text size \(size) pt at scale \(scale) is \(pixelSize) px; the limit is "
                + "\(Self.maximumPixelSize) px")
        }
        let layout = try FreeTypeLibrary.shared.layout(text, path: font.path, faceIndex: font.faceIndex,
                                                       pixelSize: pixelSize, kerning: kerning)
        let offset: Int
        switch alignment {
        case .left: offset = 0
        case .center: offset = -((layout.advance + 64) >> 7)  // half the advance, rounded to a whole pixel
        case .right: offset = -((layout.advance + 32) >> 6)
        }
        return (layout, offset)
    }

    /// Source-over of `color` × coverage onto `view`, the bitmap's top-left at (`x`, `y`), clipped.
    private static func composite(_ bitmap: GlyphBitmap, x: Int, y: Int, color: PremultipliedRGBA8, into view: MutablePixmapView) {
        let x0 = Swift.max(x, 0), x1 = Swift.min(x + bitmap.width, view.width)
        let y0 = Swift.max(y, 0), y1 = Swift.min(y + bitmap.height, view.height)
        guard x0 < x1, y0 < y1 else { return }
        let (r, g, b, a) = (UInt32(color.red), UInt32(color.green), UInt32(color.blue), UInt32(color.alpha))
        bitmap.coverage.withUnsafeBufferPointer { coverage in
            for py in y0..<y1 {
                let row = view.row(py)
                let coverageRow = (py - y) * bitmap.width - x
                for px in x0..<x1 {
                    let c = UInt32(coverage[coverageRow + px])
                    if c == 0 { continue }
                    let p = row + 4 * px
                    let sa = multiply(a, c)
                    if sa == 255 {
                        p[0] = UInt8(r); p[1] = UInt8(g); p[2] = UInt8(b); p[3] = 255
                        continue
                    }
                    let keep = 255 - sa
                    p[0] = UInt8(multiply(r, c) + multiply(UInt32(p[0]), keep))
                    p[1] = UInt8(multiply(g, c) + multiply(UInt32(p[1]), keep))
                    p[2] = UInt8(multiply(b, c) + multiply(UInt32(p[2]), keep))
                    p[3] = UInt8(sa + multiply(UInt32(p[3]), keep))
                }
            }
        }
    }

    /// `round(x·y / 255)` for x, y in 0…255.
    @inline(__always)
    private static func multiply(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x * y + 128
        return (t + (t >> 8)) >> 8
    }
}
