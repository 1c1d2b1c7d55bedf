import LiquidGeometry
import LiquidRaster
import Synchronization

/// The rings of a ``RippleView`` as a ``LayerDrawing``, so that the tiles they cover can be drawn on any
/// worker: the update lays the rings out once per frame on the layer's pixel grid (each ring's spans per
/// row and an empty shared coarse grid, ``RippleRing/Layout``); each tile's draw then reads that layout and
/// fills the coarse rows it needs, whichever worker claims a row first.
///
/// The change into each version is the union of the old and new rings' ellipses (grown by two device
/// pixels), so a ring alone (reduce motion) redraws only where rings were or are.
final class RippleRingDrawing: LayerDrawing {
    private struct State {
        var rings: [RippleRing] = []
        var versions = DrawingVersions()
        /// Prepared by updates, read by draws (never both at once: a frame's updates finish before its
        /// tiles start).
        let layout = RippleRing.Layout()
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

    func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        state.withLock { state in
            RippleRing.prepare(state.layout, for: state.rings, toDevice: toDevice, area: bounds)
            var update = state.versions.update
            // A ring draws within a pixel of its ellipse; two device pixels of margin cover any rounding.
            if let changed = update.changed, changed.width > 0, changed.height > 0, scale > 0, scale.isFinite {
                update.changed = changed.insetBy(dx: -2 / scale, dy: -2 / scale)
            }
            return update
        }
    }

    func draw(in canvas: inout Canvas, bounds: Rect) {
        let (rings, layout) = state.withLock { ($0.rings, $0.layout) }
        RippleRing.draw(rings, into: &canvas, area: bounds, shared: layout)
    }
}
