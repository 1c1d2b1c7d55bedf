/// The initial state of one particle an emitter adds to a ``ParticleStore``.
package struct EmittedParticle: Hashable, Sendable {
    /// Centre at birth, points, relative to the emitter's position.
    package var x: Double, y: Double
    /// Velocity at birth, points per second.
    package var velocityX: Double, velocityY: Double
    /// Size relative to the sprite's size (1 draws the sprite at its size in points).
    package var scale: Double
    /// Rotation, radians (positive turns clockwise on screen, whose y grows downwards).
    package var rotation: Double
    /// Seconds it lives after its birth (`.infinity` for no limit).
    package var lifetime: Double
}
