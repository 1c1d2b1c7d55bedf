import Foundation
import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// The life of a sketch, with the one who draws it and the one it is sent to side by side: draw →
/// compress → settle → stay → dissolve.
///
/// - **Draw** (left half). A ``DrawingCanvas``: fingers draw strokes, each simplified and handed over as it
///   lifts.
/// - **Release.** A sketch is finished when no finger has touched the canvas for ``releasePause`` (0.5 s)
///   after the last stroke lifted, so a word of several strokes — letters, the dot of an i — goes as one
///   sketch. Its ``Sketch`` (the canvas's strokes, simplified by Douglas–Peucker at 1 pt) is encoded to
///   compact JSON, the canvas is cleared, and the author's copy is made from the sketch value.
/// - **Receive** (right half). The receiver's copy is made only by decoding that JSON with the decoder
///   given at init — a strict one (LiquidScene's `Sketch(json:)` refuses non-finite numbers, arrays past the
///   sketch's caps and unknown keys). A decoding error never traps: it is kept in ``receiveError`` (and the
///   `receiveError` state), no receiver copy appears, and the author's copy lives on alone.
/// - **Settle.** Both copies settle as ``SketchSettle`` describes (the author's eases to 0.95, the
///   receiver's to 1.1 and comes out of a blur; both spring back to 1 about the sketch's centre).
/// - **Stay.** From the frame both settles end, the copies stay ``stayDuration`` seconds (4 by default;
///   see ``setStayDuration(_:)``).
/// - **Dissolve.** Then both copies dissolve into particles (a ``ParticleDissolveView`` over both halves,
///   one particle per inked pixel of the copy drawn at ``dissolveScale``); the sketch is gone 4 s after
///   its dissolve began.
///
/// Drawing again starts a new sketch: when a finger goes down on the canvas, every sketch still settling or
/// staying starts its dissolve at once (a sketch already dissolving goes on), so the new drawing never
/// overlaps an old one at rest.
///
/// State for `liquid simulate` (see ``simulationState``): the canvas's `strokes, livePoints,
/// flattenedPoints, dirtyRect`; `sentPoints` (the points handed over for the sketch being drawn, then those
/// sent, until the next sketch begins); `phase` — `idle`, `draw` (strokes on the canvas or waiting for the
/// release pause), `settle`, `stay` or `dissolve`, for the newest sketch; `particles` (in every dissolve's
/// store); `receiveError` (`none` or the decoder's message); and the newest copies' presented
/// `authorScale, receiverScale, receiverBlur, receiverOpacity`. None of it depends on rendering or scale.
@MainActor
public final class SketchExchange: View, SimulatableComponent {
    /// 640 × 240 points: two 316-point halves and a gap.
    public static let defaultSize = Size(width: 640, height: 240)
    /// Seconds without a finger on the canvas, after the last stroke lifted, that finish a sketch.
    public static let releasePause = 0.5
    /// The longest stay ``setStayDuration(_:)`` accepts, seconds.
    public static let maximumStayDuration = 600.0
    /// Seconds after its dissolve began that a sketch is removed.
    package static let dissolveLifetime = 4.0
    /// Pixels per point of the image a copy dissolves from, whatever the screen's scale, so that the
    /// particles (one per inked pixel) and their count do not depend on the screen: at 3× one particle
    /// per device pixel.
    package static let dissolveScale = 3.0

    /// Where a sketch is in its life.
    package enum Stage: String, Sendable {
        case settle, stay, dissolve
    }

    /// One sent sketch: its two copies (no receiver's copy when the JSON did not decode) and its times.
    private final class Sent {
        let author: SketchView
        let receiver: SketchView?
        var stage = Stage.settle
        /// When the settle ended (both copies at rest), the dissolve began.
        var settledAt: Double?
        var dissolveStart: Double?

        init(author: SketchView, receiver: SketchView?) {
            self.author = author
            self.receiver = receiver
        }
    }

    /// Where the author draws.
    package let canvas: DrawingCanvas
    /// The receiver's half, holding the receiver's copies.
    private let receiverPanel = View()
    private let decode: @MainActor (Data) throws -> Sketch
    /// The overlay the copies dissolve into, above both halves; its store holds every dissolve's particles.
    private let dust = ParticleDissolveView()
    /// The seed of the next copy's dissolve.
    private var nextSeed: UInt64 = 1

    /// Seconds a settled sketch stays before it dissolves.
    public private(set) var stayDuration = 4.0
    /// Why the last sketch received could not be decoded (`nil` when it decoded).
    public private(set) var receiveError: String?

    /// Sketches on screen, oldest first.
    private var sent: [Sent] = []
    /// When the last stroke lifted with no finger left on the canvas (a release is pending).
    private var liftedAt: Double?
    /// Points sent with the newest sketch (reset when the next one begins).
    private var lastSentPoints = 0
    private var isTicking = false

    /// A sketch exchange of `frame` whose receiver reads the author's JSON with `decoder` (pass LiquidScene's
    /// strict `Sketch.init(json:)`; any error it throws is reported, never trapped).
    public init(frame: Rect = Rect(origin: .zero, size: SketchExchange.defaultSize),
                decoder: @escaping @MainActor (Data) throws -> Sketch) {
        decode = decoder
        canvas = DrawingCanvas(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        super.init(frame: frame)
        addSubview(canvas)
        receiverPanel.isUserInteractionEnabled = false
        receiverPanel.layer.backgroundColor = canvas.layer.backgroundColor
        receiverPanel.layer.cornerRadii = canvas.layer.cornerRadii
        receiverPanel.layer.clipsToBounds = true
        addSubview(receiverPanel)
        addSubview(dust)
        canvas.strokeObserver = { [unowned self] began in strokeChanged(began: began) }
        placeHalves()
    }

    public override func layout() {
        placeHalves()
    }

    /// The canvas on the left half, the receiver's panel on the right, 8 points apart.
    private func placeHalves() {
        let gap = 8.0
        let half = Swift.max(0, (bounds.width - gap) / 2)
        canvas.frame = Rect(x: 0, y: 0, width: half, height: bounds.height)
        receiverPanel.frame = Rect(x: half + gap, y: 0, width: half, height: bounds.height)
        dust.frame = bounds
    }

    /// Sets how long a settled sketch stays before it dissolves.
    /// - Throws: `LiquidError` unless `seconds` is finite, ≥ 0 and at most ``maximumStayDuration``.
    public func setStayDuration(_ seconds: Double) throws(LiquidError) {
        guard seconds.isFinite, seconds >= 0, seconds <= Self.maximumStayDuration else {
            throw .invalidParameter(name: "stay duration", value: seconds,
                                    requirement: "must be finite and between 0 and \(Int(Self.maximumStayDuration)) seconds")
        }
        stayDuration = seconds
    }

    // MARK: - The life

    /// The canvas began (`true`) or ended/cancelled (`false`) a stroke.
    private func strokeChanged(began: Bool) {
        if began {
            if liftedAt == nil { lastSentPoints = 0 }
            liftedAt = nil
            let now = runLoop?.currentTime ?? 0
            for item in sent where item.stage != .dissolve { startDissolve(item, at: now) }
        } else if !canvas.isDrawing {
            liftedAt = runLoop?.currentTime ?? 0
        }
        startTicking()
    }

    private func startTicking() {
        guard !isTicking else { return }
        isTicking = addAnimation { [weak self] time, _ in self?.tick(time) ?? false }
    }

    /// One frame of the life: a pending release, stays that end, dissolves that end.
    private func tick(_ time: Double) -> Bool {
        let epsilon = 1e-9
        if let lifted = liftedAt, !canvas.isDrawing, time - lifted >= Self.releasePause - epsilon {
            liftedAt = nil
            release()
        }
        for item in sent {
            switch item.stage {
            case .settle:
                break
            case .stay:
                if let settled = item.settledAt, time - settled >= stayDuration - epsilon { startDissolve(item, at: time) }
            case .dissolve:
                if let phase = dissolvePhase(item, at: time), phase >= Self.dissolveLifetime - epsilon { remove(item) }
            }
        }
        sent.removeAll { $0.author.superview == nil && ($0.receiver?.superview == nil) }
        isTicking = liftedAt != nil || !sent.isEmpty
        return isTicking
    }

    /// Finishes the sketch on the canvas: encodes it, clears the canvas, makes both copies and settles them.
    private func release() {
        let sketch = canvas.sketch
        canvas.clear()
        guard !sketch.strokes.isEmpty else { return }
        lastSentPoints = sketch.pointCount
        let data = sketch.jsonData()
        let author = SketchView(sketch: sketch)
        canvas.addSubview(author)
        let item = Sent(author: author, receiver: receive(data))
        sent.append(item)
        var settling = item.receiver == nil ? 1 : 2
        let settled: @MainActor (Bool) -> Void = { [weak self, weak item] finished in
            guard finished else { return }
            settling -= 1
            guard settling == 0, let item, item.stage == .settle else { return }
            item.stage = .stay
            item.settledAt = self?.runLoop?.currentTime
        }
        SketchSettle.start(author, as: .author, completion: settled)
        if let receiver = item.receiver { SketchSettle.start(receiver, as: .receiver, completion: settled) }
    }

    /// The receiver's side: decodes `data` with the decoder and puts the copy in the receiver's half, or
    /// keeps the error in ``receiveError`` and returns `nil`.
    @discardableResult
    package func receive(_ data: Data) -> SketchView? {
        let sketch: Sketch
        do {
            sketch = try decode(data)
        } catch let error as LiquidError {
            receiveError = error.message
            return nil
        } catch {
            receiveError = String(describing: error)
            return nil
        }
        receiveError = nil
        let copy = SketchView(sketch: sketch)
        receiverPanel.addSubview(copy)
        return copy
    }

    private func remove(_ item: Sent) {
        item.author.removeFromSuperview()
        item.receiver?.removeFromSuperview()
    }

    // MARK: - The dissolve

    /// Starts the dissolve of both copies of `item` at run-loop time `time` (its phase counts from there):
    /// each copy is drawn into an image at ``dissolveScale``, handed to the particle overlay where the copy
    /// is shown now (its presented scale included; a receiver's copy still coming into focus dissolves
    /// sharp and opaque), and hidden. A copy that cannot become particles (outside a run loop) just hides.
    private func startDissolve(_ item: Sent, at time: Double) {
        item.stage = .dissolve
        item.dissolveStart = time
        for copy in [item.author, item.receiver].compactMap({ $0 }) {
            if let parent = copy.superview, let image = try? copy.image(scale: Self.dissolveScale) {
                let shown = convert(copy.layer.localToSuperlayer.apply(to: copy.bounds), from: parent)
                _ = try? dust.dissolve(image: image, frame: shown, seed: nextSeed)
            }
            nextSeed &+= 1
            copy.isHidden = true
        }
    }

    /// Seconds since `item`'s dissolve began, `nil` before it began.
    private func dissolvePhase(_ item: Sent, at time: Double) -> Double? {
        item.dissolveStart.map { time - $0 }
    }

    /// Particles in every dissolve (those whose lifetime ran out included, until their sketch is removed).
    private var particleCount: Int { dust.particleCount }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }

    /// The copies of the newest sketch on screen, if any (the receiver's is `nil` when its JSON did not decode).
    package var newestCopies: (author: SketchView, receiver: SketchView?)? {
        sent.last.map { ($0.author, $0.receiver) }
    }

    /// The stage of the newest sketch (see the type's overview for the names).
    package var phase: String {
        if canvas.isDrawing || liftedAt != nil { return "draw" }
        return sent.last?.stage.rawValue ?? "idle"
    }

    package var simulationState: [String: TraceValue] {
        var state = canvas.simulationState
        state["sentPoints"] = .number(Double(Swift.max(canvas.sketch.pointCount, lastSentPoints)))
        state["phase"] = .string(phase)
        state["particles"] = .number(Double(particleCount))
        state["receiveError"] = .string(receiveError ?? "none")
        let newest = sent.last
        state["authorScale"] = .number(newest?.author.layer.transform.a ?? 1)
        state["receiverScale"] = .number(newest?.receiver?.layer.transform.a ?? 1)
        var blur = 0.0
        if let filters = newest?.receiver?.layer.filters, case .blur(let sigma)? = filters.first { blur = sigma }
        state["receiverBlur"] = .number(blur)
        state["receiverOpacity"] = .number(newest?.receiver?.layer.opacity ?? 1)
        return state
    }
}
