import LiquidGeometry

/// The geometry of a ``LiquidSwitch``: track, thumb at rest and pressed, and the thumb's travel, in the
/// switch's own coordinates (points, origin at the top-left of its bounds).
///
/// The figures are those of the published Liquid Glass back-port this switch re-creates: a 63 × 28 pt track, a 38 × 24 pt thumb that
/// grows to 58 × 38 pt while pressed. A switch of another size keeps the track filling its bounds and
/// scales the thumb sizes by `height / 28`, so the thumb keeps its inset from the track's edge.
///
/// A switch's metrics follow its frame (``LiquidSwitch/metrics`` is read-only). Guarantees: the thumb's
/// off position is left of (or, on a track too short for any travel, at) its on position; every size is
/// finite and non-negative for finite, non-negative bounds.
package struct LiquidSwitchMetrics: Hashable, Sendable {
    /// The track (the switch's bounds size).
    package var trackSize: Size
    /// The thumb at rest.
    package var thumbSize: Size
    /// The thumb while pressed.
    package var pressedThumbSize: Size

    /// The back-port's figures: 63 × 28 track, 38 × 24 thumb, 58 × 38 pressed thumb.
    package static let standard = LiquidSwitchMetrics(
        trackSize: Size(width: 63, height: 28), thumbSize: Size(width: 38, height: 24),
        pressedThumbSize: Size(width: 58, height: 38))

    /// Metrics with explicit sizes (nothing is validated; see `fitted(to:)`).
    package init(trackSize: Size, thumbSize: Size, pressedThumbSize: Size) {
        self.trackSize = trackSize
        self.thumbSize = thumbSize
        self.pressedThumbSize = pressedThumbSize
    }

    /// These metrics for a track of `size`: thumb sizes scaled by `size.height / trackSize.height`
    /// (non-finite or non-positive sizes give a zero-sized switch).
    package func fitted(to size: Size) -> LiquidSwitchMetrics {
        guard size.isFinite, size.width > 0, size.height > 0, trackSize.height > 0 else {
            return LiquidSwitchMetrics(trackSize: .zero, thumbSize: .zero, pressedThumbSize: .zero)
        }
        let k = size.height / trackSize.height
        let thumbWidth = Swift.min(thumbSize.width * k, size.width)
        return LiquidSwitchMetrics(
            trackSize: size, thumbSize: Size(width: thumbWidth, height: thumbSize.height * k),
            pressedThumbSize: Size(width: pressedThumbSize.width * k, height: pressedThumbSize.height * k))
    }

    /// The gap between the resting thumb and the track's top, bottom and ends.
    package var inset: Double { Swift.max((trackSize.height - thumbSize.height) / 2, 0) }

    /// The thumb centre's x when off.
    package var offThumbX: Double { Swift.min(inset + thumbSize.width / 2, trackSize.width / 2) }
    /// The thumb centre's x when on.
    package var onThumbX: Double { Swift.max(trackSize.width - inset - thumbSize.width / 2, trackSize.width / 2) }
    /// The middle of the travel: a drag released at or beyond it (toward on) turns the switch on.
    package var midpointX: Double { (offThumbX + onThumbX) / 2 }
    /// The thumb centre's y (the track's middle).
    package var thumbY: Double { trackSize.height / 2 }

    /// The thumb centre's x for a value.
    package func thumbX(isOn: Bool) -> Double { isOn ? onThumbX : offThumbX }

    /// The thumb's scale while pressed: pressed width / rest width (58 / 38 ≈ 1.526 for the standard
    /// metrics); 1 when the rest width is 0.
    package var pressedScale: Double {
        thumbSize.width > 0 ? pressedThumbSize.width / thumbSize.width : 1
    }

    /// How far a thumb `scale` has gone from rest (0) to pressed (1); beyond 0…1 while a spring overshoots.
    package func pressProgress(scale: Double) -> Double {
        let span = pressedScale - 1
        return span > 0 ? (scale - 1) / span : 0
    }

    /// The thumb's rectangle: centred at (`centerX`, `thumbY`), its size interpolated from rest to pressed
    /// by `pressProgress(scale:)` (both axes together, so the 38 × 24 → 58 × 38 growth follows one spring),
    /// then stretched by `jiggle` in x and `1 / jiggle` in y. Sizes never go negative.
    package func thumbRect(centerX: Double, scale: Double, jiggle: Double) -> Rect {
        let p = pressProgress(scale: scale)
        let j = jiggle > 0 && jiggle.isFinite ? jiggle : 1
        let width = Swift.max(thumbSize.width + p * (pressedThumbSize.width - thumbSize.width), 0) * j
        let height = Swift.max(thumbSize.height + p * (pressedThumbSize.height - thumbSize.height), 0) / j
        return Rect(x: centerX - width / 2, y: thumbY - height / 2, width: width, height: height)
    }
}
