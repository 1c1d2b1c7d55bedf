import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidGlass

/// Finite but absurd sizes and radii (1e300) give a clear error or a bounded render, never a trap in a
/// Double-to-Int conversion.
@Suite("Glass and goo with absurd geometry")
struct FarCoordinateTests {
    @Test func aGooLayerTooLargeForAnyPixmapThrows() {
        let layer = GooLayer()
        #expect(throws: LiquidError.self) {
            try layer.render(size: Size(width: 1e300, height: 31), scale: 3, parameters: .liquidSwitch(color: RGBA(red: 0.2, green: 0.7, blue: 0.3)),
                             shapes: [.capsule(Rect(x: 0, y: 0, width: 51, height: 31))])
        }
    }

    /// The frost's row bands grow by 4σ; with σ = 1e300 they are the whole backdrop.
    @Test func anAbsurdFrostSigmaStillRendersTheGlass() throws {
        let backdrop = try Pixmap(width: 60, height: 40, scale: 1, fill: PremultipliedRGBA8(red: 200, green: 30, blue: 30, alpha: 255))
        var material = GlassMaterial.regular
        material.frostSigma = 1e300
        let container = GlassContainer(material: material, children: [GlassElement(.circle(center: Point(30, 20), radius: 12))])
        var out = backdrop
        try container.render(over: backdrop, into: &out)
        #expect(out[30, 20] != backdrop[30, 20], "the lens was drawn")
    }
}
