import LiquidGeometry
import LiquidMotion

/// The rubber band of "Designing Fluid Interfaces": a card that may not move, yet always answers the
/// finger — dragged, it follows by `sign(d)·|d|^0.7` on each axis (100 points of drag show as 25.1), so
/// the motion lessens the further it goes; released, it springs home.
///
/// A touch on the card while it springs home catches it where it is, and the drag continues from there
/// without a jump (the offset it shows is converted back into the drag that would show it).
@MainActor
public final class RubberBandCard: View, SimulatableComponent {
    /// The card's size, points.
    public static let cardSize = Size(width: 160, height: 100)
    /// The spring home (damping ratio 0.8, response 0.4 s).
    public static let homeSpring = Spring.constant(response: 0.4, dampingRatio: 0.8)

    private let card = View()
    private let pan = PanGestureRecognizer(instantBegan: true)
    /// The drag, in points, that the card showed when the present gesture caught it.
    private var caughtDrag = Vector2.zero

    /// A card centred in `frame`.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 320, height: 240)) {
        super.init(frame: frame)
        card.layer.backgroundColor = RGBA(red: 0.24, green: 0.47, blue: 0.96)
        addSubview(card)
        card.addGestureRecognizer(pan)
        pan.addAction { [unowned self] recognizer in follow(recognizer.state) }
    }

    /// The offset the card shows now (its presented translation), points.
    public var offset: Vector2 {
        let t = card.layer.transform
        return Vector2(t.tx, t.ty)
    }

    public override func layout() {
        card.frame = Rect(x: (bounds.width - Self.cardSize.width) / 2, y: (bounds.height - Self.cardSize.height) / 2,
                          width: Self.cardSize.width, height: Self.cardSize.height)
        card.layer.cornerRadii = CornerRadii(all: 18)
    }

    private func follow(_ state: GestureRecognizerState) {
        switch state {
        case .began:
            // Catch the card where it is shown: the drag that would show this offset.
            let shown = offset
            caughtDrag = Vector2((try? RubberBand.inversePower(shown.x)) ?? 0, (try? RubberBand.inversePower(shown.y)) ?? 0)
            show(drag: caughtDrag + pan.translation)
        case .changed:
            show(drag: caughtDrag + pan.translation)
        case .ended, .cancelled, .failed:
            // A spring written as a constant always settles, so the timing cannot throw.
            guard let timing = try? AnimationTiming.spring(Self.homeSpring) else { return }
            try? View.animate(timing) { card.transform = .identity }
        case .possible:
            break
        }
    }

    /// Shows the card rubber-banded for a drag of `drag` points.
    private func show(drag: Vector2) {
        // Finite drags of a finite touch always band to finite offsets.
        let x = (try? RubberBand.power(drag.x)) ?? 0, y = (try? RubberBand.power(drag.y)) ?? 0
        card.transform = AffineTransform(translation: Vector2(x, y))
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        let o = offset
        return ["offsetX": .number(o.x), "offsetY": .number(o.y), "dragging": .bool(pan.state == .began || pan.state == .changed)]
    }
}
