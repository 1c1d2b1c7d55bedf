/// The kind of glass a surface is made of.
///
/// - `regular`: medium transparency that adapts to any backdrop — a strong frost (σ 2.5 pt), a saturation
///   boost of 1.4 and a faint white wash, so content on it stays legible.
/// - `clear`: high transparency — a light frost (σ 1 pt), a milder saturation boost and no wash; text on
///   it usually needs a dimming layer behind it (see ``GlassVibrancy``).
/// - `identity`: no glass at all. Rendering leaves every pixel untouched, so switching a surface to
///   `identity` is how glass is turned off without changing the layout.
public enum GlassStyle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case regular
    case clear
    case identity

    /// Default backdrop blur (standard deviation in points).
    package var defaultFrostSigma: Double {
        switch self {
        case .regular: 2.5
        case .clear: 1
        case .identity: 0
        }
    }

    /// Default backdrop saturation (1 = unchanged).
    package var defaultSaturation: Double {
        switch self {
        case .regular: 1.4
        case .clear: 1.15
        case .identity: 1
        }
    }

    /// Default strength of the rim highlight (peak white alpha on the lit side).
    package var defaultRimIntensity: Double {
        switch self {
        case .regular: 0.5
        case .clear: 0.6
        case .identity: 0
        }
    }

    /// The white wash laid over the frosted backdrop (alpha): regular glass is slightly milky, clear glass
    /// is not.
    package var wash: Double {
        switch self {
        case .regular: 0.08
        case .clear, .identity: 0
        }
    }

    public var description: String { rawValue }
}
