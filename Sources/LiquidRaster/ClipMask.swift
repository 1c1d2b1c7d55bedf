import LiquidGeometry

/// An 8-bit coverage mask the size of a pixmap: 255 lets drawing through fully, 0 blocks it, values in
/// between scale the coverage of whatever is drawn (anti-aliased clipping).
///
/// A value type with copy-on-write storage, so saving a canvas state that holds one costs nothing until the
/// clip changes.
package struct ClipMask: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// One byte per pixel, row-major, no padding.
    @usableFromInline var storage: [UInt8]

    /// A mask of `width × height` pixels, every one set to `value` (255: everything passes).
    ///
    /// - Throws: `LiquidError` (`.outOfRange`) for a side below 1 or beyond ``Pixmap/maximumSide``.
    package init(width: Int, height: Int, value: UInt8 = 255) throws(LiquidError) {
        guard width >= 1, height >= 1, width <= Pixmap.maximumSide, height <= Pixmap.maximumSide,
              width * height <= Pixmap.maximumPixels
        else { throw .invalidSize("clip mask size \(width)×\(height) must be 1…\(Pixmap.maximumSide) per side") }
        self.width = width
        self.height = height
        storage = [UInt8](repeating: value, count: width * height)
    }

    /// The coverage of `path` (mapped by `transform` into pixels), rasterized with `rule`.
    ///
    /// A path with a non-finite point or transform covers nothing (every value 0).
    package init(
        width: Int, height: Int, path: Path, transform: AffineTransform = .identity, rule: FillRule = .nonZero
    ) throws(LiquidError) {
        try self.init(width: width, height: height, value: 0)
        var rasterizer = CoverageRasterizer(width: width, height: height)
        rasterizer.addPath(path, transform: transform)
        storage.withUnsafeMutableBufferPointer { buffer in
            var sink = MaskWriter(base: buffer.baseAddress!, width: width)
            rasterizer.rasterize(rule: rule, into: &sink)
        }
    }

    /// The value at column `x`, row `y`. - Precondition: inside the mask.
    package subscript(x: Int, y: Int) -> UInt8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) is outside")
            return storage[y * width + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) is outside")
            storage[y * width + x] = newValue
        }
    }

    /// The values, row-major.
    package var bytes: [UInt8] { storage }

    /// The sum of all values divided by 255: the covered area in pixels.
    package var coveredArea: Double {
        var total = 0
        for v in storage { total += Int(v) }
        return Double(total) / 255
    }

    /// Multiplies this mask by `other` (same size) pixel by pixel: the intersection of two clips.
    ///
    /// - Precondition: both masks have the same size.
    package mutating func intersect(_ other: ClipMask) {
        precondition(other.width == width && other.height == height, "clip masks must have the same size")
        other.storage.withUnsafeBufferPointer { src in
            storage.withUnsafeMutableBufferPointer { dst in
                PackedPixel.multiply(dst.baseAddress!, by: src.baseAddress!, count: dst.count)
            }
        }
    }
}

/// A coverage sink that writes coverage bytes into a mask (replacing what was there).
struct MaskWriter: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int

    mutating func blitCells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        (base + y * width + x).update(from: coverage, count: count)
    }

    mutating func blitSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        (base + y * width + x).update(repeating: coverage, count: count)
    }
}
