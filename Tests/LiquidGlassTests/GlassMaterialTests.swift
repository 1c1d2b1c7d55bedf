import LiquidGeometry
import LiquidGlass
import LiquidRaster
import Testing

/// Defaults, validation, interaction, vibrancy and morphing.
@Suite struct GlassMaterialTests {
    @Test func defaultsByStyle() {
        let regular = GlassMaterial.regular, clear = GlassMaterial.clear
        #expect(regular.frostSigma > clear.frostSigma)
        #expect(regular.saturation == 1.4)
        #expect(regular.refractiveIndex == 1.5 && regular.dispersion == 0 && regular.bevelWidth == nil)
        #expect(regular.resolvedBevel(cornerRadius: 8) == 8)
        #expect(regular.resolvedBevel(cornerRadius: 40) == 20)
        #expect(GlassMaterial(tint: .white).tintStrength < GlassMaterial(tint: .white, prominent: true).tintStrength)
        #expect(GlassMaterial.identity.shadow == .none)
    }

    @Test func validationNamesTheField() {
        var m = GlassMaterial.regular
        m.refractiveIndex = .nan
        #expect(throws: LiquidError.self) { try m.validated() }
        m = .regular
        m.frostSigma = -1
        #expect(throws: LiquidError.self) { try m.validated() }
        var i = GlassInteraction()
        i.pressScale = 0.2
        #expect(throws: LiquidError.self) { try i.validated() }
        i = GlassInteraction(glowOpacity: 0.5)
        #expect(throws: LiquidError.self) { try i.validated() }
    }

    @Test func pressAndStretch() {
        let i = GlassInteraction(pressProgress: 1, pressScale: 0.06)
        #expect(abs(i.scale() - 1.06) < 1e-12)
        let overshoot = GlassInteraction(pressProgress: 1.4, pressScale: 0.1)
        #expect(overshoot.scale() > 1.1)
        #expect(overshoot.scale(reduceMotion: true) == 1.1)
        // max·tanh(0.05·d/max): ≈ 0.05·d for small drags, never beyond max.
        #expect(abs(GlassInteraction.stretch(2, maximum: 12) - 0.1) < 1e-3)
        #expect(GlassInteraction.stretch(10_000, maximum: 12) <= 12)
        #expect(GlassInteraction.stretch(-50, maximum: 12) == -GlassInteraction.stretch(50, maximum: 12))
        let drag = GlassInteraction(dragOffset: Vector2(100, 0))
        let shape = drag.apply(to: .roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), CornerRadii(all: 10), continuous: false))
        #expect(shape.bounds.minX == 0)
        #expect(abs(shape.bounds.width - (40 + GlassInteraction.stretch(100, maximum: 12))) < 1e-9)
        #expect(drag.apply(to: .circle(center: .zero, radius: 5), reduceMotion: true) == .circle(center: .zero, radius: 5))
    }

    @Test func vibrancyKeepsContrast() {
        for r in stride(from: 0.0, through: 1, by: 0.1) {
            for g in stride(from: 0.0, through: 1, by: 0.25) {
                for style in [GlassStyle.regular, .clear] {
                    let backdrop = RGBA(red: r, green: g, blue: 1 - r)
                    let face = GlassVibrancy.luminance(GlassVibrancy.face(backdrop: backdrop, style: style))
                    for level in GlassVibrancy.allCases {
                        let c = level.color(onBackdrop: backdrop, style: style)
                        let contrast = GlassVibrancy.contrast(face, GlassVibrancy.luminance(c))
                        #expect(contrast >= level.minimumContrast - 1e-9, "\(level) on \(backdrop): \(contrast)")
                    }
                }
            }
        }
        // Dark content on light glass, light content on dark glass; secondary borrows more of the hue.
        #expect(GlassVibrancy.primary.color(onBackdrop: .white, style: .regular).red < 0.5)
        #expect(GlassVibrancy.primary.color(onBackdrop: .black, style: .clear).red > 0.5)
        let blue = RGBA(red: 0.2, green: 0.3, blue: 0.9)
        let p = GlassVibrancy.primary.color(onBackdrop: blue, style: .regular)
        let s = GlassVibrancy.secondary.color(onBackdrop: blue, style: .regular)
        #expect(abs(s.blue - s.red) >= abs(p.blue - p.red))
    }

    @Test func morphEndpointsAndIdentityMatching() {
        let a = SignedDistanceShape.circle(center: Point(10, 10), radius: 5)
        let b = SignedDistanceShape.roundedRect(Rect(x: 20, y: 0, width: 40, height: 20), CornerRadii(all: 4), continuous: false)
        #expect(GlassMorph(from: a, to: b, progress: 0).shape == a)
        #expect(GlassMorph(from: a, to: b, progress: 1).shape == b)
        let mid = GlassMorph(from: a, to: b, progress: 0.5).shape
        #expect(abs(mid.bounds.minX - 12.5) < 1e-9 && abs(mid.bounds.width - 25) < 1e-9)
        let from = [GlassElement(a, identity: "x"), GlassElement(.circle(center: .zero, radius: 3), identity: "gone")]
        let to = [GlassElement(b, identity: "x"), GlassElement(.circle(center: Point(5, 5), radius: 2), identity: "new")]
        let end = GlassMorph.elements(from: from, to: to, progress: 1)
        #expect(end.count == 3)
        #expect(end[0].resolvedShape() == b)
        #expect(end[2].resolvedShape().bounds.width == 0)
        let start = GlassMorph.elements(from: from, to: to, progress: 0)
        #expect(start[0].resolvedShape() == a)
        #expect(start[1].resolvedShape().bounds.width == 0)
    }

    @Test func concentricCornersFollowTheContainer() {
        let c = GlassContainer(children: [GlassElement(rect: Rect(x: 8, y: 8, width: 40, height: 30), corners: .containerConcentric(minimum: 4))],
                               frame: Rect(x: 0, y: 0, width: 100, height: 60), frameCornerRadii: CornerRadii(all: 20))
        guard case .roundedRect(_, let radii, _) = c.renderedShapes()[0] else { Issue.record("not a rounded rect"); return }
        #expect(radii.topLeft == 12)
        #expect(radii.bottomRight == 4)
    }
}
