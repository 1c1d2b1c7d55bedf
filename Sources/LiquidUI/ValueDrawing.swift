import LiquidGeometry
import LiquidRaster
import Synchronization

/// A ``LayerDrawing`` for cheap content that is a function of a value: `draw(value, canvas, bounds)` runs
/// for every tile the layer covers, on whichever worker draws the tile. Setting a different value makes a
/// new version whose change is not known (the compositor redraws the whole layer).
///
/// Use it for content that draws directly (a few fills and strokes); content that renders an offscreen
/// image should conform to ``LayerDrawing`` itself and render once in ``LayerDrawing/update(bounds:toDevice:scale:)``.
public final class ValueDrawing<Value: Sendable & Equatable>: LayerDrawing {
    private struct State {
        var value: Value
        var version: UInt64 = 0
    }

    private let state: Mutex<State>
    private let body: @Sendable (Value, inout Canvas, Rect) -> Void

    /// A drawing of `value` by `draw` (called with the value, a canvas in the layer's local space, and the
    /// layer's bounds).
    public init(_ value: Value, draw: @escaping @Sendable (Value, inout Canvas, Rect) -> Void) {
        state = Mutex(State(value: value))
        body = draw
    }

    /// The value drawn. Setting a different one makes a new version; call ``Layer/setNeedsDrawingUpdate()``
    /// (or ``Layer/setNeedsDisplay()``) on the layer showing it.
    public var value: Value {
        get { state.withLock { $0.value } }
        set {
            state.withLock { state in
                guard state.value != newValue else { return }
                state.value = newValue
                state.version &+= 1
            }
        }
    }

    public func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        LayerDrawingUpdate(version: state.withLock { $0.version }, changed: nil)
    }

    public func draw(in canvas: inout Canvas, bounds: Rect) {
        let value = state.withLock { $0.value }
        body(value, &canvas, bounds)
    }
}
