/// Which points a filled path covers.
public enum FillRule: Hashable, Sendable {
    /// Points with a non-zero winding number are inside: overlapping parts of one path fill once.
    case nonZero
    /// Points crossed an odd number of times are inside: overlapping parts cancel in pairs.
    case evenOdd
}
