import LiquidGeometry
import LiquidRaster

/// One emission in a ``ParticleStore``: a contiguous run of particles that share an atlas region, a
/// placement and a rule of motion (one dissolving item, say).
///
/// A particle's home is its texel: texel (c, r) of ``atlasRect`` (counted from the region's top-left)
/// sits at `frame.origin + (c · cellWidth, r · cellHeight)` points, and the particle is drawn at its home
/// plus its offset.
package struct ParticleGroup: Hashable, Sendable {
    /// How a group's particles move.
    package enum Motion: Hashable, Sendable {
        /// The dissolve: the window sweep, gravity and fade of ``ParticleDissolve``.
        case dissolve
        /// An emitter's particles: constant acceleration, removal on leaving a rectangle (``BallisticMotion``).
        /// The atlas region is one sprite with a one-texel transparent border; every particle shows it,
        /// centred at the frame's origin plus its offset, `frame.width` points across times its scale.
        case ballistic(BallisticMotion)
    }

    /// Identifies the group while it lives (never reused by the same store).
    package let id: Int
    /// Index of the first particle.
    package var start: Int
    /// Number of particles.
    package let count: Int
    /// The group's texels in the store's atlas (one texel per cell of the source image).
    package let atlasRect: PixelRect
    /// Where the source image lies, points, in the coordinates the store's particles are drawn in.
    package let frame: Rect
    /// Source pixels per side of one particle's cell: 1 is one particle per pixel, k one per k×k block.
    package let blockSize: Int
    /// Points per cell across and down.
    package let cellWidth: Double
    package let cellHeight: Double
    /// The rule of motion.
    package let motion: Motion
    /// Seconds simulated since the group began.
    package var phase: Double = 0
    /// A dissolve's travel and fall per column (see ``DissolveSweep``); no columns for an emitter.
    package var sweep = DissolveSweep(columns: 0)

    /// The particles' index range.
    package var range: Range<Int> { start..<(start + count) }
}
