import LiquidGeometry
import LiquidRaster

/// What a ``Layer`` draws itself, in its local coordinates (points), beneath its sublayers.
public enum LayerContent {
    /// Nothing of its own (a container).
    case none
    /// A path filled with `fill` (non-zero rule) and then stroked with `stroke`, either of which may be
    /// absent.
    case shape(Path, fill: Paint?, stroke: (style: StrokeStyle, paint: Paint)?)
    /// An image stretched to fill the layer's bounds (bilinear sampling).
    case image(Pixmap)
    /// One line of text, vertically centred in the bounds and placed horizontally by the style's alignment
    /// (left edge, centre or right edge of the bounds). Text follows the layer's position and scale but not
    /// its rotation or shear, and lands on whole pixels (see ``TextStyle``).
    case text(String, TextStyle)
    /// Custom drawing: the closure gets a canvas already transformed to the layer's local space and the
    /// layer's bounds. The drawing is clipped to the bounds (that is what the compositor re-renders when
    /// the layer changes); call ``Layer/setNeedsDisplay()`` when what it draws changes.
    case custom(@MainActor (inout Canvas, Rect) -> Void)
}
