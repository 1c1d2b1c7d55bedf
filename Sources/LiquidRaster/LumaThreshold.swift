import LiquidGeometry

/// Keeps the bright parts of an image as a shape of one colour: a pixel whose luma
/// `0.2126·r + 0.7152·g + 0.0722·b` (Rec. 709 weights, on un-premultiplied colour in 0…1) is greater than
/// `threshold` becomes `color`; every other pixel, and every fully transparent one, becomes transparent.
///
/// Guarantee: the comparison is done in Double on the exact un-premultiplied value `channel/alpha`, so the
/// result matches a Double reference exactly.
/// - Complexity: O(width·height).
public struct LumaThreshold: Sendable, Hashable {
    /// The luma (0…1) at or above which a pixel becomes ``color``.
    public let threshold: Double
    /// The colour of pixels at or above the threshold.
    public let color: RGBA

    /// - Throws: `LiquidError` (`.outOfRange`) naming `threshold` when not finite or outside 0…1, or
    ///   `color` when a channel is not finite.
    public init(threshold: Double, color: RGBA = RGBA(red: 1, green: 1, blue: 1)) throws(LiquidError) {
        guard threshold.isFinite, threshold >= 0, threshold <= 1 else {
            throw .invalidParameter("luma threshold \(threshold) must lie in 0…1")
        }
        guard color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite else {
            throw .invalidParameter("luma threshold color \(color) has a non-finite channel")
        }
        self.threshold = threshold
        self.color = color
    }

    /// The luma of a premultiplied pixel's un-premultiplied colour (0 for a transparent pixel).
    package static func luma(_ pixel: PremultipliedRGBA8) -> Double {
        guard pixel.alpha > 0 else { return 0 }
        let a = Double(pixel.alpha)
        return (0.2126 * Double(pixel.red) + 0.7152 * Double(pixel.green) + 0.0722 * Double(pixel.blue)) / a
    }

    /// Thresholds the pixels of `view` in place.
    public func apply(to view: MutablePixmapView) {
        let on = PremultipliedRGBA8(color)
        for y in 0..<view.height {
            for x in 0..<view.width {
                let p = view[x, y]
                view[x, y] = p.alpha > 0 && Self.luma(p) > threshold ? on : .transparent
            }
        }
    }

    /// A thresholded copy of `pixmap`.
    public func applied(to pixmap: Pixmap) -> Pixmap {
        var copy = pixmap
        copy.withMutableView { apply(to: $0) }
        return copy
    }
}
