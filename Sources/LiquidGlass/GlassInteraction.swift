import LiquidGeometry

/// The touch state of one interactive glass element, all lengths in points.
///
/// The caller owns the animation: it springs ``pressProgress`` (0 released → 1 pressed; a spring may
/// overshoot a little) and passes the current value each frame; rendering reads it, nothing here animates.
///
/// - Press: the shape grows about its centre by `1 + pressScale · pressProgress` (``pressScale`` defaults to
///   0.06 and is validated to 0.04…0.10).
/// - Glow: a radial white glow around ``touchPoint`` of peak alpha `glowOpacity · pressProgress`
///   (``glowOpacity`` 0.12, validated to 0.10…0.15), falling off as (1 − r²/R²)² to zero at ``glowRadius``.
/// - Stretch: a drag of `d` points moves the edge on the drag side by `max · tanh(0.05 · d / max)` per axis
///   (``stretch(_:maximum:)``), the opposite edge staying put, so the shape elongates toward the finger and
///   never by more than ``maximumStretch``.
package struct GlassInteraction: Hashable, Sendable {
    /// 0 = released, 1 = fully pressed (spring-driven by the caller; values slightly outside 0…1 are allowed
    /// for overshoot unless reduce motion is on).
    package var pressProgress: Double
    /// Relative growth at full press.
    package var pressScale: Double
    /// Where the finger is, in the container's coordinates (points), or `nil` for no glow.
    package var touchPoint: Point?
    /// Peak alpha of the touch glow at full press.
    package var glowOpacity: Double
    /// Radius of the touch glow in points.
    package var glowRadius: Double
    /// The drag translation since touch-down, in points.
    package var dragOffset: Vector2
    /// The most a drag can stretch the shape along each axis, in points.
    package var maximumStretch: Double

    package init(pressProgress: Double = 0, pressScale: Double = 0.06, touchPoint: Point? = nil,
                glowOpacity: Double = 0.12, glowRadius: Double = 40, dragOffset: Vector2 = .zero,
                maximumStretch: Double = 12) {
        self.pressProgress = pressProgress
        self.pressScale = pressScale
        self.touchPoint = touchPoint
        self.glowOpacity = glowOpacity
        self.glowRadius = glowRadius
        self.dragOffset = dragOffset
        self.maximumStretch = maximumStretch
    }

    /// No interaction.
    package static let idle = GlassInteraction()

    /// The rubber-band stretch for a drag of `d` points: `maximum · tanh(0.05 · d / maximum)`. Odd in `d`,
    /// about `0.05·d` for small drags, and never beyond ±`maximum`.
    package static func stretch(_ d: Double, maximum: Double) -> Double {
        guard maximum > 0 else { return 0 }
        return maximum * GlassMath.tanh(0.05 * d / maximum)
    }

    /// The press progress actually used: clamped to 0…1 under reduce motion (no overshoot).
    package func effectivePress(reduceMotion: Bool) -> Double {
        reduceMotion ? Swift.min(Swift.max(pressProgress, 0), 1) : pressProgress
    }

    /// The scale factor applied to the shape (1 when released).
    package func scale(reduceMotion: Bool = false) -> Double {
        Swift.max(0, 1 + pressScale * effectivePress(reduceMotion: reduceMotion))
    }

    /// The stretch per axis for the current drag (zero under reduce motion).
    package func stretchOffset(reduceMotion: Bool = false) -> Vector2 {
        guard !reduceMotion else { return .zero }
        return Vector2(Self.stretch(dragOffset.x, maximum: maximumStretch),
                       Self.stretch(dragOffset.y, maximum: maximumStretch))
    }

    /// `shape` as this interaction deforms it: scaled about its centre by ``scale(reduceMotion:)``, then
    /// stretched by ``stretchOffset(reduceMotion:)`` (a circle that is stretched becomes a rounded rect with
    /// its radius). The idle interaction returns `shape` unchanged.
    package func apply(to shape: SignedDistanceShape, reduceMotion: Bool = false) -> SignedDistanceShape {
        let s = scale(reduceMotion: reduceMotion)
        let stretch = stretchOffset(reduceMotion: reduceMotion)
        if s == 1 && stretch == .zero { return shape }
        switch shape {
        case .circle(let center, let radius) where stretch == .zero:
            return .circle(center: center, radius: radius * s)
        default:
            let (rect, radii, continuous) = GlassMorph.roundedRectForm(of: shape)
            let c = rect.center
            var scaled = Rect(x: c.x - rect.width * s / 2, y: c.y - rect.height * s / 2,
                              width: rect.width * s, height: rect.height * s)
            // The edge on the drag side moves by the stretch; the opposite edge stays.
            if stretch.x >= 0 { scaled.size.width += stretch.x } else {
                scaled.origin.x += stretch.x; scaled.size.width -= stretch.x
            }
            if stretch.y >= 0 { scaled.size.height += stretch.y } else {
                scaled.origin.y += stretch.y; scaled.size.height -= stretch.y
            }
            return .roundedRect(scaled, radii.scaled(by: s), continuous: continuous)
        }
    }

    /// The same interaction after checking: press scale in 0.04…0.10 (or 0 for no growth), glow opacity in
    /// 0.10…0.15 (or 0), radii and stretch finite and ≥ 0, everything finite.
    /// - Throws: `LiquidError` (`.outOfRange`) naming the field.
    package func validated() throws(LiquidError) -> GlassInteraction {
        guard pressProgress.isFinite else { throw .invalidParameter("press progress \(pressProgress) must be finite") }
        guard pressScale == 0 || (pressScale >= 0.04 && pressScale <= 0.10) else {
            throw .invalidParameter("press scale \(pressScale) must be 0 or lie in 0.04…0.10")
        }
        guard glowOpacity == 0 || (glowOpacity >= 0.10 && glowOpacity <= 0.15) else {
            throw .invalidParameter("glow opacity \(glowOpacity) must be 0 or lie in 0.10…0.15")
        }
        guard glowRadius.isFinite, glowRadius >= 0 else { throw .invalidParameter("glow radius \(glowRadius) must be finite and ≥ 0") }
        guard maximumStretch.isFinite, maximumStretch >= 0 else {
            throw .invalidParameter("maximum stretch \(maximumStretch) must be finite and ≥ 0")
        }
        guard dragOffset.isFinite else { throw .invalidParameter("drag offset \(dragOffset) must be finite") }
        if let touchPoint, !touchPoint.isFinite { throw .invalidParameter("touch point \(touchPoint) must be finite") }
        return self
    }
}
