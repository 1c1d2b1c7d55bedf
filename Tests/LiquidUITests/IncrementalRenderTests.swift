#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LiquidGeometry
import LiquidRaster
import Testing
import TestSupport
@testable import LiquidUI

/// A random layer tree using every feature, and random mutations of it.
@MainActor
final class RandomScene {
    let root: Layer
    /// Every layer created for the tree (some may be detached at any time).
    private(set) var layers: [Layer] = []
    let size: Size

    init(layerCount: Int, size: Size, rng: inout SeededRandom) {
        self.size = size
        root = Layer(frame: Rect(origin: .zero, size: size))
        root.backgroundColor = RGBA(red: 0.95, green: 0.93, blue: 0.88)
        layers.append(root)
        while layers.count < layerCount {
            let parent = layers[Int.random(in: 0..<layers.count, using: &rng)]
            let layer = Layer(frame: randomFrame(&rng))
            randomize(layer, &rng)
            parent.addSublayer(layer)
            layers.append(layer)
        }
    }

    func randomFrame(_ rng: inout SeededRandom) -> Rect {
        Rect(x: rng.uniform(-10...size.width - 10), y: rng.uniform(-10...size.height - 10),
             width: rng.uniform(4...70), height: rng.uniform(4...50))
    }

    func randomColor(_ rng: inout SeededRandom) -> RGBA {
        RGBA(red: rng.uniform(0...1), green: rng.uniform(0...1), blue: rng.uniform(0...1),
             alpha: Bool.random(using: &rng) ? 1 : rng.uniform(0.3...1))
    }

    func randomContent(_ layer: Layer, _ rng: inout SeededRandom) -> LayerContent {
        let b = layer.bounds
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .none
        case 1:
            let stroke = Bool.random(using: &rng)
                ? (style: StrokeStyle(width: rng.uniform(0.5...4), cap: .round, join: .round), paint: Paint.color(randomColor(&rng)))
                : nil
            return .shape(TestScenes.star(in: b), fill: .color(randomColor(&rng)), stroke: stroke)
        case 2: return .shape(Path(ellipseIn: b), fill: .color(randomColor(&rng)), stroke: nil)
        case 3: return .image(TestScenes.checkerImage())
        case 4:
            guard let font = TestScenes.font else { return .none }
            let alignment: TextRenderer.Alignment = [.left, .center, .right][Int.random(in: 0..<3, using: &rng)]
            return .text(["Liquid", "Glass 42", "ab"][Int.random(in: 0..<3, using: &rng)],
                         TextStyle(font: font, size: rng.uniform(7...16), color: randomColor(&rng), alignment: alignment))
        default:
            let color = randomColor(&rng)
            return .custom { canvas, bounds in
                canvas.fill(Path(ellipseIn: bounds.insetBy(dx: -3, dy: 2)), paint: .color(color))
            }
        }
    }

    func randomFilters(_ layer: Layer, _ rng: inout SeededRandom) -> [LayerFilter] {
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return [.blur(sigma: rng.uniform(0.5...4))]
        case 1: return [.blur(sigma: rng.uniform(1...3)), .alphaThreshold(threshold: 0.5, color: randomColor(&rng), softEdge: 0.1)]
        case 2: return [.blur(sigma: 2), .gooColorMatrix]
        case 3: return [.saturation(rng.uniform(0...2))]
        case 4: return [.colorMatrix(.goo)]
        case 5:
            let b = layer.bounds
            return [.variableBlur(maximumSigma: rng.uniform(1...4), mask: .linearGradient(from: Point(0, 0), to: Point(b.width, b.height)))]
        case 6:
            let mask = Layer(frame: layer.bounds)
            mask.content = .shape(Path(ellipseIn: layer.bounds), fill: .color(.black), stroke: nil)
            return [.variableBlur(maximumSigma: 3, mask: .layer(mask))]
        default: return []
        }
    }

    /// Sets every property at random.
    func randomize(_ layer: Layer, _ rng: inout SeededRandom) {
        if Int.random(in: 0..<3, using: &rng) == 0 { layer.backgroundColor = randomColor(&rng) }
        layer.content = randomContent(layer, &rng)
        if Int.random(in: 0..<4, using: &rng) == 0 { layer.transform = randomTransform(&rng) }
        if Int.random(in: 0..<4, using: &rng) == 0 { layer.opacity = rng.uniform(0.2...1) }
        if Int.random(in: 0..<6, using: &rng) == 0 { layer.blendMode = BlendMode.allCases.randomElement(using: &rng)! }
        if Int.random(in: 0..<4, using: &rng) == 0 { layer.clipsToBounds = true }
        if Int.random(in: 0..<3, using: &rng) == 0 { layer.cornerRadii = CornerRadii(all: rng.uniform(0...12)) }
        if Int.random(in: 0..<6, using: &rng) == 0 { layer.filters = randomFilters(layer, &rng) }
        if Int.random(in: 0..<8, using: &rng) == 0 { layer.mask = randomMask(layer, &rng) }
        if Int.random(in: 0..<8, using: &rng) == 0 {
            layer.backdrop = InvertingBackdrop(sampleOutset: rng.uniform(0...6))
        }
    }

    func randomTransform(_ rng: inout SeededRandom) -> AffineTransform {
        AffineTransform(rotationAngle: rng.uniform(-0.8...0.8))
            .concatenating(AffineTransform(scale: rng.uniform(0.6...1.4)))
    }

    func randomMask(_ layer: Layer, _ rng: inout SeededRandom) -> Layer {
        let mask = Layer(frame: layer.bounds.insetBy(dx: rng.uniform(-4...8), dy: rng.uniform(-4...8)))
        mask.content = .shape(Path(ellipseIn: mask.bounds), fill: .color(RGBA(red: 0, green: 0, blue: 0, alpha: rng.uniform(0.4...1))), stroke: nil)
        return mask
    }

    func isInSubtree(_ candidate: Layer, of layer: Layer) -> Bool {
        var l: Layer? = candidate
        while let x = l { if x === layer { return true }; l = x.superlayer }
        return false
    }

    /// One random change; returns a description for failure messages.
    @discardableResult
    func mutate(_ rng: inout SeededRandom) -> String {
        let layer = layers[Int.random(in: 1..<layers.count, using: &rng)]
        switch Int.random(in: 0..<16, using: &rng) {
        case 0:
            layer.frame = layer.frame.offsetBy(dx: rng.uniform(-6...6), dy: rng.uniform(-6...6))
            return "move"
        case 1: layer.frame = randomFrame(&rng); return "new frame"
        case 2: layer.transform = Bool.random(using: &rng) ? .identity : randomTransform(&rng); return "transform"
        case 3: layer.opacity = Bool.random(using: &rng) ? 1 : rng.uniform(0...1); return "opacity"
        case 4: layer.blendMode = BlendMode.allCases.randomElement(using: &rng)!; return "blend"
        case 5: layer.isHidden.toggle(); return "hidden"
        case 6: layer.clipsToBounds.toggle(); return "clip"
        case 7: layer.cornerRadii = CornerRadii(all: rng.uniform(0...15)); return "radii"
        case 8: layer.content = randomContent(layer, &rng); return "content"
        case 9: layer.filters = randomFilters(layer, &rng); return "filters"
        case 10:
            layer.backdrop = layer.backdrop == nil ? InvertingBackdrop(sampleOutset: rng.uniform(0...6)) : nil
            return "backdrop"
        case 11: layer.mask = layer.mask == nil ? randomMask(layer, &rng) : nil; return "mask"
        case 12:
            let candidates = layers.filter { !isInSubtree($0, of: layer) }
            let parent = candidates[Int.random(in: 0..<candidates.count, using: &rng)]
            parent.insertSublayer(layer, at: Int.random(in: 0...parent.sublayers.count, using: &rng))
            return "reparent"
        case 13: layer.removeFromSuperlayer(); return "remove"
        case 14: layer.backgroundColor = Bool.random(using: &rng) ? nil : randomColor(&rng); return "background"
        default:
            if case .custom = layer.content { layer.content = randomContent(layer, &rng) }
            layer.setNeedsDisplay()
            return "needs display"
        }
    }
}

@Suite("Incremental rendering")
@MainActor
struct IncrementalRenderTests {
    /// The core property: whatever changes, the incrementally maintained image equals a render from
    /// scratch, byte for byte — and an idle frame reports no damage and leaves the image alone.
    @Test("incremental render equals a full render after random mutations",
          arguments: [(seed: UInt64(1), scale: 1.0, tile: 32), (seed: UInt64(7), scale: 2.0, tile: 64)])
    func incrementalEqualsFull(seed: UInt64, scale: Double, tile: Int) throws {
        var rng = SeededRandom(seed: seed)
        let size = Size(width: 160, height: 120)
        let scene = RandomScene(layerCount: 36, size: size, rng: &rng)
        let compositor = try Compositor(size: size, scale: scale, tileSize: tile)
        _ = try compositor.renderFrame(scene.root)
        var partialFrames = 0
        for step in 0..<110 {
            var changes: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) { changes.append(scene.mutate(&rng)) }
            let before = compositor.image
            let (image, damage) = try compositor.renderFrame(scene.root)
            let fresh = try Compositor(size: size, scale: scale, tileSize: tile).renderFrame(scene.root).image
            if let difference = TestScenes.firstDifference(image, fresh) {
                Issue.record("step \(step) after \(changes): incremental differs from full render: \(difference)")
                return
            }
            if damage == nil {
                #expect(image.bytes == before.bytes, "step \(step): nil damage but pixels changed")
            } else if compositor.statistics.pixels < image.width * image.height {
                partialFrames += 1
            }
            // Outside the reported damage nothing may change.
            if let damage {
                var outside = before
                var inside = image
                let blank = [UInt8](repeating: 0, count: 4 * damage.width)
                for y in damage.y..<damage.maxY {
                    outside.withMutableRegion(PixelRect(x: damage.x, y: y, width: damage.width, height: 1)) { v in
                        blank.withUnsafeBufferPointer { v.row(0).update(from: $0.baseAddress!, count: 4 * v.width) }
                    }
                    inside.withMutableRegion(PixelRect(x: damage.x, y: y, width: damage.width, height: 1)) { v in
                        blank.withUnsafeBufferPointer { v.row(0).update(from: $0.baseAddress!, count: 4 * v.width) }
                    }
                }
                #expect(outside.bytes == inside.bytes, "step \(step) after \(changes): pixels changed outside the damage \(damage)")
            }
            let idle = try compositor.renderFrame(scene.root)
            #expect(idle.damage == nil && compositor.statistics.wasIdle, "step \(step): second render was not idle")
        }
        #expect(partialFrames > 5, "most frames should redraw only part of the screen (\(partialFrames) did)")
    }
}
