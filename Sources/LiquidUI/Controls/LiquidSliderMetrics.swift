import LiquidGeometry
import LiquidGlass
import LiquidMotion

/// The geometry, motion and goo settings of a ``LiquidSlider``, in points and seconds.
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
    public var thumbHitSlop: Double
    /// Room around the bounds that the rendered image covers (the grown thumb and the goo's blur).
    public var contentMargin: Double
    /// How far (at rest scale) the thumb's goo blobs lie inside the thumb's outline, so their soft edges
    /// stay hidden under it.
    public var blobInset: Double

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
    public var positionTolerance: SettleTolerance

    /// The goo blur radius of both passes (3 pt).
    public var gooBlurRadius: Double
    /// The goo threshold of both passes (0.5: an isolated shape keeps its edge).
    public var gooThreshold: Double
    /// The goo's soft threshold width (0.04).
    public var gooEdgeWidth: Double
    /// The final edge softening of both passes: σ = 0.5 pt (half the switch's back-port figure: the 6 pt
    /// track is thin, and a wider softening makes it look out of focus).
    public var edgeSoftening: EdgeSoftening

    /// The blur σ of the thumb's drop shadow (2.5 pt; the shadow scales with the thumb).
    public var shadowSigma: Double
    /// Room around the rest thumb for the shadow's blur (8 pt).
    public var shadowSpread: Double
    /// The shadow's downward offset (1.5 pt).
    public var shadowOffset: Double

    /// The back-port's figures (see the type's overview).
    public static let standard = LiquidSliderMetrics()

    public init(
        trackHeight: Double = 6, thumbSize: Size = Size(width: 38, height: 24), pressedThumbScale: Double = 1.5,
        thumbHitSlop: Double = 8, contentMargin: Double = 12, blobInset: Double = 1.5,
        chaseSpring: Spring = .constant(response: 0.18, dampingRatio: 0.86),
        jumpSpring: Spring = .constant(response: 0.35, dampingRatio: 0.8),
        pressSpring: Spring = LiquidSliderMetrics.defaultPressSpring,
        releaseSpring: Spring = LiquidSliderMetrics.defaultReleaseSpring,
        positionTolerance: SettleTolerance = .constant(value: 1e-4, velocity: 1e-3),
        gooBlurRadius: Double = 3, gooThreshold: Double = 0.5, gooEdgeWidth: Double = 0.04,
        edgeSoftening: EdgeSoftening = LiquidSliderMetrics.defaultEdgeSoftening,
        shadowSigma: Double = 2.5, shadowSpread: Double = 8, shadowOffset: Double = 1.5
    ) {
        self.trackHeight = trackHeight
        self.thumbSize = thumbSize
        self.pressedThumbScale = pressedThumbScale
        self.thumbHitSlop = thumbHitSlop
        self.contentMargin = contentMargin
        self.blobInset = blobInset
        self.chaseSpring = chaseSpring
        self.jumpSpring = jumpSpring
        self.pressSpring = pressSpring
        self.releaseSpring = releaseSpring
        self.positionTolerance = positionTolerance
        self.gooBlurRadius = gooBlurRadius
        self.gooThreshold = gooThreshold
        self.gooEdgeWidth = gooEdgeWidth
        self.edgeSoftening = edgeSoftening
        self.shadowSigma = shadowSigma
        self.shadowSpread = shadowSpread
        self.shadowOffset = shadowOffset
    }

    public static let defaultPressSpring = Spring.constant(response: 0.2, dampingRatio: 0.6)
    public static let defaultReleaseSpring = Spring.constant(response: 0.5, dampingRatio: 0.6)
    public static let defaultEdgeSoftening = EdgeSoftening.constant(sigma: 0.5)

    /// The goo settings of a pass in `color`.
    public func gooParameters(color: RGBA) -> GooParameters {
        GooParameters(blurRadius: gooBlurRadius, threshold: gooThreshold, edgeWidth: gooEdgeWidth, color: color)
    }
}
