import LiquidGeometry
import LiquidRaster

/// An effect drawn from the pixels beneath a layer — glass, a frosted background — installed as
/// ``Layer/backdrop``. LiquidGlass provides effects; anything can conform.
///
/// Contract, per frame in which the compositor needs the layer's pixels:
/// - ``render(backdrop:into:shape:scale:)`` receives `backdrop`: exactly the pixels composited so far
///   beneath the layer (everything earlier in painter's order in the same render target — the screen, or
///   the enclosing group when an ancestor is grouped), over the layer's bounds in device pixels expanded by
///   ``sampleOutset`` points, clipped to the target.
/// - `output` is a transparent pixmap of the same size and scale; what the effect draws there is
///   composited onto the target at the same place with the layer's opacity, blend mode and clip. The
///   effect confines its output to `shape` itself.
/// - The effect must be a pure function of its inputs (and its own state; after changing that state call
///   ``Layer/setNeedsDisplay()``): the compositor re-runs it only when something beneath it or the layer
///   changed, and relies on the same inputs giving the same pixels.
package protocol BackdropEffect {
    /// How far beyond the layer's shape, in points, the effect reads the backdrop (a blur's reach, a
    /// refraction's displacement). Not negative.
    var sampleOutset: Double { get }

    /// Draws the effect; see the protocol's contract. Errors propagate out of ``Compositor/render(_:)``.
    func render(backdrop: Pixmap, into output: inout Pixmap, shape: BackdropShape, scale: Double) throws
}
