import LiquidGeometry
import Testing
import TestSupport

@Suite("Smooth union")
struct SmoothUnionTests {
    @Test func smoothMinIsBelowTheMinimumByAtMostAQuarterOfK() {
        var random = SeededRandom(seed: 20)
        for _ in 0..<2000 {
            let a = random.uniform(-50...50), b = random.uniform(-50...50), k = random.uniform(0...40)
            let s = SmoothUnion.smoothMin(a, b, k: k)
            #expect(s <= Swift.min(a, b))
            #expect(s >= Swift.min(a, b) - k / 4 - 1e-12)
            #expect(s == SmoothUnion.smoothMin(b, a, k: k))
            if abs(a - b) >= k { #expect(s == Swift.min(a, b)) }
        }
        #expect(SmoothUnion.smoothMin(1, 2, k: 0) == 1)
        #expect(SmoothUnion.smoothMin(1, 2, k: -3) == 1)
        #expect(SmoothUnion.smoothMin(3, 3, k: 4) == 2)  // a = b: min − k/4
    }

    @Test func smoothMinIsContinuousAndSmoothAcrossTheBlendBoundary() {
        let k = 8.0
        // Across |a − b| = k the value and the derivative in b both match.
        for a in [-3.0, 0, 5] {
            let below = SmoothUnion.smoothMin(a, a + k - 1e-7, k: k)
            let above = SmoothUnion.smoothMin(a, a + k + 1e-7, k: k)
            #expect(abs(below - above) < 1e-12)
            let h = 1e-5
            let slope = (SmoothUnion.smoothMin(a, a + k - h, k: k) - SmoothUnion.smoothMin(a, a + k - 2 * h, k: k)) / h
            #expect(abs(slope) < 1e-4)
        }
        // Dense sweep: no jumps.
        var previous = SmoothUnion.smoothMin(0, -20, k: k)
        var b = -20.0
        while b < 20 {
            b += 0.001
            let s = SmoothUnion.smoothMin(0, b, k: k)
            #expect(abs(s - previous) <= 0.001 + 1e-12)
            previous = s
        }
    }

    @Test func gradientIsTheHWeightedMixAndMatchesFiniteDifferences() {
        var random = SeededRandom(seed: 21)
        let k = 12.0
        for _ in 0..<300 {
            let a = SignedDistanceShape.circle(center: random.point(-20...0), radius: random.uniform(5...15))
            let b = SignedDistanceShape.roundedRect(
                Rect(x: random.uniform(0...10), y: random.uniform(-10...10), width: 30, height: 20), radius: 6)
            let p = random.point(-30...40)
            let sample = SmoothUnion.sample(at: p, of: [a, b], k: k)
            #expect(sample.distance == SmoothUnion.smoothMin(a.distance(to: p), b.distance(to: p), k: k))
            #expect(sample.gradient.length <= 1 + 1e-12)
            let h = 1e-6
            func f(_ q: Point) -> Double { SmoothUnion.distance(at: q, of: [a, b], k: k) }
            let fd = Vector2((f(p + Vector2(h, 0)) - f(p - Vector2(h, 0))) / (2 * h),
                             (f(p + Vector2(0, h)) - f(p - Vector2(0, h))) / (2 * h))
            // Skip the rect's medial axis, where its own normal jumps.
            let nearby = [Vector2(1e-3, 0), Vector2(-1e-3, 0), Vector2(0, 1e-3), Vector2(0, -1e-3)]
            guard nearby.allSatisfy({ b.gradient(at: p + $0) == b.gradient(at: p) }) else { continue }
            #expect(fd.distance(to: sample.gradient) < 1e-4)
        }
        // Equal fields: the average.
        let left = DistanceSample(distance: 1, gradient: Vector2(1, 0))
        let up = DistanceSample(distance: 1, gradient: Vector2(0, -1))
        #expect(SmoothUnion.smoothMin(left, up, k: 4) == DistanceSample(distance: 0, gradient: Vector2(0.5, -0.5)))
        // Fields k apart: the smaller one alone.
        let far = DistanceSample(distance: 5, gradient: Vector2(0, -1))
        #expect(SmoothUnion.smoothMin(left, far, k: 4) == left)
    }

    @Test func foldingManyValues() {
        #expect(SmoothUnion.smoothMin(of: [Double](), k: 3) == .infinity)
        #expect(SmoothUnion.smoothMin(of: [4.0], k: 3) == 4)
        let values = [5.0, 1, 3, 9]
        var expected = values[0]
        for v in values.dropFirst() { expected = SmoothUnion.smoothMin(expected, v, k: 3) }
        #expect(SmoothUnion.smoothMin(of: values, k: 3) == expected)
        #expect(SmoothUnion.smoothMin(of: values, k: 0) == 1)
        #expect(SmoothUnion.smoothMin(of: [DistanceSample](), k: 1).distance == .infinity)
    }

    @Test func blendRadiusIsTwiceTheSpacing() {
        #expect(SmoothUnion.blendRadius(forSpacing: 10) == 20)
        #expect(SmoothUnion.blendRadius(forSpacing: 0) == 0)
        #expect(SmoothUnion.blendRadius(forSpacing: -1) == 0)
        #expect(SmoothUnion.blendRadius(forSpacing: .nan) == 0)
        #expect(SmoothUnion.blendRadius(forSpacing: .infinity) == 0)
        // The bridge midpoint of two shapes a gap g apart sits at g/2 − k/4: zero exactly at g = spacing.
        let spacing = 7.0, k = SmoothUnion.blendRadius(forSpacing: spacing)
        #expect(SmoothUnion.smoothMin(spacing / 2, spacing / 2, k: k) == 0)
    }

    // MARK: Connectivity (merged shapes form one region; shapes farther than spacing do not)

    func mergesIntoOneRegion(_ a: SignedDistanceShape, _ b: SignedDistanceShape, spacing: Double) -> Bool {
        let k = SmoothUnion.blendRadius(forSpacing: spacing)
        let area = a.bounds.union(b.bounds).insetBy(dx: -spacing, dy: -spacing)
        return connected(
            { SmoothUnion.distance(at: $0, of: [a, b], k: k) },
            from: a.bounds.center, to: b.bounds.center, in: area, step: 0.2)
    }

    @Test(arguments: [0.97, 1.03])
    func twoCirclesBridgeExactlyBelowTheSpacing(_ factor: Double) {
        let spacing = 12.0, gap = factor * spacing
        let a = SignedDistanceShape.circle(center: Point(0, 0), radius: 20)
        // Along a diagonal, so the bridge does not line up with the pixel grid.
        let distance = 40 + gap
        let b = SignedDistanceShape.circle(center: Point(distance * 0.6, distance * 0.8), radius: 20)
        #expect(isClose(a.gap(to: b), gap, absolute: 1e-12))
        #expect(mergesIntoOneRegion(a, b, spacing: spacing) == (factor < 1))
        #expect((ShapeClusters.clusters(of: [a, b], spacing: spacing).count == 1) == (factor < 1))
    }

    @Test(arguments: [(0.97, false), (1.03, false), (0.97, true), (1.03, true)])
    func twoRoundedRectsBridgeExactlyBelowTheSpacing(_ factor: Double, _ continuous: Bool) {
        let spacing = 10.0, gap = factor * spacing
        let a = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 60, height: 40), radius: 12, continuous: continuous)
        let b = SignedDistanceShape.roundedRect(
            Rect(x: 60 + gap, y: 5, width: 50, height: 50),
            CornerRadii(topLeft: 4, topRight: 20, bottomRight: 0, bottomLeft: 8), continuous: continuous)
        #expect(isClose(a.gap(to: b), gap, absolute: 1e-12))
        #expect(mergesIntoOneRegion(a, b, spacing: spacing) == (factor < 1))
        // Corner to corner, diagonally: the gap and the bridge agree there too (circular corners: exact gap).
        if !continuous {
            let c = SignedDistanceShape.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 10)
            let offset = 40 - 10 + (20 + gap) / 2.0.squareRoot() - 10
            let d = SignedDistanceShape.roundedRect(Rect(x: offset, y: offset, width: 40, height: 40), radius: 10)
            #expect(isClose(c.gap(to: d), gap, absolute: 1e-9))
            #expect(mergesIntoOneRegion(c, d, spacing: spacing) == (factor < 1))
        }
    }

    @Test func aClusterChainedByCloseGapsIsOneRegion() {
        let spacing = 6.0
        let shapes: [SignedDistanceShape] = [
            .circle(center: Point(0, 0), radius: 10),
            .capsule(Rect(x: 15, y: -8, width: 40, height: 16)),  // 5 from the circle
            .roundedRect(Rect(x: 60, y: -20, width: 30, height: 40), radius: 8, continuous: true),  // 5 from the capsule
        ]
        #expect(ShapeClusters.clusters(of: shapes, spacing: spacing) == [[0, 1, 2]])
        let k = SmoothUnion.blendRadius(forSpacing: spacing)
        let area = Rect(x: -20, y: -30, width: 130, height: 60)
        #expect(connected({ SmoothUnion.distance(at: $0, of: shapes, k: k) },
                          from: .zero, to: Point(75, 0), in: area, step: 0.25))
    }
}
