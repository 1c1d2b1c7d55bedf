import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Content under glass is displaced near the rim and only frosted in the flat interior.
@Suite struct GlassRefractionTests {
    /// A plain material: clear glass (no wash), no tint, no shadow, no rim light, so the interior is exactly
    /// the frosted backdrop.
    var plain: GlassMaterial {
        var m = GlassMaterial.clear
        m.shadow = .none
        m.rimIntensity = 0
        return m
    }

    @Test func interiorIsTheFrostAndTheBandIsDisplaced() throws {
        let backdrop = GlassScenes.busy()
        let rect = Rect(x: 10, y: 8, width: 80, height: 44)
        let container = GlassContainer(material: plain, children: [GlassElement(rect: rect, corners: .fixed(14))])
        let out = try GlassScenes.render(container, over: backdrop)
        let (frost, origin) = try #require(try container.frostedBackdrop(over: backdrop))
        func frostPixel(_ x: Int, _ y: Int) -> PremultipliedRGBA8 { frost[x - origin.x, y - origin.y] }
        let bevel = 14.0 * 2 // min(20, radius 14) pt at 2×
        var interior = 0, band = 0, displaced = 0
        for y in 0..<120 {
            for x in 0..<200 {
                let p = Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2)
                let d = SignedDistanceShape.roundedRect(rect, CornerRadii(all: 14), continuous: false).distance(to: p) * 2
                if d < -bevel - 1.5 {
                    // Flat interior: exactly the frosted backdrop.
                    #expect(out[x, y] == frostPixel(x, y), "interior pixel (\(x), \(y))")
                    interior += 1
                } else if d < -2, d > -bevel / 3 {
                    band += 1
                    let a = out[x, y], b = frostPixel(x, y)
                    let diff = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
                    if diff > 6 { displaced += 1 }
                }
            }
        }
        #expect(interior > 1000)
        // Near the rim the lookup moves inward by several pixels, so on a busy backdrop most band pixels
        // differ clearly from the frost at the same place.
        #expect(Double(displaced) > 0.5 * Double(band), "\(displaced) of \(band) band pixels displaced")
        // Outside the glass nothing changed.
        for y in 0..<120 { for x in [0, 1, 198, 199] { #expect(out[x, y] == backdrop[x, y]) } }
    }

    /// The frost is the backdrop blurred and saturated: close to LiquidRaster's blur and saturation matrix.
    @Test func frostMatchesBlurAndSaturation() throws {
        let backdrop = GlassScenes.busy()
        let container = GlassContainer(material: .regular, children: [GlassElement(.circle(center: Point(50, 30), radius: 20))])
        let (frost, origin) = try #require(try container.frostedBackdrop(over: backdrop))
        let sigma = GlassMaterial.regular.frostSigma * 2
        let reference = try ColorMatrix.saturation(GlassMaterial.regular.saturation)
            .applied(to: GaussianBlur(sigma: sigma).applied(to: backdrop))
        var worst = 0
        // Away from the frost region's border (where the crop's clamped edge differs from the full image).
        let margin = Int(3 * sigma) + 1
        for y in margin..<(frost.height - margin) {
            for x in margin..<(frost.width - margin) {
                let a = frost[x, y], b = reference[x + origin.x, y + origin.y]
                worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
            }
        }
        #expect(worst <= 3, "largest difference \(worst) levels")
    }

    /// Over a vertical ramp (brighter downwards) the lookup moves inward: near the top rim the glass shows
    /// brighter rows from below, near the bottom rim darker rows from above; deep inside nothing moves.
    @Test func refractionPullsFromInside() throws {
        var ramp = try Pixmap(width: 200, height: 120, scale: 2)
        for y in 0..<120 { for x in 0..<200 {
            let v = UInt8(2 * y)
            ramp[x, y] = PremultipliedRGBA8(red: v, green: v, blue: v, alpha: 255)
        } }
        let container = GlassContainer(material: plain, children: [
            GlassElement(rect: Rect(x: 10, y: 10, width: 80, height: 40), corners: .fixed(16)),
        ])
        let out = try GlassScenes.render(container, over: ramp)
        let (frost, origin) = try #require(try container.frostedBackdrop(over: ramp))
        func frostValue(_ y: Int) -> Int { Int(frost[100 - origin.x, y - origin.y].green) }
        // The outline is at rows 20 and 100, the bevel 32 px deep; the offset is largest near the outline.
        for y in 21...32 { #expect(Int(out[100, y].green) > frostValue(y) + 2, "top band row \(y)") }
        // Bottom band, mirrored.
        for y in 88...99 { #expect(Int(out[100, y].green) < frostValue(y) - 2, "bottom band row \(y)") }
        // The middle row is deeper than the bevel: unchanged.
        #expect(out[100, 60] == frost[100 - origin.x, 60 - origin.y])
    }
}
