import LiquidUI

/// The input path of a ``WindowHost`` without the X server: pointer events (window pixels, stamped on the
/// server's millisecond clock) become the mouse-finger's touches, stamped on the run loop's clock.
///
/// Guarantees, for the touches made while the host handles the events of the tick at `now`:
/// - their times never decrease, from touch to touch and from tick to tick;
/// - each lies after the frame shown before (``lastTick``) by more than `GestureRecognizer.timeTolerance`,
///   and at or before `now`. A replay that dispatches each touch before the first frame at or after its
///   time — `UIRunLoop`'s rule for scripts — therefore dispatches it before the same frame as the window
///   did, so a recording of a window's touches and frame times replays to the same states.
@MainActor
struct PointerInput {
    /// How far after the previous frame the earliest touch of a tick is stamped: twice the tolerance
    /// within which a scripted run counts a touch as due at a frame.
    static let afterFrame = 2 * GestureRecognizer.timeTolerance

    /// The mouse as a finger.
    private(set) var finger: PointerFinger
    /// The time of the latest frame shown, or where the run started before the first; touches read later
    /// are stamped after it.
    var lastTick = 0.0
    /// Run-loop time minus X server time, fixed by the first timed event (server times are milliseconds).
    private var serverOffset: Double?
    private var lastStamp = 0.0

    /// An input path for a window of `scale` pixels per point.
    init(scale: Double) {
        finger = PointerFinger(scale: scale)
    }

    /// Whether the finger (the left button) is down.
    var isDown: Bool { finger.isDown }

    /// The touch `event` makes, read during the tick at `now`; `nil` for events that are not the pointer's,
    /// and for pointer events that touch nothing (hovering, a wheel turn with the button up).
    mutating func touch(for event: WindowEvent, now: Double) -> Touch? {
        switch event {
        case .press(let x, let y, let time): finger.press(x: x, y: y, at: stamp(time, now: now))
        case .motion(let x, let y, let time): finger.move(x: x, y: y, at: stamp(time, now: now))
        case .release(let x, let y, let time): finger.release(x: x, y: y, at: stamp(time, now: now))
        case .wheel(let steps, let time): finger.wheel(steps: steps, at: stamp(time, now: now))
        case .shift(let held, let time): finger.shift(held: held, at: stamp(time, now: now))
        case .key, .expose, .quit: nil
        }
    }

    /// The cancelled sample of a finger still down at `time` (`nil` when it is up).
    mutating func cancel(at time: Double) -> Touch? {
        finger.cancel(at: time)
    }

    /// The run-loop time of an event stamped `serverTime` (milliseconds on the X server's clock; 0 for
    /// none), seen during the tick at `now`: after ``lastTick`` by ``afterFrame``, at most `now`, and never
    /// earlier than the previous stamp, so touch samples carry ordered times even when several arrive in
    /// one frame.
    private mutating func stamp(_ serverTime: UInt, now: Double) -> Double {
        var time = now
        if serverTime != 0 {
            let seconds = Double(serverTime) / 1000
            if serverOffset == nil || seconds + serverOffset! > now { serverOffset = now - seconds }
            time = seconds + serverOffset!
        }
        time = min(max(time, lastTick + Self.afterFrame, lastStamp), now)
        lastStamp = time
        return time
    }
}
