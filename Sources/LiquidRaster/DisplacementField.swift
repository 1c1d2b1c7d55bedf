import LiquidGeometry

/// Per-pixel offsets (in pixels) for ``Displacement/remap(_:by:edgeMode:into:)``: output pixel (x, y)
/// samples the source at (x + dx, y + dy).
///
/// Guarantees: `dx` and `dy` each hold `width·height` finite values, row-major.
package struct DisplacementField: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package let dx: [Float]
    package let dy: [Float]

    /// - Throws: `LiquidError` (`.outOfRange`) for a non-positive size or arrays of the wrong length;
    ///   `LiquidError` (`.outOfRange`) naming `dx` or `dy` at the first non-finite value.
    package init(width: Int, height: Int, dx: [Float], dy: [Float]) throws(LiquidError) {
        guard width >= 1, height >= 1, width <= Pixmap.maximumSide, height <= Pixmap.maximumSide else {
            throw .invalidSize("displacement field size \(width)×\(height) must be 1…\(Pixmap.maximumSide) per side")
        }
        guard dx.count == width * height, dy.count == width * height else {
            throw .invalidSize("displacement arrays of \(dx.count) and \(dy.count) values do not fit \(width)×\(height)")
        }
        if let i = dx.firstIndex(where: { !$0.isFinite }) {
            throw .invalidParameter("displacement dx[\(i)] = \(dx[i]) is not finite")
        }
        if let i = dy.firstIndex(where: { !$0.isFinite }) {
            throw .invalidParameter("displacement dy[\(i)] = \(dy[i]) is not finite")
        }
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
    }

    /// A field of zero offsets (the identity remap).
    package init(zerosWidth width: Int, height: Int) throws(LiquidError) {
        try self.init(width: width, height: height, dx: [Float](repeating: 0, count: max(0, width * height)),
                      dy: [Float](repeating: 0, count: max(0, width * height)))
    }
}
