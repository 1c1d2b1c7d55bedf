import LiquidGeometry
import LiquidRaster

/// Measures, cuts and wraps the text of overlays (tooltips, toasts) so that it always fits a given width.
///
/// Widths come from the font's pen advance at 1×; without a font (a machine with no fonts) a line is
/// estimated at 0.55 em per character, so layouts stay the same size whether or not text can be drawn.
/// Only the first ``maximumCharacters`` characters of any string are ever looked at: a longer string is
/// cut there (and ends with "…" wherever it is shown), so a huge string costs no more than a long one.
struct OverlayText: Sendable {
    /// The font, or `nil` when none loads (then nothing is drawn, and widths are estimated).
    let font: Font?
    /// Em size, points.
    let size: Double

    /// Characters considered of any string.
    static let maximumCharacters = 400
    /// The mark that ends a cut string.
    static let ellipsis = "…"

    /// The advance of `text` on one line, points.
    func width(_ text: String) -> Double {
        if let font, let metrics = try? TextRenderer(font: font, size: size).measure(text) {
            return metrics.advance
        }
        return Double(text.count) * size * 0.55
    }

    /// `text` with whitespace runs (newlines included) turned into single spaces and cut to
    /// ``maximumCharacters`` (the result then ends with the ellipsis).
    static func normalized(_ text: String) -> String {
        var words: [Substring] = []
        var kept = 0
        var cut = false
        for word in text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }) {
            if kept + word.count > maximumCharacters {
                words.append(word.prefix(Swift.max(0, maximumCharacters - kept)))
                cut = true
                break
            }
            words.append(word)
            kept += word.count + 1
        }
        let joined = words.joined(separator: " ")
        return cut ? joined + ellipsis : joined
    }

    /// `text` (normalized) if it fits `maximumWidth`, else its longest prefix that fits with "…" appended
    /// (just "…" when not even one character does).
    func truncated(_ text: String, toWidth maximumWidth: Double) -> String {
        let line = Self.normalized(text)
        guard width(line) > maximumWidth else { return line }
        let characters = Array(line.hasSuffix(Self.ellipsis) ? String(line.dropLast()) : line)
        var low = 0, high = characters.count  // the answer lies in low...high − 1 characters kept
        while low < high {
            let middle = (low + high + 1) / 2
            if width(String(characters[..<middle]) + Self.ellipsis) <= maximumWidth {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return String(characters[..<low]).trimmingTrailingSpaces() + Self.ellipsis
    }

    /// `text` (normalized) broken into lines no wider than `maximumWidth`: greedily by words, a word too
    /// long for a line broken between characters; past `maximumLines` lines the last line is cut with "…".
    func wrapped(_ text: String, toWidth maximumWidth: Double, maximumLines: Int) -> [String] {
        let limit = Swift.max(1, maximumLines)
        var lines: [String] = []
        var current = ""
        for word in Self.normalized(text).split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if width(candidate) <= maximumWidth {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                let longer = current + String(character)
                if current.isEmpty || width(longer) <= maximumWidth {
                    current = longer
                } else {
                    lines.append(current)
                    current = String(character)
                }
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > limit else { return lines }
        let rest = lines[(limit - 1)...].joined(separator: " ")
        return Array(lines[..<(limit - 1)]) + [truncated(rest, toWidth: maximumWidth)]
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
