import LiquidGeometry
import LiquidRaster

/// A layer's own drawing that can be brought up to date on any thread: the content of a layer whose
/// expensive part (rendering an offscreen image) the compositor runs on its worker pool, several layers
/// at once, before it draws the frame's tiles. Set it as ``LayerContent/drawing(_:)``.
///
/// A frame with drawings runs in two steps:
/// 1. **update**, on the worker pool (``WorkerPool/shared``), one job per drawing layer in the tree:
///    ``update(bounds:toDevice:scale:)`` renders whatever the drawing's current state needs on the layer's pixel
///    grid and says which part of the layer changed since the version the compositor drew last;
/// 2. **draw**, once for every screen tile the layer touches, on whichever worker draws the tile:
///    ``draw(in:bounds:)`` puts the prepared pixels on the canvas (a blit, not a render).
///
/// The owner (a control, on the main actor) hands the drawing its new state between frames, under the
/// drawing's own lock, and calls ``Layer/setNeedsDrawingUpdate()`` so that the next render asks for an
/// update. The compositor calls nothing on the drawing concurrently with the owner: while the update jobs
/// run, the main actor is inside the render, waiting for them.
///
/// Requirements on a conforming type:
/// - ``update(bounds:toDevice:scale:)`` and ``draw(in:bounds:)`` may be called from any thread, and
///   ``draw(in:bounds:)`` from several at once (the tiles of one frame go to different workers) — so keep
///   mutable state behind a lock, and hold it only to find (or render) what to draw, not while drawing it.
/// - The pixels depend only on the drawing's state and the device transform's grid (scale and sub-pixel
///   phase), never on which thread or tile draws them: that is what keeps the frame byte for byte the
///   same for any worker count.
/// - ``draw(in:bounds:)`` must work without a preceding update for the same grid (a snapshot or a
///   second compositor may draw first): it then renders on the calling thread.
public protocol LayerDrawing: AnyObject, Sendable {
    /// Brings the drawing up to date for a layer with `bounds` whose local points map to device pixels by
    /// `toDevice`, with `scale` device pixels per point, and reports the version drawn and what changed.
    func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate

    /// Draws the layer's content into `canvas`, whose user space is the layer's local space (points) and
    /// whose clip is the part of the screen being drawn; `bounds` is the layer's bounds.
    func draw(in canvas: inout Canvas, bounds: Rect)
}

/// What a ``LayerDrawing`` update produced: the version of the pixels it will draw and how they differ
/// from the version before.
public struct LayerDrawingUpdate: Sendable, Equatable {
    /// Identifies the pixels the drawing now draws; a new image takes a new, larger version.
    public var version: UInt64
    /// The part of the layer's local space (points) whose pixels differ between `version − 1` and
    /// `version`: `nil` when not known (the compositor redraws the whole layer), an empty rect when none
    /// does. It describes the step into `version` whichever update made it, so an update that makes no
    /// new version reports the same rect again (a second compositor may not have drawn `version` yet).
    /// Only used by a compositor that drew `version − 1`; any other redraws the whole layer.
    public var changed: Rect?

    /// An update to `version`, whose pixels differ from the version before within `changed`.
    public init(version: UInt64, changed: Rect?) {
        self.version = version
        self.changed = changed
    }
}
