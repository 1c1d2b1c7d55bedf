/// Which path of ``EmojiRenderer``'s fallback chain drew an emoji — the diagnostics a caller reads to know
/// whether it got colour, a plain glyph, a built-in drawing or the placeholder.
public enum EmojiSource: Hashable, Sendable, CustomStringConvertible {
    /// A colour bitmap (CBDT or sbix strike) of the colour font at `font`, scaled to the requested size.
    case colorBitmap(font: String)
    /// Colour layers (COLR version 0) of the font at `font`, composed by FreeType at the requested size.
    case colorLayers(font: String)
    /// A one-colour outline glyph of the font at `font` (no colour font had the emoji).
    case outlineGlyph(font: String)
    /// LiquidKit's own vector drawing of the emoji (no font had it).
    case standIn
    /// A rounded-square outline: nothing could draw the emoji.
    case placeholder

    /// A short stable name: `colorBitmap`, `colorLayers`, `outlineGlyph`, `standIn` or `placeholder`.
    public var name: String {
        switch self {
        case .colorBitmap: return "colorBitmap"
        case .colorLayers: return "colorLayers"
        case .outlineGlyph: return "outlineGlyph"
        case .standIn: return "standIn"
        case .placeholder: return "placeholder"
        }
    }

    /// Whether the emoji was drawn in colour from a font.
    public var isColor: Bool {
        switch self {
        case .colorBitmap, .colorLayers: return true
        case .outlineGlyph, .standIn, .placeholder: return false
        }
    }

    public var description: String {
        switch self {
        case .colorBitmap(let font): return "colour bitmap from \(font)"
        case .colorLayers(let font): return "colour layers from \(font)"
        case .outlineGlyph(let font): return "outline glyph from \(font)"
        case .standIn: return "built-in stand-in"
        case .placeholder: return "placeholder"
        }
    }
}
