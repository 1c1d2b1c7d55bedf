import LiquidGeometry
import LiquidUI

/// Builders for scripted touch sequences (window coordinates, seconds).
enum TouchScript {
    /// A touch down at `location` at `time`, lifted in place `duration` later.
    static func tap(id: Int = 0, at location: Point, time: Double, duration: Double = 0.08) -> [Touch] {
        [
            Touch(id: id, phase: .began, location: location, timestamp: time),
            Touch(id: id, phase: .ended, location: location, timestamp: time + duration),
        ]
    }

    /// A straight drag at constant velocity: down at `from` at `start`, a move every `1 / rate` seconds
    /// until `to` at `start + duration`, then (if `lift`) an end there at the same time.
    static func drag(
        id: Int = 0, from: Point, to: Point, start: Double, duration: Double, rate: Double = 120,
        lift: Bool = true, force: Double = 0
    ) -> [Touch] {
        var touches = [Touch(id: id, phase: .began, location: from, timestamp: start, force: force)]
        let count = Int((duration * rate).rounded())
        for i in 1...count {
            let f = Double(i) / Double(count)
            touches.append(
                Touch(id: id, phase: .moved, location: from.interpolated(to: to, f),
                      timestamp: start + Double(i) / rate, force: force))
        }
        if lift {
            touches.append(Touch(id: id, phase: .ended, location: to, timestamp: start + Double(count) / rate,
                                 force: force))
        }
        return touches
    }
}
