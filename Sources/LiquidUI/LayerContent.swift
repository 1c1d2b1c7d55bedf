import LiquidGeometry
import LiquidRaster

/// What a ``Layer`` draws itself, in its local coordinates (points), beneath its sublayers.
public enum LayerContent {
    /// Nothing of its own (a container).
    case none
    /// A path filled with `fill` (by `fillRule`) and then stroked with `stroke`, either of which may be
    /// absent.
    case shape(Path, fill: Paint?, stroke: (style: StrokeStyle, paint: Paint)?, fillRule: FillRule = .nonZero)
    /// A rectangle (local points) with rounded corners filled with `fill` through the raster engine's
    /// analytic coverage (`Canvas.fillRoundedRect(_:cornerRadii:style:paint:)`): exact area coverage for
    /// circular corners under translation and uniform scale, a path fill otherwise.
    case roundedRect(Rect, cornerRadii: CornerRadii, style: CornerStyle, fill: Paint)
    /// An image stretched to fill the layer's bounds (bilinear sampling).
    case image(Pixmap)
    /// One line of text, placed vertically by the style's ``TextStyle/verticalAlignment`` (by default
    /// centred in the bounds) and horizontally by its alignment (left edge, centre or right edge of the
    /// bounds). Text follows the layer's position and scale but not
    /// its rotation or shear, and lands on whole pixels (see ``TextStyle``).
    case text(String, TextStyle)
    /// Custom drawing: the closure gets a canvas already transformed to the layer's local space and the
    /// layer's bounds. The drawing is clipped to the bounds (that is what the compositor re-renders when
    /// the layer changes); call ``Layer/setNeedsDisplay()`` when what it draws changes.
    case custom(@MainActor (inout Canvas, Rect) -> Void)
    /// Drawing whose rendering the compositor can run on its worker pool, beside other layers' (see
    /// ``LayerDrawing``). Clipped to the bounds like ``custom(_:)``; call
    /// ``Layer/setNeedsDrawingUpdate()`` when its state changes.
    case drawing(any LayerDrawing)
}
