import LiquidGeometry
import LiquidRaster

/// Where a backdrop layer's shape lies in the backdrop pixmap handed to a ``BackdropEffect``.
package struct BackdropShape: Sendable {
    /// The layer's bounds in its local space (points).
    package var bounds: Rect
    /// The layer's corner radii (points, local space) and style.
    package var cornerRadii: CornerRadii
    package var cornerStyle: CornerStyle
    /// Local points → pixels of the backdrop pixmap (top-left of the pixmap is (0, 0)).
    package var transform: AffineTransform
    /// Where the backdrop pixmap sits in the render target, in device pixels of the root.
    package var region: PixelRect

    package init(bounds: Rect, cornerRadii: CornerRadii, cornerStyle: CornerStyle, transform: AffineTransform,
                region: PixelRect) {
        self.bounds = bounds
        self.cornerRadii = cornerRadii
        self.cornerStyle = cornerStyle
        self.transform = transform
        self.region = region
    }

    /// The outline in backdrop pixels (the bounds rounded by the corner radii, transformed).
    package var path: Path {
        var path = Path()
        let radii = cornerRadii.clamped(toFit: bounds.size)
        switch cornerStyle {
        case .circular: path.addRoundedRect(bounds, cornerRadii: radii)
        case .continuous: path.addContinuousRoundedRect(bounds, cornerRadii: radii)
        }
        return path.transformed(by: transform)
    }

    /// The bounding box of the shape in backdrop pixels.
    package var pixelBounds: Rect { transform.apply(to: bounds) }
}
