import RealModule

/// A 2-D path: subpaths of straight lines and quadratic and cubic Bézier curves, each subpath open or closed.
///
/// Storage is two flat arrays, of commands and of their points, so a path is a cheap value to copy,
/// compare and hash; ``elements`` reads it back command by command. Builder rules:
/// - Every subpath starts with a `move`. A drawing command with no open subpath first moves to the start of
///   the last subpath (the origin for an empty path), as SVG does after `Z`.
/// - A `move` straight after another `move` replaces it, so the stored path never holds two moves in a row
///   (except where ``addPath(_:)`` joins two paths).
/// - ``close()`` with no open subpath does nothing.
///
/// The path does not check its coordinates; ``isFinite`` tells whether they are all finite.
public struct Path: Hashable, Sendable {
    /// A stored command.
    package enum Verb: UInt8, Hashable, Sendable {
        case move, line, quad, cubic, close

        /// How many entries of `Path.points` this verb consumes.
        @inlinable package var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quad: return 2
            case .cubic: return 3
            case .close: return 0
            }
        }
    }

    /// A command together with its points, for reading a path.
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quad(control: Point, to: Point)
        case cubic(control1: Point, control2: Point, to: Point)
        case close
    }

    /// The commands, in order.
    package private(set) var verbs: [Verb] = []
    /// The points of all commands, in order; a quad stores (control, end), a cubic (control1, control2, end).
    package private(set) var points: [Point] = []
    /// The start of the open subpath, or of the last closed one (the origin for an empty path).
    private var subpathStart: Point = .zero
    /// No subpath is open: the path is empty or its last command is `close`.
    private var needsMove = true

    /// The largest number of segments ``flattened(tolerance:)`` emits for one curve; beyond it the error
    /// bound is given up so that absurd coordinates cannot exhaust time or memory.
    package static let maximumSegmentsPerCurve = 10_000

    /// The handle length, as a fraction of the radius, of a cubic approximating a quarter circle:
    /// `4/3·tan(θ/4)` with `θ = π/2` (≈ 0.5523). The cubic passes through the arc's ends and midpoint with the
    /// arc's tangents; its largest radial error is about 2.7·10⁻⁴ of the radius, always outward.
    package static let quarterArcHandle: Double = 4.0 / 3.0 * Double.tan(Double.pi / 8)

    /// An empty path.
    public init() {}

    /// A path holding one rectangle (see ``addRect(_:)``).
    public init(rect: Rect) { addRect(rect) }

    /// A path holding one rounded rectangle (see ``addRoundedRect(_:cornerRadii:)``).
    public init(roundedRect rect: Rect, cornerRadii: CornerRadii) { addRoundedRect(rect, cornerRadii: cornerRadii) }

    /// A path holding one ellipse (see ``addEllipse(in:)``).
    public init(ellipseIn rect: Rect) { addEllipse(in: rect) }

    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.verbs == rhs.verbs && lhs.points == rhs.points
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(verbs)
        hasher.combine(points)
    }

    /// The path has no commands.
    public var isEmpty: Bool { verbs.isEmpty }

    /// Every stored point is finite.
    public var isFinite: Bool { points.allSatisfy(\.isFinite) }

    /// Where the next drawing command starts, or `nil` for an empty path. After ``close()`` this is the start
    /// of the closed subpath.
    public var currentPoint: Point? {
        if verbs.isEmpty { return nil }
        return needsMove ? subpathStart : points[points.count - 1]
    }

    /// The commands with their points.
    ///
    /// - Complexity: O(n), allocating the array.
    public var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(verbs.count)
        var i = 0
        for verb in verbs {
            switch verb {
            case .move: result.append(.move(to: points[i]))
            case .line: result.append(.line(to: points[i]))
            case .quad: result.append(.quad(control: points[i], to: points[i + 1]))
            case .cubic: result.append(.cubic(control1: points[i], control2: points[i + 1], to: points[i + 2]))
            case .close: result.append(.close)
            }
            i += verb.pointCount
        }
        return result
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        if verbs.last == .move {
            points[points.count - 1] = point
        } else {
            verbs.append(.move)
            points.append(point)
        }
        subpathStart = point
        needsMove = false
    }

    private mutating func beginSubpathIfNeeded() {
        if needsMove { move(to: subpathStart) }
    }

    /// A straight segment from the current point to `point`.
    public mutating func line(to point: Point) {
        beginSubpathIfNeeded()
        verbs.append(.line)
        points.append(point)
    }

    /// A quadratic Bézier curve from the current point to `point`.
    public mutating func quad(to point: Point, control: Point) {
        beginSubpathIfNeeded()
        verbs.append(.quad)
        points.append(control)
        points.append(point)
    }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func cubic(to point: Point, control1: Point, control2: Point) {
        beginSubpathIfNeeded()
        verbs.append(.cubic)
        points.append(control1)
        points.append(control2)
        points.append(point)
    }

    /// Closes the open subpath with a straight segment back to its start. Does nothing if no subpath is open.
    public mutating func close() {
        guard !needsMove else { return }
        verbs.append(.close)
        needsMove = true
    }

    /// A straight segment to `point` unless the current point is already there.
    private mutating func line(toIfMoved point: Point) {
        if currentPoint != point { line(to: point) }
    }

    /// Appends every command of `other`, as its own subpaths.
    public mutating func addPath(_ other: Path) {
        guard !other.isEmpty else { return }
        verbs.append(contentsOf: other.verbs)
        points.append(contentsOf: other.points)
        subpathStart = other.subpathStart
        needsMove = other.needsMove
    }

    /// Adds `rect` (standardized) as a closed subpath starting at its top-left corner and running clockwise on
    /// a y-down screen, so its `Polyline.signedArea` is positive.
    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        move(to: r.topLeft)
        line(to: r.topRight)
        line(to: r.bottomRight)
        line(to: r.bottomLeft)
        close()
    }

    /// Adds `rect` (standardized) with circular corners as a closed subpath, clockwise on a y-down screen,
    /// starting where the top-left corner's arc meets the top edge.
    ///
    /// The radii are first clamped with ``CornerRadii/clamped(toFit:)``, so adjacent corners never overlap.
    /// Each non-zero corner is one cubic quarter arc (see `quarterArcHandle`); zero corners are sharp.
    public mutating func addRoundedRect(_ rect: Rect, cornerRadii: CornerRadii) {
        let r = rect.standardized
        let radii = cornerRadii.clamped(toFit: r.size)
        let k = Path.quarterArcHandle
        let tl = radii.topLeft, tr = radii.topRight, br = radii.bottomRight, bl = radii.bottomLeft
        move(to: Point(r.minX + tl, r.minY))
        line(toIfMoved: Point(r.maxX - tr, r.minY))
        if tr > 0 {
            cubic(
                to: Point(r.maxX, r.minY + tr),
                control1: Point(r.maxX - tr + k * tr, r.minY),
                control2: Point(r.maxX, r.minY + tr - k * tr))
        }
        line(toIfMoved: Point(r.maxX, r.maxY - br))
        if br > 0 {
            cubic(
                to: Point(r.maxX - br, r.maxY),
                control1: Point(r.maxX, r.maxY - br + k * br),
                control2: Point(r.maxX - br + k * br, r.maxY))
        }
        line(toIfMoved: Point(r.minX + bl, r.maxY))
        if bl > 0 {
            cubic(
                to: Point(r.minX, r.maxY - bl),
                control1: Point(r.minX + bl - k * bl, r.maxY),
                control2: Point(r.minX, r.maxY - bl + k * bl))
        }
        if tl > 0 {
            line(toIfMoved: Point(r.minX, r.minY + tl))
            cubic(
                to: Point(r.minX + tl, r.minY),
                control1: Point(r.minX, r.minY + tl - k * tl),
                control2: Point(r.minX + tl - k * tl, r.minY))
        }
        close()
    }

    /// Adds the ellipse inscribed in `rect` (standardized) as a closed subpath of four cubic quarter arcs,
    /// starting at the right-most point and running clockwise on a y-down screen.
    ///
    /// Guarantee: the curve passes exactly through the four axis points and the eight points at ±45° (in the
    /// circle the ellipse is scaled from) with the true tangents there, and lies within about 2.7·10⁻⁴ of the
    /// larger semi-axis outside the true ellipse elsewhere.
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2
        let kx = Path.quarterArcHandle * rx, ky = Path.quarterArcHandle * ry
        move(to: Point(r.maxX, r.midY))
        cubic(
            to: Point(r.midX, r.maxY),
            control1: Point(r.maxX, r.midY + ky), control2: Point(r.midX + kx, r.maxY))
        cubic(
            to: Point(r.minX, r.midY),
            control1: Point(r.midX - kx, r.maxY), control2: Point(r.minX, r.midY + ky))
        cubic(
            to: Point(r.midX, r.minY),
            control1: Point(r.minX, r.midY - ky), control2: Point(r.midX - kx, r.minY))
        cubic(
            to: Point(r.maxX, r.midY),
            control1: Point(r.midX + kx, r.minY), control2: Point(r.maxX, r.midY - ky))
        close()
    }

    /// Adds a circle as a closed subpath (an ellipse in the square around it; see ``addEllipse(in:)``).
    /// A negative radius is treated as its magnitude.
    public mutating func addCircle(center: Point, radius: Double) {
        let r = abs(radius)
        addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
    }

    /// Adds a circular arc, joined to the open subpath by a straight segment (or starting a new subpath if
    /// none is open).
    ///
    /// Angles are in radians from +x toward +y (clockwise on a y-down screen); a negative `sweepAngle` runs
    /// the other way, and sweeps are clamped to ±2π. The arc is split into at most four equal pieces of at
    /// most 90°, each a cubic with handles `4/3·tan(θ/4)·radius` long, whose radial error is below
    /// 2.8·10⁻⁴·radius.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, sweepAngle: Double) {
        let sweep = Swift.min(Swift.max(sweepAngle, -2 * Double.pi), 2 * Double.pi)
        func onCircle(_ angle: Double) -> Point {
            Point(center.x + radius * Double.cos(angle), center.y + radius * Double.sin(angle))
        }
        let start = onCircle(startAngle)
        if needsMove { move(to: start) } else { line(toIfMoved: start) }
        let pieces = Path.segmentCount(abs(sweep) / (Double.pi / 2), cap: 4)
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * Double.tan(step / 4) * radius
        for piece in 0..<pieces {
            let a0 = startAngle + step * Double(piece)
            let a1 = piece == pieces - 1 ? startAngle + sweep : a0 + step
            let p0 = onCircle(a0), p3 = onCircle(a1)
            let t0 = Vector2(-Double.sin(a0), Double.cos(a0)), t1 = Vector2(-Double.sin(a1), Double.cos(a1))
            cubic(to: p3, control1: p0 + handle * t0, control2: p3 - handle * t1)
        }
    }

    // MARK: Transforming

    /// The path with every point mapped by `transform`. Exact for lines and curves alike: an affine image of
    /// a Bézier curve is the Bézier curve of the mapped control points.
    public func transformed(by transform: AffineTransform) -> Path {
        var result = self
        for i in result.points.indices { result.points[i] = transform.apply(to: result.points[i]) }
        result.subpathStart = transform.apply(to: subpathStart)
        return result
    }

    // MARK: Flattening

    /// Rounds a segment count up to an integer in `1...cap`; NaN and overflow give `cap`.
    @usableFromInline
    static func segmentCount(_ exact: Double, cap: Int) -> Int {
        guard exact <= Double(cap) else { return cap }
        return Swift.max(1, Int(exact.rounded(.up)))
    }

    /// The number of uniform parameter steps that keeps a quadratic within `tolerance` of its chords.
    ///
    /// For a C² curve `B` and the chord `L` between `B(t₀)` and `B(t₀ + h)` matched by parameter,
    /// `|B(t) − L(t)| ≤ h²/8 · max|B″|` (the linear-interpolation remainder, valid for vector norms through
    /// its integral form). A quadratic has the constant `B″ = 2(p₀ − 2p₁ + p₂)`, so with `n` steps
    /// (`h = 1/n`) the error is at most `|p₀ − 2p₁ + p₂| / (4n²)`, and
    /// `n = ⌈√(|p₀ − 2p₁ + p₂| / (4·tolerance))⌉` suffices.
    @usableFromInline
    static func quadSegmentCount(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Double) -> Int {
        let dd = (p0 - p1 * 2 + p2).length
        return segmentCount((dd / (4 * tolerance)).squareRoot(), cap: maximumSegmentsPerCurve)
    }

    /// The number of uniform parameter steps that keeps a cubic within `tolerance` of its chords.
    ///
    /// For a cubic, `B″(t) = 6[(1 − t)(p₀ − 2p₁ + p₂) + t(p₁ − 2p₂ + p₃)]`, a convex combination, so
    /// `max|B″| ≤ 6M` with `M = max(|p₀ − 2p₁ + p₂|, |p₁ − 2p₂ + p₃|)`. The interpolation remainder above then
    /// bounds the error with `n` steps by `6M / (8n²) = 3M / (4n²)`, and `n = ⌈√(3M / (4·tolerance))⌉`
    /// suffices.
    @usableFromInline
    static func cubicSegmentCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> Int {
        let m = Swift.max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        return segmentCount((3 * m / (4 * tolerance)).squareRoot(), cap: maximumSegmentsPerCurve)
    }

    /// The point at parameter `t` of the quadratic Bézier curve `p0, p1, p2`.
    @inlinable
    package static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, at t: Double) -> Point {
        let s = 1 - t
        return p0 * (s * s) + p1 * (2 * s * t) + p2 * (t * t)
    }

    /// The point at parameter `t` of the cubic Bézier curve `p0, p1, p2, p3`.
    @inlinable
    package static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double) -> Point {
        let s = 1 - t
        return p0 * (s * s * s) + p1 * (3 * s * s * t) + p2 * (3 * s * t * t) + p3 * (t * t * t)
    }

    /// Approximates every subpath by a polyline, one ``Polyline`` per subpath that has at least one segment
    /// (a lone `move` gives none).
    ///
    /// Guarantee: every point of every curve lies within `tolerance` of its polyline, and every polyline
    /// vertex lies on the path (up to rounding), so the two are within `tolerance` of each other in the
    /// Hausdorff sense. Each curve is split into `n` equal parameter steps with `n` from the bounds
    /// documented on ``quadSegmentCount(_:_:_:tolerance:)`` and ``cubicSegmentCount(_:_:_:_:tolerance:)``,
    /// except that `n` never exceeds ``maximumSegmentsPerCurve``: beyond that (curves bending over more
    /// than about 10⁸ tolerances) the bound is given up. Lines are copied as they are. A closed subpath
    /// gives a polyline with ``Polyline/isClosed`` set and without its start repeated at the end.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite tolerance,
    ///   ``LiquidError`` (``LiquidError/Kind/negative``) for a negative one and ``LiquidError`` (``LiquidError/Kind/outOfRange``) for zero.
    /// - Complexity: O(number of commands + number of emitted points).
    package func flattened(tolerance: Double) throws(LiquidError) -> [Polyline] {
        guard tolerance.isFinite else { throw .nonFinite("flattening tolerance \(tolerance)") }
        guard tolerance >= 0 else { throw .negative("flattening tolerance \(tolerance)") }
        guard tolerance > 0 else { throw .outOfRange("flattening tolerance 0 (it must be greater than zero)") }
        var result: [Polyline] = []
        var current: [Point] = []
        func finish(closed: Bool) {
            defer { current = [] }
            guard current.count > 1 else { return }
            if closed, current.count > 2, current[current.count - 1] == current[0] { current.removeLast() }
            result.append(Polyline(points: current, isClosed: closed))
        }
        var i = 0
        for verb in verbs {
            switch verb {
            case .move:
                finish(closed: false)
                current.append(points[i])
            case .line:
                current.append(points[i])
            case .quad:
                let p0 = current[current.count - 1], p1 = points[i], p2 = points[i + 1]
                let n = Path.quadSegmentCount(p0, p1, p2, tolerance: tolerance)
                for step in 1..<n { current.append(Path.quadPoint(p0, p1, p2, at: Double(step) / Double(n))) }
                current.append(p2)
            case .cubic:
                let p0 = current[current.count - 1], p1 = points[i], p2 = points[i + 1], p3 = points[i + 2]
                let n = Path.cubicSegmentCount(p0, p1, p2, p3, tolerance: tolerance)
                for step in 1..<n {
                    current.append(Path.cubicPoint(p0, p1, p2, p3, at: Double(step) / Double(n)))
                }
                current.append(p3)
            case .close:
                finish(closed: true)
            }
            i += verb.pointCount
        }
        finish(closed: false)
        return result
    }

    // MARK: Bounds

    /// The exact bounding box of the drawn geometry, or `nil` if the path draws nothing.
    ///
    /// Guarantee: the tightest axis-aligned rectangle containing every point of every segment (up to
    /// rounding), not the hull of the control points. It is built from the segment end points and, for each
    /// curve and axis, the points where the derivative vanishes inside the curve: one root of a linear
    /// equation for a quadratic, the roots of a quadratic equation for a cubic (solved in a cancellation-free
    /// form, falling back to the linear equation when the leading coefficient vanishes). A `move` that starts
    /// no segment counts for nothing.
    ///
    /// - Complexity: O(number of commands).
    public var bounds: Rect? {
        var lo = Point(Double.infinity, Double.infinity)
        var hi = Point(-Double.infinity, -Double.infinity)
        var any = false
        func include(_ p: Point) {
            lo = Point(Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            hi = Point(Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
            any = true
        }
        var start = Point.zero
        var last = Point.zero
        var i = 0
        for verb in verbs {
            switch verb {
            case .move:
                start = points[i]
            case .line:
                include(last)
                include(points[i])
            case .quad:
                let p0 = last, p1 = points[i], p2 = points[i + 1]
                include(p0)
                include(p2)
                let roots = [Path.quadCriticalParameter(p0.x, p1.x, p2.x), Path.quadCriticalParameter(p0.y, p1.y, p2.y)]
                for t in roots.compactMap({ $0 }) { include(Path.quadPoint(p0, p1, p2, at: t)) }
            case .cubic:
                let p0 = last, p1 = points[i], p2 = points[i + 1], p3 = points[i + 2]
                include(p0)
                include(p3)
                let roots = Path.cubicCriticalParameters(p0.x, p1.x, p2.x, p3.x)
                    + Path.cubicCriticalParameters(p0.y, p1.y, p2.y, p3.y)
                for t in roots { include(Path.cubicPoint(p0, p1, p2, p3, at: t)) }
            case .close:
                break
            }
            if verb == .close {
                last = start
            } else {
                last = points[i + verb.pointCount - 1]
            }
            i += verb.pointCount
        }
        guard any else { return nil }
        return Rect(corner: lo, oppositeCorner: hi)
    }

    /// The parameter in (0, 1) where one coordinate of a quadratic has its extremum, if there is one there.
    ///
    /// `B′(t)/2 = (1 − t)(p₁ − p₀) + t(p₂ − p₁)` vanishes at `t = (p₀ − p₁) / (p₀ − 2p₁ + p₂)`.
    @usableFromInline
    static func quadCriticalParameter(_ p0: Double, _ p1: Double, _ p2: Double) -> Double? {
        let denominator = p0 - 2 * p1 + p2
        guard denominator != 0 else { return nil }
        let t = (p0 - p1) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// The parameters in (0, 1) where one coordinate of a cubic has a critical point.
    ///
    /// With `a = p₁ − p₀`, `b = p₂ − p₁`, `c = p₃ − p₂`, `B′(t)/3 = (a − 2b + c)t² + 2(b − a)t + a`. The roots
    /// come from `q = −(B + sign(B)·√(B² − 4AC))/2`, `t = q/A` and `t = C/q`, which loses no precision to
    /// cancellation when `A` is tiny; `A == 0` is solved as the linear equation `Bt + C = 0`.
    @usableFromInline
    static func cubicCriticalParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        let a = p1 - p0, b = p2 - p1, c = p3 - p2
        let qa = a - 2 * b + c, qb = 2 * (b - a), qc = a
        var roots: [Double] = []
        if qa == 0 {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let q = -(qb + (qb < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
                if q == 0 {
                    roots.append(0)  // qb == 0 and qc == 0: a double root at t = 0.
                } else {
                    roots.append(q / qa)
                    roots.append(qc / q)
                }
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
