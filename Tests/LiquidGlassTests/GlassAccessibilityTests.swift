import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Accessibility modes, materialize, and purity (the same inputs always give the same pixels).
@Suite struct GlassAccessibilityTests {
    let backdrop = GlassScenes.busy()

    /// Render, switch a mode on, render, switch it off, render: first and last identical byte for byte —
    /// also when the same cache is used throughout.
    @Test(arguments: [GlassAccessibility.reduceTransparency, .increaseContrast, .reduceMotion,
                      [.reduceTransparency, .increaseContrast]])
    func roundTripRestoresPixels(mode: GlassAccessibility) throws {
        let cache = BackdropCache()
        var container = GlassScenes.pieces(GlassMaterial(tint: RGBA(red: 1, green: 0.5, blue: 0.1)))
        container.children[0].interaction = GlassInteraction(pressProgress: 1.2, touchPoint: Point(20, 20),
                                                             dragOffset: Vector2(30, 0))
        let before = try GlassScenes.render(container, over: backdrop, cache: cache, revision: 1)
        container.accessibility.insert(mode)
        let during = try GlassScenes.render(container, over: backdrop, cache: cache, revision: 1)
        container.accessibility.remove(mode)
        let after = try GlassScenes.render(container, over: backdrop, cache: cache, revision: 1)
        #expect(during != before, "the mode must change something")
        #expect(after.bytes == before.bytes)
    }

    @Test func reduceTransparencyFillsWithTheAverageColour() throws {
        var m = GlassMaterial.regular
        m.shadow = .none
        m.rimIntensity = 0
        let rect = Rect(x: 20, y: 10, width: 60, height: 40)
        let c = GlassContainer(material: m, children: [GlassElement(rect: rect, corners: .fixed(10))],
                               accessibility: .reduceTransparency)
        let out = try GlassScenes.render(c, over: backdrop)
        // Deep inside: one opaque colour, the mean of the backdrop under the shape (within rounding).
        let centre = out[100, 60]
        #expect(centre.alpha == 255)
        for (x, y) in [(70, 40), (130, 80), (100, 50)] { #expect(out[x, y] == centre) }
        // The mean over pixels whose centre lies inside the shape (the renderer weights edge pixels by
        // coverage, so allow a level or two).
        let shape = SignedDistanceShape.roundedRect(rect, CornerRadii(all: 10), continuous: false)
        var sum = (0.0, 0.0, 0.0), n = 0.0
        for y in 0..<120 { for x in 0..<200 where shape.distance(to: Point((Double(x) + 0.5) / 2, (Double(y) + 0.5) / 2)) < 0 {
            let p = backdrop[x, y]; sum.0 += Double(p.red); sum.1 += Double(p.green); sum.2 += Double(p.blue); n += 1
        } }
        #expect(abs(Double(centre.red) - sum.0 / n) < 2)
        #expect(abs(Double(centre.green) - sum.1 / n) < 2)
        #expect(abs(Double(centre.blue) - sum.2 / n) < 2)
    }

    @Test func increaseContrastIsOpaqueWithADarkBorderOnLightBackdrops() throws {
        let light = try Pixmap(width: 200, height: 120, scale: 2, fill: PremultipliedRGBA8(red: 200, green: 210, blue: 220, alpha: 255))
        var m = GlassMaterial.regular
        m.shadow = .none
        let c = GlassContainer(material: m, children: [GlassElement(rect: Rect(x: 20, y: 10, width: 60, height: 40), corners: .fixed(10))],
                               accessibility: .increaseContrast)
        let out = try GlassScenes.render(c, over: light)
        let face = out[100, 60]
        #expect(face.alpha == 255 && face.red > 230, "near-white face, got \(face)")
        // The border, just inside the top edge (y = 10 pt → 20 px): much darker than the face.
        let border = out[100, 21]
        #expect(Int(border.red) < Int(face.red) - 120, "border \(border) vs face \(face)")
    }

    @Test func materializeZeroLeavesTheBackdropAndOneIsFullGlass() throws {
        var c = GlassScenes.pieces(.regular)
        c.materialize = 0
        #expect(try GlassScenes.render(c, over: backdrop) == backdrop)
        c.materialize = 1
        let full = try GlassScenes.render(c, over: backdrop)
        var plain = GlassScenes.pieces(.regular)
        plain.materialize = 1
        #expect(full == (try GlassScenes.render(plain, over: backdrop)))
        #expect(full != backdrop)
        // Halfway the glass is partly there: every changed pixel lies between the backdrop and full glass.
        c.materialize = 0.5
        let half = try GlassScenes.render(c, over: backdrop)
        var differsFromBoth = 0
        for i in 0..<(200 * 120 * 4) where half.bytes[i] != backdrop.bytes[i] && half.bytes[i] != full.bytes[i] {
            differsFromBoth += 1
        }
        #expect(differsFromBoth > 1000)
    }

    /// Rendering with a cache gives the same pixels as without; an unchanged revision is not re-frosted.
    @Test func cacheIsInvisibleAndSavesTheBlur() throws {
        let cache = BackdropCache()
        let c = GlassScenes.pieces(.regular)
        let plain = try GlassScenes.render(c, over: backdrop)
        let first = try GlassScenes.render(c, over: backdrop, cache: cache, revision: 3)
        let second = try GlassScenes.render(c, over: backdrop, cache: cache, revision: 3)
        #expect(first == plain && second == plain)
        #expect(cache.misses == 1 && cache.hits == 1)
        // A new revision frosts again.
        let other = GlassScenes.busy(seed: 99)
        let third = try GlassScenes.render(c, over: other, cache: cache, revision: 4)
        #expect(cache.misses == 2)
        #expect(third == (try GlassScenes.render(c, over: other)))
    }

    @Test func mismatchedSizesThrow() throws {
        var small = try Pixmap(width: 10, height: 10, scale: 2)
        #expect(throws: LiquidError.self) { try GlassScenes.pieces(.regular).render(over: backdrop, into: &small) }
    }
}
