import LiquidGeometry

/// The samples of one stroke drawn with a ``FreehandInk``: what is live, what may change when a point is
/// added, and which part can be settled into coverage for good.
///
/// Samples are numbered from the stroke's first (global indices). A sample's outline is final once a
/// sample follows it (its direction is known) and it lies at least ``FreehandInk/taperEnd`` points of
/// length before the end (the end taper no longer scales it) — and, when the ink smooths, once the sample
/// after it is final too (its smoothed side points move with their neighbours): only final samples are
/// settled. A settled
/// piece runs from ``liveStart`` to its last sample, and the next live outline starts
/// ``overlap``-points-of-length before the first unsettled sample. Only the stroke's own ends get round
/// caps; a piece's other ends are cuts straight across, each inside the piece next to it, so every piece is
/// exactly a part of the whole outline (with any smoothing) and the pieces' coverages combined by their
/// maximum equal the whole outline's, away from places where the stroke comes back over itself.
///
/// Memory is bounded: the live samples are at most ``hardLiveLimit`` (past it the oldest are settled even
/// inside the end taper, which then keeps the width they had), the lead before them at most
/// ``maximumLeadSamples``, and the full history (kept for redrawing at another scale) at most
/// ``DrawingCanvas/maximumRecordedPoints`` samples.
@MainActor
package struct FreehandTrail: Sendable {
    package typealias Sample = FreehandInk.Sample

    package let ink: FreehandInk
    package let width: Double
    /// The kept samples: global indices `dropped ..< count`.
    package private(set) var samples: [Sample] = []
    /// Samples forgotten from the front.
    package private(set) var dropped = 0
    /// The first sample the live outline draws (the lead before ``firstLive`` included).
    package private(set) var liveStart = 0
    /// The first sample not settled.
    package private(set) var firstLive = 0
    /// The stroke's length so far (of the streamlined points).
    package private(set) var length = 0.0
    /// Every sample, while there are at most ``DrawingCanvas/maximumRecordedPoints``; `nil` past that.
    package private(set) var history: [Sample]? = []
    private var lastInput: Point?
    private var lastTime: Double?

    /// The most samples the live outline keeps before the first unsettled one.
    package static let maximumLeadSamples = 64
    /// The most live samples: past it, samples are settled even inside the end taper.
    package static let hardLiveLimit = 4 * DrawingCanvas.flattenThreshold

    package init(ink: FreehandInk, width: Double) {
        self.ink = ink
        self.width = width
    }

    /// Samples in all.
    package var count: Int { dropped + samples.count }
    /// Samples not settled.
    package var livePoints: Int { count - firstLive }
    /// The length of stroke the live outline overlaps the settled part by: twice the largest radius the
    /// ink can give, plus 4 points.
    package var overlap: Double { width * (1 + abs(ink.thinning)) + 4 }

    /// The outline of global samples `range` (clamped to the kept ones).
    package func outline(_ range: Range<Int>) -> Path {
        let lower = Swift.max(range.lowerBound, dropped) - dropped
        let upper = Swift.min(range.upperBound, count) - dropped
        guard lower < upper else { return Path() }
        return ink.outline(of: samples, in: lower..<upper, width: width, length: length,
                           capStart: lower + dropped == 0, capEnd: upper + dropped == count)
    }

    /// The outline of the live part (lead included).
    package var liveOutline: Path { outline(liveStart..<count) }

    /// The first sample whose outline (or an edge to it) the next point may change: the one before the
    /// first within the end taper's length of the end, or before the last sample — one more before that
    /// when the ink smooths, since a smoothed side point moves with its neighbours.
    private var changeStart: Int {
        var i = count - 1
        while i > liveStart, length - samples[i - 1 - dropped].distance < ink.taperEnd { i -= 1 }
        return Swift.max(liveStart, i - (ink.smoothing > 0 ? 2 : 1))
    }

    /// Adds the input point `input` (touch force `force`, at `time` seconds); returns the local rect of
    /// the live outline that changed (before and after), unpadded.
    package mutating func add(_ input: Point, force: Double, time: Double) -> Rect? {
        let from = changeStart
        let before = outline(from..<count).bounds
        let previous = samples.last
        let point = ink.streamlined(input, after: previous?.point)
        var speed = Double.nan
        if let lastInput, let lastTime, time > lastTime { speed = input.distance(to: lastInput) / (time - lastTime) }
        lastInput = input
        lastTime = time
        let pressure = FreehandInk.pressure(force: force, previous: previous?.pressure, speed: speed, width: width)
        length += previous.map { point.distance(to: $0.point) } ?? 0
        let sample = Sample(point: point, pressure: pressure, distance: length)
        samples.append(sample)
        if history != nil {
            if history!.count < DrawingCanvas.maximumRecordedPoints { history!.append(sample) } else { history = nil }
        }
        let after = outline(from..<count).bounds
        guard let before else { return after }
        return after.map { $0.union(before) } ?? before
    }

    /// Settles the final samples beyond the newest ``DrawingCanvas/livePointsKept`` when more than
    /// ``DrawingCanvas/flattenThreshold`` are live: returns their outline (from ``liveStart``), or an empty
    /// path when nothing settles.
    package mutating func settleIfNeeded() -> Path {
        guard livePoints > DrawingCanvas.flattenThreshold else { return Path() }
        var last = count - 1 - DrawingCanvas.livePointsKept
        // A smoothed side point also moves with its neighbours' raw side points, so with smoothing the
        // sample after the last settled one must be final too (outside the end taper; it is followed).
        let ahead = ink.smoothing > 0 ? 1 : 0
        if livePoints <= Self.hardLiveLimit {
            while last >= firstLive, length - samples[last + ahead - dropped].distance < ink.taperEnd { last -= 1 }
        }
        guard last >= firstLive else { return Path() }
        let settled = outline(liveStart..<(last + 1))
        firstLive = last + 1
        var start = firstLive
        let end = samples[firstLive - dropped].distance
        while start > liveStart, firstLive - start < Self.maximumLeadSamples,
              end - samples[start - dropped].distance < overlap {
            start -= 1
        }
        liveStart = start
        // Keep two samples before the live outline: its first side points are smoothed with the side points
        // of the one before, whose direction needs the one before that.
        let keepFrom = Swift.max(liveStart - 2, dropped)
        samples.removeFirst(keepFrom - dropped)
        dropped = keepFrom
        return settled
    }

    /// Settles everything: returns the outline of the live part.
    package mutating func finish() -> Path {
        let rest = liveOutline
        firstLive = count
        return rest
    }

    /// The outline of everything settled so far in one piece, from the history (`nil` once the history
    /// was dropped).
    package var settledOutline: Path? {
        guard let history else { return nil }
        let end = Swift.min(firstLive, history.count)
        return ink.outline(of: history, in: 0..<end, width: width, length: length, capEnd: end == count)
    }
}
