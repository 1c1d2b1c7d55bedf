import LiquidGeometry
import LiquidMotion

/// The picture-in-picture window of "Designing Fluid Interfaces": a video tile that can be dragged
/// anywhere and, when let go, goes to the corner its momentum points at.
///
/// - Dragging: an instant-began pan, so a touch on the tile catches it at once, also in flight (it stops
///   where it is shown and follows the finger from there, without a jump).
/// - Releasing: the tile's centre is projected with the finger's velocity at the normal scroll
///   deceleration rate (LiquidMotion's `Projection`, the discrete `(v/1000)·d/(1 − d)`: 499 points for
///   1000 pt/s), and the tile goes to the corner nearest that projected point — four corners inset by
///   ``margin`` — on a critically damped spring (damping ratio 1, response 0.4 s) that starts with the
///   flick's velocity, per axis, relative to the distance that axis has left
///   (`GestureMath.relativeVelocity`, given to `AnimationTiming.spring(_:initialVelocity:)` as a `Vector2`).
///   It lands exactly on the corner.
/// - A touch that does not land on the tile does nothing.
@MainActor
public final class PictureInPicture: View, SimulatableComponent {
    /// 240 × 420 points: a phone screen.
    public static let defaultSize = Size(width: 240, height: 420)
    /// The tile's size, points (16 : 9).
    public static let tileSize = Size(width: 112, height: 63)
    /// How far the corners are inset from the screen's edges, points.
    public static let margin = 16.0
    /// The spring to a corner.
    public static let cornerSpring = Spring.constant(response: 0.4, dampingRatio: 1)

    /// A corner the tile rests in.
    public enum Corner: String, Hashable, Sendable, CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The corner the tile rests in or is heading to.
    public private(set) var corner = Corner.topLeft
    /// Whether a finger holds the tile.
    public private(set) var isDragging = false
    /// Where the tile's centre would come to rest if it coasted from the latest release, points.
    public private(set) var projectedCentre: Point?

    package let pan = PanGestureRecognizer(instantBegan: true)
    private let tile = View()
    /// Finger position minus tile origin, while dragging.
    private var grab = Vector2.zero

    /// A screen of `frame` (by default ``defaultSize`` at the origin) with the tile in the top-left corner.
    public override init(frame: Rect = Rect(origin: .zero, size: PictureInPicture.defaultSize)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.93, green: 0.94, blue: 0.96)
        tile.isUserInteractionEnabled = false
        tile.layer.backgroundColor = RGBA(red: 0.1, green: 0.12, blue: 0.2)
        tile.layer.cornerRadii = CornerRadii(all: 10)
        let picture = Layer(frame: Rect(x: 6, y: 6, width: Self.tileSize.width - 12, height: Self.tileSize.height - 12))
        picture.backgroundColor = RGBA(red: 0.28, green: 0.55, blue: 0.95)
        picture.cornerRadii = CornerRadii(all: 6)
        tile.layer.addSublayer(picture)
        tile.frame = tileFrame(centredAt: centre(of: .topLeft, in: frame.size))
        addSubview(tile)
        addGestureRecognizer(pan)
        pan.addAction { [unowned self] recognizer in follow(recognizer.state) }
    }

    /// The tile's centre as shown now, points.
    public var tileCentre: Point { tile.layer.frame.center }

    /// The tile's velocity as shown now, points per second: the finger's while dragging, the spring's
    /// while it moves to a corner, zero at rest.
    public var tileVelocity: Vector2 {
        if isDragging { return pan.velocity(in: self) }
        guard let track = tile.layer.animationTracks[.frame] else { return .zero }
        return Vector2(track.velocity.lanes[0], track.velocity.lanes[1])
    }

    /// Where the tile's centre rests in `corner`.
    public func centre(of corner: Corner) -> Point { centre(of: corner, in: bounds.size) }

    private func centre(of corner: Corner, in size: Size) -> Point {
        let m = Self.margin, w = Self.tileSize.width, h = Self.tileSize.height
        let left = m + w / 2, right = size.width - m - w / 2, top = m + h / 2, bottom = size.height - m - h / 2
        switch corner {
        case .topLeft: return Point(left, top)
        case .topRight: return Point(right, top)
        case .bottomLeft: return Point(left, bottom)
        case .bottomRight: return Point(right, bottom)
        }
    }

    private func tileFrame(centredAt c: Point) -> Rect {
        Rect(x: c.x - Self.tileSize.width / 2, y: c.y - Self.tileSize.height / 2,
             width: Self.tileSize.width, height: Self.tileSize.height)
    }

    // MARK: - Touches

    private func follow(_ state: GestureRecognizerState) {
        let finger = convert(pan.location, from: nil)
        switch state {
        case .began:
            // Hit-test what is shown: a tile in flight is caught where it is, not where it is going.
            let shown = tile.layer.frame
            guard shown.contains(finger) else { return }
            isDragging = true
            tile.layer.stopAnimation(of: .frame)
            tile.frame = shown
            grab = finger - shown.origin
        case .changed:
            guard isDragging, finger.isFinite else { return }
            tile.frame.origin = finger - grab
        case .ended:
            guard isDragging else { return }
            if finger.isFinite { tile.frame.origin = finger - grab }
            release(velocity: pan.velocity(in: self))
        case .cancelled, .failed:
            guard isDragging else { return }
            release(velocity: .zero)
        case .possible:
            break
        }
    }

    /// Sends the tile to the corner nearest its projected resting point, with the flick's velocity.
    private func release(velocity: Vector2) {
        isDragging = false
        let here = tile.frame.center
        let v = velocity.isFinite ? velocity : .zero
        // A velocity too large to project (beyond any finger) counts as none.
        let projected = (try? Projection.project(here, velocity: v)) ?? here
        projectedCentre = projected
        let corners = Corner.allCases.map { (corner: $0, centre: centre(of: $0)) }
        let nearest = GestureMath.nearest(to: projected, among: corners.map(\.centre)) ?? here
        corner = corners.first { $0.centre == nearest }?.corner ?? corner
        // Finite inputs give a finite relative velocity (clamped to ±100 per second).
        let relative = (try? GestureMath.relativeVelocity(v, from: here, to: nearest)) ?? .zero
        // The spring is a damped constant and the velocity finite, so the timing cannot throw.
        guard let timing = try? AnimationTiming.spring(Self.cornerSpring, initialVelocity: relative) else { return }
        try? View.animate(timing) { tile.frame = tileFrame(centredAt: nearest) }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationPadding: Double { 8 }
    package var simulationState: [String: TraceValue] {
        let c = tileCentre
        return ["x": .number(c.x), "y": .number(c.y), "corner": .string(corner.rawValue),
                "velocity": .number(tileVelocity.length), "dragging": .bool(isDragging)]
    }
}
