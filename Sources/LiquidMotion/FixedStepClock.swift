import LiquidGeometry

/// Turns frame times into whole fixed simulation steps, with one policy for late frames: the one clock
/// behind every spring of the LiquidUI controls (the Liquid Glass switch back-port's stepping).
///
/// The simulated time is always `origin + k · step` for a whole number of steps k. ``advance(to:)`` takes
/// the steps due up to a time and returns how many, so the caller runs exactly that many steps of its
/// springs (in a fixed order, each of exactly ``step`` seconds). Nothing is interpolated: at a frame rate
/// whose interval is a whole number of steps (60 and 120 Hz with the default 1/120 s step) every frame
/// ends on a step.
///
/// ## Policy
/// - **On time**: a time at most 1.5 × ``frameInterval`` after the previous frame owes the whole steps up to
///   it: two steps per frame at 60 Hz, one at 120 Hz, at 240 Hz one every other frame (1 µs of tolerance
///   absorbs the rounding of summed frame times).
/// - **Late** (more than 1.5 × ``frameInterval`` after the previous frame — a dropped frame in a window):
///   ``LateFramePolicy/pause`` (the default) credits one nominal frame interval and drops the rest, so the
///   motion pauses rather than skipping ahead; ``LateFramePolicy/catchUp`` owes every missing step.
/// - Never more than ``maximumCatchUpSteps`` steps at once; time beyond that is dropped (no spiral of
///   catch-up work after a stall). Dropped time moves `origin` forward and is summed in `droppedTime`.
///
/// Headless runs at a fixed frame rate are never late, so the policy never changes what they simulate.
///
/// Guarantees: deterministic (a pure function of the times given); ``time`` never decreases and never
/// passes the latest time given (within the 1 µs tolerance); a non-finite or earlier time owes nothing.
package struct FixedStepClock: Hashable, Sendable {
    /// What a late frame does.
    package enum LateFramePolicy: Hashable, Sendable {
        /// Advance by one nominal frame interval and drop the missing time: the motion pauses.
        case pause
        /// Advance by every missing step (up to ``FixedStepClock/maximumCatchUpSteps``).
        case catchUp
    }

    /// The default step: 1/120 s.
    package static let defaultStep = 1.0 / 120
    /// The default cap on steps per advance: 240 (two seconds at 120 steps a second).
    package static let defaultMaximumCatchUpSteps = 240
    /// A frame is late when it comes more than this many nominal intervals after the simulated time.
    package static let lateFrameFactor = 1.5

    /// The simulation step, seconds (> 0).
    package let step: Double
    /// The display's nominal frame interval, seconds (> 0).
    package let frameInterval: Double
    /// What a late frame does.
    package let lateFramePolicy: LateFramePolicy
    /// The most steps one ``advance(to:)`` takes (≥ 1).
    package let maximumCatchUpSteps: Int
    /// The time of step 0 (moved forward by dropped time).
    package private(set) var origin: Double
    /// Steps taken since ``origin``.
    package private(set) var stepsTaken = 0
    /// Time not simulated since creation: late frames under ``LateFramePolicy/pause`` and time beyond the cap.
    package private(set) var droppedTime = 0.0
    /// The latest time given to ``advance(to:)`` (or the start): how late a frame is is measured from it.
    private var lastFrame: Double

    /// A clock whose step 0 is at `start`.
    ///
    /// - Throws: `LiquidError` unless `step` and `frameInterval` are positive and finite, `start` is
    ///   finite and `maximumCatchUpSteps` ≥ 1.
    package init(step: Double = FixedStepClock.defaultStep, frameInterval: Double,
                lateFramePolicy: LateFramePolicy = .pause,
                maximumCatchUpSteps: Int = FixedStepClock.defaultMaximumCatchUpSteps,
                start: Double = 0) throws(LiquidError) {
        guard step.isFinite, step > 0 else {
            throw .invalidParameter(name: "fixed step", value: step, requirement: "must be positive and finite")
        }
        guard frameInterval.isFinite, frameInterval > 0 else {
            throw .invalidParameter(name: "frame interval", value: frameInterval,
                                    requirement: "must be positive and finite")
        }
        guard maximumCatchUpSteps >= 1 else {
            throw .invalidParameter(name: "maximum catch-up steps", value: Double(maximumCatchUpSteps),
                                    requirement: "must be at least 1")
        }
        guard start.isFinite else { throw .nonFinite(name: "start time", value: start) }
        self.init(checkedStep: step, frameInterval: frameInterval, lateFramePolicy: lateFramePolicy,
                  maximumCatchUpSteps: maximumCatchUpSteps, start: start)
    }

    private init(checkedStep step: Double, frameInterval: Double, lateFramePolicy: LateFramePolicy,
                 maximumCatchUpSteps: Int, start: Double) {
        self.step = step
        self.frameInterval = frameInterval
        self.lateFramePolicy = lateFramePolicy
        self.maximumCatchUpSteps = maximumCatchUpSteps
        origin = start
        lastFrame = start
    }

    /// The default clock of a 60 Hz display: 1/120 s steps, 1/60 s frames, late frames pause, started at 0.
    package static let sixtyHertz = FixedStepClock(
        checkedStep: defaultStep, frameInterval: 1.0 / 60, lateFramePolicy: .pause,
        maximumCatchUpSteps: defaultMaximumCatchUpSteps, start: 0)

    /// The time simulated so far: `origin + stepsTaken · step`.
    package var time: Double { time(ofStep: stepsTaken) }

    /// The time at which step `k` (counted from ``origin``) ends.
    package func time(ofStep k: Int) -> Double { origin + Double(k) * step }

    /// Starts counting steps again from `time` (when a motion starts from rest); a non-finite time is
    /// ignored.
    package mutating func restart(at time: Double) {
        guard time.isFinite else { return }
        origin = time
        stepsTaken = 0
        lastFrame = time
    }

    /// Takes the steps due at `now` under the policy (see the type's overview) and returns how many.
    @discardableResult
    package mutating func advance(to now: Double) -> Int {
        guard now.isFinite else { return 0 }
        // Lateness is the gap since the previous frame, not the lag behind the simulated time: that lag also
        // holds the part of a step not yet taken, which at a frame interval shorter than the step (above
        // 120 Hz) or not a whole number of steps (90 Hz) made on-time frames look late, so a 240 Hz motion
        // never advanced and a 90 Hz one ran slow.
        let gap = now - lastFrame
        if now > lastFrame { lastFrame = now }
        if lateFramePolicy == .pause, gap > Self.lateFrameFactor * frameInterval {
            let skipped = gap - frameInterval
            origin += skipped
            droppedTime += skipped
        }
        let due = Int(Swift.min(((now - origin) / step + 1e-6).rounded(.down), Double(Int.max / 2)))
        var steps = due - stepsTaken
        guard steps > 0 else { return 0 }
        if steps > maximumCatchUpSteps {
            let skipped = Double(steps - maximumCatchUpSteps) * step
            origin += skipped
            droppedTime += skipped
            steps = maximumCatchUpSteps
        }
        stepsTaken += steps
        return steps
    }
}
