import LiquidGeometry
import LiquidGlass

/// Everything a ``LiquidSwitch`` frame looks like, in the coordinates of the layer it is drawn into
/// (points): what ``LiquidSwitchRenderer`` turns into pixels. Two equal poses render identical pixels.
struct LiquidSwitchPose: Hashable {
    /// The track.
    var trackRect: Rect
    /// The thumb, scaled and stretched.
    var thumbRect: Rect
    /// The thumb's rest size (the baked shading's size).
    var restThumbSize: Size
    /// 0 at rest … 1 fully pressed (beyond while the scale spring overshoots).
    var pressProgress: Double
    /// The goo pass's threshold colour.
    var trackColor: RGBA
    /// The colour copied into the thumb's hole.
    var thumbColor: RGBA
    /// Rim of track colour left around the thumb, points (already scaled by the press progress).
    var rimWidth: Double
    /// The thumb's baked shading.
    var shading: BakedShading
    /// The thumb's drop-shadow opacity.
    var shadowOpacity: Double
    /// The goo edge's final softening.
    var softening: EdgeSoftening

    /// The visible thumb: ``thumbRect`` inset by ``rimWidth`` (never below zero size).
    var visibleThumbRect: Rect {
        let inset = Swift.min(Swift.max(rimWidth, 0), Swift.min(thumbRect.width, thumbRect.height) / 2)
        return thumbRect.insetBy(dx: inset, dy: inset)
    }
}
