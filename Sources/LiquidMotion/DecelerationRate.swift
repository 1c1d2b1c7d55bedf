import LiquidGeometry
import RealModule

/// How fast a coasting value slows down, as the factor its velocity keeps after each millisecond.
///
/// A rate `d` means: after one millisecond of coasting, the velocity is `d` times what it was; after one
/// second it is `d^1000` times. The two rates UIScrollView offers are ``normal`` (0.998, about 13.5 % of
/// the velocity left after a second) and ``fast`` (0.99, about 0.004 %).
///
/// A `DecelerationRate` always holds a finite value strictly between 0 and 1: the throwing initializer is
/// the only way to make another one, so code that receives a rate can trust it.
public struct DecelerationRate: Hashable, Sendable, CustomStringConvertible {
    /// The fraction of velocity kept per millisecond; always finite and in the open interval (0, 1).
    public let perMillisecond: Double

    /// UIScrollView's normal rate: 0.998 per millisecond.
    public static let normal = DecelerationRate(unchecked: 0.998)

    /// UIScrollView's fast rate: 0.99 per millisecond.
    public static let fast = DecelerationRate(unchecked: 0.99)

    /// Creates a rate from the fraction of velocity kept per millisecond.
    ///
    /// - Throws: `LiquidError` (`.nonFinite`) for NaN or ±∞, and
    ///   `LiquidError` (`.nonFinite` or `.outOfRange`) unless `0 < perMillisecond < 1`.
    public init(_ perMillisecond: Double) throws(LiquidError) {
        guard perMillisecond.isFinite else {
            throw .nonFinite(name: "deceleration rate", value: perMillisecond)
        }
        guard perMillisecond > 0, perMillisecond < 1 else {
            throw .invalidParameter(
                name: "deceleration rate", value: perMillisecond,
                requirement: "must be between 0 and 1 (exclusive)")
        }
        self.perMillisecond = perMillisecond
    }

    private init(unchecked perMillisecond: Double) {
        self.perMillisecond = perMillisecond
    }

    /// The fraction of velocity kept after one second, `d^1000`; in (0, 1) (it may round to 0 for very
    /// small rates).
    public var perSecond: Double { Double.pow(perMillisecond, 1000) }

    /// `ln d`, the natural logarithm of the per-millisecond factor; always negative and finite.
    ///
    /// Computed as `log(onePlus: d − 1)` for rates of ½ and more, which is accurate close to 1 where
    /// `d − 1` is exact, and as `log(d)` below ½: there `d − 1` would round to −1 for rates under about
    /// 10⁻¹⁶ and give −∞. At most about 745 in magnitude (the smallest subnormal double).
    package var logPerMillisecond: Double {
        perMillisecond >= 0.5 ? Double.log(onePlus: perMillisecond - 1) : Double.log(perMillisecond)
    }

    /// The exponential decay constant in 1/s: `k = −1000·ln d`, so the velocity falls as `e^(−k·t)`.
    /// Always positive and finite.
    package var decayConstant: Double { -1000 * logPerMillisecond }

    public var description: String { "DecelerationRate(\(perMillisecond) per ms)" }
}
