import LiquidGeometry
import LiquidUI

/// Turns a mouse into a finger for a ``WindowHost``: the left button's press, motion and release become a
/// touch's began, moved and ended samples; Shift or the wheel gives it force.
///
/// Positions arrive in window pixels and leave in window points (pixels ÷ ``scale``) — the run loop's
/// coordinates. Force is 1 while Shift is held,
/// else the wheel level: each wheel step up adds 0.1, each step down takes 0.1 away, within 0…1. Changing
/// force while the button is down sends a move at the same place, so force recognizers see it at once.
/// Motion with the button up sends nothing: a finger hovers over no screen.
struct PointerFinger {
    /// Window pixels per point.
    let scale: Double
    /// Force added or removed by one wheel step.
    static let wheelStep = 0.1

    /// Whether the button (the finger) is down.
    private(set) var isDown = false
    /// The finger's last position, in window points.
    private(set) var location = Point(0, 0)
    /// The force the wheel has set, 0…1.
    private(set) var wheelForce = 0.0
    /// Whether Shift is held.
    private(set) var isShiftHeld = false
    /// The touch id (a new one for each press, so recognizers never mix two presses).
    private(set) var touchID = 0

    init(scale: Double) {
        self.scale = scale
    }

    /// The force the next sample carries.
    var force: Double { isShiftHeld ? 1 : wheelForce }

    /// The button went down at pixel (`x`, `y`).
    mutating func press(x: Double, y: Double, at time: Double) -> Touch? {
        guard !isDown else { return nil }
        isDown = true
        touchID += 1
        location = Point(x / scale, y / scale)
        return sample(.began, at: time)
    }

    /// The pointer moved to pixel (`x`, `y`).
    mutating func move(x: Double, y: Double, at time: Double) -> Touch? {
        location = Point(x / scale, y / scale)
        return isDown ? sample(.moved, at: time) : nil
    }

    /// The button went up at pixel (`x`, `y`).
    mutating func release(x: Double, y: Double, at time: Double) -> Touch? {
        guard isDown else { return nil }
        location = Point(x / scale, y / scale)
        isDown = false
        return sample(.ended, at: time)
    }

    /// The wheel turned `steps` notches (positive: up, more force).
    mutating func wheel(steps: Int, at time: Double) -> Touch? {
        let old = force
        wheelForce = min(max(wheelForce + Double(steps) * Self.wheelStep, 0), 1)
        wheelForce = (wheelForce * 10).rounded() / 10  // keep exact tenths, however many steps
        return force != old && isDown ? sample(.moved, at: time) : nil
    }

    /// Shift was pressed or released.
    mutating func shift(held: Bool, at time: Double) -> Touch? {
        let old = force
        isShiftHeld = held
        return force != old && isDown ? sample(.moved, at: time) : nil
    }

    /// The window is going away with the button down: the touch is cancelled.
    mutating func cancel(at time: Double) -> Touch? {
        guard isDown else { return nil }
        isDown = false
        return sample(.cancelled, at: time)
    }

    private func sample(_ phase: TouchPhase, at time: Double) -> Touch {
        Touch(id: touchID, phase: phase, location: location, timestamp: time, force: phase == .ended ? 0 : force)
    }
}
