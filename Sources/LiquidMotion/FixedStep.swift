import LiquidGeometry

/// Fixed-time-step integration settings for a ``SpringAnimator``.
///
/// The physics advances in whole steps of ``step`` seconds taken from an accumulator of elapsed time; the
/// value shown between steps is the exact closed-form state at the leftover time (so presented time always
/// equals credited time — no drift, no one-step lag). Two guards handle long frames:
/// - a cap of ``maxCatchUpSteps`` steps per frame; time beyond the cap is discarded (and counted), so one
///   stall never triggers a spiral of catch-up work;
/// - ``pausesOnDroppedFrame``: a frame longer than 1.5 steps is credited as exactly one step, so a dropped
///   frame pauses the motion instead of skipping ahead (the Liquid Glass switch back-port's behaviour; use
///   it with `step` equal to the display's frame interval).
public struct FixedStep: Hashable, Sendable {
    /// The integration step in seconds (> 0).
    public let step: Double
    /// The most steps one frame may take (≥ 1).
    public let maxCatchUpSteps: Int
    /// Whether an over-long frame is credited as one step (pause) rather than caught up.
    public let pausesOnDroppedFrame: Bool

    /// - Throws: `LiquidError` unless `step` is positive and finite and `maxCatchUpSteps` ≥ 1.
    public init(step: Double = 1.0 / 120, maxCatchUpSteps: Int = 8, pausesOnDroppedFrame: Bool = false) throws(LiquidError) {
        guard step.isFinite, step > 0 else {
            throw .invalidParameter(name: "fixed step", value: step, requirement: "must be positive and finite")
        }
        guard maxCatchUpSteps >= 1 else {
            throw .invalidParameter(name: "maximum catch-up steps", value: Double(maxCatchUpSteps),
                                    requirement: "must be at least 1")
        }
        self.step = step
        self.maxCatchUpSteps = maxCatchUpSteps
        self.pausesOnDroppedFrame = pausesOnDroppedFrame
    }
}
