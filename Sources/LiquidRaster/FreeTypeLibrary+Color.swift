import CFreeType
import LiquidGeometry

/// Colour glyphs: the calls ``EmojiRenderer`` makes into FreeType, under the same lock as text.
extension FreeTypeLibrary {
    /// A colour glyph as FreeType drew it, converted to premultiplied RGBA bytes.
    struct ColorGlyph: Sendable {
        var width: Int
        var height: Int
        /// `4·width·height` premultiplied bytes, R G B A, row-major, top row first.
        var rgba: [UInt8]
        /// Whether it came from a fixed-size bitmap strike (CBDT or sbix); otherwise FreeType composed the
        /// glyph's colour layers (COLR) at the requested size.
        var fromBitmapStrike: Bool
    }

    /// The glyph index of each scalar in the face (0 where the face has no glyph for it).
    func glyphIndices(_ scalars: [Unicode.Scalar], path: String, faceIndex: Int) throws(LiquidError) -> [UInt32] {
        try state.withLock { (state: inout State) throws(LiquidError) -> [UInt32] in
            let face = try Self.openFace(path: path, index: faceIndex, in: &state).face
            return scalars.map { UInt32(FT_Get_Char_Index(face, FT_ULong($0.value))) }
        }
    }

    /// Whether the face declares colour glyph tables (CBDT, sbix or COLR).
    func hasColorGlyphs(path: String, faceIndex: Int) throws(LiquidError) -> Bool {
        try state.withLock { (state: inout State) throws(LiquidError) -> Bool in
            let face = try Self.openFace(path: path, index: faceIndex, in: &state).face
            return face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        }
    }

    /// The raw bytes of the SFNT table `tag` (four ASCII letters), or `nil` when the face has none or it is
    /// larger than 16 MB.
    func sfntTable(_ tag: String, path: String, faceIndex: Int) throws(LiquidError) -> [UInt8]? {
        let letters = Array(tag.utf8)
        guard letters.count == 4 else { return nil }
        let code = letters.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1) }
        return try state.withLock { (state: inout State) throws(LiquidError) -> [UInt8]? in
            let face = try Self.openFace(path: path, index: faceIndex, in: &state).face
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0, length > 0, length <= 16 << 20 else {
                return nil
            }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            let status = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, code, 0, $0.baseAddress, &length) }
            return status == 0 ? bytes : nil
        }
    }

    /// Draws glyph `glyph` in colour. A face with only bitmap strikes uses the smallest strike of at least
    /// `pixelSize` pixels per em (else its largest); a scalable face is set to `pixelSize`. Returns `nil` when
    /// the glyph has no colour form (FreeType drew it as a grey coverage mask) or is empty.
    /// - Throws: `LiquidError` (`.unavailable`) when FreeType cannot open, size or load it.
    func colorGlyph(_ glyph: UInt32, path: String, faceIndex: Int, pixelSize: Double) throws(LiquidError) -> ColorGlyph? {
        try state.withLock { (state: inout State) throws(LiquidError) -> ColorGlyph? in
            let face = try Self.openFace(path: path, index: faceIndex, in: &state).face
            let record = face.pointee
            let scalable = record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
            let strikes = Int(record.num_fixed_sizes)
            let fromStrike = !scalable && strikes > 0
            var status: FT_Error
            if fromStrike, let sizes = record.available_sizes {
                var chosen = 0
                var chosenPPEM = -1.0
                for index in 0..<strikes {
                    let ppem = Double(sizes[index].y_ppem) / 64
                    let better = chosenPPEM < 0
                        || (ppem >= pixelSize && (chosenPPEM < pixelSize || ppem < chosenPPEM))
                        || (ppem < pixelSize && chosenPPEM < pixelSize && ppem > chosenPPEM)
                    if better { chosen = index; chosenPPEM = ppem }
                }
                status = FT_Select_Size(face, FT_Int(chosen))
            } else {
                status = FT_Set_Char_Size(face, 0, Swift.max(1, Int((pixelSize * 64).rounded())), 72, 72)
            }
            guard status == 0 else {
                throw .font("cannot size '\(path)' for colour glyphs: \(Self.describe(status))")
            }
            status = FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR))
            guard status == 0 else { throw .font("cannot load glyph \(glyph) of '\(path)': \(Self.describe(status))") }
            let slot = face.pointee.glyph!
            if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
                status = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
                guard status == 0 else {
                    throw .font("cannot render glyph \(glyph) of '\(path)': \(Self.describe(status))")
                }
            }
            let bitmap = slot.pointee.bitmap
            guard Int32(bitmap.pixel_mode) == Int32(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else {
                return nil
            }
            let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            guard width > 0, height > 0 else { return nil }
            var rgba = [UInt8](repeating: 0, count: 4 * width * height)
            let firstRow = pitch >= 0 ? buffer : buffer + (height - 1) * -pitch
            for y in 0..<height {
                let row = firstRow + y * pitch
                for x in 0..<width {
                    // FreeType's BGRA is premultiplied already; only the channel order changes.
                    let i = 4 * (y * width + x)
                    let alpha = row[4 * x + 3]
                    rgba[i] = Swift.min(row[4 * x + 2], alpha)
                    rgba[i + 1] = Swift.min(row[4 * x + 1], alpha)
                    rgba[i + 2] = Swift.min(row[4 * x], alpha)
                    rgba[i + 3] = alpha
                }
            }
            return ColorGlyph(width: width, height: height, rgba: rgba, fromBitmapStrike: fromStrike)
        }
    }
}
