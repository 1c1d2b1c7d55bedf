import LiquidGeometry

/// A pixmap used as paint: the image's point space (pixel / `image.scale`) is mapped into the coordinates of
/// the shape by `transform`, and sampled bilinearly in premultiplied form at pixel centres.
///
/// Outside the image, samples read the nearest edge pixel (clamp); the shape being filled decides where
/// the paint shows. `opacity` (clamped to 0…1) scales every sample. A non-invertible or non-finite
/// transform draws nothing.
public struct ImagePaint: Sendable {
    /// The image painted with.
    public var image: Pixmap
    /// Image points → the canvas's user space.
    public var transform: AffineTransform
    /// Multiplies the image, 0…1.
    public var opacity: Double

    /// Paint that samples `image` through `transform`, scaled by `opacity`.
    public init(image: Pixmap, transform: AffineTransform = .identity, opacity: Double = 1) {
        self.image = image
        self.transform = transform
        self.opacity = opacity
    }
}
