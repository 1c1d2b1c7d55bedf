/// A non-owning, read-only window onto premultiplied RGBA8 pixels: a base pointer, a size and a row stride.
///
/// Read-only views are how filters, blits and shaders read a source image without copying it. The type has
/// no writing API (its pointers are `UnsafePointer`), so a view handed out by ``Pixmap/withView(_:)`` cannot
/// be used to change the pixmap; writing goes through ``MutablePixmapView``. A view is valid only inside
/// the closure that handed it out; never store it.
public struct PixmapView {
    /// The first byte of the top-left pixel (R, G, B, A order).
    @usableFromInline package let base: UnsafePointer<UInt8>
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes from one row to the next (≥ 4·width).
    @usableFromInline package let rowBytes: Int

    /// A view of `width × height` pixels starting at `base`, rows `rowBytes` apart.
    /// - Precondition: non-negative sizes and `rowBytes ≥ 4·width`.
    @inlinable
    package init(base: UnsafePointer<UInt8>, width: Int, height: Int, rowBytes: Int) {
        precondition(width >= 0 && height >= 0 && rowBytes >= 4 * width, "invalid pixmap view geometry")
        self.base = base
        self.width = width
        self.height = height
        self.rowBytes = rowBytes
    }

    /// The first byte of row `y`.
    @inlinable
    package func row(_ y: Int) -> UnsafePointer<UInt8> { base + y * rowBytes }

    /// The pixel at column `x`, row `y`. - Precondition: inside the view.
    @inlinable
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
        let p = row(y) + 4 * x
        return PremultipliedRGBA8(red: p[0], green: p[1], blue: p[2], alpha: p[3])
    }

    /// The part of this view inside `rect` (clipped to the view), sharing its pixels.
    package func region(_ rect: PixelRect) -> PixmapView {
        let r = clippedRect(rect)
        return PixmapView(base: base + r.y * rowBytes + 4 * r.x, width: r.width, height: r.height, rowBytes: rowBytes)
    }

    /// `rect` clipped to the view (an empty rect at the origin when they do not overlap).
    func clippedRect(_ rect: PixelRect) -> PixelRect {
        rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height)) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }
}
