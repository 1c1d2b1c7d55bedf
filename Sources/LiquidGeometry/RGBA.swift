/// A colour with straight (not premultiplied) alpha: `red`, `green` and `blue` are the colour itself, and
/// `alpha` its coverage. Nominally every channel lies in 0…1.
///
/// The memberwise initializer does not check its inputs; ``init(validatingRed:green:blue:alpha:)`` and
/// ``init(hex:)`` guarantee finite channels and an alpha in 0…1. Colour channels outside 0…1 are allowed
/// (extended range); ``clamped()`` brings them back.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// The red channel, 0…1, not multiplied by alpha.
    public var red: Double
    /// The green channel, 0…1, not multiplied by alpha.
    public var green: Double
    /// The blue channel, 0…1, not multiplied by alpha.
    public var blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour without checking the values.
    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour whose channels are guaranteed finite and whose alpha lies in 0…1.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/nonFinite``) for a NaN or infinite channel and
    ///   ``LiquidError`` (``LiquidError/Kind/outOfRange``) for an alpha outside 0…1.
    public init(validatingRed red: Double, green: Double, blue: Double, alpha: Double = 1) throws(LiquidError) {
        for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
        where !value.isFinite {
            throw .nonFinite("\(name) channel \(value)")
        }
        guard alpha >= 0, alpha <= 1 else { throw .outOfRange("alpha \(alpha) (it must lie in 0…1)") }
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Parses `"#rrggbb"` (opaque) or `"#rrggbbaa"`, hex digits in either case; each pair maps to
    /// `value / 255`.
    ///
    /// - Throws: ``LiquidError`` (``LiquidError/Kind/malformed``) for anything else: a missing `#`, another length, or a
    ///   character that is not a hex digit.
    public init(hex text: String) throws(LiquidError) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else {
            throw .malformed("hex colour \"\(text)\" (expected #rrggbb or #rrggbbaa)")
        }
        func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
        var channels: [Double] = []
        var index = 1
        while index < bytes.count {
            guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else {
                throw .malformed("hex colour \"\(text)\" (not a hex digit)")
            }
            channels.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// Opaque black.
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBA(red: 1, green: 1, blue: 1)
    /// Fully transparent (all channels zero).
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    /// All four channels are finite.
    @inlinable public var isFinite: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }

    /// The colour with every channel clamped to 0…1 (NaN becomes 0).
    public func clamped() -> RGBA {
        func clamp(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
        return RGBA(red: clamp(red), green: clamp(green), blue: clamp(blue), alpha: clamp(alpha))
    }

    /// The same colour with a different alpha.
    @inlinable
    public func withAlpha(_ alpha: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour channels multiplied by alpha, and alpha: the form compositing arithmetic works in.
    @inlinable public var premultiplied: (red: Double, green: Double, blue: Double, alpha: Double) {
        (red * alpha, green * alpha, blue * alpha, alpha)
    }

    /// Porter–Duff source-over: `self` painted over `destination`.
    ///
    /// Computed in premultiplied form, `out = src + dst·(1 − αsrc)` for every channel including alpha, and
    /// converted back to straight alpha by dividing by the result's alpha. Guarantees (for alphas in 0…1):
    /// an opaque source gives the source, a transparent source gives the destination, and a result with
    /// zero alpha is ``clear`` rather than a division by zero.
    public func composited(over destination: RGBA) -> RGBA {
        let s = premultiplied, d = destination.premultiplied
        let keep = 1 - s.alpha
        let alpha = s.alpha + d.alpha * keep
        guard alpha > 0 else { return .clear }
        return RGBA(
            red: (s.red + d.red * keep) / alpha,
            green: (s.green + d.green * keep) / alpha,
            blue: (s.blue + d.blue * keep) / alpha,
            alpha: alpha)
    }

    /// `"#rrggbb"` for an opaque colour and `"#rrggbbaa"` otherwise, from the clamped channels rounded to
    /// the nearest of 256 levels, lower-case. ``init(hex:)`` reads it back to within 1/510 per channel.
    public var hexString: String {
        let c = clamped()
        func pair(_ v: Double) -> String {
            let byte = Int((v * 255).rounded())
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }
        let alphaByte = Int((c.alpha * 255).rounded())
        return "#" + pair(c.red) + pair(c.green) + pair(c.blue) + (alphaByte == 255 ? "" : pair(c.alpha))
    }

    public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }
}
