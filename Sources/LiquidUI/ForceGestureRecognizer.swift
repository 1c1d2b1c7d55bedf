import LiquidMotion

/// Recognizes a firm press (the flashlight button of WWDC18 "Designing Fluid Interfaces"), with the
/// hysteresis of LiquidMotion's `ForceHysteresis`: activate at 0.5, confirm when the force falls back to
/// 0.49, re-arm at or below 0.4 (by default); lifting the finger counts as the force falling to 0.
///
/// Continuous: it begins on the sample that activates; every later sample while the finger is down is a
/// change (``force`` moved, or the press confirmed, re-armed or activated again); lifting ends it, and a
/// touch lifted before activating fails it. Each hysteresis event is reported through
/// ``onForceEvent`` and ``latestEvents``, and activation and confirmation each play a haptic
/// (``activationHaptic``, light, then ``confirmationHaptic``, medium) into the run loop's ``HapticLog``.
@MainActor
public final class ForceGestureRecognizer: GestureRecognizer {
    /// The thresholds and their state; its state returns to idle when a touch ends or is cancelled.
    public private(set) var hysteresis: ForceHysteresis
    /// The latest force, 0…1.
    public private(set) var force = 0.0
    /// The events the latest sample (or the lift) produced, in order.
    public private(set) var latestEvents: [ForceHysteresis.Event] = []
    /// Called with each hysteresis event as it happens (before the state transition it causes).
    public var onForceEvent: (@MainActor (ForceHysteresis.Event) -> Void)?
    /// Played on activation (default ``HapticEvent/impactLight``; `nil` for none).
    public var activationHaptic: HapticEvent? = .impactLight
    /// Played on confirmation (default ``HapticEvent/impactMedium``; `nil` for none).
    public var confirmationHaptic: HapticEvent? = .impactMedium

    /// Creates a force recognizer with `hysteresis` (default thresholds: reset 0.4, activate 0.5,
    /// confirm 0.49).
    public init(hysteresis: ForceHysteresis = .standard) {
        self.hysteresis = hysteresis
        super.init()
    }

    /// The talk's thresholds: reset 0.4, activate 0.5, confirm 0.49.
    // The defaults satisfy ForceHysteresis's requirement reset < confirm < activate.
    package nonisolated static let standardHysteresis = ForceHysteresis.standard

    package override func touchBegan(_ touch: Touch) {
        hysteresis.reset()
        sample(touch.force)
    }

    package override func touchMoved(_ touch: Touch) {
        sample(touch.force)
    }

    package override func touchEnded(_ touch: Touch) {
        force = touch.force
        report(hysteresis.release())
        hysteresis.reset()
        if state == .possible {
            transition(to: .failed)
        } else {
            transition(to: .ended)
        }
    }

    package override func touchCancelled(_ touch: Touch) {
        hysteresis.reset()
        super.touchCancelled(touch)
    }

    package override func reset() {
        force = 0
        latestEvents = []
        hysteresis.reset()
    }

    private func sample(_ newForce: Double) {
        force = newForce
        report(hysteresis.update(force: newForce))
        switch state {
        case .possible:
            if latestEvents.contains(.activated) { transition(to: .began) }
        case .began, .changed:
            transition(to: .changed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Records `events`, tells ``onForceEvent`` and plays their haptics.
    private func report(_ events: [ForceHysteresis.Event]) {
        latestEvents = events
        for event in events {
            onForceEvent?(event)
            switch event {
            case .activated: if let haptic = activationHaptic { view?.playHaptic(haptic) }
            case .confirmed: if let haptic = confirmationHaptic { view?.playHaptic(haptic) }
            case .reset: break
            }
        }
    }
}
