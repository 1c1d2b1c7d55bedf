import LiquidGeometry
import LiquidMotion
import LiquidRaster

/// Drives a view tree: delivers touches, ticks gesture recognizers, runs animations and the view passes,
/// and hands the layer tree to the compositor — once per frame, on the main actor.
///
/// (Named `UIRunLoop` so that it never clashes with Foundation's `RunLoop`.)
///
/// ## A frame (``step(to:)``)
/// 1. Gesture recognizers that track a touch see the frame time (a long press begins, a tap times out).
/// 2. Animations (``View/addAnimation(_:)`` and the controls' springs) run with the frame time and
///    duration (springs advance in their fixed steps).
/// 3. The passes run top-down over the whole tree: update properties, then layout, then display (see
///    ``View``). Each runs only for views that need it, so an idle frame does no view work.
/// 4. The ``compositor`` (if set) renders the root layer, redrawing only what changed: ``image`` holds the
///    frame.
///
/// ## Touches (``dispatch(_:)``)
/// A touch's first sample is hit-tested against the root view; the hit view, and the recognizers of it
/// and its ancestors, receive every later sample of that touch wherever the finger goes (recognizers
/// first). When a recognizer with ``GestureRecognizer/cancelsTouchesInView`` recognizes, the view gets
/// ``View/touchCancelled(_:)`` and no further samples. Before a sample is delivered, recognizers see time
/// advance to its timestamp. Samples with a non-finite location or timestamp, and later samples of touches
/// that never began, are ignored.
///
/// ## Time
/// The clock is the touch timestamps and frame times the caller passes in: nothing reads a wall clock, so
/// a scripted run (``run(events:duration:onFrame:)``) is exactly reproducible. ``currentTime`` never goes
/// backwards: an earlier frame time is taken as the current time. Haptics played during a dispatch are
/// stamped with the touch's time, during a frame with the frame's.
@MainActor
public final class UIRunLoop {
    /// The view filling the window.
    public let root: View
    /// The window size in points; setting it resizes the root view.
    public var size: Size {
        didSet { root.frame = Rect(origin: .zero, size: size) }
    }
    /// Device pixels per point (for the compositor).
    public let scale: Double
    /// The frame rate of scripted runs and real-time driving.
    public let framesPerSecond: Double
    /// The haptic output of this run.
    public let haptics = HapticLog()
    /// The per-frame callbacks (spring animations) and the motion policy of their clocks.
    package let animations: AnimationDriver
    /// The property animations of the hosted tree (``View/animate(_:delay:_:completion:)`` and
    /// ``PropertyAnimator``).
    package private(set) lazy var layerAnimations = LayerAnimationEngine(runLoop: self)
    /// Reduce motion: property animations with springs animate without overshoot (each spring keeps its
    /// response and is critically damped). Off by default.
    public var reduceMotion = false
    /// Called at the end of every frame with the root layer, before ``compositor`` renders it.
    package var composite: (@MainActor (Layer) -> Void)?
    /// Renders the root layer at the end of every frame when set; make it with ``size`` and ``scale``
    /// (`Compositor(size: loop.size, scale: loop.scale)`) and replace it after resizing the window.
    public var compositor: Compositor?
    /// The image of the latest render by ``compositor``: `nil` before the first frame and after a frame
    /// whose render failed (``renderError`` says why; the next render redraws everything). Holding it past
    /// the next frame makes that frame's render copy it once.
    public private(set) var image: Pixmap?
    /// The error of the latest render, `nil` once a render succeeds (the compositor then redraws fully).
    public private(set) var renderError: (any Error)?

    /// The latest time seen: a frame time or a touch timestamp, in seconds.
    public private(set) var currentTime: Double
    /// The time of the latest frame, `nil` before the first.
    package private(set) var lastFrameTime: Double?
    /// How many frames have run.
    package private(set) var frameCount = 0

    private var bindings: [Int: TouchBinding] = [:]
    private var engaged: [GestureRecognizer] = []
    private var touchesSinceFrame = 0
    private var clock: FrameClock?
    #if LIQUIDKIT_INTERNAL_CHECKS
    /// Frames that redrew pixels (for the sampled damage check).
    private var renderedFrames = 0
    #endif

    /// Creates a run loop hosting `root`, which is resized to fill `size`.
    ///
    /// - Throws: `LiquidError` unless `size` is finite and non-negative, `scale` finite and positive,
    ///   `framesPerSecond` in (0, 1000], `startTime` finite, and `root` has no superview.
    public init(
        root: View, size: Size, scale: Double = 1, framesPerSecond: Double = 60, startTime: Double = 0
    ) throws(LiquidError) {
        guard size.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidParameter(
                name: "window size", value: Swift.min(size.width, size.height),
                requirement: "must be finite and not negative")
        }
        guard scale.isFinite, scale > 0 else {
            throw .invalidParameter(name: "scale", value: scale, requirement: "must be finite and positive")
        }
        guard framesPerSecond.isFinite, framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidParameter(
                name: "frame rate", value: framesPerSecond, requirement: "must be in (0, 1000] frames per second")
        }
        guard startTime.isFinite else {
            throw .invalidParameter(name: "start time", value: startTime, requirement: "must be finite")
        }
        guard root.superview == nil else { throw LiquidError(.invalidState, "the run loop's root view must not have a superview") }
        self.root = root
        self.size = size
        self.scale = scale
        self.framesPerSecond = framesPerSecond
        animations = AnimationDriver(frameInterval: 1 / framesPerSecond)
        self.currentTime = startTime
        root.frame = Rect(origin: .zero, size: size)
        root.hostingRunLoop = self
        root.layer.hostedBy = self
    }

    /// Seconds between frames.
    public var frameInterval: Double { 1 / framesPerSecond }

    /// How many touches are live (began and not yet ended or cancelled).
    package var activeTouchCount: Int { bindings.count }

    /// The view a live touch was delivered to, if any.
    package func view(forTouch id: Int) -> View? {
        bindings[id]?.view
    }

    // MARK: - Touches

    /// Delivers one touch sample (see the type's overview).
    ///
    /// - Returns: `false` if the sample was ignored (non-finite, or a later phase of an unknown touch).
    @discardableResult
    public func dispatch(_ touch: Touch) -> Bool {
        guard touch.isValid else { return false }
        currentTime = Swift.max(currentTime, touch.timestamp)
        tickRecognizers(to: currentTime)
        if touch.phase == .began {
            if bindings[touch.id] != nil {
                // A touch id that began again without ending: finish the old one first.
                deliverToBinding(touch.with(phase: .cancelled))
            }
            touchesSinceFrame += 1
            begin(touch)
        } else {
            guard bindings[touch.id] != nil else { return false }
            touchesSinceFrame += 1
            deliverToBinding(touch)
        }
        pruneEngaged()
        return true
    }

    private func begin(_ touch: Touch) {
        guard let target = root.hitTest(root.convert(touch.location, from: nil)) else { return }
        var recognizers: [GestureRecognizer] = []
        var current: View? = target
        while let view = current {
            recognizers += view.gestureRecognizers.filter(\.isEnabled)
            current = view.superview
        }
        for recognizer in recognizers where !engaged.contains(where: { $0 === recognizer }) {
            engaged.append(recognizer)
        }
        var binding = TouchBinding(view: target, recognizers: recognizers, beganTouch: touch)
        for recognizer in recognizers { recognizer.receive(touch) }
        if binding.isTakenOver {
            binding.viewCancelled = true
        } else {
            binding.viewReceivedTouch = true
        }
        bindings[touch.id] = binding
        if binding.viewReceivedTouch { target.touchBegan(touch) }
    }

    private func deliverToBinding(_ touch: Touch) {
        guard var binding = bindings[touch.id] else { return }
        for recognizer in binding.recognizers { recognizer.receive(touch) }
        let cancelNow = !binding.viewCancelled && binding.isTakenOver
        let deliver = !binding.viewCancelled && !cancelNow
        if cancelNow { binding.viewCancelled = true }
        if touch.phase.isFinal {
            bindings[touch.id] = nil
        } else {
            bindings[touch.id] = binding
        }
        if cancelNow, binding.viewReceivedTouch {
            binding.view.touchCancelled(touch.with(phase: .cancelled))
        } else if deliver {
            switch touch.phase {
            case .began: break
            case .moved: binding.view.touchMoved(touch)
            case .ended: binding.view.touchEnded(touch)
            case .cancelled: binding.view.touchCancelled(touch)
            }
        }
    }

    /// Advances engaged recognizers to `time`, then takes touches away from views whose recognizers
    /// recognized by time alone.
    private func tickRecognizers(to time: Double) {
        guard !engaged.isEmpty else { return }
        for recognizer in engaged { recognizer.advance(to: time) }
        for (id, binding) in bindings where !binding.viewCancelled && binding.isTakenOver {
            var updated = binding
            updated.viewCancelled = true
            bindings[id] = updated
            if binding.viewReceivedTouch {
                let latest = binding.recognizers.lazy.compactMap(\.latestTouch).first { $0.id == id }
                binding.view.touchCancelled((latest ?? binding.beganTouch).with(phase: .cancelled))
            }
        }
        pruneEngaged()
    }

    /// Keeps only recognizers that still need time or still see a live touch.
    private func pruneEngaged() {
        engaged.removeAll { recognizer in
            !recognizer.wantsTimeUpdates
                && !bindings.values.contains { $0.recognizers.contains { $0 === recognizer } }
        }
    }

    // MARK: - Frames

    /// Runs one frame at `time` (see the type's overview) and reports what it did.
    @discardableResult
    public func step(to time: Double) -> FrameInfo {
        let started = beginStep(to: time)
        let drawn = started.frame.map { Compositor.updateDrawings(of: [$0])[0] }
        return finishStep(started, drawn: drawn)
    }

    /// Runs one frame of each run loop, each at its own time, as one piece of work: every loop's frame is
    /// begun (touches, animations, passes, the compositor's render tree), then the drawing layers' updates of
    /// all of them run as one loop on the worker pool (longest first), then each frame is finished in order.
    /// Each loop's frame — its image, damage and ``FrameInfo`` — is exactly what ``step(to:)`` gives; with
    /// several workers the loops' drawings (a slider's goo, a tab bar's lens) run side by side rather than
    /// one control after another. The loops must be independent (separate view trees); a list naming one
    /// loop twice, or two loops sharing a compositor, is stepped one entry at a time.
    ///
    /// Measured reason: `ui.gallery.frame` (four controls, four run loops) on two workers spent most of its
    /// frame in drawing updates that ran one control at a time, each split into row bands too narrow to
    /// share well.
    @discardableResult
    public static func step(_ frames: [(loop: UIRunLoop, time: Double)]) -> [FrameInfo] {
        let loops = Set(frames.map { ObjectIdentifier($0.loop) })
        let compositors = frames.compactMap { $0.loop.compositor.map(ObjectIdentifier.init) }
        guard loops.count == frames.count, Set(compositors).count == compositors.count else {
            return frames.map { $0.loop.step(to: $0.time) }
        }
        let started = frames.map { $0.loop.beginStep(to: $0.time) }
        let drawn = Compositor.updateDrawings(of: started.compactMap(\.frame))
        var next = 0
        return zip(frames, started).map { entry, step in
            var results: Compositor.DrawnLayers? = nil
            if step.frame != nil {
                results = drawn[next]
                next += 1
            }
            return entry.loop.finishStep(step, drawn: results)
        }
    }

    /// A frame between ``beginStep(to:)`` and ``finishStep(_:drawn:)``.
    private struct StartedStep {
        var now: Double
        var delta: Double
        var animationsRun: Int
        var updated: Int
        var laidOut: Int
        var displayed: Int
        /// The compositor's begun render (`nil` without a compositor, when idle, or when it failed).
        var frame: Compositor.PendingFrame?
    }

    /// The frame up to the compositor's drawing updates: touches, animations, the passes, and the begun
    /// render.
    private func beginStep(to time: Double) -> StartedStep {
        let now = time.isFinite ? Swift.max(time, currentTime) : currentTime
        let delta = lastFrameTime.map { now - $0 } ?? 0
        currentTime = now
        tickRecognizers(to: now)
        let animationsRun = animations.advance(time: now, delta: delta)
        let updated = root.runPass(.updateProperties)
        let laidOut = root.runPass(.layout)
        let displayed = root.runPass(.display)
        composite?(root.layer)
        var frame: Compositor.PendingFrame? = nil
        if let compositor {
            // Let go of the last frame first, so that (unless the caller holds it) the compositor draws into
            // its image in place. Measured reason: holding it made every non-idle frame copy the whole image
            // into freshly mapped memory — ~2 ms of a full-screen frame at 3× (a 12 MB copy and ~2,900 page
            // faults).
            image = nil
            do {
                frame = try compositor.beginFrame(root.layer)
                if frame == nil {
                    image = compositor.image
                    renderError = nil
                }
            } catch {
                renderError = error
            }
        }
        return StartedStep(now: now, delta: delta, animationsRun: animationsRun, updated: updated, laidOut: laidOut,
                           displayed: displayed, frame: frame)
    }

    /// Completes a frame begun by ``beginStep(to:)`` with its drawing updates, and reports it.
    private func finishStep(_ step: StartedStep, drawn: Compositor.DrawnLayers?) -> FrameInfo {
        var damage: PixelRect?
        var updatedWhileRendering = 0
        if let compositor, let frame = step.frame, let drawn {
            // Glass measures the backdrop beneath it while it renders; content coloured by that measurement
            // (a glass button's title) updates its properties before it is drawn, so a frame's content
            // colour follows the same frame's backdrop, not the one before.
            let root = self.root
            compositor.didRenderBackdrop = { updatedWhileRendering += root.runPass(.updateProperties) }
            defer { compositor.didRenderBackdrop = nil }
            do {
                let rendered = try compositor.finishFrame(frame, drawn: drawn)
                image = rendered.image
                damage = rendered.damage
                renderError = nil
                #if LIQUIDKIT_INTERNAL_CHECKS
                if damage != nil {
                    renderedFrames += 1
                    InternalChecks.verifyFrame(rendered.image, of: root.layer, by: compositor, count: renderedFrames)
                }
                #endif
            } catch {
                renderError = error
            }
        }
        let info = FrameInfo(
            index: frameCount, time: step.now, delta: step.delta, touchesDispatched: touchesSinceFrame,
            animationsRun: step.animationsRun, propertiesUpdated: step.updated + updatedWhileRendering,
            layoutsRun: step.laidOut, displaysRun: step.displayed,
            damage: damage)
        frameCount += 1
        lastFrameTime = step.now
        touchesSinceFrame = 0
        return info
    }

    /// Plays a script headlessly: frames at ``framesPerSecond`` from ``currentTime`` for `duration`
    /// seconds, with each touch dispatched, in timestamp order (ties keep script order), just before the
    /// first frame at or after its timestamp.
    ///
    /// Frames fall at `start + k / framesPerSecond` for `k = 0 … ⌊duration · framesPerSecond⌋`, where
    /// `start` is ``currentTime`` on entry; the frame at `start` is skipped if a frame already ran at that
    /// time. Touches timestamped before `start` go before the first frame; invalid touches are dropped.
    ///
    /// - Returns: the touches timestamped after the last frame, not dispatched (in order).
    @discardableResult
    public func run(events: [Touch], duration: Double, onFrame: (FrameInfo) -> Void = { _ in }) -> [Touch] {
        let script = events.filter(\.isValid).enumerated()
            .sorted { a, b in
                a.element.timestamp != b.element.timestamp
                    ? a.element.timestamp < b.element.timestamp : a.offset < b.offset
            }
            .map(\.element)
        guard duration.isFinite, duration >= 0 else { return script }
        var iterator = script.makeIterator()
        let pending = play(&iterator, duration: duration, onFrame: onFrame)
        return (pending.map { [$0] } ?? []) + Array(IteratorSequence(iterator))
    }

    /// Plays touches that arrive in time order as ``run(events:duration:onFrame:)`` does, reading them one
    /// at a time: at most one touch is held ahead, so an endless or very long script (a generator, a
    /// streamed file) costs constant memory. Frames are the same as for ``run(events:duration:onFrame:)``.
    ///
    /// A touch timestamped earlier than the one before it is dispatched as soon as it is read (the
    /// sequence is never re-sorted); invalid touches are dropped. Reading stops at the first touch after
    /// the last frame.
    package func run(orderedEvents events: some Sequence<Touch>, duration: Double, onFrame: (FrameInfo) -> Void = { _ in }) {
        guard duration.isFinite, duration >= 0 else { return }
        var iterator = events.lazy.filter(\.isValid).makeIterator()
        _ = play(&iterator, duration: duration, onFrame: onFrame)
    }

    /// Plays touches that arrive in time order at the given frame times instead of at a fixed rate — the
    /// frames a window actually ticked at, late ones included — with the dispatch rule of
    /// ``run(events:duration:onFrame:)``: before each frame, every touch read and not yet dispatched whose
    /// timestamp is at or before the frame's time (within ``GestureRecognizer/timeTolerance``) is
    /// dispatched, in order; then the run loop steps to that time.
    ///
    /// This is exactly what a driven run loop does when each touch is dispatched in the tick after the
    /// frame before it (a touch stamped more than the tolerance after the previous frame and at most the
    /// current frame's time), so a recording of a window's touches and ticks replays to the same states.
    /// A frame time that is not finite or not later than the frame before is skipped, as a driven clock
    /// drops it. Reading stops at the first touch after the last frame; invalid touches are dropped.
    package func run(orderedEvents events: some Sequence<Touch>, frameTimes: some Sequence<Double>,
                     onFrame: (FrameInfo) -> Void = { _ in }) {
        var iterator = events.lazy.filter(\.isValid).makeIterator()
        var next = iterator.next()
        for time in frameTimes {
            guard time.isFinite, lastFrameTime.map({ time > $0 }) ?? true else { continue }
            while let touch = next, touch.timestamp <= time + GestureRecognizer.timeTolerance {
                dispatch(touch)
                next = iterator.next()
            }
            onFrame(step(to: time))
        }
    }

    /// The frame loop of both `run` methods: returns the touch read but not yet due at the end.
    private func play<Events: IteratorProtocol<Touch>>(
        _ events: inout Events, duration: Double, onFrame: (FrameInfo) -> Void
    ) -> Touch? {
        let start = currentTime
        let frames = Checked.clamped(duration * framesPerSecond + 1e-9, to: 0...Int.max - 1, rounding: .down)
        var next = events.next()
        for k in 0...frames {
            let time = start + Double(k) / framesPerSecond
            if k == 0, lastFrameTime == start { continue }
            while let touch = next, touch.timestamp <= time + GestureRecognizer.timeTolerance {
                dispatch(touch)
                next = events.next()
            }
            onFrame(step(to: time))
        }
        return next
    }

    // MARK: - Real time

    /// Drives frames from `source` (a display link, a window's frame callback, an interval timer) through
    /// LiquidMotion's ``FrameClock``: every tick runs ``step(to:)`` at the tick's timestamp, which is taken
    /// as run-loop time (stamp touches with the same clock). The source must tick on the main thread.
    /// Replaces any earlier source.
    package func drive(from source: TickSource) {
        stopDriving()
        let clock = FrameClock(source: source)
        clock.addObserver { [weak self] tick in
            MainActor.assumeIsolated {
                _ = self?.step(to: tick.timestamp)
            }
        }
        self.clock = clock
        clock.start()
    }

    /// Stops the source given to ``drive(from:)``.
    package func stopDriving() {
        clock?.stop()
        clock = nil
    }
}
