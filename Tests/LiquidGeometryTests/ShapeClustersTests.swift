import LiquidGeometry
import Testing
import TestSupport

@Suite("Shape clusters")
struct ShapeClustersTests {
    /// The O(n²) reference: union-find over every pair, components in the same normal order.
    func referenceClusters(_ shapes: [SignedDistanceShape], spacing: Double) -> [[Int]] {
        var label = Array(shapes.indices)
        func root(_ i: Int) -> Int { label[i] == i ? i : root(label[i]) }
        for i in shapes.indices {
            for j in shapes.indices where j > i && shapes[i].gap(to: shapes[j]) < spacing {
                let a = root(i), b = root(j)
                label[Swift.max(a, b)] = Swift.min(a, b)
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in shapes.indices { groups[root(i), default: []].append(i) }
        return groups.values.sorted { $0[0] < $1[0] }
    }

    @Test func chainsMergeTransitively() {
        // Circles 25 apart centre to centre, radius 10: gaps of 5 along the chain, 30 across one link.
        let shapes: [SignedDistanceShape] = (0..<5).map { .circle(center: Point(Double($0) * 25, 0), radius: 10) }
            + [.circle(center: Point(300, 0), radius: 10)]
        #expect(ShapeClusters.clusters(of: shapes, spacing: 6) == [[0, 1, 2, 3, 4], [5]])
        #expect(ShapeClusters.clusters(of: shapes, spacing: 5) == [[0], [1], [2], [3], [4], [5]])  // gap = spacing: apart
        // Shuffled input: the same grouping by index.
        let shuffled: [SignedDistanceShape] = [shapes[3], shapes[5], shapes[0], shapes[4], shapes[1], shapes[2]]
        #expect(ShapeClusters.clusters(of: shuffled, spacing: 6) == [[0, 2, 3, 4, 5], [1]])
    }

    @Test func zeroSpacingKeepsEveryShapeApart() {
        let shapes: [SignedDistanceShape] = [
            .circle(center: .zero, radius: 10), .circle(center: Point(5, 0), radius: 10),
            .rect(Rect(x: -5, y: -5, width: 10, height: 10)),
        ]
        #expect(ShapeClusters.clusters(of: shapes, spacing: 0) == [[0], [1], [2]])
        #expect(ShapeClusters.clusters(of: shapes, spacing: -1) == [[0], [1], [2]])
        #expect(ShapeClusters.clusters(of: shapes, spacing: .nan) == [[0], [1], [2]])
        #expect(ShapeClusters.clusters(of: shapes, spacing: 0.001) == [[0, 1, 2]])
        #expect(ShapeClusters.clusters(of: [], spacing: 3) == [])
    }

    @Test func rectsSeparatedDiagonallyClusterByTheirTrueGap() {
        // Bounds 4 apart on both axes, so the corner-to-corner gap is 4·√2 ≈ 5.66 for sharp corners.
        let a = SignedDistanceShape.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        let b = SignedDistanceShape.rect(Rect(x: 14, y: 14, width: 10, height: 10))
        #expect(ShapeClusters.clusters(of: [a, b], spacing: 5.6) == [[0], [1]])
        #expect(ShapeClusters.clusters(of: [a, b], spacing: 5.7) == [[0, 1]])
    }

    @Test func twoThousandRandomShapesMatchTheQuadraticReference() {
        var random = SeededRandom(seed: 30)
        let shapes = (0..<2000).map { _ in random.anyShape(in: 0...1500, size: 4...30) }
        for spacing in [3.0, 9.0] {
            let clusters = ShapeClusters.clusters(of: shapes, spacing: spacing)
            #expect(clusters == referenceClusters(shapes, spacing: spacing))
            #expect(clusters.flatMap { $0 }.sorted() == Array(0..<2000))
            #expect(clusters.count > 100 && clusters.count < 2000)  // some merging, not everything
        }
    }
}
