/// One rasterised glyph: an 8-bit coverage bitmap and where it sits relative to the pen.
struct GlyphBitmap: Sendable, Equatable {
    /// Bitmap size in pixels (either may be 0 for a blank glyph such as a space).
    var width: Int
    var height: Int
    /// Offset of the bitmap's left edge from the pen position, in pixels (FreeType's `bitmap_left`).
    var left: Int
    /// Distance from the baseline up to the bitmap's top row, in pixels (FreeType's `bitmap_top`).
    var top: Int
    /// Pen advance after this glyph, in 1/64 pixel.
    var advance: Int
    /// `width·height` coverage values, row-major, 0 = empty … 255 = fully covered.
    var coverage: [UInt8]
}
