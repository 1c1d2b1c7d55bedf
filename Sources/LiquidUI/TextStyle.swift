import LiquidGeometry
import LiquidRaster

/// How a text layer draws its string: font, size in points, colour and horizontal alignment.
public struct TextStyle: Hashable, Sendable {
    public var font: Font
    /// Em size in points (positive and finite, or rendering throws).
    public var size: Double
    /// Straight colour; its alpha scales the glyph coverage.
    public var color: RGBA
    /// Where the line sits in the layer's bounds: left edge, centre or right edge.
    public var alignment: TextRenderer.Alignment
    public var kerning: Bool

    public init(font: Font, size: Double, color: RGBA = .black, alignment: TextRenderer.Alignment = .left,
                kerning: Bool = true) {
        self.font = font
        self.size = size
        self.color = color
        self.alignment = alignment
        self.kerning = kerning
    }

    /// The renderer for this style at an extra uniform magnification (a scaled layer).
    func renderer(magnification: Double) -> TextRenderer {
        TextRenderer(font: font, size: size * magnification, color: color, alignment: alignment, kerning: kerning)
    }
}
