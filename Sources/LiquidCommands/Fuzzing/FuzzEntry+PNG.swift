import LiquidRaster

extension FuzzEntry {
    /// Images decoded by `png` are written and read back only up to this many pixels.
    static let roundTripPixels = 65_536

    /// A PNG or animated PNG file: `bytes` go through the header parser, the animated-PNG chunk reader the
    /// gallery uses, and the full decoder; a decoded image of at most ``roundTripPixels`` pixels is
    /// encoded again and decoded once more.
    ///
    /// Checks: every error is a ``LiquidError`` (or, from the chunk reader, a one-line message); a decoded
    /// image is premultiplied, and written and read back it is the same pixmap, byte for byte.
    package static func png(_ bytes: [UInt8]) {
        do {
            _ = try PNG.Header(parsing: bytes)
        } catch {
            requireOneLine(error, from: "png header")
        }
        do {
            _ = try AnimatedPNGInfo(parsing: bytes)
        } catch {
            requireOneLine(error, from: "animated png chunks")
        }
        let image: Pixmap
        do {
            image = try PNG.decode(bytes)
        } catch {
            requireOneLine(error, from: "png decoding")
            return
        }
        requirePremultiplied(image, from: "png decoding")
        guard image.width * image.height <= roundTripPixels else { return }
        do {
            let again = try PNG.decode(try PNG.encode(image))
            precondition(again == image, "png: a \(image.width)×\(image.height) image written and read back differs")
        } catch {
            preconditionFailure("png: a decoded \(image.width)×\(image.height) image cannot be written and read back: \(error)")
        }
    }
}
