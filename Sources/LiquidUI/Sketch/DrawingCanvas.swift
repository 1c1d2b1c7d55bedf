import LiquidGeometry
import LiquidRaster

/// A canvas to draw on with fingers: each touch draws a stroke of the current ink, smoothed, redrawn
/// only where it changed, and handed over as a ``Sketch`` when the finger lifts.
///
/// - **Strokes.** A touch that goes down starts a stroke with the ink of that moment (``inkColor``,
///   ``lineWidth``); moves add points; lifting finishes it; a cancelled touch removes its stroke. Several
///   touches draw several strokes at once. A tap leaves a dot.
/// - **Distance filter.** A point is accepted only if its squared distance from the stroke's last accepted
///   point exceeds (width × 0.1)².
/// - **Smoothing.** The accepted points are drawn as a ``CubicChain`` (runs of four points, the third
///   replaced by the midpoint of its neighbours, a cubic to it; the last few points as lines), with round
///   caps and joins.
/// - **Partial redraw.** A move redraws only the exact bounds of the newest ``dirtyPoints`` points' curves
///   before and after it, padded by the line width (``View/setNeedsDisplay(in:)``), never the whole sketch.
/// - **Flattening.** Past ``flattenThreshold`` live points, the settled curves of the stroke are rasterised
///   once into the stroke's coverage image (an 8-bit alpha mask, in device pixels) and only the newest
///   ``livePointsKept`` points stay live; each settled curve is rasterised once. The stroke is composited
///   once with its colour through the union (the larger value per pixel) of that coverage and the live
///   tail's, so a translucent stroke looks the same drawn in pieces as in one pass, seams included. The
///   move that flattens also redraws the bounds of the curves it settled, once.
/// - **Pressure-driven ink** (optional, ``setFreehandInk(_:)``): the points are streamlined and drawn as
///   one filled outline whose width follows the pressure, tapered at both ends (``FreehandInk``); the
///   same partial redraw (the outline of the points the new one changes) and flattening into coverage
///   apply, so such a stroke drawn in pieces also equals its whole outline filled in one pass.
/// - **Hand-over.** On lifting, the stroke's accepted points are simplified by Douglas–Peucker with a
///   tolerance of 1 pt (distances to segments, so overshoots and closed loops keep their shape) and
///   appended to ``sketch``.
///
/// Input rules (never a trap): touches with non-finite positions are ignored; points are clamped to the
/// bounds grown by the line width (beyond that nothing of the stroke would show). A stroke records at most
/// ``maximumRecordedPoints`` points: at that cap its older points are simplified (Douglas–Peucker at 1 pt,
/// doubling the tolerance until the record is at most half the cap), so a stroke of any length draws on
/// with bounded memory. Once ``sketch`` holds ``Sketch/maximumStrokes`` strokes, new touches draw nothing
/// until ``clear()``; a stroke that would take the sketch past ``Sketch/maximumPoints`` is simplified
/// further to fit.
@MainActor
public final class DrawingCanvas: View, SimulatableComponent {
    /// Live points past which a stroke's settled curves are flattened into its coverage.
    public static let flattenThreshold = 150
    /// Live points at most kept after flattening.
    public static let livePointsKept = 16
    /// The newest points whose curves bound a move's redraw.
    public static let dirtyPoints = 16
    /// The most points a stroke records for the hand-over (see the type's overview).
    public static let maximumRecordedPoints = Sketch.maximumPointsPerStroke
    /// The widest ink, points.
    public static let maximumLineWidth = 200.0

    /// The colour new strokes take.
    public private(set) var inkColor = RGBA(red: 0.11, green: 0.11, blue: 0.12)
    /// The width new strokes take, points.
    public private(set) var lineWidth = 6.0
    /// The pressure-driven ink new strokes take, or `nil` (the default) for the constant-width ink.
    public private(set) var freehandInk: FreehandInk?
    /// The finished strokes, simplified, in the order they finished.
    public private(set) var sketch = Sketch()

    /// Every stroke, finished and live, in the order they began.
    package private(set) var strokes: [InkStroke] = []
    /// The live strokes by touch id.
    private var active: [Int: InkStroke] = [:]
    /// The local rect the latest touch asked to redraw (`nil` when it asked nothing).
    package private(set) var lastDirtyRect: Rect?
    /// Redraws asked since the current frame began, and those of the last frame (for the trace).
    private var pendingFrameDirty: Rect?
    private var frameDirty: Rect?
    private var reportsFrames = false
    /// The raster space new coverage is made in (followed from the canvas at drawing time).
    private var space: RasterSpace?
    /// Told when a stroke begins (`true`) and when one is finished or cancelled (`false`), after the canvas
    /// has taken the touch into account (for a view that hosts the canvas).
    package var strokeObserver: (@MainActor (_ began: Bool) -> Void)?

    /// Whether a finger is drawing a stroke.
    package var isDrawing: Bool { !active.isEmpty }

    /// An empty canvas of `frame`.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 320, height: 240)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.98, green: 0.97, blue: 0.94)
        layer.cornerRadii = CornerRadii(all: 14)
        layer.clipsToBounds = true
    }

    public override var drawsContent: Bool { true }

    /// Sets the ink new strokes take (live strokes keep theirs).
    /// - Throws: `LiquidError` for a colour channel that is not finite or outside 0…1, or a width that is
    ///   not more than 0 and at most ``maximumLineWidth``.
    public func setInk(color: RGBA, width: Double) throws(LiquidError) {
        for value in [color.red, color.green, color.blue, color.alpha] where !value.isFinite || !(0...1).contains(value) {
            throw .outOfRange("ink colour channels must be between 0 and 1; got \(color)")
        }
        guard width.isFinite, width > 0, width <= Self.maximumLineWidth else {
            throw .outOfRange("line width must be more than 0 and at most \(Int(Self.maximumLineWidth)) points; got \(LiquidError.quoted(width))")
        }
        inkColor = color
        lineWidth = width
    }

    /// Makes new strokes draw with `ink` — a width that follows the touch's force (or, without force, the
    /// finger's speed) around ``lineWidth``, with tapered ends — or, with `nil`, with the constant-width ink
    /// again. Live strokes keep theirs. Such a stroke is drawn as a filled outline (see ``FreehandInk``);
    /// the partial redraw covers the outline of its newest points (those the end taper still changes),
    /// and flattening keeps working, settling only points the end taper no longer changes.
    public func setFreehandInk(_ ink: FreehandInk?) {
        freehandInk = ink
    }

    /// Removes every stroke (live ones too) and empties ``sketch``.
    public func clear() {
        strokes.removeAll()
        active.removeAll()
        sketch = Sketch()
        setNeedsDisplay()
    }

    // MARK: - Touches

    public override func touchBegan(_ touch: Touch) {
        guard let point = local(touch), sketch.strokes.count + active.count < Sketch.maximumStrokes
        else { lastDirtyRect = nil; return }
        if let previous = active[touch.id] { cancel(previous, id: touch.id) }
        let stroke = InkStroke(color: inkColor, width: lineWidth, freehand: freehandInk)
        strokes.append(stroke)
        active[touch.id] = stroke
        invalidate(stroke.add(point, space: currentSpace, force: touch.force, time: touch.timestamp))
        strokeObserver?(true)
    }

    public override func touchMoved(_ touch: Touch) {
        guard let stroke = active[touch.id], let point = local(touch), stroke.accepts(point) else {
            lastDirtyRect = nil
            return
        }
        invalidate(stroke.add(point, space: currentSpace, force: touch.force, time: touch.timestamp))
    }

    public override func touchEnded(_ touch: Touch) {
        guard let stroke = active.removeValue(forKey: touch.id) else { return }
        if let point = local(touch), stroke.accepts(point) {
            invalidate(stroke.add(point, space: currentSpace, force: touch.force, time: touch.timestamp))
        }
        let dirty = stroke.finish(space: currentSpace)
        let room = Sketch.maximumPoints - sketch.pointCount
        stroke.limitSent(to: room)
        if let sent = stroke.sent, sent.points.count <= room, let next = try? Sketch(strokes: sketch.strokes + [sent]) {
            sketch = next
        }
        invalidate(dirty, adding: true)
        strokeObserver?(false)
    }

    public override func touchCancelled(_ touch: Touch) {
        guard let stroke = active[touch.id] else { return }
        cancel(stroke, id: touch.id)
    }

    private func cancel(_ stroke: InkStroke, id: Int) {
        active[id] = nil
        strokes.removeAll { $0 === stroke }
        invalidate(stroke.bounds?.insetBy(dx: -stroke.width, dy: -stroke.width))
        strokeObserver?(false)
    }

    /// The touch in local points, clamped to the bounds grown by the line width; `nil` when not finite.
    private func local(_ touch: Touch) -> Point? {
        guard touch.location.isFinite else { return nil }
        let p = convert(touch.location, from: nil)
        guard p.isFinite else { return nil }
        let margin = lineWidth
        let b = bounds
        return Point(Swift.min(Swift.max(p.x, b.minX - margin), b.maxX + margin),
                     Swift.min(Swift.max(p.y, b.minY - margin), b.maxY + margin))
    }

    /// The raster space of the hosting run loop's screen (its scale and this view's pixel offset), or
    /// 1 pixel per point outside a run loop; drawing corrects it when the canvas shows otherwise.
    private var currentSpace: RasterSpace {
        if let space { return space }
        let scale = runLoop?.scale ?? 1
        let origin = convert(Point(0, 0), to: nil)
        let guess = RasterSpace(device: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x * scale, ty: origin.y * scale))
            ?? RasterSpace(scale: 1)
        space = guess
        return guess
    }

    /// Asks to redraw `rect` (and records it for ``lastDirtyRect`` and the trace).
    private func invalidate(_ rect: Rect?, adding: Bool = false) {
        if !adding { lastDirtyRect = nil }
        guard let rect else { return }
        lastDirtyRect = lastDirtyRect.map { $0.union(rect) } ?? rect
        setNeedsDisplay(in: rect)
        pendingFrameDirty = pendingFrameDirty.map { $0.union(rect) } ?? rect
        guard !reportsFrames else { return }
        reportsFrames = addAnimation { [weak self] _, _ in
            guard let self else { return false }
            frameDirty = pendingFrameDirty
            pendingFrameDirty = nil
            reportsFrames = frameDirty != nil
            return reportsFrames
        }
    }

    // MARK: - Drawing

    public override func draw(in canvas: inout Canvas, rect: Rect) {
        let device = canvas.deviceTransform
        guard let drawn = RasterSpace(device: device) else {
            // A rotated or skewed canvas: draw every stroke's record as a path (no coverage reuse).
            for stroke in strokes {
                if let trail = stroke.trail {
                    var outline = trail.settledOutline ?? Path()
                    outline.addPath(stroke.livePath)
                    canvas.fill(outline, paint: .color(stroke.color))
                    continue
                }
                var replay = CubicChain()
                for p in stroke.recorded { replay.append(p) }
                canvas.stroke(replay.path(), style: stroke.style, paint: .color(stroke.color))
            }
            return
        }
        if space.map({ !$0.matches(drawn) }) ?? true {
            space = drawn
            for stroke in strokes { stroke.rebuild(in: drawn) }
        }
        let space = self.space ?? drawn
        // Clamped: a translation far off the canvas (1e300) leaves nothing visible rather than trapping.
        let offsetX = Checked.clamped(device.tx, to: -Checked.farPixels...Checked.farPixels, rounding: .down)
        let offsetY = Checked.clamped(device.ty, to: -Checked.farPixels...Checked.farPixels, rounding: .down)
        let visible = PixelRect(x: -offsetX, y: -offsetY, width: canvas.pixmap.width, height: canvas.pixmap.height)
        for stroke in strokes {
            if let image = stroke.space, !image.matches(space) { stroke.rebuild(in: space) }
            guard let box = stroke.bounds.flatMap({ space.pixelBox(of: $0) }),
                  let region = box.intersection(visible), var mask = try? CoverageImage(rect: region)
            else { continue }
            if let coverage = stroke.coverage { mask.formUnion(coverage) }
            if !stroke.isFinished { stroke.draw(stroke.livePath, into: &mask, transform: space.transform) }
            canvas.fill(coverage: mask, offsetX: offsetX, offsetY: offsetY, paint: .color(stroke.color))
        }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        var live = 0, flattened = 0
        for stroke in strokes {
            live += stroke.livePoints
            flattened += stroke.flattenedPoints
        }
        let dirty = frameDirty.map { r in
            [r.minX, r.minY, r.width, r.height].map { String(($0 * 100).rounded() / 100) }.joined(separator: ",")
        } ?? "none"
        return ["strokes": .number(Double(strokes.count)), "livePoints": .number(Double(live)),
                "flattenedPoints": .number(Double(flattened)), "dirtyRect": .string(dirty),
                "sentPoints": .number(Double(sketch.pointCount))]
    }
}
