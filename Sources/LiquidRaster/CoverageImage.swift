import LiquidGeometry

/// An 8-bit coverage image over a rectangle of device pixels: shapes are added to it as a union (each
/// pixel keeps the largest coverage any added shape gave it), and it is drawn once with one paint.
///
/// Keeping coverage rather than colour is what lets a long translucent stroke be drawn in pieces: pieces
/// that overlap (round caps meeting where one piece ends and the next begins) take the larger of their
/// coverages instead of adding, so the overlap is not painted twice, and the colour is applied once when
/// the image is drawn.
///
/// Guarantees:
/// - A stroke added with ``formUnion(stroking:style:transform:)`` gets exactly the coverage that
///   ``Canvas/stroke(_:style:paint:)`` computes for it under the same device transform (the same
///   flattening, stroker and rasterizer), shifted by the image's origin; ``Canvas/fill(coverage:offsetX:offsetY:paint:)``
///   then composites it through the same blitter, so a stroke drawn through an image equals the stroke
///   drawn directly.
/// - Coverage never decreases: adding a shape or another image only raises pixels to the larger value.
/// - Memory is one byte per pixel of ``rect``; ``include(_:)`` grows the rect, never shrinks it.
package struct CoverageImage: Sendable, Equatable {
    /// The device pixels the image covers.
    package private(set) var rect: PixelRect
    /// One byte per pixel of ``rect``, row-major, no padding.
    package private(set) var bytes: [UInt8]

    /// An empty (all 0) image over `rect`.
    /// - Throws: `LiquidError` (`.outOfRange`) for an empty rect or one larger than a ``Pixmap`` may be.
    package init(rect: PixelRect) throws(LiquidError) {
        try Self.validate(rect)
        self.rect = rect
        bytes = [UInt8](repeating: 0, count: rect.width * rect.height)
    }

    private static func validate(_ rect: PixelRect) throws(LiquidError) {
        guard !rect.isEmpty, rect.width <= Pixmap.maximumSide, rect.height <= Pixmap.maximumSide else {
            throw .invalidSize("coverage image of \(rect.width)×\(rect.height) pixels; each side must be 1…\(Pixmap.maximumSide)")
        }
    }

    /// The coverage at device pixel (`x`, `y`); 0 outside ``rect``.
    package subscript(x: Int, y: Int) -> UInt8 {
        guard x >= rect.x, x < rect.maxX, y >= rect.y, y < rect.maxY else { return 0 }
        return bytes[(y - rect.y) * rect.width + (x - rect.x)]
    }

    /// Grows ``rect`` to contain `needed` (new pixels are 0; existing ones keep their place and value).
    /// - Throws: `LiquidError` (`.outOfRange`) when the grown image would be too large; the image is then
    ///   unchanged.
    package mutating func include(_ needed: PixelRect) throws(LiquidError) {
        guard !needed.isEmpty else { return }
        let grown = rect.union(needed)
        guard grown != rect else { return }
        try Self.validate(grown)
        var fresh = [UInt8](repeating: 0, count: grown.width * grown.height)
        let dx = rect.x - grown.x, dy = rect.y - grown.y
        for row in 0..<rect.height {
            let from = row * rect.width, to = (row + dy) * grown.width + dx
            fresh[to..<(to + rect.width)] = bytes[from..<(from + rect.width)]
        }
        rect = grown
        bytes = fresh
    }

    /// Raises every pixel to the coverage of `path` stroked with `style`, mapped by `transform` from user
    /// space to device pixels (the space of ``rect``). Parts outside ``rect`` are clipped away; a
    /// non-finite path, style or transform adds nothing.
    package mutating func formUnion(stroking path: Path, style: StrokeStyle, transform: AffineTransform) {
        let device = transform.concatenating(AffineTransform(translationX: -Double(rect.x), y: -Double(rect.y)))
        guard let rasterizer = Canvas.strokeRasterizer(path, style: style, device: device,
                                                       width: rect.width, height: rect.height),
              !rasterizer.isEmpty
        else { return }
        let width = rect.width
        bytes.withUnsafeMutableBufferPointer { buffer in
            var sink = MaximumWriter(base: buffer.baseAddress!, width: width)
            rasterizer.rasterize(rule: .nonZero, into: &sink)
        }
    }

    /// Raises every pixel to the coverage of `path` filled with the non-zero rule, mapped by `transform`
    /// from user space to device pixels: exactly the coverage ``Canvas/fill(_:paint:rule:)`` computes under
    /// the same device transform (the same flattening and rasterizer), shifted by the image's origin. A
    /// non-finite path or transform adds nothing.
    package mutating func formUnion(filling path: Path, transform: AffineTransform) {
        let device = transform.concatenating(AffineTransform(translationX: -Double(rect.x), y: -Double(rect.y)))
        guard device.isFinite, path.isFinite else { return }
        var rasterizer = CoverageRasterizer(width: rect.width, height: rect.height)
        guard rasterizer.addPath(path, transform: device, tolerance: Canvas.tolerance), !rasterizer.isEmpty else { return }
        let width = rect.width
        bytes.withUnsafeMutableBufferPointer { buffer in
            var sink = MaximumWriter(base: buffer.baseAddress!, width: width)
            rasterizer.rasterize(rule: .nonZero, into: &sink)
        }
    }

    /// Raises every pixel to `other`'s coverage where the two overlap.
    package mutating func formUnion(_ other: CoverageImage) {
        guard let overlap = rect.intersection(other.rect) else { return }
        let width = rect.width, otherWidth = other.rect.width
        other.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                for y in overlap.y..<overlap.maxY {
                    let s = source.baseAddress! + (y - other.rect.y) * otherWidth + (overlap.x - other.rect.x)
                    let t = target.baseAddress! + (y - rect.y) * width + (overlap.x - rect.x)
                    for i in 0..<overlap.width where s[i] > t[i] { t[i] = s[i] }
                }
            }
        }
    }
}

/// A coverage sink that raises each pixel of a mask to the coverage it is given (a union).
struct MaximumWriter: CoverageSink {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int

    mutating func blitCells(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let row = base + y * width + x
        for i in 0..<count where coverage[i] > row[i] { row[i] = coverage[i] }
    }

    mutating func blitSpan(y: Int, x: Int, count: Int, coverage: UInt8) {
        let row = base + y * width + x
        for i in 0..<count where coverage > row[i] { row[i] = coverage }
    }
}

extension Canvas {
    /// Composites `paint` through `coverage`: the image's device pixel (x, y) lands on the pixmap's pixel
    /// (x + `offsetX`, y + `offsetY`), under the canvas's clip and blender. The paint is positioned by
    /// the current transform, as for a fill. Pixels with 0 coverage are untouched.
    package mutating func fill(coverage: CoverageImage, offsetX: Int, offsetY: Int, paint: Paint) {
        guard let shader = Shader(paint, transform: deviceTransform) else { return }
        let target = PixelRect(x: 0, y: 0, width: pixmap.width, height: pixmap.height)
        let source = coverage.rect
        let placed = PixelRect(x: source.x + offsetX, y: source.y + offsetY, width: source.width, height: source.height)
        guard let region = placed.intersection(target) else { return }
        coverage.bytes.withUnsafeBufferPointer { bytes in
            withBlitter(shader: shader) { sink in
                for y in region.y..<region.maxY {
                    let row = bytes.baseAddress! + (y - offsetY - source.y) * source.width + (region.x - offsetX - source.x)
                    // Runs of zero coverage are skipped, as the rasterizer skips untouched cells.
                    var i = 0
                    while i < region.width {
                        while i < region.width, row[i] == 0 { i += 1 }
                        var j = i
                        while j < region.width, row[j] != 0 { j += 1 }
                        if j > i { sink.blitCells(y: y, x: region.x + i, count: j - i, coverage: row + i) }
                        i = j
                    }
                }
            }
        }
    }
}
