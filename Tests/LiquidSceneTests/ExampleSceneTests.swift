import Foundation
import LiquidRaster
import LiquidScene
import Testing

/// Every scene in examples/scenes renders at its size and, where a reference was recorded from the renderer
/// that preceded LiquidScene (small enough to keep in the repository), to the same pixels.
///
/// Scenes without glass match exactly. Glass now reaches the canvas as a LiquidUI backdrop overlay: the
/// glass renderer draws into a transparent output that the compositor composites source-over, so pixels
/// the glass covers only partly (anti-aliased rim, shadow, a materialize fade) are rounded to 8 bits twice
/// instead of once — measured at most 2 levels, mean under 0.05, on every glass example.
@Suite("LiquidScene: example scenes")
@MainActor
struct ExampleSceneTests {
    nonisolated static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: SceneTest.examples.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    func source(_ name: String) throws -> SceneSource {
        try SceneSource(contentsOfFile: SceneTest.examples.appendingPathComponent(name + ".json").path)
    }

    @Test func theExamplesAreThere() {
        #expect(Self.names.count >= 7)
    }

    @Test(arguments: names)
    func rendersAtOnePixelPerPointAsBefore(name: String) throws {
        let document = try source(name).document()
        let image = try document.render(scale: 1)
        #expect(image.width == Int(document.width.rounded(.up)) && image.height == Int(document.height.rounded(.up)))
        guard let reference = try SceneTest.reference(name + "@1x") else {
            Issue.record("no reference for \(name)"); return
        }
        expectMatch(image, reference, name: name)
    }

    @Test(arguments: names)
    func rendersAtItsOwnScale(name: String) throws {
        let document = try source(name).document()
        let image = try document.render()
        #expect(document.scale == 2)
        #expect(image.width == Int((document.width * 2).rounded(.up)) && image.height == Int((document.height * 2).rounded(.up)))
        #expect(image.scale == 2)
        // The corners show the background: every example paints one, so the image is opaque there.
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image[x, y].alpha == 255, "\(name) at \(x), \(y)")
        }
        guard let reference = try SceneTest.reference(name) else { return }  // only the small ones are kept
        expectMatch(image, reference, name: name)
    }

    /// A keyframed example resolved mid-animation matches the frame the old renderer drew at that time.
    @Test func keyframedExampleMatchesMidAnimation() throws {
        let image = try source("droplets").document(at: 0.8).render()
        let reference = try #require(try SceneTest.reference("droplets-t0.8"))
        let difference = SceneTest.difference(image, reference)
        #expect(difference.maximum == 0, "\(difference.pixels) pixels differ, by up to \(difference.maximum)")
    }

    /// Exactly equal for scenes without glass; within the double rounding of the glass overlay for glass.
    func expectMatch(_ image: Pixmap, _ reference: Pixmap, name: String) {
        let difference = SceneTest.difference(image, reference)
        let message = "\(name): \(difference.pixels) pixels differ, by up to \(difference.maximum), mean \(difference.mean)"
        if name.hasPrefix("glass") {
            #expect(difference.maximum <= 2 && difference.mean < 0.05, "\(message)")
        } else {
            #expect(difference.maximum == 0, "\(message)")
        }
    }

    @Test func titlesCaptionsAndDurationsAreRead() throws {
        let shapes = try source("shapes")
        #expect(shapes.title == "Shapes")
        #expect(shapes.caption?.hasPrefix("Continuous-corner") == true)
        #expect(shapes.declaredDuration == nil && shapes.lastKeyTime == 0)
        let droplets = try source("droplets")
        #expect(droplets.declaredDuration == 2 && droplets.lastKeyTime > 0)
    }
}
