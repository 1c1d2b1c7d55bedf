#if canImport(CX11)
import LiquidGeometry
import LiquidRaster
import LiquidUI

/// One component in a `liquid play` window: hosts it as ``ComponentSimulator`` does (padding around it,
/// on its gallery stage), and drives the run loop in real time from a ``WindowTickSource`` at the
/// display's refresh rate. Each tick: window events become touches (``PointerFinger``), the run loop
/// steps, the compositor redraws what changed, and just that rectangle goes to the window.
@MainActor
final class PlaySession {
    /// How a session ended.
    enum Outcome: Equatable {
        /// Escape, the close button, or the window destroyed: leave.
        case quit
        /// Tab, Shift-Tab or a digit: show this component next.
        case show(String)
    }

    let name: String
    private let component: any SimulatableComponent
    private let loop: UIRunLoop
    private let compositor: LiquidUI.Compositor
    private let window: X11Window
    private let source: WindowTickSource
    private let trace: StateTrace?
    private var finger: PointerFinger
    private var outcome: Outcome?
    private var failure: Error?
    /// Run-loop time minus X server time, fixed by the first timed event (server times are milliseconds).
    private var serverOffset: Double?
    private var lastStamp = 0.0
    private var lastTick = 0.0

    /// Opens a window on `display` for the component registered as `name`.
    /// - Throws: ``ValidationErrorMessage`` for an unknown name; run-loop, raster or window errors.
    init(name: String, display: X11Display, scale: Double, framesPerSecond: Double, trace: StateTrace?) throws {
        self.name = name
        component = try ComponentRegistry.make(name)
        let simulator = try ComponentSimulator(component: component, framesPerSecond: framesPerSecond, scale: scale,
                                               rendersFrames: false)
        loop = simulator.runLoop
        GalleryStage.forComponent(name).install(in: loop.root, size: loop.size)
        let background = PremultipliedRGBA8(GalleryStage.baseColor)
        compositor = try LiquidUI.Compositor(size: loop.size, scale: scale, background: background)
        let names = ComponentRegistry.names
        let number = (names.firstIndex(of: name) ?? 0) + 1
        let title = "liquid play: \(name) [\(number)/\(names.count)] \(Int(framesPerSecond.rounded())) Hz - "
            + "mouse: finger, Shift/wheel: force, Tab: next, Esc: quit"
        window = try X11Window(display: display, width: compositor.image.width, height: compositor.image.height,
                               title: title, background: background)
        source = try WindowTickSource(framesPerSecond: framesPerSecond)
        finger = PointerFinger(scale: scale)
        self.trace = trace
    }

    /// Runs until the window is closed or another component is asked for; the window is gone afterwards.
    /// - Throws: a rendering error (the first one ends the session).
    func run() throws -> Outcome {
        source.beforeTick = { [weak self] now in MainActor.assumeIsolated { self?.handleEvents(now: now) } }
        source.afterTick = { [weak self] now in MainActor.assumeIsolated { self?.present(now: now) } }
        trace?.record(component: name, time: 0, state: component.simulationState)
        loop.drive(from: source)
        source.run()
        loop.stopDriving()
        window.close()
        trace?.finish(component: name, time: lastTick, state: component.simulationState)
        if let failure { throw failure }
        return outcome ?? .quit
    }

    /// Turns pending window events into touches and decisions, before the run loop steps to `now`.
    private func handleEvents(now: Double) {
        for event in window.events() {
            switch event {
            case .press(let x, let y, let time):
                dispatch(finger.press(x: x, y: y, at: stamp(time, now: now)))
            case .motion(let x, let y, let time):
                dispatch(finger.move(x: x, y: y, at: stamp(time, now: now)))
            case .release(let x, let y, let time):
                dispatch(finger.release(x: x, y: y, at: stamp(time, now: now)))
            case .wheel(let steps, let time):
                dispatch(finger.wheel(steps: steps, at: stamp(time, now: now)))
            case .shift(let held, let time):
                dispatch(finger.shift(held: held, at: stamp(time, now: now)))
            case .expose(let rect):
                window.redraw(rect)
            case .quit:
                outcome = .quit
            case .nextComponent(let forward):
                let names = ComponentRegistry.names
                if names.count > 1, let index = names.firstIndex(of: name) {
                    outcome = .show(names[(index + (forward ? 1 : names.count - 1)) % names.count])
                }
            case .pickComponent(let number):
                let names = ComponentRegistry.names
                if number <= names.count, names[number - 1] != name { outcome = .show(names[number - 1]) }
            }
            if outcome != nil { break }
        }
        if outcome != nil {
            dispatch(finger.cancel(at: now))
            source.stop()
        }
    }

    /// Renders what changed in the frame the run loop just stepped to, shows it, and traces the state.
    private func present(now: Double) {
        lastTick = now
        do {
            let frame = try compositor.render(loop.root.layer)
            if let damage = frame.damage { window.show(frame.image, rect: damage) }
        } catch {
            failure = error
            source.stop()
        }
        trace?.record(component: name, time: now, state: component.simulationState)
    }

    private func dispatch(_ touch: Touch?) {
        if let touch { loop.dispatch(touch) }
    }

    /// The run-loop time of an event stamped `serverTime` (milliseconds on the X server's clock), seen
    /// during the tick at `now`: kept between the previous tick and `now`, and never decreasing, so touch
    /// samples carry distinct, ordered times even when several arrive in one frame.
    private func stamp(_ serverTime: UInt, now: Double) -> Double {
        var time = now
        if serverTime != 0 {
            let seconds = Double(serverTime) / 1000
            if serverOffset == nil || seconds + serverOffset! > now { serverOffset = now - seconds }
            time = seconds + serverOffset!
        }
        time = min(max(time, lastTick, lastStamp), now)
        lastStamp = time
        return time
    }
}
#endif
