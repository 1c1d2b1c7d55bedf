import LiquidGeometry

/// An identity-based morph between two shapes over a progress value.
///
/// - Two circles interpolate centre and radius (the result stays a circle).
/// - Anything else interpolates in rounded-rect form: a circle of radius r at c is the rect c ± r with all
///   radii r, so circle ↔ rounded rect is continuous. Rect origin, size and the four radii interpolate
///   linearly; `continuous` corners switch at progress ½.
/// - Progress 0 gives `from` and 1 gives `to` exactly; values outside 0…1 extrapolate (spring overshoot),
///   with sizes and radii kept ≥ 0.
package struct GlassMorph: Hashable, Sendable {
    package var from: SignedDistanceShape
    package var to: SignedDistanceShape
    package var progress: Double

    package init(from: SignedDistanceShape, to: SignedDistanceShape, progress: Double) {
        self.from = from
        self.to = to
        self.progress = progress
    }

    /// The interpolated shape.
    package var shape: SignedDistanceShape {
        if progress == 0 { return from }
        if progress == 1 { return to }
        let t = progress
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        if case .circle(let c0, let r0) = from, case .circle(let c1, let r1) = to {
            return .circle(center: Point(mix(c0.x, c1.x), mix(c0.y, c1.y)), radius: Swift.max(0, mix(r0, r1)))
        }
        let (a, ra, ca) = Self.roundedRectForm(of: from)
        let (b, rb, cb) = Self.roundedRectForm(of: to)
        let rect = Rect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY),
                        width: Swift.max(0, mix(a.width, b.width)), height: Swift.max(0, mix(a.height, b.height)))
        let radii = CornerRadii(topLeft: Swift.max(0, mix(ra.topLeft, rb.topLeft)),
                                topRight: Swift.max(0, mix(ra.topRight, rb.topRight)),
                                bottomRight: Swift.max(0, mix(ra.bottomRight, rb.bottomRight)),
                                bottomLeft: Swift.max(0, mix(ra.bottomLeft, rb.bottomLeft)))
        return .roundedRect(rect, radii.clamped(toFit: rect.size), continuous: t < 0.5 ? ca : cb)
    }

    /// `shape` as a rounded rect: its (standardised) rect, radii and corner style.
    package static func roundedRectForm(of shape: SignedDistanceShape) -> (Rect, CornerRadii, Bool) {
        switch shape {
        case .circle(let c, let r):
            return (Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), CornerRadii(all: r), false)
        case .roundedRect(let rect, let radii, let continuous):
            return (rect.standardized, radii, continuous)
        }
    }

    /// A transition between two layouts of elements, matched by ``GlassElement/identity``.
    ///
    /// Elements of `to` whose identity appears in `from` morph from the old shape to the new one (taking the
    /// new element's union id and interaction); the rest of `to` grow from nothing at their centres; elements
    /// of `from` that no longer exist shrink to nothing at their centres. Shapes are resolved against
    /// `container` first (for container-concentric corners). At progress 1 the result's shapes equal `to`'s
    /// resolved shapes; at 0 they equal `from`'s (plus zero-size leftovers, which render nothing).
    package static func elements(from: [GlassElement], to: [GlassElement], progress: Double,
                                container: (rect: Rect, radii: CornerRadii)? = nil) -> [GlassElement] {
        var old: [String: SignedDistanceShape] = [:]
        for e in from { if let id = e.identity, old[id] == nil { old[id] = e.resolvedShape(in: container) } }
        let newIDs = Set(to.compactMap(\.identity))
        var result: [GlassElement] = []
        for e in to {
            var out = e
            let target = e.resolvedShape(in: container)
            let start = e.identity.flatMap { old[$0] } ?? collapsed(target)
            out.shape = .signedDistance(GlassMorph(from: start, to: target, progress: progress).shape)
            result.append(out)
        }
        for e in from where e.identity.map({ !newIDs.contains($0) }) ?? true {
            var out = e
            let start = e.resolvedShape(in: container)
            out.shape = .signedDistance(GlassMorph(from: start, to: collapsed(start), progress: progress).shape)
            result.append(out)
        }
        return result
    }

    /// A zero-size version of `shape` at its centre.
    static func collapsed(_ shape: SignedDistanceShape) -> SignedDistanceShape {
        switch shape {
        case .circle(let c, _): return .circle(center: c, radius: 0)
        case .roundedRect(let rect, _, let continuous):
            return .roundedRect(Rect(x: rect.midX, y: rect.midY, width: 0, height: 0), .zero, continuous: continuous)
        }
    }
}
