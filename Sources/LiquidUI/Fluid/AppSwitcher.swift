import LiquidGeometry
import LiquidMotion

/// The app switcher of "Designing Fluid Interfaces", as a stand-in: acceleration pausing. An app fills
/// the screen; a drag that starts at the bottom edge shrinks it as it goes up, and the moment the finger
/// pauses the switcher is revealed — no timer, only the way the finger decelerated.
///
/// - Dragging: the card's scale is `1 − 0.45 · progress`, `progress = min(1, rise / 210)` for a finger
///   that has risen `rise` points; the card keeps its bottom edge under the finger and follows it sideways.
/// - Pausing: once per frame while the finger is down, LiquidMotion's `PauseDetector` gets the drag's
///   velocity and offset (so a finger held perfectly still, which sends no moves, is still sampled). The
///   velocity for this comes from a short straight-line fit over the last 80 ms of touches, which forgets
///   the motion a few frames after the finger stops (a longer curve fit swings on for its whole horizon
///   after an abrupt stop); the release velocity is the pan's own standard estimate. Over
///   the last seven frames it reports a pause when the speed is at most 100 pt/s, the finger has gone at
///   least 50 points, and the speed has lost more than 90 % against the oldest of the seven. On that
///   frame the switcher is revealed (the neighbouring cards appear) with a light impact; it stays revealed
///   until the finger lifts.
/// - Releasing after the reveal settles the card into the switcher (scale 0.55, centred). Without a
///   reveal, the release is projected with the scroll deceleration rate (LiquidMotion's `Projection`):
///   when the finger's rise plus its projected travel reaches 210 points (half the screen) — a fast upward
///   flick — the app goes home (it shrinks into its icon and fades); otherwise it springs back.
/// - A tap on the switcher's card, or anywhere on the home screen, opens the app again.
///
/// Every settling motion is a spring on the card's transform (damping ratio 0.9, response 0.35 s); an edge
/// drag that begins while the card is still springing back takes it over on its first move.
@MainActor
public final class AppSwitcher: View, SimulatableComponent {
    /// 240 × 420 points: a phone screen.
    public static let defaultSize = Size(width: 240, height: 420)
    /// The height of the bottom edge a drag must start in, points.
    public static let edgeHeight = 44.0
    /// The rise, in points, at which the card reaches its smallest dragging scale; also the projected rise
    /// that sends the app home.
    public static let fullRise = 210.0
    /// The card's scale in the switcher.
    public static let switcherScale = 0.55
    /// The card's scale at the full rise while dragging.
    public static let smallestDragScale = 0.55
    /// The spring every settling motion uses.
    public static let settleSpring = Spring.constant(response: 0.35, dampingRatio: 0.9)

    /// Where the app is.
    public enum Place: String, Hashable, Sendable {
        /// Full screen (possibly being dragged).
        case app
        /// In the switcher.
        case switcher
        /// Gone home.
        case home
    }

    /// Where the app is (or is settling to).
    public private(set) var place = Place.app
    /// Whether the switcher has been revealed (by a pause during the present drag, or by settling there).
    public private(set) var isSwitcherShown = false
    /// Whether the drag looks paused on the latest frame.
    public var isPaused: Bool { detector.isPaused }
    /// Whether a drag from the bottom edge is in progress.
    public private(set) var isDragging = false
    /// How far the finger has risen since the drag began, points (0 when not dragging; never negative).
    public var rise: Double { isDragging ? Swift.max(0, -pan.translation(in: self).y) : 0 }
    /// The drag's progress toward the smallest card, 0…1 (0 when not dragging).
    public var progress: Double { Swift.min(1, rise / Self.fullRise) }
    /// The card's presented scale (1 full screen).
    public var cardScale: Double { card.transform.decomposed.scaleX }

    package let pan = PanGestureRecognizer(instantBegan: true)
    /// The velocity the latest pause sample saw, points per second.
    package private(set) var pauseVelocity = Vector2.zero
    private var detector = PauseDetector()
    /// The velocity the pause test sees: a straight line over 80 ms (valid constants, so the fallback is unused).
    private var pauseTracker = (try? VelocityTracker(strategy: .linear, horizon: 0.08)) ?? .standard
    private var sampler: AnimationDriver.Handle?
    private let card = Layer()
    private let neighbours = [Layer(), Layer()]
    private var icons: [Layer] = []
    private static let cardColor = RGBA(red: 0.98, green: 0.55, blue: 0.2)
    private static let neighbourColors = [RGBA(red: 0.3, green: 0.65, blue: 0.95), RGBA(red: 0.45, green: 0.8, blue: 0.45)]

    /// A screen of `frame` (by default ``defaultSize`` at the origin) showing the app.
    public override init(frame: Rect = Rect(origin: .zero, size: AppSwitcher.defaultSize)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.16, green: 0.18, blue: 0.3)
        layer.clipsToBounds = true
        for i in 0..<12 {
            let icon = Layer()
            icon.backgroundColor = RGBA(red: 0.5 + 0.04 * Double(i % 4), green: 0.55, blue: 0.75 - 0.05 * Double(i / 4))
            icons.append(icon)
            layer.addSublayer(icon)
        }
        for (layer, color) in zip(neighbours, Self.neighbourColors) {
            layer.backgroundColor = color
            layer.opacity = 0
            self.layer.addSublayer(layer)
        }
        card.backgroundColor = Self.cardColor
        layer.addSublayer(card)
        addGestureRecognizer(pan)
        pan.addAction { [unowned self] recognizer in follow(recognizer.state) }
    }

    public override func layout() {
        let side = 40.0, gap = (bounds.width - 4 * side) / 5
        for (i, icon) in icons.enumerated() {
            icon.frame = Rect(x: gap + Double(i % 4) * (side + gap), y: 60 + Double(i / 4) * (side + 30), width: side, height: side)
            icon.cornerRadii = CornerRadii(all: 10)
        }
        for layer in neighbours + [card] {
            layer.frame = bounds
            layer.cornerRadii = CornerRadii(all: 28)
        }
        for (i, layer) in neighbours.enumerated() { layer.transform = neighbourTransform(i) }
    }

    // MARK: - Poses

    /// The card's transform while dragged `translation` from where the drag began.
    private func dragTransform(_ translation: Vector2) -> AffineTransform {
        let rise = Swift.max(0, -translation.y)
        let scale = 1 - (1 - Self.smallestDragScale) * Swift.min(1, rise / Self.fullRise)
        // Scaled about its centre, the card's bottom edge moves up by h(1 − s)/2; the rest follows the finger.
        let lift = bounds.height * (1 - scale) / 2
        return AffineTransform(scale: scale).concatenating(AffineTransform(translationX: translation.x, y: lift - rise))
    }

    private var switcherTransform: AffineTransform {
        AffineTransform(scale: Self.switcherScale).concatenating(AffineTransform(translationX: 0, y: -bounds.height * 0.04))
    }

    /// The app's icon (the first one) as a transform of the full-screen card.
    private var homeTransform: AffineTransform {
        let icon = icons.first?.frame ?? Rect(x: bounds.width / 2, y: bounds.height / 2, width: 1, height: 1)
        let scale = icon.width / Swift.max(bounds.width, 1)
        return AffineTransform(scale: scale)
            .concatenating(AffineTransform(translationX: icon.midX - bounds.midX, y: icon.midY - bounds.midY))
    }

    /// The `index`th card to the left of the switcher's centre card.
    private func neighbourTransform(_ index: Int) -> AffineTransform {
        let step = bounds.width * Self.switcherScale + 14
        return switcherTransform.concatenating(AffineTransform(translationX: -step * Double(index + 1), y: 0))
    }

    // MARK: - Touches

    private func follow(_ state: GestureRecognizerState) {
        switch state {
        case .began:
            beginDrag()
        case .changed:
            guard isDragging else { return }
            if let touch = pan.latestTouch { pauseTracker.addSample(touch.location, at: touch.timestamp) }
            card.transform = dragTransform(pan.translation(in: self))
        case .ended:
            if isDragging {
                endDrag()
            } else if pan.translation.length < 10 {
                tap(at: convert(pan.location, from: nil))
            }
        case .cancelled, .failed:
            if isDragging {
                stopSampling()
                settle(to: isSwitcherShown ? .switcher : .app)
            }
        case .possible:
            break
        }
    }

    private func beginDrag() {
        isDragging = false
        guard place == .app, convert(pan.location, from: nil).y >= bounds.height - Self.edgeHeight else { return }
        isDragging = true
        isSwitcherShown = false
        detector.reset()
        pauseTracker.reset()
        if let touch = pan.latestTouch { pauseTracker.addSample(touch.location, at: touch.timestamp) }
        setNeighbours(visible: false)
        startSampling()
    }

    private func endDrag() {
        stopSampling()
        guard !isSwitcherShown else { return settle(to: .switcher) }
        let rise = Swift.max(0, -pan.translation(in: self).y)
        let upward = -pan.velocity(in: self).y
        // A finite velocity projects to a finite distance unless it is absurd; then it counts as a flick.
        let travel = (try? Projection.distance(velocity: upward)) ?? (upward > 0 ? .infinity : 0)
        settle(to: rise + travel >= Self.fullRise ? .home : .app)
    }

    private func tap(at point: Point) {
        switch place {
        case .app:
            break
        case .switcher:
            // The card as shown: scaled about its centre, then moved.
            let pose = card.transform.decomposed
            let size = Size(width: bounds.width * pose.scaleX, height: bounds.height * pose.scaleY)
            let centre = bounds.center + pose.translation
            let shown = Rect(x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height)
            if shown.contains(point) { settle(to: .app) }
        case .home:
            settle(to: .app)
        }
    }

    // MARK: - Pause sampling

    private func startSampling() {
        guard sampler == nil, let loop = runLoop else { return }
        sampler = loop.animations.add { [weak self] _, _ in
            guard let self, isDragging else { return false }
            samplePause()
            return true
        }
    }

    private func stopSampling() {
        if let sampler { runLoop?.animations.remove(sampler) }
        sampler = nil
        isDragging = false
        detector.reset()
    }

    /// One frame's sample: the drag's velocity and offset now; a pause reveals the switcher on this frame.
    private func samplePause() {
        pauseVelocity = pauseTracker.velocity(at: runLoop?.currentTime ?? .infinity)
        let paused = detector.update(velocity: pauseVelocity, offset: pan.translation(in: self))
        if paused, !isSwitcherShown {
            isSwitcherShown = true
            playHaptic(.impactLight)
            setNeighbours(visible: true)
        }
    }

    // MARK: - Settling

    private func settle(to destination: Place) {
        place = destination
        isSwitcherShown = destination == .switcher
        // A spring written as a constant always settles, so the timing cannot throw.
        guard let timing = try? AnimationTiming.spring(Self.settleSpring) else { return }
        try? View.animate(timing) {
            switch destination {
            case .app:
                card.transform = .identity
                card.opacity = 1
            case .switcher:
                card.transform = switcherTransform
                card.opacity = 1
            case .home:
                card.transform = homeTransform
                card.opacity = 0
            }
        }
        setNeighbours(visible: destination == .switcher)
    }

    private func setNeighbours(visible: Bool) {
        guard let timing = try? AnimationTiming.spring(Self.settleSpring) else { return }
        try? View.animate(timing) {
            for layer in neighbours { layer.opacity = visible ? 1 : 0 }
        }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationPadding: Double { 8 }
    package var simulationState: [String: TraceValue] {
        ["progress": .number(progress), "offset": .number(isDragging ? pan.translation(in: self).y : 0),
         "cardScale": .number(cardScale), "isSwitcherShown": .bool(isSwitcherShown), "paused": .bool(isPaused),
         "place": .string(place.rawValue)]
    }
}
