import LiquidGeometry

/// The pressure state machine of the flashlight button (WWDC18 "Designing Fluid Interfaces"), with
/// hysteresis so a force hovering around one threshold does not make the button flicker.
///
/// Forces are normalised (0 = no touch, 1 = the device's maximum; values above 1 are accepted).
/// Thresholds default to reset 0.4, confirm 0.49, activate 0.5, and always satisfy
/// `reset < confirm < activate`.
///
/// Transitions, for each ``update(force:)``:
/// - ``State/idle`` → ``State/activated`` when `force ≥ activate`: ``Event/activated`` (a light tick).
/// - ``State/activated`` → ``State/confirmed`` when the force then falls to `≤ confirm`:
///   ``Event/confirmed`` (the medium tick; the flashlight toggles here, on the falling edge).
/// - ``State/confirmed`` → ``State/idle`` when `force ≤ reset`: ``Event/reset``; re-armed.
/// - One sample that falls from an activation straight to `≤ reset` confirms and resets in that sample:
///   both events, in that order (one toggle).
/// - Anything else leaves the state unchanged and emits nothing. A NaN or infinite force is ignored.
///
/// Lifting the finger is the force falling to 0 (``release()``): an activated press confirms and resets,
/// a confirmed one resets.
public struct ForceHysteresis: Hashable, Sendable {
    /// Where the button is in its press.
    public enum State: Hashable, Sendable {
        /// Armed, waiting for the force to reach the activation threshold.
        case idle
        /// Activated; waiting for a confirming sample (or a release below the reset threshold).
        case activated
        /// Activated and confirmed; waiting for a release below the reset threshold.
        case confirmed
    }

    /// What a sample made happen: the moments to play feedback.
    public enum Event: Hashable, Sendable {
        /// `idle → activated`.
        case activated
        /// `activated → confirmed`.
        case confirmed
        /// `activated` or `confirmed` → `idle`: re-armed.
        case reset
    }

    /// At or below this force a confirmed press re-arms (default 0.4).
    public let resetThreshold: Double
    /// At or above this force an idle button activates (default 0.5).
    public let activateThreshold: Double
    /// At or below this force an activated press confirms (default 0.49).
    public let confirmThreshold: Double

    /// The current state; starts ``State/idle``.
    public private(set) var state: State = .idle

    /// Creates an idle state machine.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for a NaN or infinite threshold, and
    ///   `LiquidError` (`.outOfRange`) unless `reset < confirm < activate`.
    public init(reset: Double = 0.4, activate: Double = 0.5, confirm: Double = 0.49) throws(LiquidError) {
        resetThreshold = try LiquidError.requireFinite(reset, "reset threshold")
        activateThreshold = try LiquidError.requireFinite(activate, "activate threshold")
        confirmThreshold = try LiquidError.requireFinite(confirm, "confirm threshold")
        guard confirm > reset else {
            throw .invalidParameter(
                name: "confirm threshold", value: confirm, requirement: "must be greater than the reset threshold \(reset)")
        }
        guard confirm < activate else {
            throw .invalidParameter(
                name: "confirm threshold", value: confirm, requirement: "must be below the activate threshold \(activate)")
        }
    }

    /// The thresholds of a pressure-sensitive button: reset 0.4, activate 0.5, confirm 0.49 (an idle
    /// state machine, the same as `try ForceHysteresis()`, but without `try`).
    public static let standard = ForceHysteresis(uncheckedReset: 0.4, activate: 0.5, confirm: 0.49)

    private init(uncheckedReset reset: Double, activate: Double, confirm: Double) {
        resetThreshold = reset
        activateThreshold = activate
        confirmThreshold = confirm
    }

    /// Feeds one force sample and returns the events it caused, in order (none, one, or — for a fall from
    /// an activation straight to the reset threshold — confirmed then reset).
    ///
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(force: Double) -> [Event] {
        guard force.isFinite else { return [] }
        if state == .idle {
            guard force >= activateThreshold else { return [] }
            state = .activated
            return [.activated]
        }
        var events: [Event] = []
        if state == .activated, force <= confirmThreshold {
            state = .confirmed
            events.append(.confirmed)
        }
        if state == .confirmed, force <= resetThreshold {
            state = .idle
            events.append(.reset)
        }
        return events
    }

    /// The finger lifted: the force falls to 0 (see ``update(force:)``).
    @discardableResult
    public mutating func release() -> [Event] {
        update(force: 0)
    }

    /// Returns to ``State/idle`` without emitting an event (for a cancelled or ended touch).
    public mutating func reset() {
        state = .idle
    }
}
