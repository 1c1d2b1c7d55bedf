import LiquidGeometry

/// Premultiplied RGBA pixels as `Float` in 0…1: the working format for multi-step effects where 8-bit
/// rounding after every step would add up (accumulating several glass passes, high-dynamic-range glows).
///
/// Guarantees: the same size limits as ``Pixmap``; converting a `Pixmap` to `FloatPixmap` and back is
/// bit-exact; ``pixmap()`` rounds to nearest and clamps to 0…1 and to colour ≤ alpha, so any float content
/// converts to a valid premultiplied 8-bit image.
package struct FloatPixmap: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package let scale: Double
    /// R, G, B, A per pixel, row-major, premultiplied, nominally 0…1.
    package var components: [Float]

    /// A transparent image.
    /// - Throws: `LiquidError` (`.outOfRange`) for sizes ``Pixmap`` refuses.
    package init(width: Int, height: Int, scale: Double = 1) throws(LiquidError) {
        _ = try Pixmap(width: 1, height: 1, scale: scale)  // validates the scale
        guard width >= 1, height >= 1, width <= Pixmap.maximumSide, height <= Pixmap.maximumSide,
              width * height <= Pixmap.maximumPixels else {
            throw .invalidSize("float pixmap size \(width)×\(height) must be 1…\(Pixmap.maximumSide) per side and at most 256 megapixels")
        }
        self.width = width
        self.height = height
        self.scale = scale
        components = [Float](repeating: 0, count: width * height * 4)
    }

    /// The 8-bit image's pixels as floats (v / 255).
    package init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        scale = pixmap.scale
        components = pixmap.bytes.map { Float($0) * (1 / 255) }
    }

    /// The pixel at (x, y) as premultiplied (r, g, b, a). - Precondition: inside the image.
    package subscript(x: Int, y: Int) -> SIMD4<Float> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = 4 * (y * width + x)
            return SIMD4(components[i], components[i + 1], components[i + 2], components[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = 4 * (y * width + x)
            components[i] = newValue.x; components[i + 1] = newValue.y
            components[i + 2] = newValue.z; components[i + 3] = newValue.w
        }
    }

    /// Quantises to 8 bits: round to nearest, alpha clamped to 0…1, colour clamped to 0…alpha (NaN → 0).
    package func pixmap() -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: components.count)
        components.withUnsafeBufferPointer { source in
            for p in stride(from: 0, to: source.count, by: 4) {
                func quantise(_ v: Float, _ limit: Float) -> (UInt8, Float) {
                    let clamped = v.isNaN ? 0 : Swift.min(Swift.max(v, 0), limit)
                    let q = (clamped * 255).rounded()
                    return (UInt8(q), q)
                }
                let (a, aq) = quantise(source[p + 3], 1)
                let limit = aq / 255
                bytes[p] = quantise(source[p], limit).0
                bytes[p + 1] = quantise(source[p + 1], limit).0
                bytes[p + 2] = quantise(source[p + 2], limit).0
                bytes[p + 3] = a
            }
        }
        // Sizes were validated when this value was made.
        return Pixmap(validWidth: width, height: height, scale: scale, premultipliedBytes: bytes)
    }
}
