/// What the last ``Compositor/render(_:)`` did, for tests and benchmarks.
package struct RenderStatistics: Sendable, Equatable {
    /// Whether the tree had not changed and nothing was done.
    package var wasIdle = false
    /// Layers in the render tree (visible ones, masks excluded).
    package var layers = 0
    /// Tiles re-rendered, and their pixels (a tile drawn in several backdrop passes counts once per pass).
    package var tiles = 0
    package var pixels = 0
    /// Layer contents drawn (counted once per tile or buffer they were drawn into).
    package var contentDraws = 0
    /// Filter-group buffers rendered, and those reused from an earlier frame.
    package var groupsRendered = 0
    package var groupsReused = 0
    /// Filter-group buffers whose filters were applied anew to the group's kept unfiltered pixels (only
    /// the filters had changed).
    package var groupsRefiltered = 0
    /// Backdrop effects run.
    package var backdropsRendered = 0
    /// ``LayerDrawing`` updates run on the worker pool (one per visible drawing layer).
    package var drawingUpdates = 0
    /// Tiles that started from their kept underlay (the unchanged layers beneath the changed ones) instead
    /// of drawing it again.
    package var underlaysReused = 0
    /// Screen-level backdrop effects handed last frame's pixels again (nothing beneath them changed) instead
    /// of a fresh crop of the screen.
    package var backdropInputsReused = 0

    package init() {}

    /// Adds the drawing work `other` counted (tiles, pixels, content draws, backdrops run).
    package mutating func addWork(of other: RenderStatistics) {
        tiles += other.tiles
        pixels += other.pixels
        contentDraws += other.contentDraws
        backdropsRendered += other.backdropsRendered
        underlaysReused += other.underlaysReused
    }
}
