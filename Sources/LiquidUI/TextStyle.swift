import LiquidGeometry
import LiquidRaster

/// How a text layer draws its string: font, size in points, colour and horizontal alignment.
public struct TextStyle: Hashable, Sendable {
    /// The font the text is set in.
    public var font: Font
    /// Em size in points (positive and finite, or rendering throws).
    public var size: Double
    /// Straight colour; its alpha scales the glyph coverage.
    public var color: RGBA
    /// Where the line sits in the layer's bounds: left edge, centre or right edge.
    public var alignment: TextRenderer.Alignment
    /// Whether the font's kerning pairs adjust the spacing.
    public var kerning: Bool
    /// Where the line sits vertically in the layer's bounds.
    public var verticalAlignment: VerticalAlignment

    /// How a text layer places its line vertically. Either way the baseline lands on a whole device pixel.
    public enum VerticalAlignment: Hashable, Sendable {
        /// The band between ascent and descent is centred on the bounds' middle.
        case center
        /// The baseline runs through the bounds' middle (for a zero-height layer, through its origin): the
        /// text is drawn exactly as `TextRenderer.draw(_:at:into:)` draws it at that point.
        case baseline
    }

    /// A style of `font` at `size` points; the other settings default to black, left-aligned, kerned and vertically centred.
    public init(font: Font, size: Double, color: RGBA = .black, alignment: TextRenderer.Alignment = .left,
                kerning: Bool = true, verticalAlignment: VerticalAlignment = .center) {
        self.font = font
        self.size = size
        self.color = color
        self.alignment = alignment
        self.kerning = kerning
        self.verticalAlignment = verticalAlignment
    }

    /// The renderer for this style at an extra uniform magnification (a scaled layer).
    func renderer(magnification: Double) -> TextRenderer {
        TextRenderer(font: font, size: size * magnification, color: color, alignment: alignment, kerning: kerning)
    }
}
