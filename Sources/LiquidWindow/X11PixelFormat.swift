import LiquidRaster

/// How a TrueColor X visual lays a pixel out in a 32-bit word, and the conversion from a premultiplied
/// RGBA ``Pixmap`` into such words (laid over an opaque background colour).
///
/// Built from the visual's channel masks, so it serves the common 24-bit depth (`0xff0000`, `0xff00`,
/// `0xff` — BGRX in memory on a little-endian server), 32-bit ARGB and 30-bit deep colour alike, in either
/// byte order.
struct X11PixelFormat: Equatable {
    /// One channel: where it sits in the word and how many bits it has.
    struct Channel: Equatable {
        let shift: UInt32
        let bits: UInt32

        /// `nil` for an empty or non-contiguous mask.
        init?(mask: UInt) {
            guard mask != 0, mask <= UInt(UInt32.max) else { return nil }
            let shift = mask.trailingZeroBitCount
            let shifted = mask >> UInt(shift)
            let bits = (~shifted).trailingZeroBitCount  // the run of ones at the bottom
            guard bits <= 16, shifted == (UInt(1) << UInt(bits)) - 1 else { return nil }
            self.shift = UInt32(shift)
            self.bits = UInt32(bits)
        }

        /// An 8-bit value placed in the word.
        @inline(__always) func place(_ value: UInt32) -> UInt32 {
            let scaled = bits >= 8 ? value << (bits - 8) | value >> (16 - bits) : value >> (8 - bits)
            return scaled << shift
        }
    }

    let red: Channel
    let green: Channel
    let blue: Channel
    /// Whether the server wants the word's most significant byte first.
    let isBigEndian: Bool

    /// `nil` unless all three masks are contiguous and non-empty.
    init?(redMask: UInt, greenMask: UInt, blueMask: UInt, isBigEndian: Bool) {
        guard let red = Channel(mask: redMask), let green = Channel(mask: greenMask), let blue = Channel(mask: blueMask)
        else { return nil }
        self.red = red
        self.green = green
        self.blue = blue
        self.isBigEndian = isBigEndian
    }

    /// The word for an opaque colour, in the server's byte order.
    @inline(__always) func word(red r: UInt8, green g: UInt8, blue b: UInt8) -> UInt32 {
        let word = red.place(UInt32(r)) | green.place(UInt32(g)) | blue.place(UInt32(b))
        return isBigEndian ? word.bigEndian : word.littleEndian
    }

    /// Converts `rect` of `image` into `destination` (rows of `bytesPerRow` bytes, the image's full width),
    /// laying translucent pixels over `background`.
    func convert(_ image: Pixmap, rect: PixelRect, background: PremultipliedRGBA8,
                 into destination: UnsafeMutableRawPointer, bytesPerRow: Int) {
        guard let rect = rect.intersection(image.bounds), !rect.isEmpty else { return }
        let width = image.width
        let bg = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
        image.bytes.withUnsafeBufferPointer { source in
            for y in rect.y..<rect.maxY {
                let row = destination.advanced(by: y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                var s = (y * width + rect.x) * 4
                for x in rect.x..<rect.maxX {
                    var r = UInt32(source[s]), g = UInt32(source[s + 1]), b = UInt32(source[s + 2])
                    let a = UInt32(source[s + 3])
                    if a < 255 {
                        let rest = 255 - a
                        r += PixelMath.divideBy255(bg.0 * rest)
                        g += PixelMath.divideBy255(bg.1 * rest)
                        b += PixelMath.divideBy255(bg.2 * rest)
                    }
                    row[x] = word(red: UInt8(min(r, 255)), green: UInt8(min(g, 255)), blue: UInt8(min(b, 255)))
                    s += 4
                }
            }
        }
    }
}
