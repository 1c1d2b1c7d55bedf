/// How far the backdrop lookup moves inward at each depth of the bevel band: a 1-D table built once per
/// material, scale and bevel, so no trigonometry runs per pixel.
///
/// Model (all in device pixels): over the band of width `B` the glass surface rises from 0 at the outline
/// to the full `thickness` T along the squircle profile `y(x) = (1 − (1 − x)⁴)^¼`, x = depth / B. A vertical
/// view ray meets the surface, whose slope is `(T/B)·y′(x)`, at incidence θ = atan(slope); Snell's law
/// gives the refracted angle θᵣ = asin(sin θ / n), so the ray leans inward by δ = θ − θᵣ and, crossing the
/// glass height `T·y(x)` down to the backdrop, lands `T·y(x)·tan δ` pixels inward. That offset is tabulated
/// at ``sampleCount`` + 1 evenly spaced depths and interpolated linearly.
///
/// Guarantees: offsets are finite and ≥ 0; 0 at the outline (no height) and at the top of the bevel (no
/// slope); index 1 or zero thickness gives all zeros. The curve peaks just inside the outline, which is
/// what makes content bend strongly at the rim and sit still in the flat interior.
struct RefractionTable {
    static let sampleCount = 128

    /// Offsets (pixels) at depth i·B/sampleCount, i = 0…sampleCount.
    let offsets: [Float]
    /// Bevel width in pixels.
    let bevel: Float
    /// The largest offset in the table.
    let maximum: Float

    init(bevel: Double, thickness: Double, index: Double, strength: Double) {
        self.bevel = Float(bevel)
        let n = Self.sampleCount
        var values = [Float](repeating: 0, count: n + 1)
        if bevel > 0, thickness > 0, index > 1, strength > 0 {
            for i in 1..<n {
                let x = Double(i) / Double(n)
                let u = 1 - x
                let u4 = u * u * u * u
                let inner = 1 - u4
                let y = GlassMath.pow(inner, 0.25)
                let dy = u * u * u * GlassMath.pow(inner, -0.75)
                let theta = GlassMath.atan(thickness / bevel * dy)
                let refracted = GlassMath.asin(GlassMath.sin(theta) / index)
                let offset = thickness * y * GlassMath.tan(theta - refracted) * strength
                values[i] = Float(offset.isFinite ? Swift.max(0, offset) : 0)
            }
        }
        offsets = values
        maximum = values.max() ?? 0
    }

    /// The offset at `depth` pixels inside the outline (clamped to the band).
    @inline(__always)
    func offset(atDepth depth: Float, _ table: UnsafePointer<Float>) -> Float {
        guard bevel > 0 else { return 0 }
        let u = Swift.min(Swift.max(depth, 0) / bevel, 1) * Float(Self.sampleCount)
        let i = Swift.min(Int(u), Self.sampleCount - 1)
        let f = u - Float(i)
        return table[i] + (table[i + 1] - table[i]) * f
    }
}
