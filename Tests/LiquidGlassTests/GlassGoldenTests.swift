import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Golden images (200×120 px, 100×60 pt at 2×) of every style, tint, accessibility mode, corner
/// configuration and the merge at several distances, all over the same busy backdrop.
@Suite struct GlassGoldenTests {
    let backdrop = GlassScenes.busy()

    /// These goldens allow 2 levels (the glass's fixed-point tone and reduced-resolution frost).
    func expectGolden(_ pixmap: Pixmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        goldens.assertMatches(pixmap, named: name, tolerance: 2, sourceLocation: sourceLocation)
    }

    @Test func styles() throws {
        expectGolden(try GlassScenes.render(GlassScenes.pieces(.regular), over: backdrop), "style-regular")
        expectGolden(try GlassScenes.render(GlassScenes.pieces(.clear), over: backdrop), "style-clear")
        let identity = try GlassScenes.render(GlassScenes.pieces(.identity), over: backdrop)
        #expect(identity == backdrop, "identity glass must leave every pixel untouched")
        expectGolden(identity, "style-identity")
    }

    @Test func tints() throws {
        let blue = RGBA(red: 0.1, green: 0.45, blue: 1)
        expectGolden(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(tint: blue)), over: backdrop), "tint")
        expectGolden(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(tint: blue, prominent: true)), over: backdrop),
                     "tint-prominent")
        expectGolden(try GlassScenes.render(GlassScenes.pieces(GlassMaterial(style: .clear, tint: blue, prominent: true)),
                                            over: backdrop), "tint-prominent-clear")
    }

    @Test func accessibilityModes() throws {
        expectGolden(try GlassScenes.render(GlassScenes.pieces(.regular, accessibility: .reduceTransparency), over: backdrop),
                     "a11y-reduce-transparency")
        expectGolden(try GlassScenes.render(GlassScenes.pieces(.regular, accessibility: .increaseContrast), over: backdrop),
                     "a11y-increase-contrast")
        // Reduce motion: a pressed, dragged element renders without overshoot or stretch.
        let interaction = GlassInteraction(pressProgress: 1.3, touchPoint: Point(30, 20), dragOffset: Vector2(60, 0))
        func pressed(_ a11y: GlassAccessibility) -> GlassContainer {
            GlassContainer(spacing: 0, children: [
                GlassElement(.capsule(Rect(x: 10, y: 14, width: 50, height: 30)), interaction: interaction),
            ], accessibility: a11y)
        }
        expectGolden(try GlassScenes.render(pressed([]), over: backdrop), "interaction-pressed")
        expectGolden(try GlassScenes.render(pressed(.reduceMotion), over: backdrop), "a11y-reduce-motion")
    }

    @Test func cornerConfigurations() throws {
        let frame = Rect(x: 4, y: 4, width: 92, height: 52)
        func scene(_ corners: CornerConfiguration, continuous: Bool = false) -> GlassContainer {
            GlassContainer(spacing: 0, children: [
                GlassElement(rect: Rect(x: 10, y: 10, width: 38, height: 40), corners: corners, continuous: continuous),
                GlassElement(rect: Rect(x: 54, y: 10, width: 36, height: 40), corners: corners, continuous: continuous),
            ], frame: frame, frameCornerRadii: CornerRadii(all: 22))
        }
        expectGolden(try GlassScenes.render(scene(.fixed(8)), over: backdrop), "corners-fixed")
        expectGolden(try GlassScenes.render(scene(.fixed(12), continuous: true), over: backdrop), "corners-fixed-continuous")
        expectGolden(try GlassScenes.render(scene(.capsule(maximumRadius: nil)), over: backdrop), "corners-capsule")
        let radii = CornerRadii(topLeft: 18, topRight: 2, bottomRight: 12, bottomLeft: 0)
        expectGolden(try GlassScenes.render(scene(.perCorner(radii)), over: backdrop), "corners-per-corner")
        expectGolden(try GlassScenes.render(scene(.containerConcentric(minimum: 4)), over: backdrop), "corners-concentric")
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
        expectGolden(try GlassScenes.render(pair(gap: 16), over: backdrop), "merge-apart")
        expectGolden(try GlassScenes.render(pair(gap: 6), over: backdrop), "merge-within-spacing")
        expectGolden(try GlassScenes.render(pair(gap: -12), over: backdrop), "merge-overlapping")
        var batched = pair(gap: -12)
        batched.spacing = 0
        expectGolden(try GlassScenes.render(batched, over: backdrop), "merge-spacing-zero")
    }

    @Test func extras() throws {
        var dispersive = GlassMaterial(style: .clear)
        dispersive.dispersion = 0.04
        expectGolden(try GlassScenes.render(GlassScenes.pieces(dispersive), over: backdrop), "dispersion")
        var half = GlassScenes.pieces(.regular)
        half.materialize = 0.5
        expectGolden(try GlassScenes.render(half, over: backdrop), "materialize-half")
        let stripes = GlassScenes.stripes()
        expectGolden(try GlassScenes.render(GlassScenes.pieces(.clear), over: stripes), "refraction-stripes")
    }
}
