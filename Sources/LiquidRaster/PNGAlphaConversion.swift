/// Conversions between the premultiplied bytes of a ``Pixmap`` and the straight-alpha bytes PNG stores.
///
/// Guarantees (checked over all 256·256 pairs in the tests):
/// - ``premultiply(_:alpha:)`` is `round(c·a / 255)`, exactly, for every `c` and `a` in 0…255.
/// - ``unpremultiply(_:alpha:)`` is `round(p·255 / a)` (halves rounded up), clamped to 255, and 0 when `a` is 0.
/// - For every valid premultiplied pair (`p ≤ a`), `premultiply(unpremultiply(p, a), a) == p`: writing a pixmap
///   to PNG and reading it back is bit-exact. (Proof: with `s = round(255p/a)`, `|s·a/255 − p| ≤ a/510 < ½`.)
enum PNGAlphaConversion {
    /// `round(c·a / 255)` with integer arithmetic (the usual `t + t>>8` identity, exact on 0…255 × 0…255).
    @inline(__always)
    static func premultiply(_ c: UInt8, alpha a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8(truncatingIfNeeded: (t + (t >> 8)) >> 8)
    }

    /// `round(p·255 / a)`, clamped to 255; 0 for a fully transparent pixel.
    @inline(__always)
    static func unpremultiply(_ p: UInt8, alpha a: UInt8) -> UInt8 {
        unpremultiplyTable[Int(a) << 8 | Int(p)]
    }

    /// 64 KiB: entry `a·256 + p` is the straight value of premultiplied `p` at alpha `a`. A table lookup
    /// replaces an integer division per channel when encoding.
    private static let unpremultiplyTable: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for p in 0..<256 {
                table[a << 8 | p] = UInt8(Swift.min(255, (p * 255 + a / 2) / a))
            }
        }
        return table
    }()

    /// The pixmap's pixels as straight-alpha RGBA8, row-major, `4·width` bytes per row.
    static func straightRGBA(from pixmap: Pixmap) -> [UInt8] {
        let source = pixmap.bytes
        let count = source.count
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            source.withUnsafeBufferPointer { src in
                var i = 0
                while i < count {
                    let a = src[i + 3]
                    if a == 255 {
                        out[i] = src[i]; out[i + 1] = src[i + 1]; out[i + 2] = src[i + 2]
                    } else {
                        out[i] = unpremultiply(src[i], alpha: a)
                        out[i + 1] = unpremultiply(src[i + 1], alpha: a)
                        out[i + 2] = unpremultiply(src[i + 2], alpha: a)
                    }
                    out[i + 3] = a
                    i += 4
                }
            }
            initialized = count
        }
    }

    /// Premultiplies straight-alpha RGBA8 bytes in place.
    static func premultiplyInPlace(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            let count = buffer.count - buffer.count % 4
            while i < count {
                let a = buffer[i + 3]
                if a != 255 {
                    buffer[i] = premultiply(buffer[i], alpha: a)
                    buffer[i + 1] = premultiply(buffer[i + 1], alpha: a)
                    buffer[i + 2] = premultiply(buffer[i + 2], alpha: a)
                }
                i += 4
            }
        }
    }
}
