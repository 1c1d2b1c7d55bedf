import LiquidGeometry

/// The versions of a ``LayerDrawing``'s pixels and the change into the current one, for drawings that
/// keep an image: what their ``LayerDrawing/update(bounds:toDevice:scale:)`` reports.
struct DrawingVersions {
    /// The current version (a new image, or none, makes the next).
    private(set) var current: UInt64 = 0
    private var lastChange: (version: UInt64, changed: Rect?)?

    /// Starts a new version whose change is not known (a draw rendered, or the image was dropped).
    mutating func advance() { current &+= 1 }

    /// Records `changed` (points; `nil` for the whole layer) as the change into the current version.
    mutating func record(_ changed: Rect?) { lastChange = (current, changed) }

    /// The update to report for the current version: its recorded change, or the whole layer when an
    /// update did not make it.
    var update: LayerDrawingUpdate {
        LayerDrawingUpdate(version: current, changed: lastChange.flatMap { $0.version == current ? $0.changed : nil })
    }
}
