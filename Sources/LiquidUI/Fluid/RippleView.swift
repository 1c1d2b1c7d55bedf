import LiquidGeometry
import LiquidRaster

/// A card that ripples where it is touched: each touch starts a ``Shockwave`` that warps the card's content
/// through a ``WarpMesh`` (cells of about 40 points) and draws a faint bright ring following the wave front.
///
/// - Waves: at most ``maximumWaves`` live at once (a new one drops the oldest); each ends once its time
///   reaches ``Shockwave/lifetime(in:)`` for the card's size. The waves' displacements add up.
/// - Time: the ripple keeps its own clock, advanced each frame by the frame's duration clamped to
///   ``maximumFrameStep``, so a stalled frame does not jump every wave to its end.
/// - The ring: a radial gradient (clear, clear, white at alpha 0.02, clear at stops 0, 1 − w, 1 − 0.2w, 1,
///   where w runs from 1 down to 0.4 as progress = t·speed/min(width, height) goes from 0 to 1), stretched
///   into an ellipse in the card's proportions whose shorter radius is the wave front's, with opacity
///   clamp(progress/0.15, 0, 1); drawn only in its annulus and masked to the card's rounded rect, as the
///   content is. A ring gentle enough (on a full phone screen at 3×, every ring but one just started; on smaller
///   views and at lower scales, fewer: rings there are steeper in pixels) is computed at every other pixel of every other row and interpolated
///   between, which provably moves its light by at most a quarter of a level.
/// - Touches still reach the content: the recognizer that starts waves never takes a touch away.
/// - With reduce motion on (``UIRunLoop/reduceMotion``) nothing warps; the ring alone shows each touch.
@MainActor
public final class RippleView: View, SimulatableComponent {
    /// 320 × 240 points.
    public static let defaultSize = Size(width: 320, height: 240)
    /// The most waves alive at once.
    public static let maximumWaves = 8
    /// The longest step (seconds) the ripple's clock takes in one frame.
    public static let maximumFrameStep = 1.0 / 6
    /// The card's corner radius, points.
    public static let cornerRadius = 28.0

    /// The view whose drawing ripples; add content to it. By default it holds a sample card.
    public let contentView: View
    /// The shape every new wave takes (its centre is replaced by the touch point).
    public let waveShape: Shockwave
    /// The live waves, oldest first, with their start on the ripple's clock.
    private(set) var waves: [(wave: Shockwave, start: Double)] = []
    /// How many waves are alive (at most ``maximumWaves``).
    public var waveCount: Int { waves.count }
    /// The live waves' centres, oldest first, points.
    public var waveCentres: [Point] { waves.map(\.wave.centre) }
    /// The mesh the content is drawn through now (`nil` when nothing warps).
    public private(set) var mesh: WarpMesh?
    /// The ripple's own clock, seconds (advanced by clamped frame steps).
    public private(set) var clock = 0.0

    private let clip = View()
    private let ring = Layer()
    private let touchDown = PanGestureRecognizer(instantBegan: true)
    private var ticking = false
    private let sample: RippleSampleCard?
    /// The rings of the live waves at the present clock, drawn by whichever workers draw the ring's tiles.
    let rings = RippleRingDrawing()

    /// A rippling card of `frame`; with `showsSampleCard` its content is a colourful sample card.
    /// - Parameter waveShape: amplitude, frequency, decay and speed of every wave (by default
    ///   ``Shockwave``'s: amplitude 10, frequency 15, decay 5.5, speed 1400).
    public init(frame: Rect = Rect(origin: .zero, size: RippleView.defaultSize), showsSampleCard: Bool = true,
                waveShape: Shockwave? = nil) {
        // The default parameters are valid, so this wave always exists.
        self.waveShape = waveShape ?? (try! Shockwave(centre: .zero))
        contentView = View()
        sample = showsSampleCard ? RippleSampleCard() : nil
        super.init(frame: frame)
        clip.layer.clipsToBounds = true
        clip.layer.cornerRadii = CornerRadii(all: Self.cornerRadius)
        addSubview(clip)
        clip.addSubview(contentView)
        if let sample { contentView.addSubview(sample) }
        clip.layer.addSublayer(ring)
        touchDown.cancelsTouchesInView = false
        addGestureRecognizer(touchDown)
        touchDown.addAction { [unowned self] recognizer in
            if recognizer.state == .began { startWave(at: recognizer.location(in: self)) }
        }
    }

    public override func layout() {
        clip.frame = bounds
        contentView.frame = bounds
        sample?.frame = bounds
        ring.frame = bounds
        ring.content = .drawing(rings)
        updateRings()
    }

    /// Starts a wave at `point` (this view's points), dropping the oldest when ``maximumWaves`` are alive.
    /// A non-finite point is ignored.
    public func startWave(at point: Point) {
        guard let wave = try? Shockwave(centre: point, amplitude: waveShape.amplitude, frequency: waveShape.frequency,
                                        decay: waveShape.decay, speed: waveShape.speed) else { return }
        if waves.count >= Self.maximumWaves { waves.removeFirst(waves.count - Self.maximumWaves + 1) }
        waves.append((wave, clock))
        updateRings()
        if !ticking {
            ticking = addAnimation { [unowned self] _, delta in advance(by: delta) }
        }
    }

    /// The longest displacement of any mesh vertex now, points (0 when nothing warps).
    public var maximumDisplacement: Double { mesh?.maximumDisplacement ?? 0 }

    /// Advances the clock by `delta` (clamped to 0…``maximumFrameStep``), drops finished waves and
    /// rebuilds the mesh and the ring. Returns whether waves are still alive.
    private func advance(by delta: Double) -> Bool {
        clock += delta.isFinite ? Swift.min(Swift.max(delta, 0), Self.maximumFrameStep) : 0
        let size = bounds.size
        waves.removeAll { clock - $0.start >= $0.wave.lifetime(in: size) }
        updateRings()
        if waves.isEmpty || runLoop?.reduceMotion == true || size.width <= 0 || size.height <= 0 {
            setMesh(nil)
        } else {
            setMesh(try? displacedMesh(size: size))
        }
        ticking = !waves.isEmpty
        return ticking
    }

    /// A mesh over `size` moved by the sum of the live waves at the present clock.
    private func displacedMesh(size: Size) throws(LiquidError) -> WarpMesh {
        var next = (mesh?.size == size) ? mesh! : try WarpMesh(size: size)
        let now = clock, live = waves
        try next.setOffsets { point in
            var sum = Vector2.zero
            for (wave, start) in live { sum += wave.displacement(of: point, time: now - start) }
            return sum
        }
        return next
    }

    private func setMesh(_ next: WarpMesh?) {
        mesh = next
        if let next, !next.isAtRest {
            contentView.layer.filters = [.meshWarp(next)]
        } else if !contentView.layer.filters.isEmpty {
            contentView.layer.filters = []
        }
    }

    /// Hands each live wave's ring at the present clock and size (this view's points) to the ring's drawing.
    private func updateRings() {
        let size = bounds.size
        let now = waves.compactMap { wave, start in
            RippleRing(centre: wave.centre, front: (clock - start) * wave.speed, in: size)
        }
        guard now != rings.rings else { return }
        rings.rings = now
        ring.setNeedsDrawingUpdate()
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        ["waves": .number(Double(waves.count)), "maxDisplacement": .number(maximumDisplacement),
         "contentTouches": .number(Double(sample?.touches ?? 0))]
    }
}
