import LiquidGeometry
import LiquidRaster

/// A toast: a pill at the top of the screen showing a message with an icon or a spinner, driven by events
/// through a ``ToastMachine`` and a ``ToastScheduler`` on its run loop's clock.
///
/// Geometry (points): height 62, width the content's (insets 12 top, 16 left, 12 bottom, 24 right; a 34 pt
/// icon or a 32 pt spinner, a gap of 8, then the text) but at least 191 and at most the screen's width
/// less 16 on each side; corner radius 31. The title is 15 pt bold (the nearest weight the bundled fonts
/// have to semibold) on a 20 pt line, the subtitle 13 pt regular on an 18 pt line. Text that does not fit
/// the widest toast is cut at the end with "…" (only its first 400 characters are ever measured), so a
/// title of any length gives a toast of bounded width.
///
/// Motion: the toast is centred horizontally; it presents by sliding from just above the screen's top
/// edge down to ``safeAreaTop`` and dismisses by sliding back, each over ``slideDuration`` (ease-out); a
/// change of content animates its width over the same time. The spinner is an arc of line width 4
/// turning about its centre once per ``spinnerPeriod``.
///
/// Time: ``send(_:)`` stamps events with the run loop's current time; the waiting event and the error
/// timeout fire from a ``RunLoopTimer``, so a headless run is exact. Outside a run loop, events are stamped
/// 0 and nothing that waits ever fires.
@MainActor
public final class Toast: View {
    /// The pill's height.
    public static let height = 62.0
    /// The narrowest pill.
    public static let minimumWidth = 191.0
    /// Room around the content: top 12, left 16, bottom 12, right 24.
    public static let insets = EdgeInsets(top: 12, left: 16, bottom: 12, right: 24)
    /// The pill's corner radius (half its height).
    public static let cornerRadius = 31.0
    /// The icon's side.
    public static let iconSize = 34.0
    /// The spinner's side.
    public static let spinnerSize = 32.0
    /// The spinner arc's line width.
    public static let spinnerLineWidth = 4.0
    /// Between the icon and the text.
    public static let gap = 8.0
    /// Title em size and line height.
    public static let titleSize = 15.0, titleLineHeight = 20.0
    /// Subtitle em size and line height.
    public static let subtitleSize = 13.0, subtitleLineHeight = 18.0
    /// Distance kept from the screen's sides.
    public static let sideMargin = 16.0
    /// How long a slide or a width change takes, seconds (the throttling window too).
    public static let slideDuration = ToastScheduler.window
    /// Seconds per turn of the spinner.
    public static let spinnerPeriod = 1.0

    /// The events' scheduler (the state shown is ``state``).
    public private(set) var scheduler: ToastScheduler
    /// The top of the shown toast in the superview, points (0 by default; the host sets its safe area).
    public private(set) var safeAreaTop = 0.0
    /// The title and subtitle as shown (cut to fit).
    public private(set) var shownText = (title: "", subtitle: "")

    private let icon = Layer()
    private let glyph = Layer()
    private let spinner = Layer()
    private let titleLayer = Layer()
    private let subtitleLayer = Layer()
    /// The last state with content: kept on screen while the toast slides out.
    private var content: ToastState = .hidden
    private var timer: RunLoopTimer?
    private var spinning = false

    private static let titleFont: Font? = (try? Font(family: "DejaVu Sans", style: .bold)) ?? (try? Font.fallback())
    private static let subtitleFont: Font? = try? Font.fallback()

    /// A hidden toast whose error messages stay 3 seconds.
    public convenience init() {
        self.init(scheduler: ToastScheduler())
    }

    /// A hidden toast whose error messages stay `errorTimeout` seconds.
    ///
    /// - Throws: `LiquidError` unless `errorTimeout` is finite and positive.
    public convenience init(errorTimeout: Double) throws(LiquidError) {
        self.init(scheduler: try ToastScheduler(errorTimeout: errorTimeout))
    }

    private init(scheduler: ToastScheduler) {
        self.scheduler = scheduler
        super.init(frame: Rect(x: 0, y: -Self.height, width: Self.minimumWidth, height: Self.height))
        isUserInteractionEnabled = false
        layer.backgroundColor = RGBA(red: 0.12, green: 0.12, blue: 0.14)
        layer.cornerRadii = CornerRadii(all: Self.cornerRadius)
        for part in [icon, spinner, titleLayer, subtitleLayer] { layer.addSublayer(part) }
        icon.addSublayer(glyph)
        spinner.content = .shape(Self.arc, fill: nil, stroke: (StrokeStyle(width: Self.spinnerLineWidth, cap: .round),
                                                                  .color(RGBA(red: 1, green: 1, blue: 1))))
    }

    /// The state shown (or sliding out, for `hidden`).
    public var state: ToastState { scheduler.state }

    /// Sends `event` at the run loop's current time (see ``ToastScheduler`` for throttling).
    public func send(_ event: ToastMachine.Event) {
        let now = runLoop?.currentTime ?? 0
        apply(scheduler.receive(event, at: now))
    }

    /// Moves the shown toast's top to `inset` points (animated when shown).
    ///
    /// - Throws: `LiquidError` unless `inset` is finite and not negative.
    public func setSafeAreaTop(_ inset: Double) throws(LiquidError) {
        guard inset.isFinite, inset >= 0 else {
            throw .invalidParameter(name: "safe-area top inset", value: inset, requirement: "must be finite and not negative")
        }
        safeAreaTop = inset
        if state != .hidden { slide(to: targetFrame(shown: true)) }
    }

    /// Re-centres the toast after its superview changed size.
    public func superviewDidResize() {
        stopAnimations()
        frame = targetFrame(shown: state != .hidden)
    }

    // MARK: Transitions

    private func apply(_ transitions: [ToastMachine.Transition]) {
        for transition in transitions {
            switch transition.effect {
            case .ignored:
                break
            case .present:
                show(transition.to)
                if layer.frame.maxY <= 0 {
                    // Off screen: take the new width at once, so only the slide is seen.
                    stopAnimations()
                    frame = targetFrame(shown: false)
                }
                slide(to: targetFrame(shown: true))
            case .update:
                show(transition.to)
                slide(to: targetFrame(shown: true))
            case .dismiss:
                slide(to: targetFrame(shown: false))
            }
        }
        reschedule()
    }

    private func reschedule() {
        timer?.invalidate()
        timer = nil
        guard let due = scheduler.nextDeadline, let loop = runLoop else { return }
        timer = try? loop.schedule(at: due) { [weak self] in
            guard let self else { return }
            apply(scheduler.advance(to: loop.currentTime))
        }
    }

    private func show(_ state: ToastState) {
        content = state
        let widest = Swift.max(Self.minimumWidth, screenWidth - 2 * Self.sideMargin) - textLeft - Self.insets.right
        let title = OverlayText(font: Self.titleFont, size: Self.titleSize)
        let subtitle = OverlayText(font: Self.subtitleFont, size: Self.subtitleSize)
        shownText = (title.truncated(state.title, toWidth: widest), subtitle.truncated(state.subtitle, toWidth: widest))
        textWidth = Swift.min(widest, Swift.max(title.width(shownText.title), subtitle.width(shownText.subtitle)))
        if case .loading = state { startSpinning() }
        setNeedsUpdateProperties()
        setNeedsLayout()
    }

    private var textWidth = 0.0
    private var textLeft: Double { Self.insets.left + Self.iconSize + Self.gap }
    private var screenWidth: Double { superview?.bounds.width ?? Self.minimumWidth + 2 * Self.sideMargin }

    /// The pill's frame for the content shown, on screen or just above it.
    private func targetFrame(shown: Bool) -> Rect {
        let widest = Swift.max(Self.minimumWidth, screenWidth - 2 * Self.sideMargin)
        let width = Swift.min(widest, Swift.max(Self.minimumWidth, textLeft + textWidth.rounded(.up) + Self.insets.right))
        return Rect(x: ((screenWidth - width) / 2).rounded(), y: shown ? safeAreaTop : -Self.height,
                    width: width, height: Self.height)
    }

    private func slide(to target: Rect) {
        // A curve of a positive constant duration always validates.
        guard let timing = try? AnimationTiming.curve(.easeOut, duration: Self.slideDuration) else { return }
        try? View.animate(timing) { frame = target }
    }

    private func stopAnimations() {
        layer.stopAnimation(of: .frame)
    }

    private func startSpinning() {
        guard !spinning, let loop = runLoop else { return }
        spinning = true
        let start = loop.currentTime
        loop.animations.add { [weak self] time, _ in
            guard let self else { return false }
            guard case .loading = content else {
                spinning = false
                spinner.transform = .identity
                return false
            }
            let turns = ((time - start) / Self.spinnerPeriod).truncatingRemainder(dividingBy: 1)
            spinner.transform = AffineTransform(rotationAngle: 2 * Double.pi * turns)
            return true
        }
    }

    // MARK: Drawing

    /// Three quarters of a circle inside the spinner's square, clear of its line width.
    private static let arc: Path = {
        var path = Path()
        let r = (spinnerSize - spinnerLineWidth) / 2
        path.addArc(center: Point(spinnerSize / 2, spinnerSize / 2), radius: r, startAngle: -Double.pi / 2,
                    sweepAngle: 1.5 * Double.pi)
        return path
    }()

    public override func updateProperties() {
        let isLoading: Bool
        if case .loading = content { isLoading = true } else { isLoading = false }
        spinner.isHidden = !isLoading
        icon.isHidden = isLoading
        if case .icon(let kind, _, _) = content {
            let s = Self.iconSize
            icon.content = .shape(Path(ellipseIn: Rect(x: 0, y: 0, width: s, height: s)), fill: .color(Self.color(of: kind)),
                                  stroke: nil)
            glyph.content = .shape(Self.glyph(of: kind), fill: nil,
                                   stroke: (StrokeStyle(width: 3, cap: .round, join: .round), .color(.white)))
        }
        if let font = Self.titleFont {
            titleLayer.content = .text(shownText.title, TextStyle(font: font, size: Self.titleSize, color: .white))
        }
        if let font = Self.subtitleFont {
            subtitleLayer.content = .text(shownText.subtitle, TextStyle(
                font: font, size: Self.subtitleSize, color: RGBA(red: 0.72, green: 0.72, blue: 0.76)))
        }
    }

    public override func layout() {
        let s = Self.iconSize
        icon.frame = Rect(x: Self.insets.left, y: (Self.height - s) / 2, width: s, height: s)
        glyph.frame = Rect(x: 0, y: 0, width: s, height: s)
        let p = Self.spinnerSize
        spinner.frame = Rect(x: Self.insets.left + (s - p) / 2, y: (Self.height - p) / 2, width: p, height: p)
        let width = Swift.max(0, bounds.width - textLeft - Self.insets.right)
        if shownText.subtitle.isEmpty {
            titleLayer.frame = Rect(x: textLeft, y: (Self.height - Self.titleLineHeight) / 2, width: width,
                                    height: Self.titleLineHeight)
        } else {
            titleLayer.frame = Rect(x: textLeft, y: Self.insets.top, width: width, height: Self.titleLineHeight)
        }
        subtitleLayer.frame = Rect(x: textLeft, y: Self.insets.top + Self.titleLineHeight, width: width,
                                   height: Self.subtitleLineHeight)
    }

    private static func color(of icon: ToastState.Icon) -> RGBA {
        switch icon {
        case .success: RGBA(red: 0.2, green: 0.74, blue: 0.36)
        case .error: RGBA(red: 0.9, green: 0.26, blue: 0.24)
        case .info: RGBA(red: 0.2, green: 0.5, blue: 0.95)
        }
    }

    /// The white mark on the icon's disc, in the icon's 34 pt square.
    private static func glyph(of icon: ToastState.Icon) -> Path {
        var path = Path()
        switch icon {
        case .success:
            path.move(to: Point(10, 17.5))
            path.line(to: Point(15, 22.5))
            path.line(to: Point(24, 12))
        case .error:
            path.move(to: Point(12, 12))
            path.line(to: Point(22, 22))
            path.move(to: Point(22, 12))
            path.line(to: Point(12, 22))
        case .info:
            path.move(to: Point(17, 15.5))
            path.line(to: Point(17, 24))
            path.move(to: Point(17, 10))
            path.line(to: Point(17, 10.5))
        }
        return path
    }
}
