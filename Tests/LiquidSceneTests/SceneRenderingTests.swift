import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidScene
import LiquidUI
import Testing

@Suite("LiquidScene: rendering through the LiquidUI compositor")
@MainActor
struct SceneRenderingTests {
    /// Each blend mode gives exactly LiquidRaster's blend of the same two colours.
    @Test func blendModesMatchLiquidRaster() throws {
        let backdrop = try RGBA(hex: "#3366cc"), source = try RGBA(hex: "#ff990080")
        for mode in BlendMode.allCases {
            let json = SceneTest.scene(["{\"type\": \"rect\", \"frame\": [5, 5, 10, 10], \"fill\": \"#ff990080\", \"blend\": \"\(mode)\"}"],
                                       background: "#3366cc")
            let image = try SceneTest.render(json)
            var expected = try Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(backdrop))
            try expected.composite(try Pixmap(width: 1, height: 1, fill: PremultipliedRGBA8(source)), mode: mode)
            #expect(image[10, 10] == expected[0, 0], "\(mode)")
            // Outside the rect the backdrop is untouched, whatever the mode.
            #expect(image[2, 2] == PremultipliedRGBA8(backdrop), "\(mode)")
        }
    }

    /// Opacity scales a layer as LiquidRaster's composite with that opacity does.
    @Test func opacityMatchesLiquidRaster() throws {
        for opacity in [0.0, 0.25, 0.5, 0.8, 1.0] {
            let json = SceneTest.scene(["{\"type\": \"ellipse\", \"frame\": [0, 0, 20, 20], \"fill\": \"#20c040\", \"opacity\": \(opacity)}"],
                                       background: "#ffffff")
            let image = try SceneTest.render(json)
            var expected = try Pixmap(width: 1, height: 1, fill: .white)
            let green = PremultipliedRGBA8(try RGBA(hex: "#20c040"))
            try expected.composite(try Pixmap(width: 1, height: 1, fill: green), opacity: opacity)
            #expect(image[10, 10] == expected[0, 0], "opacity \(opacity)")
        }
    }

    /// A blurred opaque square: the centre stays opaque, and across the edge the alpha follows the
    /// Gaussian's cumulative distribution — at the pixels either side of the edge Φ(±0.5/σ), summing to 1.
    @Test(arguments: [2.0, 10.0])
    func blurredSquareFollowsTheGaussian(sigma: Double) throws {
        let json = SceneTest.scene(["{\"type\": \"group\", \"filters\": [{\"type\": \"blur\", \"sigma\": \(sigma)}], \"layers\": [{\"type\": \"rect\", \"frame\": [40, 40, 120, 120], \"fill\": \"#000000\"}]}"],
                                   width: 200, height: 200)
        let image = try SceneTest.render(json)
        #expect(image[100, 100].alpha == 255)
        func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
        // The left edge at x = 40, half-way down: pixel 40 (centre 40.5) is inside, 39 outside.
        let inside = Double(image[40, 100].alpha) / 255, outside = Double(image[39, 100].alpha) / 255
        let tolerance = sigma > 5 ? 0.02 : 0.006  // large σ runs on a reduced image (≤ 1.5 levels measured)
        #expect(abs(inside - phi(0.5 / sigma)) < tolerance, "inside \(inside)")
        #expect(abs(outside - phi(-0.5 / sigma)) < tolerance, "outside \(outside)")
        #expect(abs(inside + outside - 1) < tolerance)
        // 3σ out from the edge almost nothing is left.
        #expect(image[Int(40 - 3 * sigma) - 1, 100].alpha <= 2)
    }

    /// A group's transform applies to its layers, about the scene origin.
    @Test func groupTransformsApplyToChildren() throws {
        let json = SceneTest.scene(["{\"type\": \"group\", \"transform\": {\"translate\": [10, 0]}, \"layers\": [{\"type\": \"rect\", \"frame\": [0, 0, 5, 5], \"fill\": \"#000000\", \"transform\": {\"scale\": 2}}]}"])
        let image = try SceneTest.render(json)
        // The rect scaled to [0, 10] then moved to x 10…20, y 0…10.
        #expect(image[9, 5].alpha == 0 && image[10, 5].alpha == 255 && image[19, 9].alpha == 255)
        #expect(image[15, 10].alpha == 0)
    }

    /// The even-odd rule leaves the inner square of two nested squares empty; non-zero fills it.
    @Test func fillRulesReachTheRasterizer() throws {
        let d = "M 0 0 L 20 0 L 20 20 L 0 20 Z M 5 5 L 15 5 L 15 15 L 5 15 Z"
        let evenOdd = try SceneTest.render(SceneTest.scene(["{\"type\": \"path\", \"d\": \"\(d)\", \"fill\": \"#000000\", \"fillRule\": \"evenodd\"}"]))
        let nonZero = try SceneTest.render(SceneTest.scene(["{\"type\": \"path\", \"d\": \"\(d)\", \"fill\": \"#000000\"}"]))
        #expect(evenOdd[10, 10].alpha == 0 && evenOdd[2, 2].alpha == 255)
        #expect(nonZero[10, 10].alpha == 255)
    }

    /// Text sits with its baseline at its position: ink above it, none below (DejaVu's "H" has no descender).
    @Test func textBaselineIsAtItsPosition() throws {
        let image = try SceneTest.render(SceneTest.scene(["{\"type\": \"text\", \"text\": \"HH\", \"position\": [2, 30], \"size\": 20}"],
                                                         width: 40, height: 40))
        func inkInRow(_ y: Int) -> Bool { (0..<40).contains { image[$0, y].alpha > 128 } }
        #expect(inkInRow(28))
        #expect(!inkInRow(31))
    }

    /// Relative image paths resolve against the base directory.
    @Test func imagesResolveAgainstTheBaseDirectory() throws {
        let folder = NSTemporaryDirectory() + "liquid-scene-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PNG.write(try Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(red: 0, green: 0, blue: 255, alpha: 255)),
                      to: folder + "/blue.png")
        let json = SceneTest.scene(["{\"type\": \"image\", \"src\": \"blue.png\", \"frame\": [4, 4, 8, 8]}"])
        let image = try SceneSource(json: Data(json.utf8), baseDirectory: folder).document().render()
        #expect(image[8, 8] == PremultipliedRGBA8(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(image[2, 2].alpha == 0)
        #expect(throws: (any Error).self) { try SceneTest.document(json).render() }
    }

    /// Vertical black and white stripes 4 pt wide, 100×60, with `glass` over them.
    func stripes(glass: String) -> String {
        let bars = (0..<13).map { "{\"type\": \"rect\", \"frame\": [\($0 * 8), 0, 4, 60], \"fill\": \"#000000\"}" }
        return SceneTest.scene(bars + [glass], width: 100, height: 60, background: "#ffffff")
    }

    @Test func glassFrostsInsideAndLeavesFarPixelsAlone() throws {
        let bare = try SceneTest.render(stripes(glass: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#00000000\"}"))
        let glassed = try SceneTest.render(stripes(glass: "{\"type\": \"glass\", \"shape\": {\"rect\": [30, 10, 40, 40], \"cornerRadius\": 10}, \"material\": {\"style\": \"regular\", \"shadow\": \"none\"}}"))
        for (x, y) in [(2, 2), (90, 55), (5, 30)] { #expect(glassed[x, y] == bare[x, y]) }
        let a = Int(glassed[48, 30].red), b = Int(glassed[52, 30].red)
        #expect(abs(Int(bare[48, 30].red) - Int(bare[52, 30].red)) == 255)
        #expect(abs(a - b) < 128, "frosted contrast \(a) vs \(b)")
    }

    @Test func identityGlassChangesNothing() throws {
        let bare = try SceneTest.render(stripes(glass: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#00000000\"}"))
        let glassed = try SceneTest.render(stripes(glass: "{\"type\": \"glass\", \"shape\": {\"circle\": [50, 30, 20]}, \"material\": {\"style\": \"identity\"}}"))
        #expect(glassed == bare)
    }

    /// Glass in a group reads only what the group drew beneath it: over an empty group it frosts nothing,
    /// so only its own rim, tint and shadow appear, the same whatever lies on the canvas below the group.
    @Test func glassInAGroupReadsTheGroup() throws {
        let glass = "{\"type\": \"group\", \"layers\": [{\"type\": \"glass\", \"shape\": {\"rect\": [30, 10, 40, 40], \"cornerRadius\": 10}, \"material\": {\"shadow\": \"none\"}}]}"
        let overStripes = try SceneTest.render(SceneTest.scene([glass], width: 100, height: 60))
        let grouped = try SceneTest.document(stripes(glass: glass)).render()
        let bare = try SceneTest.render(stripes(glass: "{\"type\": \"rect\", \"frame\": [0, 0, 1, 1], \"fill\": \"#00000000\"}"))
        // The stripes stay sharp under the glass: it did not sample them.
        #expect(abs(Int(grouped[48, 30].red) - Int(grouped[52, 30].red)) > 128)
        // And the glass alone over transparency is what was composited over the stripes.
        var composed = bare
        try composed.composite(overStripes)
        #expect(SceneTest.difference(composed, grouped).maximum <= 1)
    }
}
