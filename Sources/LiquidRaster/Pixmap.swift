import LiquidGeometry

/// An image of premultiplied RGBA8 pixels, row-major with no padding, plus a scale factor (pixels per point).
///
/// `Pixmap` is a value: copies share storage until one is written (copy-on-write). Pixels are reached
/// through ``subscript(_:_:)`` for single pixels and through ``MutablePixmapView`` for loops and in-place
/// sub-rectangles, without copying.
///
/// Guarantees: `width` and `height` are 1…16 384 and `width·height` ≤ 256 Mi pixels; every stored pixel
/// has red, green and blue ≤ alpha when written through this API.
public struct Pixmap: Equatable, Sendable {
    /// Largest accepted width or height, in pixels.
    public static let maximumSide = 16_384
    /// Largest accepted pixel count (256 megapixels).
    public static let maximumPixels = 256 * 1024 * 1024

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Pixels per point (1 = one pixel per point; 3 = a 3× display).
    public let scale: Double
    /// R, G, B, A bytes, premultiplied, `4·width` bytes per row.
    @usableFromInline var storage: [UInt8]

    /// A pixmap filled with `color`.
    /// - Throws: `LiquidError` (`.outOfRange`) for zero, negative or absurd dimensions, or a scale that is
    ///   not positive and finite.
    public init(width: Int, height: Int, scale: Double = 1, fill color: PremultipliedRGBA8 = .transparent) throws(LiquidError) {
        try Self.validate(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        self.scale = scale
        if color == .transparent {
            storage = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            storage = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for i in 0..<(width * height) {
                    buffer[4 * i] = color.red; buffer[4 * i + 1] = color.green
                    buffer[4 * i + 2] = color.blue; buffer[4 * i + 3] = color.alpha
                }
                count = width * height * 4
            }
        }
    }

    /// A pixmap covering `size` points at `scale` pixels per point (pixel dimensions rounded up).
    public init(size: Size, scale: Double = 1, fill color: PremultipliedRGBA8 = .transparent) throws(LiquidError) {
        guard size.isFinite, scale.isFinite, scale > 0 else {
            throw .invalidSize("pixmap size \(size.width)×\(size.height) pt at scale \(scale) is not finite and positive")
        }
        let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w <= Double(Self.maximumSide), h <= Double(Self.maximumSide) else {
            throw .invalidSize("pixmap of \(size.width)×\(size.height) pt at scale \(scale) would be \(w)×\(h) pixels; each side must be 1…\(Self.maximumSide)")
        }
        try self.init(width: Int(w), height: Int(h), scale: scale, fill: color)
    }

    /// A pixmap over existing premultiplied RGBA8 bytes (`4·width·height` of them).
    /// - Throws: `LiquidError` (`.outOfRange`) for bad dimensions or a byte count that does not match.
    public init(width: Int, height: Int, scale: Double = 1, premultipliedBytes bytes: [UInt8]) throws(LiquidError) {
        try Self.validate(width: width, height: height, scale: scale)
        guard bytes.count == width * height * 4 else {
            throw .invalidSize("\(bytes.count) bytes do not make a \(width)×\(height) RGBA8 image (\(width * height * 4) needed)")
        }
        self.width = width
        self.height = height
        self.scale = scale
        self.storage = bytes
    }

    /// A pixmap over bytes whose dimensions come from another valid pixmap (a region of it, a working
    /// copy): no checks to fail, so no `try`.
    /// - Precondition: `width`, `height` and `scale` are those of (part of) an existing pixmap and
    ///   `bytes.count == 4·width·height`.
    package init(validWidth width: Int, height: Int, scale: Double, premultipliedBytes bytes: [UInt8]) {
        precondition(width >= 1 && height >= 1 && scale.isFinite && scale > 0 && bytes.count == width * height * 4,
                     "Pixmap(validWidth:…) needs the dimensions of an existing pixmap and matching bytes")
        self.width = width
        self.height = height
        self.scale = scale
        self.storage = bytes
    }

    private static func validate(width: Int, height: Int, scale: Double) throws(LiquidError) {
        guard width >= 1, height >= 1 else {
            throw .invalidSize("pixmap size \(width)×\(height) must be at least 1×1")
        }
        guard width <= maximumSide, height <= maximumSide else {
            throw .invalidSize("pixmap size \(width)×\(height) exceeds \(maximumSide) pixels per side")
        }
        guard width * height <= maximumPixels else {
            throw .invalidSize("pixmap size \(width)×\(height) exceeds \(maximumPixels / (1024 * 1024)) megapixels")
        }
        guard scale.isFinite, scale > 0 else {
            throw .invalidSize("pixmap scale \(scale) must be positive and finite")
        }
    }

    /// The size in points (pixels divided by scale).
    public var sizeInPoints: Size { Size(width: Double(width) / scale, height: Double(height) / scale) }
    /// The whole image as a pixel rect.
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    /// The premultiplied R, G, B, A bytes, row-major.
    public var bytes: [UInt8] { storage }

    /// The pixel at column `x`, row `y`. - Precondition: inside the image.
    public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = 4 * (y * width + x)
            return PremultipliedRGBA8(red: storage[i], green: storage[i + 1], blue: storage[i + 2], alpha: storage[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width)×\(height)")
            let i = 4 * (y * width + x)
            storage[i] = newValue.red; storage[i + 1] = newValue.green
            storage[i + 2] = newValue.blue; storage[i + 3] = newValue.alpha
        }
    }

    /// Calls `body` with a mutable view of every pixel, in place (the storage is copied first only if it is
    /// shared with another `Pixmap` value). Errors thrown by `body` pass through with their type.
    @inlinable
    public mutating func withMutableView<R, E: Error>(_ body: (MutablePixmapView) throws(E) -> R) throws(E) -> R {
        let (w, h) = (width, height)
        let result: Result<R, E> = storage.withUnsafeMutableBufferPointer { buffer in
            do throws(E) {
                return .success(try body(MutablePixmapView(base: buffer.baseAddress!, width: w, height: h, rowBytes: 4 * w)))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Calls `body` with a mutable view of the pixels inside `rect` (clipped to the image), in place.
    package mutating func withMutableRegion<R, E: Error>(_ rect: PixelRect, _ body: (MutablePixmapView) throws(E) -> R) throws(E) -> R {
        try withMutableView { (view) throws(E) -> R in try body(view.region(rect)) }
    }

    /// Calls `body` with a read-only view of every pixel (no copy). Errors thrown by `body` pass through
    /// with their type.
    @inlinable
    public func withView<R, E: Error>(_ body: (PixmapView) throws(E) -> R) throws(E) -> R {
        let (w, h) = (width, height)
        let result: Result<R, E> = storage.withUnsafeBufferPointer { buffer in
            do throws(E) {
                return .success(try body(PixmapView(base: buffer.baseAddress!, width: w, height: h, rowBytes: 4 * w)))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// A copy of the pixels inside `rect` (clipped), keeping the scale.
    /// - Throws: `LiquidError` (`.outOfRange`) if the clipped rect is empty.
    package func cropped(to rect: PixelRect) throws(LiquidError) -> Pixmap {
        guard let r = rect.intersection(bounds) else {
            throw .invalidSize("crop rect \(rect) does not overlap the \(width)×\(height) image")
        }
        var out = try Pixmap(width: r.width, height: r.height, scale: scale)
        withView { source in out.withMutableView { $0.copy(from: source.region(r)) } }
        return out
    }

    /// Sets every pixel to `color`.
    public mutating func fill(_ color: PremultipliedRGBA8) { withMutableView { $0.fill(color) } }
}
