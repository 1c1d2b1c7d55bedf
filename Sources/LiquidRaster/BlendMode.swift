/// How a source colour combines with the destination beneath it, per the W3C Compositing and Blending
/// Level 1 definitions (plus-lighter from Level 2), evaluated on premultiplied colour.
///
/// With premultiplied source (cs, αs) and backdrop (cb, αb) in 0…1, the separable blend modes give
/// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(cb/αb, cs/αs)` and `αo = αs + αb·(1 − αs)`; the others are
/// the Porter–Duff operators named. Results are clamped to 0…1 and to colour ≤ alpha before rounding.
public enum BlendMode: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Source-over: `co = cs + cb·(1 − αs)`.
    case normal
    /// The source replaces the destination: `co = cs`, `αo = αs`.
    case copy
    /// `B = Cb·Cs`: darkens; white is neutral.
    case multiply
    /// `B = Cb + Cs − Cb·Cs`: lightens; black is neutral.
    case screen
    /// `B = HardLight(Cs, Cb)` with the roles swapped: multiply where the backdrop is dark, screen where light.
    case overlay
    /// The W3C soft light: `B = Cb − (1 − 2Cs)·Cb·(1 − Cb)` for Cs ≤ ½, else `Cb + (2Cs − 1)·(D(Cb) − Cb)`
    /// with `D(x) = ((16x − 12)x + 4)x` for x ≤ ¼ and `√x` above.
    case softLight
    /// `co = min(1, cs + cb)`, `αo = min(1, αs + αb)`: additive light.
    case plusLighter
    /// Keeps the destination where the source is not: `co = cb·(1 − αs)`, `αo = αb·(1 − αs)`.
    case destinationOut
    /// Keeps the destination where the source is: `co = cb·αs`, `αo = αb·αs`.
    case destinationIn

    public var description: String {
        switch self {
        case .normal: "normal"
        case .copy: "copy"
        case .multiply: "multiply"
        case .screen: "screen"
        case .overlay: "overlay"
        case .softLight: "soft-light"
        case .plusLighter: "plus-lighter"
        case .destinationOut: "destination-out"
        case .destinationIn: "destination-in"
        }
    }

    /// The mode for a CSS / SVG keyword (`"normal"`, `"soft-light"`, `"destination-out"`, …), or `nil`.
    package init?(keyword: String) {
        guard let mode = Self.allCases.first(where: { $0.description == keyword }) else { return nil }
        self = mode
    }

    /// The composite of premultiplied `s` over premultiplied `d` (lanes R, G, B, A in 0…1), unclamped.
    @inlinable @inline(__always)
    package func blend(source s: SIMD4<Float>, destination d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s[3], da = d[3]
        let union = sa + da - sa * da
        switch self {
        case .normal:
            return s + d * (1 - sa)
        case .copy:
            return s
        case .multiply:
            var out = s * (1 - da) + d * (1 - sa) + s * d
            out[3] = union
            return out
        case .screen:
            var out = s + d - s * d
            out[3] = union
            return out
        case .overlay:
            var out = SIMD4<Float>()
            for c in 0..<3 {
                let cs = s[c], cb = d[c]
                let mixed = 2 * cb <= da ? 2 * cs * cb : sa * da - 2 * (da - cb) * (sa - cs)
                out[c] = cs * (1 - da) + cb * (1 - sa) + mixed
            }
            out[3] = union
            return out
        case .softLight:
            var out = SIMD4<Float>()
            for c in 0..<3 {
                let cs = s[c], cb = d[c]
                var mixed: Float = 0
                if sa > 0 && da > 0 {
                    let source = Swift.min(cs / sa, 1), backdrop = Swift.min(cb / da, 1)
                    mixed = sa * da * Self.softLight(backdrop: backdrop, source: source)
                }
                out[c] = cs * (1 - da) + cb * (1 - sa) + mixed
            }
            out[3] = union
            return out
        case .plusLighter:
            return PixelMath.clamp(s + d, 0, 1)
        case .destinationOut:
            return d * (1 - sa)
        case .destinationIn:
            return d * sa
        }
    }

    /// The W3C soft-light function B(Cb, Cs) on straight colour.
    @inlinable @inline(__always)
    package static func softLight(backdrop cb: Float, source cs: Float) -> Float {
        if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
        let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
        return cb + (2 * cs - 1) * (d - cb)
    }
}
