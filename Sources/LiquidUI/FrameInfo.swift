import LiquidRaster

/// What one frame of a ``UIRunLoop`` did.
public struct FrameInfo: Hashable, Sendable, CustomStringConvertible {
    /// 0 for the run loop's first frame, then 1, 2, …
    public var index: Int
    /// The frame's time, in seconds on the run loop's clock.
    public var time: Double
    /// Seconds since the previous frame (0 for the first).
    public var delta: Double
    /// Touch samples dispatched since the previous frame.
    package var touchesDispatched: Int
    /// Animation callbacks run in this frame.
    package var animationsRun: Int
    /// Views whose ``View/updateProperties()`` ran.
    package var propertiesUpdated: Int
    /// Views whose ``View/layout()`` ran.
    package var layoutsRun: Int
    /// Views whose display pass ran.
    package var displaysRun: Int
    /// The device-pixel rectangle the run loop's compositor redrew; `nil` when nothing was redrawn or
    /// there is no compositor.
    package var damage: PixelRect?

    package init(
        index: Int, time: Double, delta: Double, touchesDispatched: Int = 0, animationsRun: Int = 0,
        propertiesUpdated: Int = 0, layoutsRun: Int = 0, displaysRun: Int = 0, damage: PixelRect? = nil
    ) {
        self.index = index
        self.time = time
        self.delta = delta
        self.touchesDispatched = touchesDispatched
        self.animationsRun = animationsRun
        self.propertiesUpdated = propertiesUpdated
        self.layoutsRun = layoutsRun
        self.displaysRun = displaysRun
        self.damage = damage
    }

    /// Whether the frame changed nothing: no touches, animations, passes or redrawn pixels.
    public var isIdle: Bool {
        touchesDispatched == 0 && animationsRun == 0 && propertiesUpdated == 0 && layoutsRun == 0
            && displaysRun == 0 && damage == nil
    }

    public var description: String {
        "frame \(index) t=\(time) dt=\(delta): \(touchesDispatched) touches, \(animationsRun) animations, "
            + "passes \(propertiesUpdated)/\(layoutsRun)/\(displaysRun)"
            + (damage.map { ", damage \($0)" } ?? "")
    }
}
