import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Golden images (200×120 px, 100×60 pt at 2×) of every style, tint, accessibility mode, corner
/// configuration and the merge at several distances, all over the same busy backdrop.
@Suite struct GlassGoldenTests {
    let backdrop = GlassScenes.busy()

    @Test func styles() throws {
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(.regular), over: backdrop), named: "style-regular", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(.clear), over: backdrop), named: "style-clear", tolerance: 2)
        let identity = try GlassScenes.render(GlassScenes.pieces(.identity), over: backdrop)
        #expect(identity == backdrop, "identity glass must leave every pixel untouched")
        goldens.assertMatches(identity, named: "style-identity", tolerance: 2)
    }

    @Test func tints() throws {
        let blue = RGBA(red: 0.1, green: 0.45, blue: 1)
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(tint: blue)), over: backdrop), named: "tint", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(tint: blue, prominent: true)), over: backdrop), named:
                     "tint-prominent", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(style: .clear, tint: blue, prominent: true)),
                                            over: backdrop), named: "tint-prominent-clear", tolerance: 2)
    }

    @Test func accessibilityModes() throws {
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(.regular, accessibility: .reduceTransparency), over: backdrop), named:
                     "a11y-reduce-transparency", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(.regular, accessibility: .increaseContrast), over: backdrop), named:
                     "a11y-increase-contrast", tolerance: 2)
        // Reduce motion: a pressed, dragged element renders without overshoot or stretch.
        let interaction = GlassInteraction(pressProgress: 1.3, touchPoint: Point(30, 20), dragOffset: Vector2(60, 0))
        func pressed(_ a11y: GlassAccessibility) -> GlassContainer {
            GlassContainer(spacing: 0, children: [
                GlassElement(.capsule(Rect(x: 10, y: 14, width: 50, height: 30)), interaction: interaction),
            ], accessibility: a11y)
        }
        goldens.assertMatches(try GlassScenes.render(pressed([]), over: backdrop), named: "interaction-pressed", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(pressed(.reduceMotion), over: backdrop), named: "a11y-reduce-motion", tolerance: 2)
    }

    @Test func cornerConfigurations() throws {
        let frame = Rect(x: 4, y: 4, width: 92, height: 52)
        func scene(_ corners: CornerConfiguration, continuous: Bool = false) -> GlassContainer {
            GlassContainer(spacing: 0, children: [
                GlassElement(rect: Rect(x: 10, y: 10, width: 38, height: 40), corners: corners, continuous: continuous),
                GlassElement(rect: Rect(x: 54, y: 10, width: 36, height: 40), corners: corners, continuous: continuous),
            ], frame: frame, frameCornerRadii: CornerRadii(all: 22))
        }
        goldens.assertMatches(try GlassScenes.render(scene(.fixed(8)), over: backdrop), named: "corners-fixed", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(scene(.fixed(12), continuous: true), over: backdrop), named: "corners-fixed-continuous", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(scene(.capsule(maximumRadius: nil)), over: backdrop), named: "corners-capsule", tolerance: 2)
        let radii = CornerRadii(topLeft: 18, topRight: 2, bottomRight: 12, bottomLeft: 0)
        goldens.assertMatches(try GlassScenes.render(scene(.perCorner(radii)), over: backdrop), named: "corners-per-corner", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(scene(.containerConcentric(minimum: 4)), over: backdrop), named: "corners-concentric", tolerance: 2)
    }

    /// Two circles with spacing 10 pt: apart (gap 16 pt), within spacing (gap 6 pt) and overlapping.
    @Test func merging() throws {
        func pair(gap: Double) -> GlassContainer {
            let r = 18.0
            return GlassContainer(spacing: 10, children: [
                GlassElement(.circle(center: Point(50 - gap / 2 - r, 30), radius: r)),
                GlassElement(.circle(center: Point(50 + gap / 2 + r, 30), radius: r)),
            ])
        }
        goldens.assertMatches(try GlassScenes.render(pair(gap: 16), over: backdrop), named: "merge-apart", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(pair(gap: 6), over: backdrop), named: "merge-within-spacing", tolerance: 2)
        goldens.assertMatches(try GlassScenes.render(pair(gap: -12), over: backdrop), named: "merge-overlapping", tolerance: 2)
        var batched = pair(gap: -12)
        batched.spacing = 0
        goldens.assertMatches(try GlassScenes.render(batched, over: backdrop), named: "merge-spacing-zero", tolerance: 2)
    }

    @Test func extras() throws {
        var dispersive = GlassMaterial(style: .clear)
        dispersive.dispersion = 0.04
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(dispersive), over: backdrop), named: "dispersion", tolerance: 2)
        var half = GlassScenes.pieces(.regular)
        half.materialize = 0.5
        goldens.assertMatches(try GlassScenes.render(half, over: backdrop), named: "materialize-half", tolerance: 2)
        let stripes = GlassScenes.stripes()
        goldens.assertMatches(try GlassScenes.render(GlassScenes.pieces(.clear), over: stripes), named: "refraction-stripes", tolerance: 2)
    }
}
