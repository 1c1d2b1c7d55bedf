import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing
@testable import LiquidUI

/// GlassEffectView through the real compositor: frost, refraction band, materialize, accessibility and
/// the backdrop cache.
@MainActor
@Suite("GlassEffectView")
struct GlassEffectViewTests {
    static let size = Size(width: 200, height: 120)
    static let glassFrame = Rect(x: 40, y: 30, width: 120, height: 60)

    @Test func rendersFrostedGlassWithARefractedBandOverStripes() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        let image = try #require(loop.image)
        let backdrop = try GlassTestScenes.backdrop(Self.size)

        // The compositor's output equals LiquidGlass rendering the same capsule over the same pixels.
        let capsule = GlassElement(rect: Self.glassFrame, corners: .capsule(maximumRadius: nil))
        var reference = backdrop
        try GlassContainer(material: .regular, children: [capsule]).render(over: backdrop, into: &reference)
        var worst = 0
        for y in 0..<image.height { for x in 0..<image.width {
            worst = max(worst, GlassTestScenes.difference(image[x, y], reference[x, y]))
        } }
        #expect(worst <= 2, "compositor vs direct render differ by \(worst) levels")

        // Frosted interior: the stripes' contrast drops across the middle of the glass.
        let y = 60 * 2
        let inside = GlassTestScenes.redRange(image, y: y, x0: 90 * 2, x1: 110 * 2)
        let bare = GlassTestScenes.redRange(backdrop, y: y, x0: 90 * 2, x1: 110 * 2)
        #expect(Double(inside) < 0.7 * Double(bare), "interior \(inside) vs backdrop \(bare)")

        // Displaced band: glass with no bending (index 1) matches in the interior but not near the edge.
        var flatMaterial = GlassMaterial.regular
        flatMaterial.refractiveIndex = 1
        var flat = backdrop
        try GlassContainer(material: flatMaterial, children: [capsule]).render(over: backdrop, into: &flat)
        var bandDifferences = 0, interiorDifferences = 0
        for x in (45 * 2)..<(60 * 2) where GlassTestScenes.difference(flat[x, y], image[x, y]) > 8 { bandDifferences += 1 }
        for x in (85 * 2)..<(115 * 2) where GlassTestScenes.difference(flat[x, y], image[x, y]) > 2 { interiorDifferences += 1 }
        #expect(bandDifferences > 6, "refraction should move the stripes in the edge band")
        #expect(interiorDifferences == 0)
    }

    @Test func unchangedBackdropIsFrostedOnceWhileTheGlassAnimates() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        glass.isInteractive = true
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        #expect(glass.glassState.frostCount == 1)
        loop.dispatch(Touch(id: 1, phase: .began, location: Point(100, 60), timestamp: 0.01))
        var rendered = 0
        for k in 1...30 {
            loop.step(to: Double(k) / 60)
            rendered += loop.compositor!.statistics.backdropsRendered
        }
        #expect(rendered >= 10, "the pressed glass re-renders while it animates")
        #expect(glass.glassState.frostCount <= 3, "frosted \(glass.glassState.frostCount) times for one backdrop")
        #expect(glass.glassState.revision == 1)
        // Settled and untouched: an idle frame does no pixel work.
        loop.dispatch(Touch(id: 1, phase: .ended, location: Point(100, 60), timestamp: 0.6))
        for k in 37...150 { loop.step(to: Double(k) / 60) }
        #expect(!glass.isAnimating)
        let info = loop.step(to: 2.6)
        #expect(info.damage == nil)
        #expect(loop.compositor!.statistics.wasIdle)
    }

    @Test func materializeRampsMonotonicallyWithASpring() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        glass.isGlassEnabled = false
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        #expect(glass.materialize == 0)
        let bare = try #require(loop.image)
        withGlassAnimation { glass.isGlassEnabled = true }
        var values: [Double] = []
        var deviation: [Int] = []
        for k in 1...90 {
            loop.step(to: Double(k) / 60)
            values.append(glass.materialize)
            let image = try #require(loop.image)
            deviation.append(GlassTestScenes.difference(image[100 * 2, 60 * 2], bare[100 * 2, 60 * 2]))
        }
        #expect(values.first! > 0 && values.first! < 0.1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(values)")
        #expect(values.contains { $0 > 0.3 && $0 < 0.7 })
        #expect(values.last == 1)
        #expect(deviation.last! > 20)
        #expect(zip(deviation, deviation.dropFirst()).allSatisfy { $0 <= $1 + 1 })

        // And back out, on a timing curve that ends exactly on time.
        withGlassAnimation(.timing(duration: 0.4, curve: .easeInOut)) { glass.isGlassEnabled = false }
        values = []
        for k in 91...120 {
            loop.step(to: Double(k) / 60)
            values.append(glass.materialize)
        }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }, "\(values)")
        #expect(values[23] == 0 && values[22] > 0, "\(values)")
        #expect(try #require(loop.image).bytes == bare.bytes, "dematerialized glass leaves the backdrop untouched")
    }

    @Test func styleChangeToIdentityAnimatesOutAndWithoutAnimationJumps() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        withGlassAnimation { glass.style = .identity }
        loop.step(to: 1.0 / 60)
        #expect(glass.materialize > 0.5 && glass.materialize < 1)
        glass.style = .clear
        #expect(glass.materialize == 1)
    }

    @Test func accessibilityRoundTripRestoresIdenticalPixels() throws {
        let glass = GlassEffectView(frame: Self.glassFrame, tint: RGBA(red: 1, green: 0.8, blue: 0.2))
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        loop.step(to: 1.0 / 60)
        let before = try #require(loop.image)
        var time = 2.0 / 60
        for mode in [GlassAccessibility.reduceTransparency, .increaseContrast, [.reduceTransparency, .increaseContrast]] {
            glass.accessibility = mode
            loop.step(to: time); time += 1.0 / 60
            let changed = try #require(loop.image)
            #expect(changed.bytes != before.bytes, "mode \(mode.rawValue) changes the glass")
            glass.accessibility = []
            loop.step(to: time); time += 1.0 / 60
            #expect(try #require(loop.image).bytes == before.bytes, "mode \(mode.rawValue) off restores the pixels")
        }
    }

    @Test func vibrantColourFollowsTheBackdrop() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        let measured = try #require(glass.backdropProbe.averageColor)
        // Half red, half blue stripes average to a purple.
        #expect(measured.red > 0.4 && measured.blue > 0.5 && measured.green < 0.35)
        let primary = glass.vibrantColor(.primary)
        let face = GlassVibrancy.face(backdrop: measured, style: .regular)
        let contrast = GlassVibrancy.contrast(GlassVibrancy.luminance(primary), GlassVibrancy.luminance(face))
        #expect(contrast >= 4.5)
        #expect(primary == GlassVibrancy.primary.color(onBackdrop: measured, style: .regular))
    }

    @Test func interactivePressGrowsGlowsAndStretches() throws {
        let glass = GlassEffectView(frame: Self.glassFrame)
        glass.isInteractive = true
        let loop = try GlassTestScenes.loop(Self.size, views: [glass])
        loop.step(to: 0)
        let rest = try #require(loop.image)
        loop.dispatch(Touch(id: 1, phase: .began, location: Point(130, 60), timestamp: 0.01))
        for k in 1...20 { loop.step(to: Double(k) / 60) }
        #expect(glass.pressScale > 1.05)
        #expect(glass.contentView.transform.a == glass.pressScale)
        let pressed = try #require(loop.image)
        // The glass grew past its resting edge; dragging right stretches that edge further out.
        for k in 21...40 {
            let x = 130 + Double(k - 20) * 2.5
            loop.dispatch(Touch(id: 1, phase: .moved, location: Point(x, 60), timestamp: Double(k) / 60))
            loop.step(to: Double(k) / 60)
        }
        let stretched = try #require(loop.image)
        let backdrop = try GlassTestScenes.backdrop(Self.size)
        let pressedEdge = Self.rightEdge(pressed, backdrop, y: 60 * 2)
        let stretchedEdge = Self.rightEdge(stretched, backdrop, y: 60 * 2)
        #expect(pressedEdge > 160 * 2 + 4, "pressed edge at \(pressedEdge)")
        #expect(stretchedEdge > pressedEdge + 2, "stretched edge at \(stretchedEdge), pressed at \(pressedEdge)")
        loop.dispatch(Touch(id: 1, phase: .ended, location: Point(180, 60), timestamp: 0.7))
        for k in 43...160 { loop.step(to: Double(k) / 60) }
        #expect(glass.pressScale == 1)
        #expect(try #require(loop.image).bytes == rest.bytes)
    }

    /// The rightmost pixel of row `y` that clearly differs from the backdrop (glass, not just shadow).
    static func rightEdge(_ image: Pixmap, _ backdrop: Pixmap, y: Int) -> Int {
        (0..<image.width).last { GlassTestScenes.difference(image[$0, y], backdrop[$0, y]) > 30 } ?? -1
    }
}
