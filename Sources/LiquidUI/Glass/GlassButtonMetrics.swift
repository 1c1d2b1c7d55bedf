/// The sizes of a ``GlassButton``'s content, in points.
public struct GlassButtonMetrics: Hashable, Sendable {
    /// The title's size (17 pt, UIKit's body text).
    public var titleSize: Double
    /// The symbol's size (20 pt).
    public var symbolSize: Double
    /// The space between a symbol and a title beside it (7 pt).
    public var symbolTitleGap: Double
    /// How far beyond the bounds a touch still lands on the button (8 pt).
    package var hitSlop: Double = 8
    /// How far the simulation picture reaches beyond the bounds (28 pt: room for the glass's shadow and
    /// the press swell).
    package var simulationPadding: Double = 28

    /// The default sizes.
    public static let standard = GlassButtonMetrics()

    /// Sizes for a button's content; every argument defaults to the standard figure.
    public init(titleSize: Double = 17, symbolSize: Double = 20, symbolTitleGap: Double = 7) {
        self.titleSize = titleSize
        self.symbolSize = symbolSize
        self.symbolTitleGap = symbolTitleGap
    }
}
