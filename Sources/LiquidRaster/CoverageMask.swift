/// A non-owning view of 8-bit coverage values (0 = none, 255 = full), such as an anti-aliased shape's mask
/// or the alpha channel of a pixmap. Like ``MutablePixmapView`` it is valid only while the memory it points into
/// is; never store it.
package struct CoverageMask {
    /// The coverage byte of the top-left pixel.
    package let base: UnsafePointer<UInt8>
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next.
    package let rowBytes: Int
    /// Bytes from one pixel to the next in a row (1 for an A8 mask, 4 for the alpha of an RGBA view).
    package let pixelStride: Int

    /// - Precondition: non-negative sizes, `pixelStride ≥ 1`, `rowBytes ≥ pixelStride·width`.
    @inlinable
    package init(base: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int, pixelStride: Int = 1) {
        precondition(width >= 0 && height >= 0 && pixelStride >= 1 && rowBytes >= pixelStride * width,
                     "invalid coverage mask geometry")
        self.base = base
        self.width = width
        self.height = height
        self.rowBytes = rowBytes
        self.pixelStride = pixelStride
    }

    /// The alpha channel of `view` as a mask (same size, no copy).
    package static func alpha(of view: PixmapView) -> CoverageMask {
        CoverageMask(base: UnsafePointer(view.base + 3), width: view.width, height: view.height,
                     rowBytes: view.rowBytes, pixelStride: 4)
    }

    /// The coverage at column `x`, row `y`. - Precondition: inside the mask.
    @inlinable
    package subscript(x: Int, y: Int) -> UInt8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) is outside \(width)×\(height)")
        return base[y * rowBytes + x * pixelStride]
    }
}
