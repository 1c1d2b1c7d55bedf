/// Smooth unions of distance fields: the polynomial smooth minimum and the blend radius that ties it to a
/// container's spacing.
///
/// ## Why `k = 2·spacing`
/// Let two convex shapes face each other across a gap `g > 0`, and let `x` run along the segment between
/// their nearest points. There the fields are exactly `a = x` and `b = g − x`, so `|a − b| = |2x − g|`, and
/// for `0 ≤ x ≤ g/2`
///
///     smin(x, g − x) = x − (k − g + 2x)² / (4k)        (while g − 2x < k),
///
/// whose derivative `1 − (k − g + 2x)/k = (g − 2x)/k` is ≥ 0: the merged field rises towards the midpoint and
/// falls after it, so the weakest point of a bridge is the midpoint, where `a = b = g/2` and
///
///     smin(g/2, g/2) = g/2 − k/4.
///
/// - If `g < k/2`, that maximum is negative, so the whole segment lies in `{smin < 0}`: the shapes are one
///   connected region.
/// - If `g > k/2`, they are not. Any path from one shape to the other crosses the set where `a = b`, and
///   there `a = b = t` with `2t = a + b ≥ g` (the triangle inequality: a point's distances to two sets add
///   up to at least the sets' distance), so `smin = t − k/4 ≥ g/2 − k/4 > 0`. Hence `{smin < 0} ∩ {a < b}`
///   and `{smin < 0} ∩ {a > b}` are disjoint open sets covering `{smin < 0}`, one holding each shape.
/// - At `g = k/2` the two regions touch in a single point.
///
/// So `k = 2·spacing` makes the connectivity threshold exactly `spacing`. Because `smin` equals `min` where
/// `|a − b| ≥ k`, a shape's outline is untouched wherever the other shape is at least `k = 2·spacing` away;
/// shapes with `spacing ≤ g < 2·spacing` stay apart but, if they are evaluated in one union, bulge towards
/// each other by the root `x` of `4kx = (k − g + 2x)²` (at most `g/2`, reached as `g → spacing`).
/// ``ShapeClusters`` never puts such a pair in one cluster unless a chain of closer shapes joins them, so
/// between clusters outlines stay exact.
///
/// Folding more than two values is done left to right: `smin` is not associative, so the order matters
/// slightly (by at most `k/4` where three or more fields are within `k` of each other), but adding a member
/// never raises the field (`smin(x, c) ≤ x`), so every bridge of a pair survives in a larger union.
package enum SmoothUnion {
    /// Polynomial smooth minimum: min(a, b) − max(k − |a − b|, 0)² / (4k); k = 0 is the plain min.
    ///
    /// Guarantees: the result is ≤ `min(a, b)` and ≥ `min(a, b) − k/4`; it equals `min(a, b)` exactly when
    /// `|a − b| ≥ k`; it is continuously differentiable in `a` and `b` for `k > 0`. A `k` that is not
    /// positive (or NaN) gives the plain minimum.
    @inlinable
    package static func smoothMin(_ a: Double, _ b: Double, k: Double) -> Double {
        guard k > 0 else { return Swift.min(a, b) }
        let h = Swift.max(k - abs(a - b), 0)
        return Swift.min(a, b) - h * h / (4 * k)
    }

    /// The smooth minimum of two samples, with the exact gradient of the blended field.
    ///
    /// With `a ≤ b` and `h = max(k − |a − b|, 0)/k ∈ [0, 1]`, `∂smin/∂a = 1 − h/2` and `∂smin/∂b = h/2`, so the
    /// gradient is `(1 − h/2)·∇a + (h/2)·∇b`: the smaller field's gradient where the fields are `k` or more
    /// apart, the average where they are equal. For unit normals the result has length ≤ 1 (it dips where
    /// the normals disagree, in the crease of a bridge); normalise it for shading.
    @inlinable
    package static func smoothMin(_ a: DistanceSample, _ b: DistanceSample, k: Double) -> DistanceSample {
        let (lo, hi) = a.distance <= b.distance ? (a, b) : (b, a)
        guard k > 0 else { return lo }
        let overlap = Swift.max(k - (hi.distance - lo.distance), 0)
        let value = lo.distance - overlap * overlap / (4 * k)  // the same rounding as the plain smoothMin
        let h = overlap / k
        let gradient = lo.gradient * (1 - h / 2) + hi.gradient * (h / 2)
        return DistanceSample(distance: value, gradient: gradient)
    }

    /// The smooth minimum of many values, folded left to right; `+∞` for none.
    @inlinable
    package static func smoothMin(of values: some Sequence<Double>, k: Double) -> Double {
        var iterator = values.makeIterator()
        guard var result = iterator.next() else { return .infinity }
        while let value = iterator.next() { result = smoothMin(result, value, k: k) }
        return result
    }

    /// The smooth minimum of many samples with the blended gradient, folded left to right; distance `+∞`
    /// and a zero gradient for none.
    @inlinable
    package static func smoothMin(of samples: some Sequence<DistanceSample>, k: Double) -> DistanceSample {
        var iterator = samples.makeIterator()
        guard var result = iterator.next() else { return DistanceSample(distance: .infinity, gradient: .zero) }
        while let sample = iterator.next() { result = smoothMin(result, sample, k: k) }
        return result
    }

    /// The merged field of `shapes` at `p`: their distances folded with ``smoothMin(of:k:)``.
    @inlinable
    package static func distance(at p: Point, of shapes: some Sequence<SignedDistanceShape>, k: Double) -> Double {
        smoothMin(of: shapes.lazy.map { $0.distance(to: p) }, k: k)
    }

    /// The merged field of `shapes` at `p` with its gradient (see the sample overload of ``smoothMin(_:_:k:)``).
    @inlinable
    package static func sample(at p: Point, of shapes: some Sequence<SignedDistanceShape>, k: Double) -> DistanceSample {
        smoothMin(of: shapes.lazy.map { $0.sample(at: p) }, k: k)
    }

    /// k for a container spacing: shapes closer than `spacing` bridge; farther apart they do not touch.
    ///
    /// Returns `2·spacing` (derived in the type's documentation): two shapes whose gap is below `spacing`
    /// merge into one connected region `{smin < 0}`, shapes whose gap exceeds it stay separate regions, and
    /// outlines are exact wherever the other shapes are at least `2·spacing` away. A spacing that is not
    /// positive and finite gives 0, the plain union.
    @inlinable
    package static func blendRadius(forSpacing spacing: Double) -> Double {
        guard spacing > 0, spacing.isFinite else { return 0 }
        return 2 * spacing
    }
}
