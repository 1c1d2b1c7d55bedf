import LiquidGeometry

/// The merged signed-distance field of one cluster of glass shapes, in device pixels, evaluated fast.
///
/// Definition: with member distances dᵢ and m = min dᵢ, the field is m folded with every other member in
/// order through `SmoothUnion.smoothMin(_, dᵢ, k)` (starting from the minimum, skipping the member that
/// gave it). Two members give exactly `smoothMin(d₁, d₂, k)`. Because the fold starts at the minimum and
/// only decreases, members with dᵢ ≥ m + k change nothing — so dropping them (culling by tile) is exact,
/// not an approximation.
///
/// Circles and rounded rects with circular corners are evaluated in Float by the rounded-box formula (a
/// circle is a box of half-size r with radius r, which reduces to |p − c| − r exactly); continuous corners
/// fall back to `SignedDistanceShape.distance(to:)` in Double (its exact Bézier-corner distance). Why Float:
/// the per-pixel formula inlines into the tile loop with no enum dispatch or cross-module call; its
/// agreement with `SignedDistanceShape.distance(to:)` (within 10⁻³ pt) is tested.
struct ClusterField {
    struct Member {
        var cx: Float, cy: Float, hw: Float, hh: Float
        var topLeft: Float, topRight: Float, bottomRight: Float, bottomLeft: Float
        /// Set for shapes without a Float formula (continuous corners): evaluated in Double.
        var exact: SignedDistanceShape?
    }

    var members: [Member]
    /// Smooth-union radius in pixels (0 = plain union).
    var k: Float
    /// Every member's bounds, in pixels, one pixel larger than the shapes.
    var bounds: PixelRectBox

    /// `shapes` are already in device pixels.
    init(shapes: [SignedDistanceShape], k: Double) {
        self.k = Float(Swift.max(0, k))
        var box = PixelRectBox.empty
        members = shapes.map { shape in
            let b = shape.bounds
            box.include(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
            switch shape {
            case .circle(let c, let r):
                let r = Float(Swift.max(r, 0))
                return Member(cx: Float(c.x), cy: Float(c.y), hw: r, hh: r,
                              topLeft: r, topRight: r, bottomRight: r, bottomLeft: r, exact: nil)
            case .roundedRect(let rect, let radii, let continuous):
                let rect = rect.standardized
                let r = radii.clamped(toFit: rect.size)
                let useExact = continuous && r.maximum > 0
                return Member(cx: Float(rect.midX), cy: Float(rect.midY),
                              hw: Float(rect.width / 2), hh: Float(rect.height / 2),
                              topLeft: Float(r.topLeft), topRight: Float(r.topRight),
                              bottomRight: Float(r.bottomRight), bottomLeft: Float(r.bottomLeft),
                              exact: useExact ? shape : nil)
            }
        }
        bounds = box
    }

    /// One member's distance at (x, y).
    @inline(__always)
    static func distance(_ m: Member, _ x: Float, _ y: Float) -> Float {
        if let exact = m.exact { return Float(exact.distance(to: Point(Double(x), Double(y)))) }
        let dx = x - m.cx, dy = y - m.cy
        let r = dx < 0 ? (dy < 0 ? m.topLeft : m.bottomLeft) : (dy < 0 ? m.topRight : m.bottomRight)
        let qx = abs(dx) - m.hw + r, qy = abs(dy) - m.hh + r
        let ox = Swift.max(qx, 0), oy = Swift.max(qy, 0)
        return (ox * ox + oy * oy).squareRoot() + Swift.min(Swift.max(qx, qy), 0) - r
    }

    /// The polynomial smooth minimum, as `SmoothUnion.smoothMin` (in Float).
    @inline(__always)
    static func smoothMin(_ a: Float, _ b: Float, _ k: Float) -> Float {
        guard k > 0 else { return Swift.min(a, b) }
        let h = Swift.max(k - abs(a - b), 0)
        return Swift.min(a, b) - h * h / (4 * k)
    }

    /// The merged field at (x, y), all members.
    func distance(_ x: Float, _ y: Float) -> Float {
        let n = members.count
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: n) { ds in
            members.withUnsafeBufferPointer { ms in
                for i in 0..<n { ds[i] = Self.distance(ms[i], x, y) }
            }
            return Self.combine(UnsafeBufferPointer(ds), count: n, k: k)
        }
    }

    /// The fold of the definition over `count` distances.
    @inline(__always)
    static func combine(_ d: UnsafeBufferPointer<Float>, count: Int, k: Float) -> Float {
        if count == 1 { return d[0] }
        var best = 0
        for i in 1..<count where d[i] < d[best] { best = i }
        var r = d[best]
        if k > 0 {
            for i in 0..<count where i != best { r = smoothMin(r, d[i], k) }
        }
        return r
    }

    /// The members that can affect the field anywhere within `radius` pixels of (x, y), written to
    /// `relevant` (returns their count), and the field at (x, y).
    func cull(_ x: Float, _ y: Float, radius: Float, relevant: UnsafeMutablePointer<Int32>,
              scratch: UnsafeMutablePointer<Float>) -> (count: Int, center: Float) {
        let n = members.count
        return members.withUnsafeBufferPointer { ms in
            var m = Float.infinity
            for i in 0..<n {
                scratch[i] = Self.distance(ms[i], x, y)
                m = Swift.min(m, scratch[i])
            }
            let center = Self.combine(UnsafeBufferPointer(start: scratch, count: n), count: n, k: k)
            // Within the radius each dᵢ moves by at most `radius` (1-Lipschitz), so the minimum anywhere
            // there is ≥ m − radius and a member matters only if dᵢ − radius < m + radius + k.
            let limit = m + 2 * radius + k
            var count = 0
            for i in 0..<n where scratch[i] < limit {
                relevant[count] = Int32(i)
                count += 1
            }
            return (count, center)
        }
    }

    /// Evaluates the field at pixel centres (x + ½, y + ½) for x in x0 ..< x0 + w, y in y0 ..< y0 + h into
    /// `out` (row stride w), using only the `count` members listed in `relevant`; `scratch` holds
    /// `count · w · h` floats.
    func fill(x0: Int, y0: Int, w: Int, h: Int, relevant: UnsafePointer<Int32>, count: Int,
              out: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>) {
        let n = w * h
        members.withUnsafeBufferPointer { ms in
            if count == 1 {
                let m = ms[Int(relevant[0])]
                for j in 0..<h {
                    let y = Float(y0 + j) + 0.5
                    let row = out + j * w
                    for i in 0..<w { row[i] = Self.distance(m, Float(x0 + i) + 0.5, y) }
                }
                return
            }
            for c in 0..<count {
                let m = ms[Int(relevant[c])]
                let plane = scratch + c * n
                for j in 0..<h {
                    let y = Float(y0 + j) + 0.5
                    let row = plane + j * w
                    for i in 0..<w { row[i] = Self.distance(m, Float(x0 + i) + 0.5, y) }
                }
            }
            let k = self.k
            for p in 0..<n {
                var best = 0
                var m = scratch[p]
                for c in 1..<count where scratch[c * n + p] < m {
                    m = scratch[c * n + p]
                    best = c
                }
                var r = m
                if k > 0 {
                    for c in 0..<count where c != best { r = Self.smoothMin(r, scratch[c * n + p], k) }
                }
                out[p] = r
            }
        }
    }
}
