/// A chain of straight segments through `points`, optionally closed back to its first point.
///
/// ``Path/flattened(tolerance:)`` produces one polyline per subpath. A closed polyline does not repeat its
/// first point at the end: the closing segment `points.last → points.first` is implied by ``isClosed``.
package struct Polyline: Hashable, Sendable {
    package var points: [Point]
    /// Whether a segment joins the last point back to the first.
    package var isClosed: Bool

    @inlinable
    package init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }

    /// The number of segments, counting the implied closing segment of a closed polyline.
    package var segmentCount: Int {
        guard points.count > 1 else { return 0 }
        return isClosed ? points.count : points.count - 1
    }

    /// The total length of the segments, including the closing segment when ``isClosed``.
    ///
    /// - Complexity: O(n) in the number of points.
    package var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        if isClosed { total += points[points.count - 1].distance(to: points[0]) }
        return total
    }

    /// The shoelace area of the polygon through the points (always treated as closed).
    ///
    /// Positive when the points run clockwise on a y-down screen (counter-clockwise in a y-up frame), as
    /// for the shapes ``Path/addRect(_:)`` and ``Path/addEllipse(in:)`` build.
    ///
    /// - Complexity: O(n) in the number of points.
    package var signedArea: Double {
        guard points.count > 2 else { return 0 }
        // Relative to the first point, to keep the products small for shapes far from the origin.
        let o = points[0]
        var twice = 0.0
        for i in 1..<(points.count - 1) { twice += (points[i] - o).cross(points[i + 1] - o) }
        return twice / 2
    }
}
