#if canImport(Glibc)
import Glibc
import LiquidGeometry
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A font face loaded through FreeType: a font file (and a face index inside it, for collections).
///
/// A `Font` is a plain value: creating one opens and checks the face once (FreeType keeps it open for the
/// process), and the value then only names it, so it can be stored and shared across threads. Two fonts are
/// equal when they name the same file and face index.
///
/// Finding fonts: ``init(path:faceIndex:)`` takes a file; ``init(family:style:)`` looks a family name up in
/// `searchPaths`; ``fallback()`` takes the first loadable file of `fallbackPaths`. Both lists are settable
/// process-wide (thread-safe) and default to the DejaVu fonts' usual locations. A font that cannot be found
/// or loaded is a `LiquidError` (`.unavailable`) naming every path tried.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// A face's weight and slant, as font file names spell them.
    public enum Style: String, CaseIterable, Sendable {
        case regular, bold, italic, boldItalic

        /// File-name suffixes tried for this style, in order (DejaVu uses `Oblique` for its sans faces and
        /// `Italic` for its serif ones).
        var fileSuffixes: [String] {
            switch self {
            case .regular: return [""]
            case .bold: return ["-Bold"]
            case .italic: return ["-Oblique", "-Italic"]
            case .boldItalic: return ["-BoldOblique", "-BoldItalic"]
            }
        }
    }

    /// The font file.
    public let path: String
    /// The face inside the file (0 for ordinary single-face files).
    package let faceIndex: Int
    /// The family name the font declares, e.g. `DejaVu Sans`.
    public let familyName: String
    /// The style name the font declares, e.g. `Bold`.
    public let styleName: String
    /// Design units per em.
    package let unitsPerEm: Int
    /// Whether the font has a kerning table FreeType can apply (`kern`).
    package let hasKerning: Bool

    /// Opens the face `faceIndex` of the font file at `path`.
    /// - Throws: `LiquidError` (`.unavailable`) naming the path and the reason (missing, unreadable, not a font).
    public init(path: String, faceIndex: Int = 0) throws(LiquidError) {
        // FreeType opens the file by path; check first that it is a regular file within the budget, so a
        // named pipe or a device is refused at once instead of blocking or reading forever.
        do { try ImageFileIO.requireRegularFile(path, limit: ImageFileIO.fontByteLimit, failure: "cannot load font") } catch {
            throw .font(error.message)
        }
        let info = try FreeTypeLibrary.shared.faceInfo(path: path, faceIndex: faceIndex)
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = info.familyName
        self.styleName = info.styleName
        self.unitsPerEm = info.unitsPerEm
        self.hasKerning = info.hasKerning
    }

    /// Finds the font of `family` (e.g. `"DejaVu Sans"`, `"DejaVu Serif"`, `"DejaVu Sans Mono"`) in `style`
    /// by file name: in each directory of `searchPaths`, the family without spaces, a style suffix and
    /// `.ttf` or `.otf` (`DejaVuSans-Bold.ttf`). The first file that exists is loaded.
    /// - Throws: `LiquidError` (`.unavailable`) listing every path tried when none exists, or the load error.
    public init(family: String, style: Style = .regular) throws(LiquidError) {
        let stem = family.filter { $0 != " " }
        guard !stem.isEmpty, !stem.contains("/") else {
            throw .font("font family name '\(family)' is empty or contains '/'")
        }
        var tried: [String] = []
        for directory in Font.searchPaths {
            for suffix in style.fileSuffixes {
                for fileExtension in [".ttf", ".otf"] {
                    let candidate = (directory.hasSuffix("/") ? directory : directory + "/") + stem + suffix + fileExtension
                    if access(candidate, R_OK) == 0 {
                        try self.init(path: candidate)
                        return
                    }
                    tried.append(candidate)
                }
            }
        }
        throw .font("no font file for family '\(family)' (\(style.rawValue)); tried: "
            + (tried.isEmpty ? "nothing (Font.searchPaths is empty)" : tried.joined(separator: ", ")))
    }

    /// The first font in `fallbackPaths` that loads.
    /// - Throws: `LiquidError` (`.unavailable`) listing every path tried, with each one's reason.
    public static func fallback() throws(LiquidError) -> Font {
        var failures: [String] = []
        for path in fallbackPaths {
            do {
                return try Font(path: path)
            } catch {
                failures.append(error.description)
            }
        }
        throw .font("no fallback font could be loaded; tried: "
            + (failures.isEmpty ? "nothing (Font.fallbackPaths is empty)" : failures.joined(separator: "; ")))
    }

    // MARK: Process-wide settings

    /// Directories ``init(family:style:)`` searches, in order.
    package static let defaultSearchPaths = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
        "/usr/local/share/fonts", "/Library/Fonts",
    ]

    /// Font files ``fallback()`` tries, in order.
    package static let defaultFallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf", "/Library/Fonts/DejaVuSans.ttf",
    ]

    private static let searchPathStorage = Mutex(defaultSearchPaths)
    private static let fallbackPathStorage = Mutex(defaultFallbackPaths)

    /// Directories searched by ``init(family:style:)``, in order (initially ``defaultSearchPaths``).
    /// Reading and setting are thread-safe; a change affects lookups that start after it.
    package static var searchPaths: [String] {
        get { searchPathStorage.withLock { $0 } }
        set { searchPathStorage.withLock { $0 = newValue } }
    }

    /// Font files tried by ``fallback()``, in order (initially ``defaultFallbackPaths``).
    /// Reading and setting are thread-safe; a change affects lookups that start after it.
    package static var fallbackPaths: [String] {
        get { fallbackPathStorage.withLock { $0 } }
        set { fallbackPathStorage.withLock { $0 = newValue } }
    }

    // MARK: Identity

    public static func == (a: Font, b: Font) -> Bool { a.path == b.path && a.faceIndex == b.faceIndex }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(faceIndex)
    }

    public var description: String { "\(familyName) \(styleName) (\(path))" }
}
