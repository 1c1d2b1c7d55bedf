import LiquidGeometry
import LiquidRaster
import LiquidUI

/// Shows a LiquidUI view tree in an X11 window and drives it in real time, with the mouse as a finger.
///
/// ```swift
/// let root = View()
/// root.addSubview(LiquidSwitch())                   // …laid out in points
/// let window = try WindowHost(root: root, size: Size(width: 240, height: 120), title: "Demo")
/// try window.run()                                   // until the window is closed
/// ```
///
/// The host owns a `UIRunLoop` (``runLoop``) whose root is the view given to ``init(root:size:scale:title:background:framesPerSecond:)``
/// and a compositor of the window's size. ``run(seconds:)`` ticks at ``framesPerSecond`` — by default the
/// display's refresh rate from XRandR, else 60 Hz — and does everything on the calling (main) thread in a
/// fixed order per frame: window events become touches, the run loop steps to the frame time, the
/// compositor redraws what changed, and just that rectangle is sent to the window.
///
/// ## The mouse as a finger
/// The left button is the finger: press, drag and release are one touch's began, moved and ended samples,
/// at the pointer's position in points (window pixels ÷ `scale`); a new press is a new touch. Holding Shift
/// gives the touch full force (1); otherwise each wheel notch up adds 0.1 of force and each notch down takes
/// 0.1 away, within 0…1. A change of force while the button is down is a moved sample at the same place.
/// Touches are stamped on the run loop's clock, in order, after the previous frame (by more than the
/// run loop's time tolerance) and at most at the current one; ``onTouch`` sees each before the run loop
/// does. A script of those touches played at the same frame times therefore reaches the same states.
///
/// ## Ending
/// Escape, the window manager's close button or the window being destroyed closes the window and ends
/// ``run(seconds:)``; so does ``close()``. ``stop()`` and the end of the duration only end the run: the
/// window stays on screen, showing the last frame, until ``close()`` or until the host is released, and a
/// later ``run(seconds:)`` goes on where time stopped. A touch still down when a run ends is cancelled.
@MainActor
public final class WindowHost {
    /// The run loop driving the view tree: its `UIRunLoop.root` is the view the host was made with, its
    /// size the window's size in points.
    public let runLoop: UIRunLoop
    /// The frame rate the window ticks at.
    public let framesPerSecond: Double
    /// The window's title (ASCII), shown by the window manager.
    public var title: String {
        didSet { window.setTitle(title) }
    }
    /// Called after each frame has been shown, with the frame's time on the run loop's clock (seconds).
    public var onFrame: (@MainActor (_ time: Double) -> Void)?
    /// Called, before the frame is stepped, for each key press other than Escape and Shift.
    public var onKey: (@MainActor (WindowKey) -> Void)?
    /// Called with each touch the mouse makes, before the frame it belongs to is stepped; the run loop
    /// receives the touch it returns (the same one, or one adjusted — a recorder may round its location to
    /// what it stores). Without it, touches go to the run loop as they are.
    public var onTouch: (@MainActor (Touch) -> Touch)?

    private let window: X11Window
    private let compositor: Compositor
    private let source: WindowTickSource
    private var input: PointerInput
    private var failure: (any Error)?
    private var isStopping = false

    /// Opens a window showing `root`, sized `size` points at `scale` pixels per point.
    ///
    /// - Parameters:
    ///   - root: the view that fills the window; it must have no superview.
    ///   - size: the window's size in points.
    ///   - scale: window pixels per point.
    ///   - title: the window's title (ASCII).
    ///   - background: the colour beneath the view tree, which translucent pixels are laid over.
    ///   - framesPerSecond: the tick rate; `nil` for the display's refresh rate (kept within 24…360 Hz),
    ///     or 60 Hz when the display does not report one.
    /// - Throws: `LiquidError` (`.unavailable`) when `DISPLAY` is unset or names no reachable X server;
    ///   `LiquidError` (`.unavailable`) when the server cannot show such a window;
    ///   `LiquidError` for a size, scale or frame rate out of range, or a root that has a superview.
    public init(root: View, size: Size, scale: Double = 2, title: String = "LiquidKit", background: RGBA = .white,
                framesPerSecond: Double? = nil) throws {
        let display = try X11Display()
        let rate = framesPerSecond ?? display.refreshRate.map { min(max($0, 24), 360) } ?? 60
        runLoop = try UIRunLoop(root: root, size: size, scale: scale, framesPerSecond: rate)
        self.framesPerSecond = rate
        let base = PremultipliedRGBA8(background)
        compositor = try Compositor(size: size, scale: scale, background: base)
        window = try X11Window(display: display, width: compositor.image.width, height: compositor.image.height,
                               title: title, background: base)
        self.title = title
        source = try WindowTickSource(framesPerSecond: rate)
        input = PointerInput(scale: scale)
    }

    /// Throws what ``init(root:size:scale:title:background:framesPerSecond:)`` throws when there is no X
    /// display to open a window on, and returns quietly when there is one: a cheap check (one connection,
    /// opened and closed, no window) for a program to make before it starts anything it would have to undo.
    /// - Throws: `LiquidError` (`.unavailable`) when `DISPLAY` is unset or names no reachable X server, or
    ///   the server has no TrueColor visual.
    package static func checkDisplay() throws(LiquidError) {
        _ = try X11Display()
    }

    /// Whether the window is still open (not closed by the user or by ``close()``).
    public private(set) var isOpen = true

    /// Shows frames until the window is closed, ``stop()`` is called (from a handler), or `seconds` of wall
    /// time have passed; returns at once if the window is already closed.
    /// - Throws: the first rendering error, which ends the run.
    public func run(seconds: Double = .infinity) throws {
        guard isOpen else { return }
        isStopping = false
        failure = nil
        source.origin = runLoop.lastFrameTime.map { $0 + runLoop.frameInterval } ?? runLoop.currentTime
        input.lastTick = source.origin
        source.beforeTick = { [weak self] now in MainActor.assumeIsolated { self?.handleEvents(now: now) } }
        source.afterTick = { [weak self] now in MainActor.assumeIsolated { self?.present(now: now) } }
        runLoop.drive(from: source)
        source.run(seconds: seconds)
        runLoop.stopDriving()
        let lastTick = input.lastTick
        if input.isDown, let touch = input.cancel(at: lastTick) {
            // The run ended between frames (its duration ran out): show the cancelled touch's frame too.
            dispatch(touch)
            runLoop.step(to: lastTick)
            present(now: lastTick)
        }
        if let failure { throw failure }
    }

    /// Ends ``run(seconds:)`` after the current frame; the window stays open.
    public func stop() {
        isStopping = true
        source.stop()
    }

    /// Closes the window (once) and ends ``run(seconds:)`` after the current frame.
    public func close() {
        stop()
        guard isOpen else { return }
        isOpen = false
        window.close()
    }

    /// Turns pending window events into touches and key calls, before the run loop steps to `now`.
    private func handleEvents(now: Double) {
        for event in window.events() {
            switch event {
            case .press, .motion, .release, .wheel, .shift:
                dispatch(input.touch(for: event, now: now))
            case .expose(let rect):
                window.redraw(rect)
            case .key(let key):
                onKey?(key)
            case .quit:
                close()
            }
            if isStopping { break }
        }
        if isStopping { dispatch(input.cancel(at: now)) }
    }

    /// Renders what changed in the frame the run loop just stepped to, shows it, and reports the frame.
    private func present(now: Double) {
        input.lastTick = now
        do {
            let frame = try compositor.renderFrame(runLoop.root.layer)
            if isOpen, let damage = frame.damage { window.show(frame.image, rect: damage) }
        } catch {
            failure = error
            stop()
        }
        onFrame?(now)
    }

    private func dispatch(_ touch: Touch?) {
        guard let touch else { return }
        runLoop.dispatch(onTouch?(touch) ?? touch)
    }
}
