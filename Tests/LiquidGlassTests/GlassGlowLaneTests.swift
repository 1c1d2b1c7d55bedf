import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Rows a touch glow reaches are painted eight pixels at a time; the bytes must be exactly those of the
/// per-pixel path (the shader's reference), and the glow must really show.
@Suite struct GlassGlowLaneTests {
    /// A pressed glass button at 3× over a busy backdrop: a capsule whose glow (radius 40 pt) reaches every row.
    static func button(touch: Point, glowRadius: Double = 40, materialize: Double = 1,
                       material: GlassMaterial = .regular) -> GlassContainer {
        var element = GlassElement(.capsule(Rect(x: 6, y: 5, width: 87, height: 29)))
        element.interaction = GlassInteraction(pressProgress: 1, touchPoint: touch, glowRadius: glowRadius)
        var container = GlassContainer(spacing: 0, material: material, children: [element])
        container.materialize = materialize
        return container
    }

    /// Renders `container` through the fast paths and through the per-pixel reference; both must agree, and
    /// differ from the same glass without its glows (so the glow rows are really exercised).
    func expectLanesMatchPerPixel(_ container: GlassContainer, over backdrop: Pixmap) throws {
        var fast = backdrop, reference = backdrop, unlit = backdrop
        try container.render(over: backdrop, into: &fast, cache: nil, backdropRevision: 0)
        try container.render(over: backdrop, into: &reference, cache: nil, backdropRevision: 0, perPixel: true)
        #expect(fast.bytes == reference.bytes)
        var calm = container
        for i in calm.children.indices { calm.children[i].interaction.touchPoint = nil }
        try calm.render(over: backdrop, into: &unlit, cache: nil, backdropRevision: 0)
        #expect(unlit.bytes != fast.bytes, "the glow changed no pixel")
    }

    /// The glow over the whole capsule, centred and off-centre (the glow clipped by the image's edge).
    @Test(arguments: [Point(49.5, 19.5), Point(12, 30), Point(97, 2)])
    func wholeButtonGlow(touch: Point) throws {
        try expectLanesMatchPerPixel(Self.button(touch: touch), over: GlassScenes.busy(width: 300, height: 180, scale: 3))
    }

    /// A small glow that reaches only some rows, and some lanes of a group of eight.
    @Test func partialGlow() throws {
        try expectLanesMatchPerPixel(Self.button(touch: Point(30.3, 9.7), glowRadius: 6.1),
                                     over: GlassScenes.busy(width: 300, height: 180, scale: 3, seed: 3))
    }

    /// Partial materialize (interior blended by a weight below 256) and a tinted prominent material.
    @Test(arguments: [0, 1])
    func blendedGlow(variant: Int) throws {
        let container = variant == 0
            ? Self.button(touch: Point(40, 20), materialize: 0.55)
            : Self.button(touch: Point(40, 20), material: GlassMaterial(tint: RGBA(red: 0.1, green: 0.5, blue: 1), prominent: true))
        try expectLanesMatchPerPixel(container, over: GlassScenes.busy(width: 300, height: 180, scale: 3, seed: 5))
    }

    /// Two touched lenses merged into one surface (two glows summed per pixel), at 2×.
    @Test func twoGlows() throws {
        var container = GlassBakeTests.lenses()
        container.children[0].interaction = GlassInteraction(pressProgress: 1, touchPoint: Point(14, 12))
        container.children[1].interaction = GlassInteraction(pressProgress: 0.6, touchPoint: Point(45, 20), glowRadius: 12)
        try expectLanesMatchPerPixel(container, over: GlassScenes.busy(seed: 11))
    }
}
