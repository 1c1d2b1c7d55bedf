import LiquidGeometry
import LiquidRaster

/// A text layer: one line with its baseline at ``position`` (points), placed horizontally by
/// ``alignment`` (the position is the start, middle or end of the line's advance).
///
/// The layer's transform moves the anchor point only: glyphs are neither rotated nor scaled, and the
/// baseline origin lands on a whole device pixel.
package struct SceneText: Sendable, Equatable {
    /// Where the font comes from.
    package enum FontSource: Sendable, Equatable {
        /// A family name looked up with fontconfig (e.g. "DejaVu Sans", the default).
        case family(String)
        /// A font file, its path already resolved against the scene's folder.
        case file(String)

        /// Loads the font.
        /// - Throws: `LiquidError` when the family or file cannot be found or read.
        package func load() throws -> Font {
            switch self {
            case .family(let name): try Font(family: name)
            case .file(let path): try Font(path: path)
            }
        }
    }

    /// The line to draw.
    package var text: String
    /// Baseline anchor in points, before the layer's transform.
    package var position: Point
    /// Em size in points (positive, at most 2000).
    package var size: Double
    /// Straight colour; its alpha scales the glyph coverage.
    package var color: RGBA
    /// Which point of the line's advance ``position`` is.
    package var alignment: TextRenderer.Alignment
    /// Where the glyphs come from.
    package var font: FontSource
}
