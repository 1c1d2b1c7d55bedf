import LiquidGeometry

/// A colour at a position along a gradient (0 = start, 1 = end).
public struct GradientStop: Hashable, Sendable {
    /// Where the stop sits, 0…1 along the gradient.
    public var position: Double
    /// The colour at the stop.
    public var color: RGBA

    /// A stop of `color` at `position`.
    @inlinable
    public init(_ position: Double, _ color: RGBA) {
        self.position = position
        self.color = color
    }
}

/// What a gradient shows beyond its 0…1 range.
public enum SpreadMode: Hashable, Sendable {
    /// The end colours extend forever.
    case pad
    /// The gradient starts over: `t` is taken modulo 1.
    case `repeat`
    /// The gradient runs back and forth: `t` is folded with period 2.
    case reflect
}

/// In which form colours are interpolated between stops.
public enum GradientInterpolation: Hashable, Sendable {
    /// Straight (un-premultiplied) channels are interpolated, then premultiplied: SVG's and most design
    /// tools' behaviour (a stop fading to transparent black darkens the colour on the way).
    case straight
    /// Premultiplied channels are interpolated: the CSS Images 4 rule (fading to any transparent colour
    /// keeps the hue).
    case premultiplied
}

/// The colour ramp shared by linear and radial gradients: stops, a spread mode and an interpolation form.
///
/// Guarantees (from the throwing initializer): at least one stop, every position and channel finite, alpha
/// in 0…1. Positions are clamped to 0…1 and made non-decreasing as CSS does (a stop before its predecessor
/// moves to the predecessor's position), so stops at the same position give a hard edge. Before the first
/// stop the ramp shows the first colour, after the last stop the last colour.
public struct Gradient: Hashable, Sendable {
    /// The stops, in ascending position.
    public let stops: [GradientStop]
    /// What the gradient does beyond 0…1.
    public let spread: SpreadMode
    /// How colours are mixed between stops.
    public let interpolation: GradientInterpolation

    /// - Throws: `LiquidError` (`.outOfRange`) for no stops, a non-finite position or colour, or an
    ///   alpha outside 0…1.
    public init(
        stops: [GradientStop], spread: SpreadMode = .pad, interpolation: GradientInterpolation = .straight
    ) throws(LiquidError) {
        guard !stops.isEmpty else { throw .invalidParameter("a gradient needs at least one stop") }
        var sorted: [GradientStop] = []
        var last = 0.0
        for stop in stops {
            guard stop.position.isFinite else { throw .invalidParameter("gradient stop position \(stop.position)") }
            guard stop.color.isFinite, stop.color.alpha >= 0, stop.color.alpha <= 1 else {
                throw .invalidParameter("gradient stop colour \(stop.color)")
            }
            last = Swift.max(last, Swift.min(Swift.max(stop.position, 0), 1))
            sorted.append(GradientStop(last, stop.color.clamped()))
        }
        self.stops = sorted
        self.spread = spread
        self.interpolation = interpolation
    }

    /// The straight colour at `t` (spread applied), interpolated as ``interpolation`` says.
    package func color(at t: Double) -> RGBA {
        let u = Gradient.spread(t, spread)
        guard let upper = stops.firstIndex(where: { $0.position > u }) else { return stops[stops.count - 1].color }
        guard upper > 0 else { return stops[0].color }
        let a = stops[upper - 1], b = stops[upper]
        let f = (u - a.position) / (b.position - a.position)
        switch interpolation {
        case .straight:
            func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
            return RGBA(
                red: mix(a.color.red, b.color.red), green: mix(a.color.green, b.color.green),
                blue: mix(a.color.blue, b.color.blue), alpha: mix(a.color.alpha, b.color.alpha))
        case .premultiplied:
            let pa = a.color.premultiplied, pb = b.color.premultiplied
            let alpha = pa.alpha + (pb.alpha - pa.alpha) * f
            guard alpha > 0 else { return .clear }
            func mix(_ x: Double, _ y: Double) -> Double { (x + (y - x) * f) / alpha }
            return RGBA(red: mix(pa.red, pb.red), green: mix(pa.green, pb.green), blue: mix(pa.blue, pb.blue), alpha: alpha)
        }
    }

    /// `t` mapped into 0…1 by the spread mode (NaN maps to 0).
    @inline(__always)
    static func spread(_ t: Double, _ mode: SpreadMode) -> Double {
        guard t.isFinite else { return t.isNaN ? 0 : (t > 0 ? 1 : 0) }
        switch mode {
        case .pad:
            return Swift.min(Swift.max(t, 0), 1)
        case .repeat:
            return t - t.rounded(.down)
        case .reflect:
            let u = t - 2 * (t * 0.5).rounded(.down)
            return u > 1 ? 2 - u : u
        }
    }

    /// The number of entries in a gradient's lookup table.
    static let tableSize = 256

    /// The ramp sampled at `i / 255` for `i` in 0…255, premultiplied and packed (see ``SpanBlender``).
    ///
    /// 256 entries are enough for 8-bit output: adjacent entries differ by at most 1/255 of the ramp's
    /// range per channel, and lookups round `t` to the nearest entry.
    func lookupTable() -> [UInt32] {
        (0..<Gradient.tableSize).map { i in
            PremultipliedRGBA8(color(at: Double(i) / Double(Gradient.tableSize - 1))).packed
        }
    }
}
