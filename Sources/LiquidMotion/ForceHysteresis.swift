import LiquidGeometry

/// The pressure state machine of the flashlight button (WWDC18 "Designing Fluid Interfaces"), with
/// hysteresis so a force hovering around one threshold does not make the button flicker.
///
/// Forces are normalised (0 = no touch, 1 = the device's maximum; values above 1 are accepted).
/// Thresholds default to reset 0.4, activate 0.5, confirm 0.49, and always satisfy
/// `reset < confirm ≤ activate`.
///
/// Transitions, one per ``update(force:)``:
/// - ``State/idle`` → ``State/activated`` when `force ≥ activate`: emits ``Event/activated`` (the first
///   haptic tick).
/// - ``State/activated`` → ``State/confirmed`` on a *later* sample with `force ≥ confirm`: emits
///   ``Event/confirmed`` (the second tick). The sample that activates never also confirms.
/// - ``State/activated`` or ``State/confirmed`` → ``State/idle`` when `force ≤ reset`: emits
///   ``Event/reset``; the button is re-armed and can activate again.
/// - Anything else leaves the state unchanged and emits nothing. A NaN or infinite force is ignored.
///
/// Because `reset < confirm`, a sample cannot both confirm and reset; because `confirm ≤ activate`,
/// holding the activating force confirms on the next sample.
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

    /// At or below this force an activated button returns to ``State/idle`` (default 0.4).
    public let resetThreshold: Double
    /// At or above this force an idle button activates (default 0.5).
    public let activateThreshold: Double
    /// At or above this force a later sample confirms an activation (default 0.49).
    public let confirmThreshold: Double

    /// The current state; starts ``State/idle``.
    public private(set) var state: State = .idle

    /// Creates an idle state machine.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for a NaN or infinite threshold, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) unless `reset < confirm ≤ activate`.
    public init(reset: Double = 0.4, activate: Double = 0.5, confirm: Double = 0.49) throws(LiquidError) {
        resetThreshold = try LiquidError.requireFinite(reset, "reset threshold")
        activateThreshold = try LiquidError.requireFinite(activate, "activate threshold")
        confirmThreshold = try LiquidError.requireFinite(confirm, "confirm threshold")
        guard confirm > reset else {
            throw .invalidParameter(
                name: "confirm threshold", value: confirm, requirement: "must be greater than the reset threshold \(reset)")
        }
        guard confirm <= activate else {
            throw .invalidParameter(
                name: "confirm threshold", value: confirm, requirement: "must not exceed the activate threshold \(activate)")
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

    /// Feeds one force sample and returns the event it caused, if any.
    ///
    /// - Complexity: O(1).
    @discardableResult
    public mutating func update(force: Double) -> Event? {
        guard force.isFinite else { return nil }
        switch state {
        case .idle:
            guard force >= activateThreshold else { return nil }
            state = .activated
            return .activated
        case .activated:
            if force <= resetThreshold {
                state = .idle
                return .reset
            }
            guard force >= confirmThreshold else { return nil }
            state = .confirmed
            return .confirmed
        case .confirmed:
            guard force <= resetThreshold else { return nil }
            state = .idle
            return .reset
        }
    }

    /// Returns to ``State/idle`` without emitting an event (for a cancelled or ended touch).
    public mutating func reset() {
        state = .idle
    }
}
