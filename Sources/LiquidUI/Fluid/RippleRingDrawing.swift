import LiquidGeometry
import LiquidRaster
import Synchronization

/// The rings of a ``RippleView`` as a ``LayerDrawing``, so that the tiles they cover can be drawn on any
/// worker: the update lays the rings out once per frame on the layer's pixel grid (each ring's spans per
/// row and an empty shared coarse grid, ``RippleRing/Layout``); each tile's draw then reads that layout and
/// fills the coarse rows it needs, whichever worker claims a row first.
///
/// A layout that a draw may still be reading is never changed: an update that needs a different one
/// lays out a fresh object unless no draw holds the old one (a render nested in another, such as a
/// snapshot taken from a custom closure, may update the drawing while the outer frame's tiles draw).
///
/// The change into each version is the union of the old and new rings' ellipses within the layer's
/// bounds, grown by two device pixels; where that cannot be stated in finite numbers (or under a rotation
/// or shear) the whole layer is reported.
final class RippleRingDrawing: LayerDrawing {
    private struct State {
        var rings: [RippleRing] = []
        var versions = DrawingVersions()
        /// Prepared by updates, read by draws.
        var layout = RippleRing.Layout()
    }

    private let state = Mutex(State())

    init() {}

    /// The rings drawn (in the layer's points). Setting different ones makes a new version; call
    /// ``Layer/setNeedsDrawingUpdate()`` on the layer showing them.
    var rings: [RippleRing] {
        get { state.withLock { $0.rings } }
        set {
            state.withLock { state in
                guard state.rings != newValue else { return }
                let reach = [state.rings, newValue].joined().map(\.box).reduce(nil as Rect?) { $0?.union($1) ?? $1 }
                state.rings = newValue
                state.versions.advance()
                state.versions.record(reach ?? Rect(x: 0, y: 0, width: 0, height: 0))
            }
        }
    }

    /// How many rows of the shared coarse grid the draws since the last layout computed (for tests).
    var sharedRowsComputed: Int { state.withLock { $0.layout.sharedRowsComputed } }

    func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        state.withLock { state in
            if !state.rings.isEmpty, let settings = RippleRing.settings(toDevice: toDevice, area: bounds),
               !state.layout.holds(state.rings, settings) {
                if !isKnownUniquelyReferenced(&state.layout) { state.layout = RippleRing.Layout() }
                state.layout.prepare(state.rings, settings)
            }
            var update = state.versions.update
            if let changed = update.changed, changed.width > 0, changed.height > 0 {
                update.changed = Self.reach(of: changed, bounds: bounds, toDevice: toDevice)
            }
            return update
        }
    }

    /// `changed` grown by two device pixels (a ring draws within a pixel of its ellipse) and cut to
    /// `bounds` grown likewise, or `nil` (the whole layer) when that is not finite or the transform
    /// rotates or shears.
    private static func reach(of changed: Rect, bounds: Rect, toDevice t: AffineTransform) -> Rect? {
        guard t.b == 0, t.c == 0, t.isFinite else { return nil }
        let dx = 2 / abs(t.a), dy = 2 / abs(t.d)
        guard dx.isFinite, dy.isFinite, changed.isFinite, bounds.isFinite else { return nil }
        let grown = changed.insetBy(dx: -dx, dy: -dy), limit = bounds.insetBy(dx: -dx, dy: -dy)
        guard grown.isFinite, limit.isFinite else { return nil }
        return grown.intersection(limit) ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    func draw(in canvas: inout Canvas, bounds: Rect) {
        let (rings, layout) = state.withLock { ($0.rings, $0.layout) }
        RippleRing.draw(rings, into: &canvas, area: bounds, shared: layout)
    }
}
