import LiquidGeometry
import LiquidRaster

/// One stroke of a ``DrawingCanvas``: the points it accepted, its smoothed chain, the settled part as
/// coverage, and its record for the hand-over.
///
/// Memory is bounded whatever the stroke's length: the chain holds at most ``DrawingCanvas/flattenThreshold``
/// live points, the coverage image at most the canvas (plus the line width) at the raster scale, and the
/// record at most ``DrawingCanvas/maximumRecordedPoints`` points (see ``record(_:)``).
@MainActor
package final class InkStroke {
    /// The colour and nominal width, taken when the stroke began.
    package let color: RGBA
    package let width: Double
    /// The smoothing of the points not yet settled.
    package private(set) var chain = CubicChain()
    /// Every accepted point, or — past ``DrawingCanvas/maximumRecordedPoints`` — a simplification of the
    /// older ones (see ``recordTolerance``) followed by the newer ones.
    package private(set) var recorded: [Point] = []
    /// The Douglas–Peucker tolerance the record's older points were simplified with (0 while every
    /// accepted point is kept).
    package private(set) var recordTolerance = 0.0
    /// Points accepted in all.
    package private(set) var acceptedCount = 0
    /// The settled part (and, once finished, all of it) as coverage in ``space``.
    package private(set) var coverage: CoverageImage?
    /// The raster space ``coverage`` is in.
    package private(set) var space: RasterSpace?
    /// The local box of everything the stroke drew, padded by half the width.
    package private(set) var bounds: Rect?
    package private(set) var isFinished = false
    /// What was handed over, once finished.
    package private(set) var sent: Sketch.Stroke?

    /// The samples of a stroke drawn with a pressure-driven ink (`nil` for the constant-width ink, which
    /// draws ``chain``).
    package private(set) var trail: FreehandTrail?

    package init(color: RGBA, width: Double, freehand: FreehandInk? = nil) {
        self.color = color
        self.width = width
        trail = freehand.map { FreehandTrail(ink: $0, width: width) }
    }

    /// What the live part draws: the chain stroked with ``style`` (constant ink) or the trail's outline
    /// filled (pressure-driven ink). Empty once finished.
    package var livePath: Path {
        if isFinished { return Path() }
        return trail?.liveOutline ?? chain.path()
    }

    /// Adds `path` drawn as this stroke draws (stroked or filled) to `image`.
    package func draw(_ path: Path, into image: inout CoverageImage, transform: AffineTransform) {
        if trail != nil {
            image.formUnion(filling: path, transform: transform)
        } else {
            image.formUnion(stroking: path, style: style, transform: transform)
        }
    }

    package var style: StrokeStyle { StrokeStyle(width: width, cap: .round, join: .round) }

    /// Accepted points that are not settled into the coverage yet.
    package var livePoints: Int {
        if isFinished { return 0 }
        if let trail { return trail.livePoints }
        return chain.points.count + (chain.settledCurves == 0 && chain.anchor != nil ? 1 : 0)
    }

    /// Accepted points held only as coverage.
    package var flattenedPoints: Int { acceptedCount - livePoints }

    /// The last accepted point.
    package var lastPoint: Point? { trail == nil ? chain.points.last ?? chain.anchor : recorded.last }

    /// Whether `point` passes the distance filter: its squared distance from the last accepted point
    /// exceeds (width × 0.1)².
    package func accepts(_ point: Point) -> Bool {
        guard let last = lastPoint else { return true }
        let minimum = width * 0.1
        return point.distanceSquared(to: last) > minimum * minimum
    }

    /// The geometry drawn for the newest `count` points: the curves whose points lie among them and the tail.
    package func recentPath(points count: Int) -> Path {
        chain.path(fromCurve: Swift.max(0, (chain.points.count - count) / 3), lead: false)
    }

    /// Adds an accepted point; returns the local rect whose pixels may change (the newest curves before and
    /// after, and a settled part when one is flattened), padded by the width.
    package func add(_ point: Point, space: RasterSpace, force: Double = 0, time: Double = 0) -> Rect? {
        if trail != nil { return addFreehand(point, space: space, force: force, time: time) }
        let before = recentPath(points: DrawingCanvas.dirtyPoints).bounds
        chain.append(point)
        acceptedCount += 1
        record(point)
        let pad = Rect(x: point.x - width / 2, y: point.y - width / 2, width: width, height: width)
        bounds = bounds.map { $0.union(pad) } ?? pad
        var dirty = Self.union(before, recentPath(points: DrawingCanvas.dirtyPoints).bounds)
        if livePoints > DrawingCanvas.flattenThreshold {
            let curves = (chain.points.count - DrawingCanvas.livePointsKept + 2) / 3
            let settled = chain.settle(curves: curves)
            rasterize(settled, in: space)
            // The settled curves are now drawn from coverage: their pixels are redrawn once, so that the
            // screen is what a full redraw would show.
            dirty = Self.union(dirty, settled.bounds)
        }
        return dirty?.insetBy(dx: -width, dy: -width)
    }

    /// ``add(_:space:force:time:)`` for the pressure-driven ink: the rect is the trail's changed outline
    /// (before and after) and the settled piece, if any, padded by 2 points for antialiasing.
    private func addFreehand(_ point: Point, space: RasterSpace, force: Double, time: Double) -> Rect? {
        acceptedCount += 1
        record(point)
        var dirty = trail!.add(point, force: force, time: time)
        let settled = trail!.settleIfNeeded()
        if !settled.isEmpty {
            rasterize(settled, in: space)
            dirty = Self.union(dirty, settled.bounds)
        }
        if let dirty { bounds = bounds.map { $0.union(dirty) } ?? dirty }
        return dirty?.insetBy(dx: -2, dy: -2)
    }

    /// Settles everything into the coverage and makes the record that is handed over (Douglas–Peucker,
    /// tolerance 1 pt or the record's own if larger). Returns the local rect to redraw.
    package func finish(space: RasterSpace) -> Rect? {
        let rest = trail == nil ? chain.path() : trail!.finish()
        rasterize(rest, in: space)
        isFinished = true
        let simplified = Polyline(points: recorded, isClosed: false).simplified(tolerance: Swift.max(1, recordTolerance))
        sent = try? Sketch.Stroke(points: simplified.points, color: color, width: width)
        return rest.bounds?.insetBy(dx: trail == nil ? -width : -2, dy: trail == nil ? -width : -2)
    }

    /// Replaces the hand-over record by one of at most `limit` points (a coarser simplification), when the
    /// sketch has no room for the whole of it.
    package func limitSent(to limit: Int) {
        guard let stroke = sent, stroke.points.count > limit else { return }
        var tolerance = Swift.max(1, recordTolerance)
        var points = stroke.points
        while points.count > Swift.max(limit, 2), tolerance < 1e7 {
            tolerance *= 2
            points = Polyline(points: stroke.points, isClosed: false).simplified(tolerance: tolerance).points
        }
        if points.count > limit { points = Array(points.prefix(Swift.max(limit, 1))) }
        sent = try? Sketch.Stroke(points: points, color: color, width: width)
    }

    /// Appends `point` to the record. When the record reaches ``DrawingCanvas/maximumRecordedPoints``, its
    /// older points (all but the newest ``DrawingCanvas/flattenThreshold`` + 2) are simplified by
    /// Douglas–Peucker, at 1 pt and then at twice the tolerance until the record is at most half the cap;
    /// the tolerance reached is kept (``recordTolerance``) and applied again on finishing.
    private func record(_ point: Point) {
        recorded.append(point)
        guard recorded.count >= DrawingCanvas.maximumRecordedPoints else { return }
        let keep = DrawingCanvas.flattenThreshold + 2
        let older = Array(recorded[..<(recorded.count - keep)])
        let newer = recorded[(recorded.count - keep)...]
        var tolerance = Swift.max(1, recordTolerance)
        var simplified = Polyline(points: older, isClosed: false).simplified(tolerance: tolerance).points
        while simplified.count + keep > DrawingCanvas.maximumRecordedPoints / 2 {
            tolerance *= 2
            simplified = Polyline(points: simplified, isClosed: false).simplified(tolerance: tolerance).points
        }
        recordTolerance = tolerance
        recorded = simplified + newer
    }

    /// Adds `path` to the coverage in `space` (growing the image to hold it).
    private func rasterize(_ path: Path, in space: RasterSpace) {
        if let current = self.space {
            if !current.matches(space) { rebuild(in: space) }
        } else {
            self.space = space
        }
        guard let box = path.bounds, let device = space.pixelBox(of: box.insetBy(dx: -width / 2, dy: -width / 2)) else { return }
        do {
            if coverage == nil { coverage = try CoverageImage(rect: device) } else { try coverage!.include(device) }
        } catch {
            return  // Beyond the largest image: the canvas clamps points, so only absurd scales get here.
        }
        draw(path, into: &coverage!, transform: space.transform)
    }

    /// Makes the coverage anew in `space` from the record: everything but the live points (all of it once
    /// finished). Exact while the record holds every accepted point; after the record was simplified, the
    /// settled part is redrawn from the simplification.
    package func rebuild(in space: RasterSpace) {
        self.space = space
        coverage = nil
        if trail != nil { rebuildFreehand(in: space); return }
        var replay = CubicChain()
        // The settled curves end between the point before the live ones and the first live one.
        let settledCount = isFinished ? recorded.count : recorded.count - chain.points.count + 1
        for p in recorded.prefix(Swift.max(settledCount, 0)) { replay.append(p) }
        let path = isFinished ? replay.path() : replay.path(fromCurve: 0, tail: false)
        guard !path.isEmpty, let box = path.bounds,
              let device = space.pixelBox(of: box.insetBy(dx: -width / 2, dy: -width / 2)),
              var image = try? CoverageImage(rect: device)
        else { return }
        image.formUnion(stroking: path, style: style, transform: space.transform)
        coverage = image
    }

    /// ``rebuild(in:)`` for the pressure-driven ink: the settled part as one outline from the trail's
    /// history, or — once the history was dropped (a stroke past ``DrawingCanvas/maximumRecordedPoints``
    /// samples) — the record replayed at a pressure of ½ (the shape kept, the width variation lost).
    private func rebuildFreehand(in space: RasterSpace) {
        guard let trail else { return }
        var path = trail.settledOutline ?? Path()
        if trail.history == nil {
            var replay = FreehandTrail(ink: trail.ink, width: width)
            let settled = isFinished ? recorded : Array(recorded.dropLast(Swift.min(trail.livePoints, recorded.count)))
            for p in settled { _ = replay.add(p, force: 0.5, time: 0) }
            path = replay.finish()
        }
        guard !path.isEmpty, let box = path.bounds, let device = space.pixelBox(of: box),
              var image = try? CoverageImage(rect: device)
        else { return }
        image.formUnion(filling: path, transform: space.transform)
        coverage = image
    }

    private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }
}

/// Where a canvas's coverage images live: local points × `scale`, plus a fraction of a pixel, so that
/// image pixels fall exactly on device pixels (whole-pixel offsets apart).
package struct RasterSpace: Equatable, Sendable {

    package let scale: Double
    package let offsetX: Double
    package let offsetY: Double

    /// The space for a device transform that only scales uniformly (by a positive, finite factor) and
    /// translates; `nil` otherwise. The whole-pixel part of the translation is dropped.
    package init?(device: AffineTransform) {
        guard device.isFinite, device.b == 0, device.c == 0, device.a == device.d, device.a > 0 else { return nil }
        scale = device.a
        offsetX = device.tx - device.tx.rounded(.down)
        offsetY = device.ty - device.ty.rounded(.down)
    }

    package init(scale: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// Local points → image pixels.
    package var transform: AffineTransform {
        AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: offsetX, ty: offsetY)
    }

    /// The image pixels `rect` (local points) touches, with a pixel to spare; `nil` for an empty or
    /// non-finite rect.
    package func pixelBox(of rect: Rect) -> PixelRect? {
        let r = transform.apply(to: rect)
        guard r.isFinite, r.width >= 0, r.height >= 0 else { return nil }
        // Clamped conversions: a stroke far off any canvas (1e20 px) gets a box out there, not a trap.
        let far = Checked.farPixels
        let x0 = Checked.clamped(r.minX, to: -far...far, rounding: .down) - 1
        let y0 = Checked.clamped(r.minY, to: -far...far, rounding: .down) - 1
        let x1 = Checked.clamped(r.maxX, to: -far...far, rounding: .up) + 1
        let y1 = Checked.clamped(r.maxY, to: -far...far, rounding: .up) + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `other` is this space within rounding.
    package func matches(_ other: RasterSpace) -> Bool {
        abs(scale - other.scale) <= 1e-9 * scale && abs(offsetX - other.offsetX) <= 1e-9 && abs(offsetY - other.offsetY) <= 1e-9
    }
}
