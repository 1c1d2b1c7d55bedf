#if canImport(CLiquidKernels)
import CLiquidKernels
#endif

/// A non-owning, writable window onto premultiplied RGBA8 pixels: a base pointer, a size and a row stride.
///
/// Mutable views are how filters, rasterizers and blits write pixels without copying, and how a
/// sub-rectangle of a pixmap is processed in place. A view is valid only inside the closure that handed it
/// out (``Pixmap/withMutableView(_:)``, `Pixmap.withMutableRegion(_:_:)`); never store it. For reading
/// only, ``Pixmap/withView(_:)`` hands out a ``PixmapView``, which has no writing API; ``readOnly`` turns a
/// mutable view into one.
public struct MutablePixmapView {
    /// The first byte of the top-left pixel (R, G, B, A order).
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes from one row to the next (≥ 4·width).
    @usableFromInline package let rowBytes: Int

    /// A view of `width × height` pixels starting at `base`, rows `rowBytes` apart.
    /// - Precondition: non-negative sizes and `rowBytes ≥ 4·width`.
    @inlinable
    package init(base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowBytes: Int) {
        precondition(width >= 0 && height >= 0 && rowBytes >= 4 * width, "invalid pixmap view geometry")
        self.base = base
        self.width = width
        self.height = height
        self.rowBytes = rowBytes
    }

    /// The same pixels, for reading only.
    @inlinable
    public var readOnly: PixmapView {
        PixmapView(base: UnsafePointer(base), width: width, height: height, rowBytes: rowBytes)
    }

    /// The first byte of row `y`.
    @inlinable
    package func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * rowBytes }

    /// The pixel at column `x`, row `y`. - Precondition: inside the view.
    @inlinable
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get { readOnly[x, y] }
        nonmutating set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let p = row(y) + 4 * x
            p[0] = newValue.red; p[1] = newValue.green; p[2] = newValue.blue; p[3] = newValue.alpha
        }
    }

    /// The part of this view inside `rect` (clipped to the view), sharing its pixels.
    package func region(_ rect: PixelRect) -> MutablePixmapView {
        let r = readOnly.clippedRect(rect)
        return MutablePixmapView(base: base + r.y * rowBytes + 4 * r.x, width: r.width, height: r.height,
                                 rowBytes: rowBytes)
    }

    /// Sets every pixel to `color`.
    public func fill(_ color: PremultipliedRGBA8) {
        let packed = color.packed
        for y in 0..<height {
            let p = UnsafeMutableRawPointer(row(y))
            for x in 0..<width { p.storeBytes(of: packed, toByteOffset: 4 * x, as: UInt32.self) }
        }
    }

    /// Copies `source` (same size) into this view row by row.
    public func copy(from source: PixmapView) {
        precondition(source.width == width && source.height == height, "copy needs views of the same size")
        #if canImport(CLiquidKernels)
        lk_copy_rows(base, rowBytes, source.base, source.rowBytes, 4 * width, Int32(clamping: height))
        #else
        for y in 0..<height { (row(y)).update(from: source.row(y), count: 4 * width) }
        #endif
    }
}
