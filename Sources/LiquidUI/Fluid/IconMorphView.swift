import Foundation
import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// A stage that morphs between vector icons as metaballs, above a row of buttons that pick the icon.
///
/// A morph follows the icon-morph timeline of duration D (``duration``, 0.5 s): the stage is blurred from
/// σ 0 to 5 points over D/4; from 3D/16 the old icon fades out and the new one in over D/2; from 9D/16 the
/// blur falls back to 0 over D/4; at 13D/16 the old icon is gone. An alpha threshold on the blurred stage
/// turns the blurred blend into one crisp shape, so the icons stretch toward each other and fuse.
///
/// Picking another icon during a morph starts a new morph from what is on screen: the current blend (the
/// old icons and the incoming one at their current opacities) becomes the old icon, and the new timeline
/// starts where its rising blur equals the blur on screen (at most 3D/16, before its cross-fade), so the
/// blur does not jump down. With the run loop's reduce motion on, a morph is a plain cross-fade over D/2
/// with no blur or threshold.
///
/// Icons are the built-in ``iconNames`` (paths drawn in a 24-point box); an unknown name is an error.
@MainActor
public final class IconMorphView: View, SimulatableComponent {
    /// The built-in icons, in button order.
    public static let iconNames = ["circle", "square", "triangle", "star", "heart", "plus", "bolt", "drop"]
    /// The timeline's unit D, seconds.
    public static let duration = 0.5
    /// The peak blur σ, points.
    public static let peakBlur = 5.0
    /// The height of the button row, points.
    public static let buttonRowHeight = 40.0

    /// The icon shown (or being morphed to).
    public private(set) var icon = "circle"
    /// The stage's blur σ now, points.
    public private(set) var blur = 0.0
    /// How far the current morph is, 0…1 (1 at rest).
    public private(set) var progress = 1.0

    private let timeline = IconMorph(duration: IconMorphView.duration, maximumBlurRadius: IconMorphView.peakBlur)
    private let stage = Layer()
    private let outgoing = Layer()
    private let incoming = Layer()
    private var buttons: [Layer] = []
    /// The old icons (name and opacity) fading out.
    private var old: [(name: String, opacity: Double)] = []
    private var elapsed = 0.0
    private var reduced = false
    private var animating = false
    private var trackedTouch: Int?
    private static let ink = RGBA(red: 0.13, green: 0.14, blue: 0.2)

    /// A demo of `frame` (a stage above a row of ``iconNames``.count buttons) showing the first icon.
    public override init(frame: Rect = Rect(x: 0, y: 0, width: 320, height: 200)) {
        super.init(frame: frame)
        layer.backgroundColor = RGBA(red: 0.96, green: 0.96, blue: 0.98)
        layer.addSublayer(stage)
        stage.addSublayer(outgoing)
        stage.addSublayer(incoming)
        for name in Self.iconNames {
            let button = Layer()
            button.cornerRadii = CornerRadii(all: 8)
            button.content = .custom { canvas, rect in
                Self.draw(name, in: rect.insetBy(dx: rect.width * 0.25, dy: rect.height * 0.25), alpha: 1, on: &canvas)
            }
            buttons.append(button)
            layer.addSublayer(button)
        }
        show()
    }

    public override func layout() {
        let stageHeight = Swift.max(bounds.height - Self.buttonRowHeight, 0)
        stage.frame = Rect(x: 0, y: 0, width: bounds.width, height: stageHeight)
        outgoing.frame = stage.bounds
        incoming.frame = stage.bounds
        let width = bounds.width / Double(buttons.count)
        for (i, button) in buttons.enumerated() {
            button.frame = Rect(x: Double(i) * width + 2, y: stageHeight + 2, width: width - 4, height: Self.buttonRowHeight - 4)
        }
    }

    /// Morphs to the icon `name`.
    /// - Throws: `LiquidError` naming the icon when it is not one of ``iconNames``.
    public func morph(to name: String) throws(LiquidError) {
        guard Self.iconNames.contains(name) else {
            throw .invalidParameter("unknown icon '\(LiquidError.quoted(name))' (known: \(Self.iconNames.joined(separator: ", ")))")
        }
        guard name != icon || progress < 1 else { return }
        let state = currentState
        // What is on screen becomes the old icon: the old ones and the incoming one at their opacities.
        var blend = old.map { ($0.name, $0.opacity * state.oldOpacity) }
        blend.append((icon, state.newOpacity))
        old = Self.merged(blend)
        icon = name
        reduced = runLoop?.reduceMotion ?? false
        elapsed = reduced ? 0 : Swift.min(blur / Self.peakBlur * timeline.blurRise.upperBound, timeline.crossFade.lowerBound)
        progress = 0
        show()
        guard !animating else { return }
        animating = addAnimation { [weak self] _, delta in
            guard let self else { return false }
            elapsed += delta
            show()
            animating = progress < 1
            return animating
        }
        if !animating { finish() }
    }

    /// The timeline's state at ``elapsed`` (a plain cross-fade over D/2 with reduce motion).
    private var currentState: IconMorph.State {
        if progress >= 1 { return IconMorph.State(blurRadius: 0, oldOpacity: 0, newOpacity: 1) }
        if reduced {
            let fade = Swift.min(Swift.max(elapsed / (Self.duration / 2), 0), 1)
            return IconMorph.State(blurRadius: 0, oldOpacity: 1 - fade, newOpacity: fade)
        }
        return timeline.state(at: elapsed)
    }

    private var endTime: Double { reduced ? Self.duration / 2 : timeline.endTime }

    /// Ends the morph at once (outside a run loop there is no clock to run it on).
    private func finish() {
        elapsed = endTime
        show()
    }

    /// Applies the state at ``elapsed`` to the layers.
    private func show() {
        if progress < 1 { progress = Swift.min(elapsed / endTime, 1) }
        let state = currentState
        if progress >= 1 { old = [] }
        blur = state.blurRadius
        let fading = old
        outgoing.opacity = state.oldOpacity
        outgoing.content = .custom { canvas, rect in
            for entry in fading { Self.draw(entry.name, in: Self.iconBox(in: rect), alpha: entry.opacity, on: &canvas) }
        }
        let shown = icon
        incoming.opacity = state.newOpacity
        incoming.content = .custom { canvas, rect in Self.draw(shown, in: Self.iconBox(in: rect), alpha: 1, on: &canvas) }
        if progress < 1, !reduced {
            stage.filters = [.blur(sigma: blur), .alphaThreshold(threshold: 0.5, color: Self.ink, softEdge: 0.2)]
        } else {
            stage.filters = []
        }
        for (i, button) in buttons.enumerated() {
            button.backgroundColor = Self.iconNames[i] == icon ? RGBA(red: 0.8, green: 0.84, blue: 0.98) : RGBA(red: 0.9, green: 0.9, blue: 0.92)
        }
    }

    /// Opacities of the same icon added, at most three entries kept (the faintest dropped).
    private static func merged(_ entries: [(String, Double)]) -> [(name: String, opacity: Double)] {
        var result: [(name: String, opacity: Double)] = []
        for (name, opacity) in entries where opacity > 0 {
            if let i = result.firstIndex(where: { $0.name == name }) {
                result[i].opacity = Swift.min(1, result[i].opacity + opacity)
            } else {
                result.append((name, opacity))
            }
        }
        return Array(result.sorted { $0.opacity > $1.opacity }.prefix(3))
    }

    /// The square the stage's icon fills: 60% of the stage's smaller side, centred.
    private static func iconBox(in rect: Rect) -> Rect {
        let side = Swift.min(rect.width, rect.height) * 0.6
        return Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    }

    private static func draw(_ name: String, in box: Rect, alpha: Double, on canvas: inout Canvas) {
        let scale = box.width / 24
        let path = (icons[name] ?? Path()).transformed(
            by: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: box.minX, ty: box.minY))
        var color = ink
        color.alpha = alpha
        canvas.fill(path, paint: .color(color))
    }

    /// The built-in icons in a 24-point box.
    private static let icons: [String: Path] = {
        func polygon(_ points: [(Double, Double)]) -> Path {
            var path = Path()
            for (i, p) in points.enumerated() {
                if i == 0 { path.move(to: Point(p.0, p.1)) } else { path.line(to: Point(p.0, p.1)) }
            }
            path.close()
            return path
        }
        var star: [(Double, Double)] = []
        for k in 0..<10 {
            let angle = -Double.pi / 2 + Double(k) * Double.pi / 5
            let r = k % 2 == 0 ? 10.0 : 4.2
            star.append((12 + r * cos(angle), 12.8 + r * sin(angle)))
        }
        var heart = Path()
        heart.move(to: Point(12, 21))
        heart.cubic(to: Point(2.5, 9), control1: Point(7, 17), control2: Point(2.5, 13.5))
        heart.cubic(to: Point(12, 6.5), control1: Point(2.5, 3.5), control2: Point(9.5, 2.5))
        heart.cubic(to: Point(21.5, 9), control1: Point(14.5, 2.5), control2: Point(21.5, 3.5))
        heart.cubic(to: Point(12, 21), control1: Point(21.5, 13.5), control2: Point(17, 17))
        heart.close()
        var drop = Path()
        drop.move(to: Point(12, 2))
        drop.cubic(to: Point(19, 15), control1: Point(15, 7), control2: Point(19, 10.5))
        drop.cubic(to: Point(5, 15), control1: Point(19, 23.5), control2: Point(5, 23.5))
        drop.cubic(to: Point(12, 2), control1: Point(5, 10.5), control2: Point(9, 7))
        drop.close()
        return [
            "circle": Path(ellipseIn: Rect(x: 3, y: 3, width: 18, height: 18)),
            "square": Path(roundedRect: Rect(x: 4, y: 4, width: 16, height: 16), cornerRadii: CornerRadii(all: 3)),
            "triangle": polygon([(12, 3), (21.5, 20), (2.5, 20)]),
            "star": polygon(star),
            "heart": heart,
            "plus": polygon([(9.5, 3), (14.5, 3), (14.5, 9.5), (21, 9.5), (21, 14.5), (14.5, 14.5), (14.5, 21),
                             (9.5, 21), (9.5, 14.5), (3, 14.5), (3, 9.5), (9.5, 9.5)]),
            "bolt": polygon([(14, 2), (4.5, 13.5), (11, 13.5), (9, 22), (19.5, 10), (13, 10), (15.5, 2)]),
            "drop": drop,
        ]
    }()

    // MARK: - Touches

    public override func touchBegan(_ touch: Touch) {
        guard trackedTouch == nil else { return }
        trackedTouch = touch.id
    }

    public override func touchCancelled(_ touch: Touch) {
        if touch.id == trackedTouch { trackedTouch = nil }
    }

    /// A touch lifted over a button picks its icon.
    public override func touchEnded(_ touch: Touch) {
        guard touch.id == trackedTouch else { return }
        trackedTouch = nil
        guard touch.location.isFinite else { return }
        let p = convert(touch.location, from: nil)
        for (i, button) in buttons.enumerated() where button.frame.contains(p) {
            try? morph(to: Self.iconNames[i])  // a built-in name: never throws
            playHaptic(.selection)
        }
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { bounds.size }
    package var simulationState: [String: TraceValue] {
        ["icon": .string(icon), "blur": .number((blur * 1000).rounded() / 1000),
         "progress": .number((progress * 1000).rounded() / 1000)]
    }
}
