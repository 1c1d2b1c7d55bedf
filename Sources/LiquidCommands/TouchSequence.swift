import LiquidGeometry
import LiquidMotion
import LiquidUI

/// Builds a scripted finger — the touches of one finger over time — step by step, the way a person would
/// describe it: wait, put the finger down here, hold, slide there, lift.
///
/// Positions are in the component's own points (what ``ComponentSimulator/run(touches:duration:onFrame:)``
/// takes); times are seconds from the start of the script. Slides are sampled 60 times a second along a
/// timing curve, so recognizers and velocity trackers see a realistic stream of moves.
struct TouchSequence {
    /// Moves per second while sliding.
    static let sampleRate = 60.0

    /// The touches so far, in time order.
    private(set) var touches: [Touch] = []
    /// The script's current time, in seconds.
    private(set) var time: Double
    /// Where the finger is (or was last).
    private(set) var position = Point(0, 0)
    /// Whether the finger is down.
    private(set) var isDown = false
    /// The finger's latest force.
    private(set) var force = 0.0
    private let id: Int

    /// An empty script starting at `time` for the finger `id`.
    init(startingAt time: Double = 0, id: Int = 0) {
        self.time = time
        self.id = id
    }

    /// Lets `seconds` pass (the finger stays where it is, down or up).
    mutating func wait(_ seconds: Double) {
        time += max(seconds, 0)
    }

    /// Puts the finger down at `point`.
    mutating func down(at point: Point, force: Double = 0) {
        precondition(!isDown, "the finger is already down")
        position = point
        isDown = true
        self.force = force
        touches.append(Touch(id: id, phase: .began, location: point, timestamp: time, force: force))
    }

    /// Slides the finger to `point` over `seconds`, following `curve`; a finger that is up just moves there.
    mutating func slide(to point: Point, over seconds: Double, curve: TimingCurve = .easeInOut, force: Double = 0) {
        guard isDown else {
            position = point
            wait(seconds)
            return
        }
        let start = position, begin = time
        let samples = Checked.clamped(seconds * Self.sampleRate, to: 1...1_000_000, rounding: .up)
        for i in 1...samples {
            let f = curve.value(at: Double(i) / Double(samples))
            let p = Point(start.x + (point.x - start.x) * f, start.y + (point.y - start.y) * f)
            touches.append(Touch(id: id, phase: .moved, location: p, timestamp: begin + seconds * Double(i) / Double(samples),
                                 force: force))
        }
        position = point
        time = begin + seconds
        self.force = force
    }

    /// Changes the force of the finger, which stays down where it is, linearly to `force` over `seconds`.
    mutating func press(to force: Double, over seconds: Double) {
        precondition(isDown, "the finger is not down")
        let start = self.force, begin = time
        let samples = Checked.clamped(seconds * Self.sampleRate, to: 1...1_000_000, rounding: .up)
        for i in 1...samples {
            let f = start + (force - start) * Double(i) / Double(samples)
            touches.append(Touch(id: id, phase: .moved, location: position,
                                 timestamp: begin + seconds * Double(i) / Double(samples), force: f))
        }
        time = begin + seconds
        self.force = force
    }

    /// Lifts the finger where it is.
    mutating func up() {
        precondition(isDown, "the finger is not down")
        isDown = false
        force = 0
        touches.append(Touch(id: id, phase: .ended, location: position, timestamp: time))
    }

    /// A tap at `point`: down, held for `hold` seconds, up.
    mutating func tap(at point: Point, hold: Double = 0.08) {
        down(at: point)
        wait(hold)
        up()
    }
}
