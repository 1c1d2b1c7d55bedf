import LiquidGeometry
import LiquidRaster
import Synchronization

/// A ``LayerDrawing`` for content that is a function of a value: a few fills and strokes drawn by
/// `draw(value, canvas, bounds)`. Setting a different value makes a new version whose change is not known
/// (the compositor redraws the whole layer).
///
/// Where the layer sits on whole device pixels at the canvas's scale (no rotation, no fractional offset,
/// bounds starting at the local origin), the update draws the value once into an image of the layer's
/// pixels and every tile copies its part of that image; anywhere else each tile draws the value itself.
/// Either way a tile's pixels depend only on the value and the layer's pixel grid, never on the tile.
///
/// Measured reason for the image: a tab bar's capsule and hairline were stroked and filled again in each of
/// the ~30 tiles its animating lens damages, every frame — about a fifth of `ui.tabbar.animating`.
/// Against drawing straight into the tile, the image adds one rounding (the shapes are drawn over
/// transparency, then composited), so pixels may differ from the per-tile drawing by one level.
///
/// Memory: one image of the layer's pixels (4 bytes each) while the layer is aligned, replaced when the
/// value, scale or bounds change.
///
/// Content that renders an offscreen image of its own should conform to ``LayerDrawing`` itself and render
/// once in ``LayerDrawing/update(bounds:toDevice:scale:)``.
public final class ValueDrawing<Value: Sendable & Equatable>: LayerDrawing {
    private struct State {
        var value: Value
        var version: UInt64 = 0
        /// The value drawn on the layer's pixel grid, and what it was drawn for.
        var image: Pixmap? = nil
        var imageKey: ImageKey? = nil
    }

    private struct ImageKey: Equatable {
        var version: UInt64
        var scale: Double
        var size: Size
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
                state.image = nil
                state.imageKey = nil
            }
        }
    }

    public func update(bounds: Rect, toDevice: AffineTransform, scale: Double) -> LayerDrawingUpdate {
        if Self.isAligned(toDevice, scale: scale), bounds.origin == .zero {
            _ = image(size: bounds.size, scale: scale)
        }
        return LayerDrawingUpdate(version: state.withLock { $0.version }, changed: nil)
    }

    public func draw(in canvas: inout Canvas, bounds: Rect) {
        let scale = canvas.pixmap.scale
        if Self.isAligned(canvas.deviceTransform, scale: scale), bounds.origin == .zero,
           let image = image(size: bounds.size, scale: scale) {
            canvas.drawImageAligned(image)
            return
        }
        let value = state.withLock { $0.value }
        body(value, &canvas, bounds)
    }

    /// The value drawn into an image of `size` points at `scale` (made now if the one kept is for another
    /// version, scale or size), or `nil` when no such image can be made (an empty or too large size).
    private func image(size: Size, scale: Double) -> Pixmap? {
        state.withLock { state in
            let key = ImageKey(version: state.version, scale: scale, size: size)
            if state.imageKey == key { return state.image }
            var image: Pixmap? = nil
            if size.width > 0, size.height > 0, let pixels = try? Pixmap(size: size, scale: scale) {
                var canvas = Canvas(pixels)
                body(state.value, &canvas, Rect(origin: .zero, size: size))
                image = canvas.pixmap
            }
            state.image = image
            state.imageKey = key
            return image
        }
    }

    /// Whether `toDevice` maps points to device pixels by `scale` alone plus a whole-pixel translation
    /// (within 10⁻⁶ px, the rounding a tile's offset adds): the case where the image's pixels land on the
    /// device's, as `Canvas.drawImageAligned` requires.
    private static func isAligned(_ toDevice: AffineTransform, scale: Double) -> Bool {
        toDevice.a == scale && toDevice.d == scale && toDevice.b == 0 && toDevice.c == 0
            && abs(toDevice.tx) < 1e9 && abs(toDevice.ty) < 1e9
            && abs(toDevice.tx - toDevice.tx.rounded()) < 1e-6 && abs(toDevice.ty - toDevice.ty.rounded()) < 1e-6
    }
}
