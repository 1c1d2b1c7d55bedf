/// What ``SurfacePlan/walkTiles(bandLimit:visitor:)`` reports: runs of flat interior pixels (deeper than
/// the band everywhere), tiles that touch the outline or the band with their field, and "straight" tiles
/// where the field is a function of one coordinate.
protocol SurfaceTileVisitor {
    /// Pixels x0 ..< x1 of row y are all deeper inside the surface than the band.
    mutating func interior(y: Int, x0: Int, x1: Int)
    /// A tile of w × h pixels at (x0, y0) that touches the band or the outline. `field` holds the merged
    /// distance at pixel centres for the tile plus a one-pixel ring: pixel (x, y) is at
    /// `field[(y − y0 + 1)·stride + (x − x0 + 1)]`.
    mutating func mixed(x0: Int, y0: Int, w: Int, h: Int, field: UnsafePointer<Float>, stride: Int)
    /// A tile on a straight side of a single rounded rect: the distance at pixel centre c is
    /// `|c.y − centre| − half` with normal (0, ±1) when `vertical` is false (top and bottom sides), or
    /// `|c.x − centre| − half` with normal (±1, 0) when it is true (left and right sides).
    mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float)
}

extension SurfaceTileVisitor {
    /// Evaluates the one-coordinate field into a buffer (with its ring) and hands it to ``mixed``.
    mutating func straight(x0: Int, y0: Int, w: Int, h: Int, vertical: Bool, centre: Float, half: Float) {
        let stride = w + 2
        let field = UnsafeMutablePointer<Float>.allocate(capacity: stride * (h + 2))
        defer { field.deallocate() }
        for j in 0..<(h + 2) {
            for i in 0..<stride {
                let c = vertical ? Float(x0 + i - 1) + 0.5 : Float(y0 + j - 1) + 0.5
                field[j * stride + i] = abs(c - centre) - half
            }
        }
        mixed(x0: x0, y0: y0, w: w, h: h, field: field, stride: stride)
    }
}
