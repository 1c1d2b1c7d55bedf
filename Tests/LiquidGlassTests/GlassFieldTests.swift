@testable import LiquidGlass
import LiquidGeometry
import LiquidRaster
import Testing
import TestSupport

/// The renderer's Float field agrees with LiquidGeometry's exact signed distances and smooth union.
@Suite struct GlassFieldTests {
    @Test func floatFieldMatchesSignedDistance() {
        var rng = SeededRandom(seed: 11)
        let shapes: [SignedDistanceShape] = [
            .circle(center: Point(40, 30), radius: 17),
            .roundedRect(Rect(x: 10, y: 12, width: 70, height: 40), CornerRadii(topLeft: 18, topRight: 2, bottomRight: 9, bottomLeft: 0),
                         continuous: false),
            .capsule(Rect(x: 5, y: 5, width: 90, height: 30)),
            .roundedRect(Rect(x: 10, y: 12, width: 70, height: 40), CornerRadii(all: 12), continuous: true),
        ]
        for shape in shapes {
            let field = ClusterField(shapes: [shape], k: 0)
            for _ in 0..<2000 {
                let p = Point(rng.uniform(-10...110), rng.uniform(-10...70))
                let exact = shape.distance(to: p)
                let fast = Double(field.distance(Float(p.x), Float(p.y)))
                #expect(abs(fast - exact) < 1e-3, "\(shape) at \(p): \(fast) vs \(exact)")
            }
        }
    }

    @Test func mergedFieldMatchesSmoothUnionForPairs() {
        var rng = SeededRandom(seed: 12)
        let a = SignedDistanceShape.circle(center: Point(30, 30), radius: 15)
        let b = SignedDistanceShape.roundedRect(Rect(x: 50, y: 20, width: 30, height: 24), CornerRadii(all: 6), continuous: false)
        let k = 12.0
        let field = ClusterField(shapes: [a, b], k: k)
        for _ in 0..<2000 {
            let p = Point(rng.uniform(0...100), rng.uniform(0...60))
            let expected = SmoothUnion.smoothMin(a.distance(to: p), b.distance(to: p), k: k)
            #expect(abs(Double(field.distance(Float(p.x), Float(p.y))) - expected) < 1e-3)
        }
    }

    /// Tile culling is exact: the field filled for a tile with only its relevant members equals the
    /// field of all members.
    @Test func cullingIsExact() {
        let shapes: [SignedDistanceShape] = (0..<6).map { .circle(center: Point(Double($0) * 22 + 10, 30), radius: 9) }
        let field = ClusterField(shapes: shapes, k: 10)
        let relevant = UnsafeMutablePointer<Int32>.allocate(capacity: 6)
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 6)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 18 * 18)
        let planes = UnsafeMutablePointer<Float>.allocate(capacity: 6 * 18 * 18)
        defer { relevant.deallocate(); scratch.deallocate(); out.deallocate(); planes.deallocate() }
        for tx in stride(from: 0, to: 140, by: 16) {
            let (count, _) = field.cull(Float(tx) + 8, 30, radius: 8 * 1.5 + 2, relevant: relevant, scratch: scratch)
            field.fill(x0: tx - 1, y0: 21, w: 18, h: 18, relevant: relevant, count: max(count, 1), out: out, scratch: planes)
            guard count > 0 else { continue }
            for j in 0..<18 { for i in 0..<18 {
                let full = field.distance(Float(tx - 1 + i) + 0.5, Float(21 + j) + 0.5)
                #expect(abs(out[j * 18 + i] - full) < 1e-4)
            } }
        }
    }

    @Test func refractionTableShape() {
        let t = RefractionTable(bevel: 40, thickness: 24, index: 1.5, strength: 1)
        #expect(t.offsets.first == 0 && t.offsets.last == 0)
        #expect(t.maximum > 5 && t.maximum < 40)
        #expect(t.offsets.allSatisfy { $0 >= 0 && $0.isFinite })
        // The peak sits near the outline.
        let peak = t.offsets.firstIndex(of: t.maximum)!
        #expect(peak < RefractionTable.sampleCount / 3)
        #expect(RefractionTable(bevel: 40, thickness: 24, index: 1, strength: 1).maximum == 0)
    }
}
