import CZlib
import LiquidGeometry

/// Turns straight-alpha RGBA8 rows into the zlib stream a PNG's `IDAT` (or an APNG's `fdAT`) chunks carry:
/// each row is filtered, prefixed with its filter type, and the whole is deflated.
///
/// The filter of each row is chosen by the usual heuristic (the one libpng and the PNG specification
/// suggest): try None, Sub, Up, Average and Paeth, and keep the one whose output bytes, read as signed,
/// have the smallest sum of absolute values. The output is a valid zlib stream for an 8-bit RGBA,
/// non-interlaced image of the given size.
enum PNGImageDataEncoder {
    /// The filtered and deflated image data for `width`×`height` straight RGBA8 pixels.
    /// - Parameter level: zlib compression level, 0…9.
    /// - Throws: `LiquidError` (`.malformed`) if zlib fails (out of memory).
    static func compress(straightRGBA pixels: [UInt8], width: Int, height: Int, level: Int32 = 6) throws(LiquidError) -> [UInt8] {
        precondition(pixels.count == 4 * width * height, "pixel bytes do not match the image size")
        let filtered = filterRows(pixels, width: width, height: height)
        var destinationLength = compressBound(UInt(filtered.count))
        var output = [UInt8](repeating: 0, count: Int(destinationLength))
        let status = output.withUnsafeMutableBufferPointer { out in
            filtered.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &destinationLength, input.baseAddress, UInt(input.count), level)
            }
        }
        guard status == Z_OK else { throw .image("PNG encoding failed: zlib error \(status)") }
        output.removeSubrange(Int(destinationLength)...)
        return output
    }

    /// Every row as its filter-type byte followed by the filtered bytes.
    static func filterRows(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let rowBytes = 4 * width, bpp = 4
        var out = [UInt8](repeating: 0, count: height * (rowBytes + 1))
        // Five candidate rows, reused for every row.
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        let zeroRow = [UInt8](repeating: 0, count: rowBytes)
        pixels.withUnsafeBufferPointer { px in
            for y in 0..<height {
                let cur = px.baseAddress! + y * rowBytes
                var bestType = 0, bestScore = Int.max
                zeroRow.withUnsafeBufferPointer { zero in
                    let prev = y > 0 ? px.baseAddress! + (y - 1) * rowBytes : zero.baseAddress!
                    for type in 0..<5 {
                        let score = candidates[type].withUnsafeMutableBufferPointer { row in
                            filter(type: type, current: cur, previous: prev, count: rowBytes, bpp: bpp,
                                   into: row.baseAddress!, stopAbove: bestScore)
                        }
                        if score < bestScore { bestScore = score; bestType = type }
                    }
                }
                let start = y * (rowBytes + 1)
                out[start] = UInt8(bestType)
                out.withUnsafeMutableBufferPointer { o in
                    candidates[bestType].withUnsafeBufferPointer { c in
                        (o.baseAddress! + start + 1).update(from: c.baseAddress!, count: rowBytes)
                    }
                }
            }
        }
        return out
    }

    /// Writes row `current` filtered with PNG filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) into
    /// `output`, returning the sum of |byte as Int8|. Gives up early (returning a score ≥ `stopAbove`) once the
    /// score can no longer win.
    private static func filter(type: Int, current: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                               count: Int, bpp: Int, into output: UnsafeMutablePointer<UInt8>,
                               stopAbove: Int) -> Int {
        var score = 0
        @inline(__always) func emit(_ i: Int, _ value: UInt8) {
            output[i] = value
            score += value < 128 ? Int(value) : 256 - Int(value)
        }
        for i in 0..<count {
            let x = current[i]
            let a: UInt8 = i >= bpp ? current[i - bpp] : 0
            let b = previous[i]
            switch type {
            case 0: emit(i, x)
            case 1: emit(i, x &- a)
            case 2: emit(i, x &- b)
            case 3: emit(i, x &- UInt8((Int(a) + Int(b)) >> 1))
            default:
                let c: UInt8 = i >= bpp ? previous[i - bpp] : 0
                emit(i, x &- paeth(a, b, c))
            }
            if i & 63 == 63, score >= stopAbove { return score }
        }
        return score
    }

    /// The Paeth predictor: whichever of left, above and upper-left is closest to `a + b − c`.
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
