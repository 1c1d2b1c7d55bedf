import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// The compositor's underlays: a tile re-rendered for a change above unchanged layers starts from those
/// layers' kept pixels, and every frame still equals a new compositor's render byte for byte.
@Suite("Compositor underlays")
@MainActor
struct UnderlayTests {
    /// A screen with a blurred shadow, a card and a plain box beneath a small moving box, and the pieces.
    @MainActor
    struct Scene {
        let root: Layer
        let shadow: Layer
        let card: Layer
        let marker: Layer

        init() {
            root = TestScenes.box(Rect(x: 0, y: 0, width: 160, height: 120), TestScenes.white)
            shadow = Layer(frame: Rect(x: 10, y: 14, width: 140, height: 90))
            shadow.content = .shape(Path(roundedRect: Rect(x: 10, y: 10, width: 120, height: 70),
                                         cornerRadii: CornerRadii(all: 20)),
                                    fill: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.4)), stroke: nil)
            shadow.filters = [.blur(sigma: 4)]
            card = Layer(frame: Rect(x: 20, y: 20, width: 120, height: 70))
            card.content = .shape(Path(roundedRect: Rect(x: 0, y: 0, width: 120, height: 70), cornerRadii: CornerRadii(all: 20)),
                                  fill: .color(RGBA(red: 0.95, green: 0.95, blue: 0.97)),
                                  stroke: (style: StrokeStyle(width: 0.5), paint: .color(RGBA(red: 0, green: 0, blue: 0, alpha: 0.3))))
            marker = TestScenes.box(Rect(x: 30, y: 40, width: 14, height: 14), RGBA(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
            root.addSublayer(shadow)
            root.addSublayer(card)
            root.addSublayer(marker)
        }
    }

    private func fresh(_ root: Layer, scale: Double) throws -> Pixmap {
        try Compositor(size: root.bounds.size, scale: scale, tileSize: 16).render(root)
    }

    @Test("a layer moving over still ones reuses their pixels, and each frame equals a new render", arguments: [1.0, 3.0])
    func movingOverStillLayers(scale: Double) throws {
        let scene = Scene()
        let compositor = try Compositor(size: scene.root.bounds.size, scale: scale, tileSize: 16)
        _ = try compositor.render(scene.root)
        var reused = 0
        for step in 1...12 {
            scene.marker.frame = scene.marker.frame.offsetBy(dx: 6.25, dy: step % 2 == 0 ? 1.5 : -1)
            let image = try compositor.render(scene.root)
            let same = image.bytes == (try fresh(scene.root, scale: scale)).bytes
            #expect(same, "step \(step) equals a new render")
            #expect(compositor.statistics.tiles > 0)
            reused += compositor.statistics.underlaysReused
        }
        // The first move keeps the underlays; the later ones start from them where they were kept.
        #expect(reused > 0)
    }

    @Test("a change beneath the kept split drops the underlays, and the frame still equals a new render")
    func changeBelowTheSplit() throws {
        let scene = Scene()
        let compositor = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try compositor.render(scene.root)
        for _ in 0..<3 {
            scene.marker.frame = scene.marker.frame.offsetBy(dx: 1, dy: 0)
            _ = try compositor.render(scene.root)
        }
        #expect(compositor.statistics.underlaysReused > 0)
        // The card under the marker changes colour and the marker moves: nothing kept may be used.
        scene.card.content = .shape(Path(roundedRect: Rect(x: 0, y: 0, width: 120, height: 70), cornerRadii: CornerRadii(all: 20)),
                                    fill: .color(RGBA(red: 0.9, green: 0.6, blue: 0.6)), stroke: nil)
        scene.marker.frame = scene.marker.frame.offsetBy(dx: 1, dy: 0)
        let image = try compositor.render(scene.root)
        #expect(compositor.statistics.underlaysReused == 0)
        let same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
        #expect(same)
        // The marker moves on: the new split is at the card, whose kept pixels now show the new colour.
        for _ in 0..<3 {
            scene.marker.frame = scene.marker.frame.offsetBy(dx: 1, dy: 0)
            let next = try compositor.render(scene.root)
            let equal = next.bytes == (try fresh(scene.root, scale: 2)).bytes
            #expect(equal)
        }
    }

    @Test("a layer added or removed beneath drops the underlays; a layer changing inside a group splits at the group")
    func structureChanges() throws {
        let scene = Scene()
        let compositor = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try compositor.render(scene.root)
        scene.marker.frame = scene.marker.frame.offsetBy(dx: 2, dy: 0)
        _ = try compositor.render(scene.root)
        let extra = TestScenes.box(Rect(x: 36, y: 44, width: 20, height: 6), TestScenes.green)
        scene.root.insertSublayer(extra, at: 1)
        scene.marker.frame = scene.marker.frame.offsetBy(dx: 2, dy: 0)
        var image = try compositor.render(scene.root)
        #expect(compositor.statistics.underlaysReused == 0)
        var same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
        #expect(same)
        extra.removeFromSuperlayer()
        scene.marker.frame = scene.marker.frame.offsetBy(dx: 2, dy: 0)
        image = try compositor.render(scene.root)
        same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
        #expect(same)

        // The marker inside a half-transparent group with the card, changing colour (the group's extent stays):
        // the split moves down to the group, which is drawn whole above it, so the frames still match.
        let group = Layer(frame: scene.root.bounds)
        group.opacity = 0.9
        scene.card.removeFromSuperlayer()
        scene.marker.removeFromSuperlayer()
        group.addSublayer(scene.card)
        group.addSublayer(scene.marker)
        scene.root.addSublayer(group)
        let second = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try second.render(scene.root)
        for step in 0..<4 {
            scene.marker.backgroundColor = step % 2 == 0 ? TestScenes.red : TestScenes.blue
            image = try second.render(scene.root)
            same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
            #expect(same, "colour step \(step)")
        }
    }

    @Test("under a screen-level backdrop the underlay ends at the backdrop, and every frame equals a new render")
    func backdropFrames() throws {
        let scene = Scene()
        let glass = Layer(frame: Rect(x: 60, y: 30, width: 70, height: 50))
        glass.backdrop = InvertingBackdrop(sampleOutset: 2)
        scene.root.addSublayer(glass)
        let label = TestScenes.box(Rect(x: 70, y: 40, width: 12, height: 8), TestScenes.green)
        scene.root.addSublayer(label)
        let compositor = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try compositor.render(scene.root)
        var reused = 0
        for step in 1...8 {
            // The glass moves (the change at the backdrop itself), then the label above it.
            if step % 2 == 1 {
                glass.frame = glass.frame.offsetBy(dx: 1.5, dy: 0.5)
            } else {
                label.frame = label.frame.offsetBy(dx: 2, dy: 0)
            }
            let image = try compositor.render(scene.root)
            let same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
            #expect(same, "step \(step) equals a new render")
            reused += compositor.statistics.underlaysReused
        }
        #expect(reused > 0)
        // A change beneath the backdrop: the card under the glass.
        scene.card.opacity = 0.7
        let image = try compositor.render(scene.root)
        #expect(compositor.statistics.underlaysReused == 0)
        let same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
        #expect(same)
    }

    @Test("a backdrop gets last frame's pixels again only while nothing beneath it changed")
    func backdropInputs() throws {
        let scene = Scene()
        let glass = Layer(frame: Rect(x: 60, y: 30, width: 70, height: 50))
        glass.backdrop = InvertingBackdrop(sampleOutset: 2)
        scene.root.addSublayer(glass)
        let label = TestScenes.box(Rect(x: 70, y: 40, width: 12, height: 8), TestScenes.green)
        scene.root.addSublayer(label)
        let compositor = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try compositor.render(scene.root)
        func frameMatches(_ what: String) throws {
            let image = try compositor.render(scene.root)
            let same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
            #expect(same, "\(what): equals a new render")
        }
        // A change above the glass: its input is last frame's.
        label.frame = label.frame.offsetBy(dx: 2, dy: 0)
        try frameMatches("label moved")
        #expect(compositor.statistics.backdropInputsReused == 1)
        // Changes beneath it, a layer added beneath it, and the glass moving (a new reading area): read anew.
        scene.card.opacity = 0.7
        label.frame = label.frame.offsetBy(dx: 2, dy: 0)
        try frameMatches("card faded")
        #expect(compositor.statistics.backdropInputsReused == 0)
        let extra = TestScenes.box(Rect(x: 64, y: 34, width: 20, height: 6), TestScenes.red)
        scene.root.insertSublayer(extra, at: 1)
        try frameMatches("layer inserted")
        #expect(compositor.statistics.backdropInputsReused == 0)
        label.frame = label.frame.offsetBy(dx: 2, dy: 0)
        try frameMatches("label moved again")
        #expect(compositor.statistics.backdropInputsReused == 1)
        glass.frame = glass.frame.offsetBy(dx: 1.5, dy: 0)
        try frameMatches("glass moved")
        #expect(compositor.statistics.backdropInputsReused == 0)
    }

    @Test("a paint changed by the backdrop callback beneath a second backdrop makes that one read anew")
    func callbackBeneathSecondBackdrop() throws {
        let scene = Scene()
        let first = Layer(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        first.backdrop = InvertingBackdrop(sampleOutset: 1)
        let tint = TestScenes.box(Rect(x: 80, y: 30, width: 40, height: 30), TestScenes.blue)
        let second = Layer(frame: Rect(x: 70, y: 20, width: 60, height: 50))
        second.backdrop = InvertingBackdrop(sampleOutset: 1)
        // Above both glasses, so that moving it makes both read their backdrops.
        let label = TestScenes.box(Rect(x: 20, y: 40, width: 100, height: 6), TestScenes.green)
        for layer in [first, tint, second, label] { scene.root.addSublayer(layer) }
        let compositor = try Compositor(size: scene.root.bounds.size, scale: 2, tileSize: 16)
        _ = try compositor.render(scene.root)
        label.frame = label.frame.offsetBy(dx: 1, dy: 0)
        _ = try compositor.render(scene.root)
        #expect(compositor.statistics.backdropInputsReused == 2)
        // Right after the first backdrop runs, the layer between the two changes colour.
        var calls = 0
        compositor.didRenderBackdrop = {
            calls += 1
            if calls == 1 { tint.backgroundColor = TestScenes.red }
        }
        label.frame = label.frame.offsetBy(dx: 1, dy: 0)
        let image = try compositor.render(scene.root)
        compositor.didRenderBackdrop = nil
        #expect(compositor.statistics.backdropInputsReused == 1)
        let same = image.bytes == (try fresh(scene.root, scale: 2)).bytes
        #expect(same, "the second glass shows the red box beneath it")
    }
}
