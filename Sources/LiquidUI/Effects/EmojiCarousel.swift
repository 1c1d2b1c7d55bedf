import LiquidGeometry
import LiquidRaster

/// An avatar label that cycles through emoji: it shows “+” for ``initialWait`` seconds, then pushes the
/// next emoji in from the right every ``interval`` seconds, looping after the last, until stopped.
///
/// The push moves the old emoji out to the left and the new one in from the right, linearly over
/// ``pushDuration``; a push that starts while the previous one is still moving finishes that one at once
/// (its emoji is then the one pushed out). The cycle runs on a ``RunLoopTimer``, so it follows the run
/// loop's clock exactly: headless, the label at any frame time is determined. It starts when the view first
/// joins a run loop and on the Start button; the Stop button stops it and shows “+” again.
///
/// Emoji are drawn by ``EmojiRenderer`` (colour when a colour emoji font is installed); which path drew
/// each is in ``emojiSources``.
@MainActor
public final class EmojiCarousel: View, SimulatableComponent {
    /// 200 × 150 points: the avatar above two buttons.
    public static let defaultSize = Size(width: 200, height: 150)
    /// The emoji cycled through, each one grapheme cluster.
    public static let defaultEmoji = ["🦾", "👾", "🤖", "🦈", "🎆", "💙", "😎", "🐲", "🤫", "⛄️", "☮️", "🌈", "🌹", "🦭"]
    /// What the label shows before the first emoji.
    public static let startSymbol = "+"

    /// The emoji, in order.
    public let emoji: [String]
    /// Seconds between pushes (0.1).
    public let interval = 0.1
    /// How long a push takes (0.15 s, so each push is finished early by the next).
    public let pushDuration = 0.15
    /// How long “+” shows before the first push (0.3 s).
    public let initialWait = 0.3
    /// The renderer that draws the emoji.
    public var renderer = EmojiRenderer() { didSet { images = [:]; setNeedsLayout() } }

    /// The text the label shows (the incoming one during a push).
    public private(set) var label: String
    /// Index into ``emoji`` of the label, or `nil` while it shows “+”.
    public private(set) var index: Int?
    /// Whether the cycle is running.
    public var isRunning: Bool { timer?.isValid ?? false }
    /// Which path of the emoji renderer drew each label shown so far.
    public private(set) var emojiSources: [String: EmojiSource] = [:]

    private var previousLabel: String?
    private var pushStart: Double?
    private var timer: RunLoopTimer?
    private var started = false
    private var pushTicker: AnimationDriver.Handle?
    private var images: [String: Pixmap] = [:]
    private let avatar = Layer()
    private let incoming = Layer()
    private let outgoing = Layer()
    private let startButton = DemoButton(title: "Start")
    private let stopButton = DemoButton(title: "Stop")

    /// A carousel of `emoji` (each must be one grapheme cluster).
    /// - Throws: `LiquidError` when the list is empty or an entry is not exactly one grapheme cluster.
    public init(emoji: [String] = EmojiCarousel.defaultEmoji) throws(LiquidError) {
        guard !emoji.isEmpty else { throw .invalidParameter("an emoji carousel needs at least one emoji") }
        for item in emoji where item.count != 1 {
            throw .invalidParameter("carousel entry '\(LiquidError.quoted(item))' is not one grapheme cluster")
        }
        self.emoji = emoji
        label = Self.startSymbol
        super.init(frame: Rect(origin: .zero, size: Self.defaultSize))
        avatar.backgroundColor = RGBA(red: 0.93, green: 0.94, blue: 0.96)
        avatar.clipsToBounds = true
        avatar.addSublayer(outgoing)
        avatar.addSublayer(incoming)
        layer.addSublayer(avatar)
        addSubview(startButton)
        addSubview(stopButton)
        startButton.addAction(for: .touchUpInside) { [unowned self] _ in start() }
        stopButton.addAction(for: .touchUpInside) { [unowned self] _ in stop() }
    }

    /// The default carousel (its list is valid, so this cannot fail).
    public convenience init() {
        try! self.init(emoji: Self.defaultEmoji)
    }

    /// (Re)starts the cycle from “+” at the run loop's current time. Does nothing outside a run loop.
    public func start() {
        guard let loop = runLoop else { return }
        timer?.invalidate()
        let now = loop.currentTime
        setLabel(Self.startSymbol, index: nil, at: nil)
        timer = try? RunLoopTimer(on: loop, firstFire: now + initialWait, interval: interval) { [weak self] time in
            self?.advance(at: time)
        }
    }

    /// Stops the cycle and shows “+”.
    public func stop() {
        timer?.invalidate()
        timer = nil
        setLabel(Self.startSymbol, index: nil, at: nil)
    }

    /// How far the current push has come, 0…1 (1 when none is running), at the run loop's time.
    public var pushProgress: Double {
        guard let pushStart, let now = runLoop?.currentTime else { return 1 }
        return Swift.min(Swift.max((now - pushStart) / pushDuration, 0), 1)
    }

    private func advance(at time: Double) {
        let next = index.map { ($0 + 1) % emoji.count } ?? 0
        setLabel(emoji[next], index: next, at: time)
    }

    private func setLabel(_ text: String, index: Int?, at time: Double?) {
        previousLabel = time == nil ? nil : label
        label = text
        self.index = index
        pushStart = time
        setNeedsLayout()
        if time != nil, pushTicker == nil, let loop = runLoop {
            pushTicker = loop.animations.add { [weak self] _, _ in
                guard let self else { return false }
                setNeedsLayout()
                if pushProgress >= 1 { pushTicker = nil; return false }
                return true
            }
        }
    }

    public override func layout() {
        if !started, runLoop != nil {
            started = true
            start()
        }
        let diameter = 84.0
        avatar.frame = Rect(x: (bounds.width - diameter) / 2, y: 8, width: diameter, height: diameter)
        avatar.cornerRadii = CornerRadii(all: diameter / 2)
        let buttonWidth = 80.0, gap = 12.0
        let left = (bounds.width - 2 * buttonWidth - gap) / 2
        startButton.frame = Rect(x: left, y: bounds.height - 42, width: buttonWidth, height: 34)
        stopButton.frame = Rect(x: left + buttonWidth + gap, y: bounds.height - 42, width: buttonWidth, height: 34)
        let glyph = 48.0, inset = (diameter - glyph) / 2
        let p = pushProgress
        incoming.frame = Rect(x: inset + diameter * (1 - p), y: inset, width: glyph, height: glyph)
        incoming.content = image(for: label, side: glyph)
        if let previousLabel, p < 1 {
            outgoing.isHidden = false
            outgoing.frame = Rect(x: inset - diameter * p, y: inset, width: glyph, height: glyph)
            outgoing.content = image(for: previousLabel, side: glyph)
        } else {
            outgoing.isHidden = true
        }
    }

    private func image(for text: String, side: Double) -> LayerContent {
        if let cached = images[text] { return .image(cached) }
        let scale = Swift.min(runLoop?.scale ?? 2, 4)
        guard let drawn = try? renderer.render(text, size: side, scale: scale) else { return .none }
        images[text] = drawn.image
        emojiSources[text] = drawn.source
        return .image(drawn.image)
    }

    // MARK: - Simulation

    package var view: View { self }
    package var simulationSize: Size { Self.defaultSize }
    package var simulationState: [String: TraceValue] {
        ["label": .string(label), "index": .number(Double(index ?? -1)), "push": .number(pushProgress),
         "running": .bool(isRunning), "source": .string(emojiSources[label]?.name ?? "none")]
    }
}
