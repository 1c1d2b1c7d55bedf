import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// The geometry and springs of a ``LiquidSlider``, in points and seconds (the goo and shadow figures are
/// fixed).
///
/// The defaults are the back-port's look: a 6 pt track, a 38 × 24 pt capsule thumb that grows 1.5× while
/// pressed, both goo passes blurred 3 pt and thresholded at 0.5.
public struct LiquidSliderMetrics: Hashable, Sendable {
    /// The track's thickness.
    public var trackHeight: Double
    /// The thumb's rest size (a capsule).
    public var thumbSize: Size
    /// How much the thumb grows while pressed (a uniform scale; 1.5 makes a 38 × 24 thumb 57 × 36).
    public var pressedThumbScale: Double
    /// How far beyond the thumb's rest width, on each side, a touch still grabs the thumb.
    package var thumbHitSlop: Double = 8
    /// Room around the bounds that the rendered image covers (the grown thumb and the goo's blur).
    package var contentMargin: Double = 12
    /// How far (at rest scale) the thumb's goo blobs lie inside the thumb's outline, so their soft edges
    /// stay hidden under it.
    package var blobInset: Double = 1.5

    /// The thumb's x while a finger drags it (response 0.18 s, damping 0.86).
    public var chaseSpring: Spring
    /// The thumb's x after a jump: a tap on the track, a cancel, an animated ``LiquidSlider/setValue(_:animated:)``
    /// (0.35 s / 0.8).
    public var jumpSpring: Spring
    /// The thumb's growth on touch down (0.2 s / 0.6).
    public var pressSpring: Spring
    /// The thumb's return on lift (0.5 s / 0.6).
    public var releaseSpring: Spring
    /// When the thumb position (in fractions of the travel) is at rest: within 1e-4 (~0.03 pt on a 300 pt
    /// slider), slower than 1e-3 per second.
    package var positionTolerance: SettleTolerance = SettleTolerance.constant(value: 1e-4, velocity: 1e-3)

    /// The goo blur radius of both passes (3 pt).
    package var gooBlurRadius: Double = 3
    /// The goo threshold of both passes (0.5: an isolated shape keeps its edge).
    package var gooThreshold: Double = 0.5
    /// The goo's soft threshold width (0.04).
    package var gooEdgeWidth: Double = 0.04
    /// The final edge softening of both passes: σ = 0.5 pt (half the switch's back-port figure: the 6 pt
    /// track is thin, and a wider softening makes it look out of focus).
    package var edgeSoftening: EdgeSoftening = EdgeSoftening.constant(sigma: 0.5)

    /// The blur σ of the thumb's drop shadow (2.5 pt; the shadow scales with the thumb).
    package var shadowSigma: Double = 2.5
    /// Room around the rest thumb for the shadow's blur (8 pt).
    package var shadowSpread: Double = 8
    /// The shadow's downward offset (1.5 pt).
    package var shadowOffset: Double = 1.5

    /// The back-port's figures (see the type's overview).
    public static let standard = LiquidSliderMetrics()

    /// Metrics with the given geometry and springs; every argument defaults to the standard figure.
    public init(
        trackHeight: Double = 6, thumbSize: Size = Size(width: 38, height: 24), pressedThumbScale: Double = 1.5,
        chaseSpring: Spring = .constant(response: 0.18, dampingRatio: 0.86),
        jumpSpring: Spring = .constant(response: 0.35, dampingRatio: 0.8),
        pressSpring: Spring = .constant(response: 0.2, dampingRatio: 0.6),
        releaseSpring: Spring = .constant(response: 0.5, dampingRatio: 0.6)
    ) {
        self.trackHeight = trackHeight
        self.thumbSize = thumbSize
        self.pressedThumbScale = pressedThumbScale
        self.chaseSpring = chaseSpring
        self.jumpSpring = jumpSpring
        self.pressSpring = pressSpring
        self.releaseSpring = releaseSpring
    }

    /// The goo settings of a pass in `color`.
    package func gooParameters(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: gooBlurRadius, threshold: gooThreshold, edgeWidth: gooEdgeWidth, color: color)
    }
}
