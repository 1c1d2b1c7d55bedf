import CFreeType
import LiquidGeometry
import Synchronization

/// The process's one FreeType library, its opened faces and the glyph cache, behind a mutex.
///
/// FreeType's `FT_Library` and `FT_Face` objects must not be used from two threads at once, so every call into
/// FreeType happens inside ``state``'s lock and only plain values (``FaceInfo``, ``Layout``, ``GlyphBitmap``)
/// leave it. That is what makes this class genuinely `Sendable`. Faces stay open for the life of the process
/// (a program opens a handful of font files); glyph bitmaps live in a bounded ``GlyphCache``.
final class FreeTypeLibrary: Sendable {
    /// The shared instance every ``Font`` and ``TextRenderer`` uses.
    static let shared = FreeTypeLibrary()

    /// What a face tells about itself when opened.
    struct FaceInfo: Sendable {
        var familyName: String
        var styleName: String
        var unitsPerEm: Int
        var glyphCount: Int
        var hasKerning: Bool
    }

    /// A glyph placed on a line: its bitmap and the pen position (whole pixels from the line's origin).
    struct PlacedGlyph: Sendable {
        var penX: Int
        var bitmap: GlyphBitmap
    }

    /// A laid-out single line of text at one pixel size. All lengths in 1/64 pixel unless named otherwise.
    struct Layout: Sendable {
        var glyphs: [PlacedGlyph]
        /// Total pen advance, kerning included.
        var advance: Int
        /// Font ascender (positive, above the baseline) and descender (negative, below) at this size.
        var ascender: Int
        var descender: Int
        /// Baseline-to-baseline distance.
        var lineHeight: Int
    }

    struct FaceKey: Hashable {
        var path: String
        var index: Int
    }

    /// Everything FreeType owns. Raw pointers keep it non-Sendable; the mutex is its only way out.
    struct State {
        var library: FT_Library?
        var faces: [FaceKey: (id: Int, face: FT_Face)] = [:]
        var cache = GlyphCache()
    }

    let state = Mutex(State())

    /// Hinting: light (vertical only), which keeps glyph shapes and spacing close to the design while
    /// snapping horizontal stems to the pixel grid; outlines only, never embedded bitmaps.
    /// (`FT_LOAD_TARGET_LIGHT` is `FT_RENDER_MODE_LIGHT << 16`, a function-like macro Swift cannot import.)
    private static let loadFlags = Int32(FT_LOAD_NO_BITMAP) | Int32(FT_RENDER_MODE_LIGHT.rawValue << 16)

    /// Opens (or finds already open) the face at `path` and describes it.
    /// - Throws: `LiquidError` (`.unavailable`) naming the path and FreeType's reason.
    func faceInfo(path: String, faceIndex: Int) throws(LiquidError) -> FaceInfo {
        try state.withLock { (state: inout State) throws(LiquidError) -> FaceInfo in
            let face = try Self.openFace(path: path, index: faceIndex, in: &state).face
            let record = face.pointee
            func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
                pointer.map { String(cString: $0) } ?? ""
            }
            return FaceInfo(familyName: text(record.family_name), styleName: text(record.style_name),
                            unitsPerEm: Int(record.units_per_EM), glyphCount: Int(record.num_glyphs),
                            hasKerning: record.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0)
        }
    }

    /// Lays out `text` on one line with the face at `path`, `pixelSize` pixels per em, rasterising (or
    /// fetching from the cache) every glyph. Control characters are skipped; characters the font lacks
    /// draw as its `.notdef` glyph.
    /// - Throws: `LiquidError` (`.unavailable`) when the face cannot be opened or a glyph cannot be rendered.
    func layout(_ text: String, path: String, faceIndex: Int, pixelSize: Double, kerning: Bool) throws(LiquidError) -> Layout {
        try state.withLock { (state: inout State) throws(LiquidError) -> Layout in
            let (id, face) = try Self.openFace(path: path, index: faceIndex, in: &state)
            let size = Swift.max(1, Int((pixelSize * 64).rounded()))
            let status = FT_Set_Char_Size(face, 0, size, 72, 72)
            guard status == 0 else {
                throw .font("cannot set size \(pixelSize) px on '\(path)': \(Self.describe(status))")
            }
            let useKerning = kerning && face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
            var glyphs: [PlacedGlyph] = []
            var pen = 0
            var previous: FT_UInt = 0
            for scalar in text.unicodeScalars {
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { continue }
                let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                if useKerning, previous != 0 {
                    var delta = FT_Vector()
                    if FT_Get_Kerning(face, previous, glyph, FT_KERNING_DEFAULT.rawValue, &delta) == 0 {
                        pen += delta.x
                    }
                }
                let key = GlyphCache.Key(face: id, size: size, glyph: glyph)
                let bitmap: GlyphBitmap
                if let cached = state.cache.bitmap(for: key) {
                    bitmap = cached
                } else {
                    bitmap = try Self.render(glyph: glyph, face: face, path: path)
                    state.cache.insert(bitmap, for: key)
                }
                glyphs.append(PlacedGlyph(penX: (pen + 32) >> 6, bitmap: bitmap))
                pen += bitmap.advance
                previous = glyph
            }
            let metrics = face.pointee.size.pointee.metrics
            return Layout(glyphs: glyphs, advance: pen, ascender: metrics.ascender, descender: metrics.descender,
                          lineHeight: metrics.height)
        }
    }

    // MARK: Inside the lock

    static func openFace(path: String, index: Int, in state: inout State) throws(LiquidError) -> (id: Int, face: FT_Face) {
        let key = FaceKey(path: path, index: index)
        if let open = state.faces[key] { return open }
        if state.library == nil {
            var library: FT_Library?
            let status = FT_Init_FreeType(&library)
            guard status == 0, let library else {
                throw .font("FreeType could not start: \(describe(status))")
            }
            state.library = library
        }
        guard index >= 0 else { throw .font("face index \(index) of '\(path)' must not be negative") }
        var face: FT_Face?
        let status = FT_New_Face(state.library, path, FT_Long(index), &face)
        guard status == 0, let face else {
            throw .font("cannot load font '\(path)': \(describe(status))")
        }
        let opened = (id: state.faces.count, face: face)
        state.faces[key] = opened
        return opened
    }

    /// Loads `glyph` at the face's current size and renders it with FreeType's anti-aliased (normal) renderer.
    private static func render(glyph: FT_UInt, face: FT_Face, path: String) throws(LiquidError) -> GlyphBitmap {
        var status = FT_Load_Glyph(face, glyph, loadFlags)
        guard status == 0 else { throw .font("cannot load glyph \(glyph) of '\(path)': \(describe(status))") }
        let slot = face.pointee.glyph!
        status = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard status == 0 else { throw .font("cannot render glyph \(glyph) of '\(path)': \(describe(status))") }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if width > 0, height > 0, let buffer = bitmap.buffer {
            let mode = Int32(bitmap.pixel_mode)
            // A negative pitch means the rows are stored bottom-up, starting from the buffer's last row.
            let firstRow = pitch >= 0 ? buffer : buffer + (height - 1) * -pitch
            for y in 0..<height {
                let row = firstRow + y * pitch
                for x in 0..<width {
                    switch mode {
                    case Int32(FT_PIXEL_MODE_GRAY.rawValue):
                        coverage[y * width + x] = row[x]
                    case Int32(FT_PIXEL_MODE_MONO.rawValue):
                        coverage[y * width + x] = row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 ? 255 : 0
                    default:
                        throw .font("glyph \(glyph) of '\(path)' rendered in unsupported pixel mode \(mode)")
                    }
                }
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left),
                           top: Int(slot.pointee.bitmap_top), advance: slot.pointee.advance.x, coverage: coverage)
    }

    /// A readable reason for a FreeType error code (this FreeType is built without its own error strings).
    static func describe(_ error: FT_Error) -> String {
        let reasons: [Int32: String] = [
            0x01: "cannot open the file", 0x02: "unknown file format (not a font)", 0x03: "broken font file",
            0x06: "invalid argument", 0x07: "unimplemented feature", 0x08: "broken font table",
            0x10: "invalid glyph index", 0x13: "cannot render glyph", 0x14: "broken glyph outline",
            0x17: "invalid pixel size", 0x40: "out of memory", 0x51: "cannot open stream",
            0x54: "file is shorter than its tables say",
        ]
        let code = String(error, radix: 16)
        return (reasons[error].map { "\($0) " } ?? "") + "(FreeType error 0x\(code))"
    }
}
