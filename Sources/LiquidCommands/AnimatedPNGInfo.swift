/// What the gallery says about an animated PNG file: its size, frame count and running time, read from
/// the chunk headers (`IHDR`, `acTL`, `fcTL`) without decoding any pixels.
struct AnimatedPNGInfo: Equatable, Codable {
    /// Canvas size in pixels.
    var width: Int
    var height: Int
    /// Frames stored in the file (the `acTL` count; merged identical frames count once).
    var frames: Int
    /// One pass through every frame, in seconds.
    var duration: Double

    /// Reads the chunk headers of `bytes`.
    /// - Throws: ``ValidationErrorMessage`` (one line) when the bytes are not a PNG, a chunk is truncated or
    ///   its type is not four letters, or there is no `acTL` chunk.
    init(parsing bytes: [UInt8]) throws {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw ValidationErrorMessage("not a PNG file") }
        func word(_ at: Int) -> Int {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        func half(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var width = 0, height = 0, frames: Int?, duration = 0.0
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = word(offset)
            // Four ASCII letters, as the PNG specification requires; anything else (a newline, say) never
            // reaches a message.
            guard bytes[offset + 4..<offset + 8].allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw ValidationErrorMessage("corrupt PNG: invalid chunk type at byte \(offset + 4)")
            }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let data = offset + 8
            guard length >= 0, data + length + 4 <= bytes.count else { throw ValidationErrorMessage("truncated PNG chunk '\(type)'") }
            switch type {
            case "IHDR" where length >= 8:
                width = word(data)
                height = word(data + 4)
            case "acTL" where length >= 8:
                frames = word(data)
            case "fcTL" where length >= 26:
                let numerator = Double(half(data + 20)), denominator = Double(half(data + 22))
                duration += numerator / (denominator == 0 ? 100 : denominator)
            default:
                break
            }
            offset = data + length + 4
        }
        guard let frames else { throw ValidationErrorMessage("PNG has no acTL chunk (not animated)") }
        self.width = width
        self.height = height
        self.frames = frames
        self.duration = duration
    }
}
