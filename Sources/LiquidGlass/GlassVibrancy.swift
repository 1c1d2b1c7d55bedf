import LiquidGeometry

/// Vibrancy levels for content (text, symbols) drawn on glass, and the colour to draw it with.
///
/// The rule (``color(onBackdrop:style:)``):
/// 1. The glass face is the average backdrop colour with the style's white wash over it (regular glass is
///    slightly milky; clear glass is not).
/// 2. The base is black on a light face and white on a dark one: whichever has the higher WCAG contrast
///    against the face (relative luminance from sRGB-decoded channels).
/// 3. The content colour is the base mixed toward the face colour — that borrowed hue is the "vibrancy" —
///    by the largest amount (in steps of 0.01, at most 0.30 for primary and 0.55 for secondary) that keeps
///    the WCAG contrast against the face ≥ 4.5:1 for primary and ≥ 3:1 for secondary.
///
/// Guarantee: primary content always reaches 4.5:1 and secondary 3:1 against the face (black or white
/// alone reach at least 4.58:1 on any face, so a valid mix always exists). Colours are opaque.
public enum GlassVibrancy: String, Hashable, Sendable, CaseIterable {
    /// Labels, glyphs: the strongest level.
    case primary
    /// Secondary labels: more of the backdrop's hue, lower contrast.
    case secondary

    /// The minimum WCAG contrast this level keeps against the glass face.
    package var minimumContrast: Double { self == .primary ? 4.5 : 3 }

    /// The largest mix toward the face colour this level allows.
    package var maximumMix: Double { self == .primary ? 0.30 : 0.55 }

    /// The colour to draw content with on glass of `style` over a backdrop whose average colour (under the
    /// glass) is `backdrop` (alpha ignored).
    public func color(onBackdrop backdrop: RGBA, style: GlassStyle) -> RGBA {
        let face = Self.face(backdrop: backdrop, style: style)
        let faceLuminance = Self.luminance(face)
        let contrastBlack = Self.contrast(faceLuminance, 0)
        let contrastWhite = Self.contrast(faceLuminance, 1)
        let base: RGBA = contrastBlack >= contrastWhite ? .black : .white
        var best = base
        var step = 1
        while Double(step) * 0.01 <= maximumMix + 1e-9 {
            let t = Double(step) * 0.01
            let candidate = RGBA(red: base.red + (face.red - base.red) * t,
                                 green: base.green + (face.green - base.green) * t,
                                 blue: base.blue + (face.blue - base.blue) * t)
            guard Self.contrast(faceLuminance, Self.luminance(candidate)) >= minimumContrast else { break }
            best = candidate
            step += 1
        }
        return best
    }

    /// The glass face colour the rule measures against (opaque).
    package static func face(backdrop: RGBA, style: GlassStyle) -> RGBA {
        let c = RGBA(red: backdrop.red, green: backdrop.green, blue: backdrop.blue).clamped()
        let w = style.wash
        return RGBA(red: c.red + (1 - c.red) * w, green: c.green + (1 - c.green) * w, blue: c.blue + (1 - c.blue) * w)
    }

    /// WCAG relative luminance of an sRGB colour (alpha ignored).
    package static func luminance(_ c: RGBA) -> Double {
        func linear(_ v: Double) -> Double {
            let v = Swift.min(Swift.max(v, 0), 1)
            return v <= 0.04045 ? v / 12.92 : GlassMath.pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    /// WCAG contrast ratio between two relative luminances (≥ 1).
    package static func contrast(_ a: Double, _ b: Double) -> Double {
        (Swift.max(a, b) + 0.05) / (Swift.min(a, b) + 0.05)
    }
}
