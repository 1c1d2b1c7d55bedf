import Foundation
import LiquidGeometry

/// How a tap's shockwave moves the points around it: a damped sine travelling outwards at ``speed``.
///
/// A point at distance r from the centre, `t` seconds after the tap, moves radially (outwards for a
/// positive amount) by
///
///     t' = max(0, t − r/speed)
///     amount = amplitude · sin(frequency · t') · e^(−decay · t')
///
/// multiplied, within ``innerRadius`` of the centre, by a smoothstep from ``centreFactor`` at the centre to
/// 1 at ``innerRadius``. A point closer than ``deadRadius`` to the centre does not move at all, nor does one
/// the wave has not reached yet (t' = 0). A wave is over once t ≥ √2 · (max(w, h) · 1.5) / speed for a
/// view of w × h points (``lifetime(in:)``).
///
/// Guarantees: every value is finite; ``displacement(of:time:)`` is finite and at most `|amplitude|` long.
public struct Shockwave: Hashable, Sendable {
    /// Where the wave started, points.
    public let centre: Point
    /// Peak displacement, points (default 10).
    public let amplitude: Double
    /// Angular frequency of the oscillation, radians per second (default 15).
    public let frequency: Double
    /// Exponential decay rate, per second (default 5.5).
    public let decay: Double
    /// How fast the wave front travels, points per second (default 1400).
    public let speed: Double

    /// Within this distance of the centre (points) the wave is softened by the smoothstep.
    public static let innerRadius = 60.0
    /// The softening factor at the centre itself.
    public static let centreFactor = 0.3
    /// Points closer than this to the centre (points) are not moved.
    public static let deadRadius = 1.0

    /// A wave from `centre` with the given shape.
    /// - Throws: `LiquidError` naming the first parameter that is not finite, a negative `frequency` or
    ///   `decay`, an `amplitude` longer than 1000 points, or a `speed` that is not positive.
    public init(centre: Point, amplitude: Double = 10, frequency: Double = 15, decay: Double = 5.5,
                speed: Double = 1400) throws(LiquidError) {
        guard centre.isFinite else { throw .nonFinite("shockwave centre \(centre)") }
        guard amplitude.isFinite, abs(amplitude) <= 1000 else {
            throw .invalidParameter(name: "shockwave amplitude", value: amplitude, requirement: "must be finite and at most 1000 points")
        }
        guard frequency.isFinite, frequency >= 0 else {
            throw .invalidParameter(name: "shockwave frequency", value: frequency, requirement: "must be finite and ≥ 0")
        }
        guard decay.isFinite, decay >= 0 else {
            throw .invalidParameter(name: "shockwave decay", value: decay, requirement: "must be finite and ≥ 0")
        }
        guard speed.isFinite, speed > 0 else {
            throw .invalidParameter(name: "shockwave speed", value: speed, requirement: "must be finite and positive")
        }
        self.centre = centre
        self.amplitude = amplitude
        self.frequency = frequency
        self.decay = decay
        self.speed = speed
    }

    /// The signed radial displacement (points, outwards positive) at distance `distance` from the centre,
    /// `time` seconds after the wave started. Zero for a distance below ``deadRadius``, before the wave
    /// front arrives, and for non-finite input.
    public func amount(atDistance distance: Double, time: Double) -> Double {
        guard distance.isFinite, time.isFinite, distance >= Self.deadRadius else { return 0 }
        let local = Swift.max(0, time - distance / speed)
        guard local > 0 else { return 0 }
        var value = amplitude * sin(frequency * local) * exp(-decay * local)
        if distance < Self.innerRadius {
            value *= Self.centreFactor + (1 - Self.centreFactor) * smoothstep(distance / Self.innerRadius)
        }
        return value
    }

    /// How far `point` moves `time` seconds after the wave started: ``amount(atDistance:time:)`` along the
    /// direction from the centre to the point.
    public func displacement(of point: Point, time: Double) -> Vector2 {
        let d = point - centre
        let r = d.length
        let a = amount(atDistance: r, time: time)
        return a == 0 ? .zero : d * (a / r)
    }

    /// How long the wave lasts in a view of `size` points: √2 · (max(w, h) · 1.5) / speed seconds.
    public func lifetime(in size: Size) -> Double {
        2.0.squareRoot() * (Swift.max(abs(size.width), abs(size.height)) * 1.5) / speed
    }
}
