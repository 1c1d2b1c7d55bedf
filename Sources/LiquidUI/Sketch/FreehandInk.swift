import LiquidGeometry

/// A pressure-driven ink with tapered ends, for ``DrawingCanvas/setFreehandInk(_:)``: the stroke's width
/// follows the pressure of the finger and narrows to a point at its start and end.
///
/// The whole arithmetic of the ink lives here, as pure functions of the settings:
/// - **Streamline** (``streamlined(_:after:)``): each input point is pulled toward the previous
///   streamlined point; the new point is `previous + (input − previous) · t` with
///   `t = 0.15 + (1 − streamline) · 0.85` (``streamlineFactor``), so 0 follows the finger exactly and 1 lags
///   the most.
/// - **Pressure** (``pressure(force:previous:speed:width:)``): the touch's force when it is more than 0;
///   otherwise a pressure simulated from the finger's speed (faster is lighter, so thinner), eased toward
///   its target so that it changes smoothly.
/// - **Radius** (``radius(width:pressure:)``): `width / 2 · (1 − thinning · (1 − 2 · pressure))`, so a
///   pressure of ½ always gives half the nominal width, and thinning sets how far pressure moves it (0: not
///   at all; 1: from 0 at no pressure to the whole width at full pressure; negative thinning inverts it).
/// - **Taper** (``taper(at:of:)``): the radius is scaled by an eased ramp from 0 at the stroke's start up to
///   1 over ``taperStart`` points of its length, and likewise down to 0 over its last ``taperEnd`` points.
/// - **Outline** (``outline(of:in:width:length:capStart:capEnd:)``): at each point, offset points to the left and right by
///   the radius, across the direction from the point before to the point after; the left side forward, a
///   round cap at the end, the right side back and a round cap at the start make one closed polygon that
///   is filled (non-zero) as one shape.
/// - **Smoothing** (``smoothing``): how much the outline's side points are softened. Every side point but
///   those of the stroke's first and last points moves toward its neighbours on the same side:
///   `p′ = (1 − s/2) · p + s/4 · (p₋ + p₊)` with `s` the smoothing, from the raw offsets (0) to the
///   binomial ¼, ½, ¼ average (1), which flattens a side that zig-zags point by point entirely (its
///   amplitude is scaled by `1 − s`). The ends stay where the caps meet them, and since a side point only
///   needs its two neighbours, the outline of part of a stroke is still the matching part of the whole's.
///
/// Guarantees: every setting is finite and in its range (the initializer throws otherwise); radii are
/// never negative; the outline of finite samples is finite.
public struct FreehandInk: Hashable, Sendable {
    /// How much pressure changes the width, −1…1 (0: constant width).
    public let thinning: Double
    /// How much the points are smoothed by lagging behind the finger, 0…1.
    public let streamline: Double
    /// How much the outline's side points are softened, 0…1 (0, the default: the raw offsets; 1: each side
    /// point replaced by the ¼, ½, ¼ average of itself and its neighbours). At any smoothing, a stroke long
    /// enough to be flattened on the canvas stays within one level of coverage of the same stroke drawn in
    /// one pass: the flattened pieces are cut straight across where they meet (see
    /// ``outline(of:in:width:length:capStart:capEnd:)``), so each is exactly a part of the whole outline.
    /// Known limit: with smoothing above 0, the canvas's frame-by-frame image may differ from a full redraw
    /// by 1 level at isolated pixels (without smoothing it is equal byte for byte).
    public let smoothing: Double
    /// The length (points) over which the start widens from nothing, 0…``maximumTaper`` (0: no taper).
    public let taperStart: Double
    /// The length (points) over which the end narrows to nothing, 0…``maximumTaper`` (0: no taper).
    public let taperEnd: Double

    /// The longest taper, points.
    public static let maximumTaper = 400.0
    /// The speed (in nominal widths per second) at which a simulated pressure is ½.
    public static let neutralSpeed = 20.0
    /// The fraction of the way a simulated pressure moves toward its target at each point.
    public static let pressureEasing = 0.35

    /// An ink with the given settings (the defaults give a noticeable but moderate variation).
    /// - Throws: `LiquidError` naming the setting when `thinning` is not in −1…1, `streamline` or
    ///   `smoothing` not in 0…1, or a taper not in 0…``maximumTaper`` (NaN and infinities included).
    public init(thinning: Double = 0.5, streamline: Double = 0.5, smoothing: Double = 0, taperStart: Double = 24,
                taperEnd: Double = 24) throws(LiquidError) {
        guard thinning.isFinite, (-1...1).contains(thinning) else {
            throw .invalidParameter(name: "thinning", value: thinning, requirement: "must be between -1 and 1")
        }
        guard streamline.isFinite, (0...1).contains(streamline) else {
            throw .invalidParameter(name: "streamline", value: streamline, requirement: "must be between 0 and 1")
        }
        guard smoothing.isFinite, (0...1).contains(smoothing) else {
            throw .invalidParameter(name: "smoothing", value: smoothing, requirement: "must be between 0 and 1")
        }
        for (name, value) in [("taper start", taperStart), ("taper end", taperEnd)]
        where !value.isFinite || !(0...Self.maximumTaper).contains(value) {
            throw .invalidParameter(name: name, value: value, requirement: "must be between 0 and \(Int(Self.maximumTaper)) points")
        }
        self.thinning = thinning
        self.streamline = streamline
        self.smoothing = smoothing
        self.taperStart = taperStart
        self.taperEnd = taperEnd
    }

    /// The fraction of the way from the previous streamlined point to the input: 0.15 + (1 − streamline) · 0.85.
    public var streamlineFactor: Double { 0.15 + (1 - streamline) * 0.85 }

    /// The streamlined position of `input` after the streamlined point `previous` (the input itself for
    /// the first point).
    public func streamlined(_ input: Point, after previous: Point?) -> Point {
        guard let previous else { return input }
        return previous.interpolated(to: input, streamlineFactor)
    }

    /// The pressure (0…1) of a point: `force` when it is more than 0; otherwise `previous` eased by
    /// ``pressureEasing`` toward `1 / (1 + speed / (neutralSpeed · width))` (`speed` in points per second,
    /// `width` the nominal width), or ½ for the first point (`previous` `nil`). A speed that is not finite
    /// or negative keeps the previous pressure.
    public static func pressure(force: Double, previous: Double?, speed: Double, width: Double) -> Double {
        if force > 0 { return Swift.min(force, 1) }
        guard let previous else { return 0.5 }
        guard speed.isFinite, speed >= 0, width > 0 else { return previous }
        let target = 1 / (1 + speed / (neutralSpeed * width))
        return previous + (target - previous) * pressureEasing
    }

    /// The radius at `pressure` (clamped to 0…1) for a nominal `width`, before the taper:
    /// `width / 2 · (1 − thinning · (1 − 2 · pressure))`, never below 0.
    public func radius(width: Double, pressure: Double) -> Double {
        let p = pressure.isNaN ? 0.5 : Swift.min(Swift.max(pressure, 0), 1)
        return Swift.max(0, width / 2 * (1 - thinning * (1 - 2 * p)))
    }

    /// The taper's scale (0…1) for a point `distance` points along a stroke `length` points long: the
    /// smaller of the eased ramps `e(distance / taperStart)` and `e((length − distance) / taperEnd)`, each
    /// clamped to 0…1, with `e(x) = x · (2 − x)`; a taper of 0 is no ramp.
    public func taper(at distance: Double, of length: Double) -> Double {
        func ramp(_ x: Double, over span: Double) -> Double {
            guard span > 0 else { return 1 }
            let t = Swift.min(Swift.max(x / span, 0), 1)
            return t * (2 - t)
        }
        return Swift.min(ramp(distance, over: taperStart), ramp(length - distance, over: taperEnd))
    }

    /// One point of a stroke drawn with the ink.
    package struct Sample: Hashable, Sendable {
        /// The streamlined position.
        package var point: Point
        /// The pressure, 0…1.
        package var pressure: Double
        /// The length of the streamlined stroke up to this point.
        package var distance: Double

        package init(point: Point, pressure: Double, distance: Double) {
            self.point = point
            self.pressure = pressure
            self.distance = distance
        }
    }

    /// The final radius of `sample` in a stroke `length` points long: pressure radius times taper.
    package func radius(of sample: Sample, width: Double, length: Double) -> Double {
        radius(width: width, pressure: sample.pressure) * taper(at: sample.distance, of: length)
    }

    /// The outline of the samples at `range` (indices of `samples`) as one closed polygon with round caps,
    /// for a nominal `width` and a stroke `length` points long (for the end taper). Each point's direction
    /// runs from its neighbour before to its neighbour after in `samples` (so a range's outline is the
    /// matching part of the whole stroke's), one-sided at the ends, and the previous direction where those
    /// coincide. Side points are smoothed with their neighbours (see ``smoothing``), which may lie outside
    /// `range`. One sample gives a disc. Empty for an empty range.
    ///
    /// `capStart` and `capEnd` say whether an end of the range is an end of the stroke, closed by a round
    /// cap; otherwise it is a cut, closed straight across from its left to its right side point, so that the
    /// outline is exactly the part of the whole stroke's between the two cross-sections: a round cap there
    /// would start at the raw side point and, where smoothing moved the side point inward, add a sliver
    /// that the whole outline does not have.
    package func outline(of samples: [Sample], in range: Range<Int>, width: Double, length: Double,
                         capStart: Bool = true, capEnd: Bool = true) -> Path {
        var path = Path()
        guard !range.isEmpty else { return path }
        // The range and one sample on each side (the smoothing's neighbours), clamped to the samples.
        let lo = Swift.max(range.lowerBound - 1, 0), hi = Swift.min(range.upperBound + 1, samples.count)
        // Directions first: a point whose neighbours coincide takes the previous direction (or, before
        // any, the first one found).
        var directions: [Vector2?] = []
        directions.reserveCapacity(hi - lo)
        var previous: Vector2?
        for i in lo..<hi {
            let d = samples[Swift.min(i + 1, samples.count - 1)].point - samples[Swift.max(i - 1, 0)].point
            let l = d.length
            if l > 1e-12, l.isFinite { previous = d / l }
            directions.append(previous)
        }
        let fallback = directions.first(where: { $0 != nil }) ?? nil
        var rawLeft: [Point] = [], rawRight: [Point] = [], angles: [Double] = [], radii: [Double] = []
        rawLeft.reserveCapacity(hi - lo)
        rawRight.reserveCapacity(hi - lo)
        for (k, i) in (lo..<hi).enumerated() {
            let direction = directions[k] ?? fallback ?? Vector2(1, 0)
            let r = radius(of: samples[i], width: width, length: length)
            let n = direction.perpendicular * r
            rawLeft.append(samples[i].point + n)
            rawRight.append(samples[i].point - n)
            angles.append(Double.atan2(y: direction.y, x: direction.x))
            radii.append(r)
        }
        // The range's side points, smoothed (local index k is global lo + k).
        let head = range.lowerBound - lo, tail = range.upperBound - 1 - lo
        let outer = smoothing / 4, inner = 1 - smoothing / 2
        func softened(_ side: [Point]) -> [Point] {
            (head...tail).map { k in
                let i = lo + k
                guard smoothing > 0, i > 0, i < samples.count - 1 else { return side[k] }
                return side[k] * inner + (side[k - 1] + side[k + 1]) * outer
            }
        }
        let left = softened(rawLeft), right = softened(rawRight)
        angles = Array(angles[head...tail])
        radii = Array(radii[head...tail])
        if fallback == nil || range.count == 1 {
            // No direction (a dot, or every point in one place): a disc of the largest radius.
            let r = radii.max() ?? 0
            path.addCircle(center: samples[range.lowerBound].point, radius: r)
            return path
        }
        for i in left.indices { if i == 0 { path.move(to: left[0]) } else { path.line(to: left[i]) } }
        // Around the end (through the forward side), back along the right side, around the start.
        let last = range.upperBound - 1
        if capEnd {
            path.addArc(center: samples[last].point, radius: radii[radii.count - 1],
                        startAngle: angles[angles.count - 1] + Double.pi / 2, sweepAngle: -Double.pi)
        }
        for p in right.reversed() { path.line(to: p) }
        if capStart {
            path.addArc(center: samples[range.lowerBound].point, radius: radii[0],
                        startAngle: angles[0] - Double.pi / 2, sweepAngle: -Double.pi)
        }
        path.close()
        return path
    }
}
