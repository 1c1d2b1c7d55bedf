import LiquidGeometry

extension Pixmap {
    /// Calls `body` with a canvas that draws into this pixmap in place, and returns what `body` returns.
    ///
    /// The canvas takes this pixmap's pixels for the duration of the call and hands them back at the end
    /// (also when `body` throws), so drawing never copies the image: no copy-on-write copy is made unless
    /// another `Pixmap` value shares the storage. The canvas starts with the identity transform, no clip and
    /// source-over. When `body` returns, this pixmap is the canvas's pixmap. Errors thrown by `body` pass
    /// through with their type.
    ///
    /// ```swift
    /// try image.withCanvas { canvas in
    ///     canvas.fillRoundedRect(badge, cornerRadii: CornerRadii(all: 8), paint: .color(.red))
    /// }
    /// ```
    @inlinable
    public mutating func withCanvas<R, E: Error>(_ body: (inout Canvas) throws(E) -> R) throws(E) -> R {
        var canvas = Canvas(taking: &self)
        defer { self = canvas.pixmap }
        return try body(&canvas)
    }

    /// Calls `body` with a canvas that draws into the pixels of `region` (device pixels, clipped to the
    /// image) in place: user space starts at the region's top-left corner (in points), and the canvas is
    /// clipped to the region, so pixels outside it stay exactly as they were. Otherwise as
    /// ``withCanvas(_:)``; an empty region draws nothing.
    package mutating func withCanvas<R, E: Error>(in region: PixelRect, _ body: (inout Canvas) throws(E) -> R) throws(E) -> R {
        let clipped = region.intersection(bounds) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        let scale = self.scale
        return try withCanvas { (canvas) throws(E) -> R in
            canvas.clip(toPixels: clipped)
            canvas.transform = AffineTransform(translationX: Double(clipped.x) / scale, y: Double(clipped.y) / scale)
            return try body(&canvas)
        }
    }
}

extension Canvas {
    /// A canvas that takes `pixmap`'s pixels, leaving `pixmap` without storage until it is assigned again
    /// (``Pixmap/withCanvas(_:)`` assigns it back): the canvas then holds the only reference, so drawing
    /// writes in place.
    @usableFromInline
    init(taking pixmap: inout Pixmap) {
        self.init(pixmap)
        pixmap.storage = []
    }

    /// Intersects the clip with the whole pixels of `rect` (coverage 255 inside, 0 outside).
    mutating func clip(toPixels rect: PixelRect) {
        guard var mask = try? ClipMask(width: pixmap.width, height: pixmap.height, value: 0) else { return }
        if let r = rect.intersection(pixmap.bounds) {
            let width = mask.width
            mask.storage.withUnsafeMutableBufferPointer { bytes in
                for y in r.y..<r.maxY { (bytes.baseAddress! + y * width + r.x).update(repeating: 255, count: r.width) }
            }
        }
        intersectClip(mask)
    }
}
