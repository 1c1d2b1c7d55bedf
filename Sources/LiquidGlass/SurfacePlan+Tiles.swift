extension SurfacePlan {
    /// Tile edge in pixels.
    static let tileSize = 16

    /// Walks the surface's pixel rect in 16×16 tiles, classifying each from the field at its centre: a tile
    /// whose every pixel is outside (d ≥ ½) is skipped; one whose every pixel is deeper than `bandLimit` is
    /// reported as interior rows (consecutive interior tiles of a tile row are joined into one run); the rest
    /// get their field evaluated (only with the members that can matter there) and are reported as mixed.
    ///
    /// The classification is exact for 1-Lipschitz fields (every exact signed distance, and their smooth
    /// minimum); the reach is padded by 5 % + ½ pixel for the approximate continuous-corner distance.
    /// Measured (benchmarks/WORKLOADS.md's G1 tab bar at 3×): 38 k pixels are interior runs, 71 k lie in
    /// mixed tiles and 149 k in straight-side tiles, so the field is evaluated for 71 k pixels (plus rings)
    /// instead of ~260 k; G2: 139 k interior, 636 k mixed, 164 k straight.
    func walkTiles<V: SurfaceTileVisitor>(bandLimit: Float, visitor: inout V) {
        walkTiles(bandLimit: bandLimit, tileRows: 0..<tileRowCount, visitor: &visitor)
    }

    /// How many rows of 16-pixel tiles ``walkTiles(bandLimit:visitor:)`` walks.
    var tileRowCount: Int { (glassRect.height + Self.tileSize - 1) / Self.tileSize }

    /// ``walkTiles(bandLimit:visitor:)`` over the tile rows `tileRows` only (0 is the top row): the same
    /// calls for those rows, so walks of disjoint row ranges together make the whole walk, and each
    /// touches only its own rows of pixels.
    func walkTiles<V: SurfaceTileVisitor>(bandLimit: Float, tileRows: Range<Int>, visitor: inout V) {
        let t = Self.tileSize
        let n = field.members.count
        let ring = t + 2
        let relevant = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let centre = UnsafeMutablePointer<Float>.allocate(capacity: n)
        // Eight floats of padding past the largest tile's field, zeroed: a recorder may read a row's last
        // group of eight lanes whole (see `GlassBakeRecorder`); the lanes past the tile are never used.
        let values = UnsafeMutablePointer<Float>.allocate(capacity: ring * ring + 8)
        values.initialize(repeating: 0, count: ring * ring + 8)
        let planes = UnsafeMutablePointer<Float>.allocate(capacity: n * ring * ring)
        defer {
            relevant.deallocate(); centre.deallocate(); values.deallocate(); planes.deallocate()
        }
        let r = glassRect
        var y0 = r.y + tileRows.lowerBound * t
        let end = Swift.min(r.y + r.height, r.y + tileRows.upperBound * t)
        while y0 < end {
            let h = Swift.min(t, r.y + r.height - y0)
            var runStart = -1
            var x0 = r.x
            func flush(_ end: Int, _ visitor: inout V) {
                guard runStart >= 0 else { return }
                for j in 0..<h { visitor.interior(y: y0 + j, x0: runStart, x1: end) }
                runStart = -1
            }
            while x0 < r.x + r.width {
                let w = Swift.min(t, r.x + r.width - x0)
                let cx = Float(x0) + Float(w) / 2, cy = Float(y0) + Float(h) / 2
                let hx = Float(w - 1) / 2, hy = Float(h - 1) / 2
                let reach = (hx * hx + hy * hy).squareRoot() * 1.05 + 0.5
                let (count, dc) = field.cull(cx, cy, radius: reach + 1.5, relevant: relevant, scratch: centre)
                if dc - reach >= 0.5 {
                    flush(x0, &visitor)
                } else if dc + reach <= -bandLimit {
                    if runStart < 0 { runStart = x0 }
                } else if count == 1, let side = straightSide(Int(relevant[0]), x0: x0, y0: y0, w: w, h: h,
                                                             deepest: reach + 1.5 - dc) {
                    flush(x0, &visitor)
                    visitor.straight(x0: x0, y0: y0, w: w, h: h, vertical: side.vertical, centre: side.centre,
                                     half: side.half)
                } else {
                    flush(x0, &visitor)
                    field.fill(x0: x0 - 1, y0: y0 - 1, w: w + 2, h: h + 2, relevant: relevant, count: count,
                               out: values, scratch: planes)
                    visitor.mixed(x0: x0, y0: y0, w: w, h: h, field: values, stride: w + 2)
                }
                x0 += t
            }
            flush(r.x + r.width, &visitor)
            y0 += t
        }
    }

    /// When the tile (with its one-pixel ring) lies on a straight side of member `index` — a rounded rect with
    /// circular corners — the one-coordinate form of its distance there; otherwise `nil`.
    ///
    /// On the top and bottom sides, if every column is clear of the corners (|dx| ≤ hw − r for the largest
    /// radius r) and no pixel is deeper than r, then |dx| − hw ≤ −r ≤ |dy| − hh, so the rounded-box distance is
    /// exactly |dy| − hh; likewise for the left and right sides with x and y swapped.
    func straightSide(_ index: Int, x0: Int, y0: Int, w: Int, h: Int, deepest: Float)
        -> (vertical: Bool, centre: Float, half: Float)? {
        let m = field.members[index]
        guard m.exact == nil else { return nil }
        let r = Swift.max(m.topLeft, m.topRight, m.bottomRight, m.bottomLeft)
        guard deepest <= r else { return nil }
        let left = Float(x0) - 0.5, right = Float(x0 + w) + 0.5
        let top = Float(y0) - 0.5, bottom = Float(y0 + h) + 0.5
        if left >= m.cx - m.hw + r && right <= m.cx + m.hw - r {
            return (false, m.cy, m.hh)
        }
        if top >= m.cy - m.hh + r && bottom <= m.cy + m.hh - r {
            return (true, m.cx, m.hw)
        }
        return nil
    }
}
