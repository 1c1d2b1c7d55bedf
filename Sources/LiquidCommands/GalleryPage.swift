import Foundation
import LiquidGeometry

/// Writes the gallery's `index.html`: one self-contained page — inline CSS, no scripts, no fonts, nothing
/// from the network; images referenced relatively — with a responsive grid of cards in light and dark.
///
/// Each card shows its animated PNG inside a `<picture>` whose `prefers-reduced-motion` source is the
/// poster, so people who ask for less motion see the still instead.
struct GalleryPage {
    var items: [GalleryItem]
    /// The command that made the page (shown in the header).
    var command = "swift run -c release liquid gallery --out gallery"

    /// Cards wider than this on the page (CSS pixels) span the whole row.
    static let wideThreshold = 600.0

    /// The page's HTML.
    func html() -> String {
        let totalBytes = items.reduce(0) { $0 + $1.bytes }
        let scales = Set(items.map(\.scale)).sorted().map { Self.number($0) + "×" }.joined(separator: ", ")
        let rates = Set(items.map(\.framesPerSecond)).sorted().map { "\($0) fps" }.joined(separator: ", ")
        var out = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>LiquidKit gallery</title>
        <style>
        \(Self.css)
        </style>
        </head>
        <body>
        <header>
        <h1>LiquidKit gallery</h1>
        <p class="lede">Fluid, physical controls and effects — springs, liquid “goo”, glass — rendered on the CPU, headless and \
        deterministic. \(items.count) animations at \(Self.escape(scales)) and \(Self.escape(rates)), \
        \(Self.megabytes(totalBytes)) in all, made by <code>\(Self.escape(command))</code>.</p>
        </header>
        <main>

        """
        for section in GalleryItem.Section.allCases {
            let cards = items.filter { $0.section == section }
            guard !cards.isEmpty else { continue }
            out += """
            <section id="\(Self.slug(section.heading))">
            <h2>\(section.heading)</h2>
            <p class="blurb">\(section.blurb)</p>
            <div class="grid">

            """
            for item in cards { out += card(item) }
            out += "</div>\n</section>\n"
        }
        out += """
        </main>
        <footer>
        <p>Every animation is an animated PNG that loops; its poster (a chosen frame, linked as “still”) is shown \
        instead when the system asks for reduced motion. Identical consecutive frames are stored once with a longer \
        delay. Try the controls with a mouse as the finger: <code>swift run liquid play switch</code> (X11).</p>
        </footer>
        </body>
        </html>

        """
        return out
    }

    private func card(_ item: GalleryItem) -> String {
        let width = Double(item.info.width) / item.scale * item.displayScale
        let height = Double(item.info.height) / item.scale * item.displayScale
        let wide = width > Self.wideThreshold ? " wide" : ""
        let meta = [
            "<code>\(Self.escape(item.source))</code>",
            "\(item.renderedFrames) frames",
            String(format: "%.1f s", item.info.duration),
            "\(item.info.width)×\(item.info.height) px",
            Self.megabytes(item.bytes),
            "<a href=\"\(Self.escape(item.poster))\">still</a>",
        ].joined(separator: " · ")
        return """
        <figure class="card\(wide)" id="\(Self.escape(item.slug))">
        <div class="stage"><picture>\
        <source media="(prefers-reduced-motion: reduce)" srcset="\(Self.escape(item.poster))">\
        <img src="\(Self.escape(item.animation))" width="\(Checked.clamped(width, to: 0...Int(Int32.max)))" height="\(Checked.clamped(height, to: 0...Int(Int32.max)))" \
        alt="\(Self.escape(item.title)): \(Self.escape(item.caption))"></picture></div>
        <figcaption>
        <h3>\(Self.escape(item.title))</h3>
        <p>\(Self.escape(item.caption))</p>
        <p class="meta">\(meta)</p>
        </figcaption>
        </figure>

        """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    private static func slug(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce(into: "") { $0.append($1) }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Checked.clamped(value, to: Int.min...Int.max)) : String(value)
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
    }

    /// The page's style sheet: system fonts, a light and a dark palette, an auto-filling grid.
    static let css = """
    :root {
      --bg: #f5f5f7; --card: #ffffff; --text: #1d1d1f; --muted: #6e6e73; --line: rgba(0, 0, 0, 0.08);
      --code: rgba(0, 0, 0, 0.05); --accent: #0066cc; --stage: #f2f2f7; --shadow: 0 1px 2px rgba(0, 0, 0, 0.04), 0 8px 24px rgba(0, 0, 0, 0.06);
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #000000; --card: #1c1c1e; --text: #f5f5f7; --muted: #a1a1a6; --line: rgba(255, 255, 255, 0.1);
        --code: rgba(255, 255, 255, 0.08); --accent: #2997ff; --shadow: none;
      }
    }
    * { box-sizing: border-box; }
    html { background: var(--bg); color: var(--text); }
    body {
      margin: 0 auto; max-width: 1200px; padding: 40px 24px 56px;
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "Helvetica Neue", "DejaVu Sans", sans-serif;
    }
    h1 { font-size: 34px; line-height: 1.15; margin: 0 0 8px; letter-spacing: -0.02em; }
    h2 { font-size: 22px; margin: 40px 0 4px; letter-spacing: -0.01em; }
    h3 { font-size: 17px; margin: 0 0 4px; }
    p { margin: 0 0 8px; }
    .lede { font-size: 17px; color: var(--muted); max-width: 64em; }
    .blurb { color: var(--muted); max-width: 64em; margin-bottom: 16px; }
    code { font: 0.9em ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; background: var(--code);
           padding: 1px 5px; border-radius: 5px; }
    a { color: var(--accent); }
    .grid { display: grid; gap: 20px; grid-auto-flow: dense;
            grid-template-columns: repeat(auto-fill, minmax(min(100%, 340px), 1fr)); }
    .card { margin: 0; background: var(--card); border: 1px solid var(--line); border-radius: 18px;
            overflow: hidden; box-shadow: var(--shadow); display: flex; flex-direction: column; }
    .card.wide { grid-column: 1 / -1; }
    .stage { background: var(--stage); display: flex; align-items: center; justify-content: center;
             padding: 12px; min-height: 160px; border-bottom: 1px solid var(--line); }
    .stage img { display: block; max-width: 100%; height: auto; border-radius: 10px; }
    figcaption { padding: 14px 18px 16px; }
    figcaption p { color: var(--text); }
    .meta { color: var(--muted); font-size: 13px; margin: 8px 0 0; }
    footer { margin-top: 48px; padding-top: 16px; border-top: 1px solid var(--line); color: var(--muted); font-size: 14px; }
    """
}
