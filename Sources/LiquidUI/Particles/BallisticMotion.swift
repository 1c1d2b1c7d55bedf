import LiquidGeometry

/// The rule of motion of an emitter's particles in a ``ParticleStore``: constant acceleration, births
/// spread at a fixed rate, an optional fade, and removal once a particle has left a rectangle (the view).
///
/// Particle k of a group (k = 0, 1, …, counted from the group's first) is born at
/// ``birthTime(ofParticle:)`` = (k + 1) · ``birthInterval`` seconds after the group began; from then on,
/// after t seconds of life, its centre is `p0 + v0·t + a·t²/2` and its velocity `v0 + a·t` — each step
/// applies exactly that (a step in which it is born moves it only for the part of the step after its
/// birth). Each step also takes the step's time off the particle's lifetime: it dies when that reaches 0,
/// and it is drawn with ``alpha(lifetime:)``. Once a particle's bounding circle (radius
/// ``spriteRadius`` × its scale, about its centre) lies wholly outside ``bounds``, it is removed: it is
/// never drawn or moved again. The group is removed when every particle has been born and removed.
package struct BallisticMotion: Hashable, Sendable {
    /// Acceleration, points per second squared, in the drawing coordinates (y grows downwards).
    package var accelerationX: Double
    package var accelerationY: Double
    /// Seconds between births (1 / birth rate); 0 makes every particle born at once.
    package var birthInterval: Double
    /// A particle fades out linearly over the last this many seconds of its lifetime (0: no fade).
    package var fadeDuration: Double
    /// The rectangle particles are removed on leaving, in the drawing coordinates.
    package var bounds: Rect
    /// Half the diagonal of a particle's sprite at scale 1, points: the radius of the circle that holds
    /// the sprite at any rotation.
    package var spriteRadius: Double

    /// When particle `k` is born, seconds after its group began.
    @inline(__always)
    package func birthTime(ofParticle k: Int) -> Double { Double(k + 1) * birthInterval }

    /// The opacity of a particle with `lifetime` seconds left: 1 without a fade, else
    /// `min(1, lifetime / fadeDuration)`, and 0 for a dead particle (lifetime ≤ 0 or NaN).
    package func alpha(lifetime: Double) -> Double {
        guard lifetime > 0 else { return 0 }
        return fadeDuration > 0 ? Swift.min(1, lifetime / fadeDuration) : 1
    }

    /// Whether a particle centred at (`x`, `y`) with `scale` has left ``bounds`` entirely.
    @inline(__always)
    package func hasLeft(x: Double, y: Double, scale: Double) -> Bool {
        let r = spriteRadius * scale
        return x + r < bounds.minX || x - r > bounds.maxX || y + r < bounds.minY || y - r > bounds.maxY
    }
}
