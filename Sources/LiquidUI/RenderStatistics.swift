/// What the last ``Compositor/render(_:)`` did, for tests and benchmarks.
public struct RenderStatistics: Sendable, Equatable {
    /// Whether the tree had not changed and nothing was done.
    public var wasIdle = false
    /// Layers in the render tree (visible ones, masks excluded).
    public var layers = 0
    /// Tiles re-rendered, and their pixels (a tile drawn in several backdrop passes counts once per pass).
    public var tiles = 0
    public var pixels = 0
    /// Layer contents drawn (counted once per tile or buffer they were drawn into).
    public var contentDraws = 0
    /// Filter-group buffers rendered, and those reused from an earlier frame.
    public var groupsRendered = 0
    public var groupsReused = 0
    /// Backdrop effects run.
    public var backdropsRendered = 0

    public init() {}
}
