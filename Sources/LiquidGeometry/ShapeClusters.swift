/// Groups shapes into clusters that interact, so a container merges each cluster into one surface and the
/// cost stays linear in the number of shapes.
package struct ShapeClusters: Sendable {
    /// Groups shapes whose gap is < spacing (transitively), so each group merges into one surface.
    /// Spacing 0 puts every shape in its own cluster. O(n log n) typical (sweep over bounds).
    ///
    /// Guarantees: the result is the connected components of the graph whose edges are the pairs with
    /// ``SignedDistanceShape/gap(to:)`` `< spacing` — exactly the pairs that bridge in a smooth union with
    /// `k = SmoothUnion.blendRadius(forSpacing: spacing)` (for pairs with a continuous rect, `gap` is a
    /// lower bound, so such a pair may be grouped up to `0.02126·(rA + rB)` early). The order is
    /// deterministic: clusters ordered by their smallest index, members ascending, every index in exactly
    /// one cluster. A spacing that is not positive (or NaN) gives every shape its own cluster (batching
    /// without merging), even shapes that overlap.
    ///
    /// - Complexity: O(n log n + m·c) where `m` is the number of pairs whose bounds, grown by `spacing`,
    ///   overlap in x (the sweep's candidates) and `c` the cost of one `gap`; O(n²) when all bounds overlap.
    package static func clusters(of shapes: [SignedDistanceShape], spacing: Double) -> [[Int]] {
        let n = shapes.count
        guard spacing > 0 else { return (0..<n).map { [$0] } }
        let bounds = shapes.map(\.bounds)
        // Candidates must be within `spacing` along both axes (the gap is at least the bounds' separation on
        // either axis); the slack keeps rounding in these tests from dropping a pair the gap would accept.
        let reach = spacing + Swift.max(abs(spacing), 1) * 1e-9
        let order = (0..<n).sorted { i, j in
            bounds[i].minX < bounds[j].minX || (bounds[i].minX == bounds[j].minX && i < j)
        }
        var parent = Array(0..<n)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        var active: [Int] = []
        for i in order {
            let b = bounds[i]
            active.removeAll { b.minX - bounds[$0].maxX > reach }
            for j in active {
                let c = bounds[j]
                guard Swift.max(b.minY, c.minY) - Swift.min(b.maxY, c.maxY) <= reach else { continue }
                let ri = root(i), rj = root(j)
                guard ri != rj, shapes[i].gap(to: shapes[j]) < spacing else { continue }
                if ri < rj { parent[rj] = ri } else { parent[ri] = rj }
            }
            active.append(i)
        }
        var slot = [Int](repeating: -1, count: n)
        var result: [[Int]] = []
        for i in 0..<n {
            let r = root(i)
            if slot[r] < 0 {
                slot[r] = result.count
                result.append([])
            }
            result[slot[r]].append(i)
        }
        return result
    }
}
