import LiquidGeometry
import LiquidGlass
import LiquidRaster
import TestSupport
import Testing

@Suite("Baked shading: rendered once, composited with multiply and screen")
struct BakedShadingTests {
    static let size = Size(width: 38, height: 24)

    /// The second request for the same recipe, size and scale is a cache hit: no second render.
    @Test func rendersOncePerSize() throws {
        let cache = BakedShadingCache()
        let first = try cache.image(for: .thumb, size: Self.size, scale: 3)
        #expect(cache.renderCount == 1 && cache.hitCount == 0)
        let second = try cache.image(for: .thumb, size: Self.size, scale: 3)
        #expect(cache.renderCount == 1 && cache.hitCount == 1)
        #expect(first.multiply == second.multiply && first.highlight == second.highlight)
        _ = try cache.image(for: .thumb, size: Size(width: 58, height: 38), scale: 3)
        _ = try cache.image(for: .thumb, size: Self.size, scale: 2)
        var darker = BakedShading.thumb
        darker.shadowOpacity = 0.6
        _ = try cache.image(for: darker, size: Self.size, scale: 3)
        #expect(cache.renderCount == 4)
        // 37.9 pt rounds up to the same 114 px as 38 pt: sizes are compared in whole pixels.
        _ = try cache.image(for: .thumb, size: Size(width: 37.9, height: 24), scale: 3)
        #expect(cache.renderCount == 4)
    }

    /// The byte budget bounds the stored images: past it the least recently used sizes go, the newest
    /// always stays, and the count of stored bytes is the sum of the kept images.
    @Test func byteBudgetEvictsLeastRecentlyUsed() throws {
        // 10×6, 12×6 and 14×6 px, two images each: 480, 576 and 672 bytes.
        let cache = BakedShadingCache(capacity: 16, byteBudget: 1200)
        let a = Size(width: 10, height: 6), b = Size(width: 12, height: 6), c = Size(width: 14, height: 6)
        _ = try cache.image(for: .thumb, size: a, scale: 1)
        _ = try cache.image(for: .thumb, size: b, scale: 1)
        #expect(cache.storedBytes == 480 + 576)
        _ = try cache.image(for: .thumb, size: c, scale: 1)   // 1728 > 1200: a goes, 1248 > 1200: b goes
        #expect(cache.storedBytes == 672)
        _ = try cache.image(for: .thumb, size: c, scale: 1)
        #expect(cache.renderCount == 3)
        _ = try cache.image(for: .thumb, size: a, scale: 1)
        #expect(cache.renderCount == 4)
        #expect(cache.storedBytes == 672 + 480)
        let tiny = BakedShadingCache(byteBudget: 0)
        _ = try tiny.image(for: .thumb, size: c, scale: 1)
        #expect(tiny.storedBytes == 672)
        cache.removeAll()
        #expect(cache.storedBytes == 0)
    }

    /// A bounded cache drops the least recently used size.
    @Test func evictsLeastRecentlyUsed() throws {
        let cache = BakedShadingCache(capacity: 2)
        let a = Size(width: 10, height: 6), b = Size(width: 12, height: 6), c = Size(width: 14, height: 6)
        _ = try cache.image(for: .thumb, size: a, scale: 1)
        _ = try cache.image(for: .thumb, size: b, scale: 1)
        _ = try cache.image(for: .thumb, size: a, scale: 1)   // a is now the most recent
        _ = try cache.image(for: .thumb, size: c, scale: 1)   // evicts b
        #expect(cache.renderCount == 3)
        _ = try cache.image(for: .thumb, size: a, scale: 1)
        #expect(cache.renderCount == 3)
        _ = try cache.image(for: .thumb, size: b, scale: 1)
        #expect(cache.renderCount == 4)
    }

    /// Multiply darkens only where the baked shadow is; outside the shape nothing changes; the bottom
    /// is darker than the top; and the highlight brightens the top of a dark surface.
    @Test func multiplyDarkensOnlyWhereShaded() throws {
        let image = try BakedShading.thumb.render(size: Self.size, scale: 3)
        let grey = PremultipliedRGBA8(red: 128, green: 128, blue: 128, alpha: 255)
        var destination = try Pixmap(width: 140, height: 100, fill: grey)
        let (ox, oy) = (10, 14)
        try destination.withMutableView { view in
            try image.multiply.withView { source in
                try view.region(PixelRect(x: ox, y: oy, width: source.width, height: source.height))
                    .composite(source, mode: .multiply)
            }
        }
        for y in 0..<destination.height {
            for x in 0..<destination.width {
                let inside = x >= ox && y >= oy && x < ox + image.multiply.width && y < oy + image.multiply.height
                let shade = inside ? image.multiply[x - ox, y - oy].alpha : 0
                if shade == 0 {
                    #expect(destination[x, y] == grey)
                } else {
                    #expect(destination[x, y].red <= grey.red && destination[x, y].alpha == 255)
                }
            }
        }
        let w = image.multiply.width, h = image.multiply.height
        #expect(image.multiply[w / 2, h - 2].alpha > image.multiply[w / 2, 2].alpha, "the inner shadow sits at the bottom")
        #expect(image.multiply[w / 2, h / 3].alpha == 0, "the upper middle is unshaded")
        #expect(image.multiply[0, 0] == .transparent && image.highlight[0, 0] == .transparent, "corners lie outside the pill")
        #expect(image.highlight[w / 2, 2].alpha > image.highlight[w / 2, h - 3].alpha, "the highlight sits at the top")
    }

    /// The shading's own composite equals the raster engine's multiply then screen, within a level.
    @Test func compositeMatchesTheBlendModes() throws {
        let image = try BakedShading.thumb.render(size: Self.size, scale: 2)
        var random = SeededRandom(seed: 7)
        var backdrop = try Pixmap(width: image.multiply.width + 6, height: image.multiply.height + 4)
        for y in 0..<backdrop.height {
            for x in 0..<backdrop.width {
                let a = UInt8.random(in: 0...255, using: &random)
                let r = UInt8.random(in: 0...a, using: &random), g = UInt8.random(in: 0...a, using: &random)
                backdrop[x, y] = PremultipliedRGBA8(red: r, green: g, blue: a / 2, alpha: a)
            }
        }
        var ours = backdrop, reference = backdrop
        try ours.withMutableView { try image.composite(onto: $0, x: 3, y: 2, opacity: 0.8) }
        try reference.withMutableView { view in
            let region = view.region(PixelRect(x: 3, y: 2, width: image.multiply.width, height: image.multiply.height))
            try image.multiply.withView { try region.composite($0, mode: .multiply, opacity: 0.8) }
            try image.highlight.withView { try region.composite($0, mode: .screen, opacity: 0.8) }
        }
        var worst = 0
        for y in 0..<ours.height { for x in 0..<ours.width { worst = max(worst, GoldenDifference.channelDifference(ours[x, y], reference[x, y])) } }
        #expect(worst <= 1)
    }

    /// The one-pass composite writes exactly the bytes of the two per-pixel blend passes it replaces
    /// (multiply, then screen), also where the images hang over the destination's edges.
    @Test(arguments: [(3, 2, 0.8), (-5, -3, 1.0), (20, 9, 0.35)])
    func compositeEqualsTwoBlendPasses(x: Int, y: Int, opacity: Double) throws {
        let image = try BakedShading.thumb.render(size: Self.size, scale: 2)
        var random = SeededRandom(seed: 11)
        var backdrop = try Pixmap(width: image.multiply.width + 6, height: image.multiply.height + 4)
        for py in 0..<backdrop.height {
            for px in 0..<backdrop.width {
                let a = UInt8.random(in: 0...255, using: &random)
                backdrop[px, py] = PremultipliedRGBA8(red: UInt8.random(in: 0...a, using: &random),
                                                      green: UInt8.random(in: 0...a, using: &random), blue: a / 3, alpha: a)
            }
        }
        var ours = backdrop, portable = backdrop, reference = backdrop
        try ours.withMutableView { try image.composite(onto: $0, x: x, y: y, opacity: opacity) }
        // The Swift loop alone (without the C kernel on a machine that has it), and the AVX2 kernel alone
        // (without the AVX-512 one).
        try portable.withMutableView { try image.composite(onto: $0, x: x, y: y, opacity: opacity, kernels: .portable) }
        var avx2 = backdrop
        try avx2.withMutableView { try image.composite(onto: $0, x: x, y: y, opacity: opacity, kernels: .avx2) }
        reference.withMutableView { view in
            image.multiply.withView { view.blend($0, x: x, y: y, mode: .multiply, opacity: Float(opacity)) }
            image.highlight.withView { view.blend($0, x: x, y: y, mode: .screen, opacity: Float(opacity)) }
        }
        // Compared as Booleans: a failure prints no pixels.
        let oursSame = ours.bytes == reference.bytes, portableSame = portable.bytes == reference.bytes
        let avx2Same = avx2.bytes == reference.bytes, changed = ours.bytes != backdrop.bytes
        #expect(oursSame)
        #expect(portableSame)
        #expect(avx2Same)
        #expect(changed)
    }

    /// The bake equals the defining per-pixel formulas evaluated pixel by pixel (the rounded box's exact
    /// signed distance, `PremultipliedRGBA8` quantising), byte for byte, for even and odd pixel widths,
    /// sizes that do and do not land on whole pixels, capsules and rounded rectangles.
    @Test(arguments: [(Size(width: 38, height: 24), 3.0), (Size(width: 37.9, height: 24.3), 3.0),
                      (Size(width: 94.5, height: 50), 3.0), (Size(width: 31, height: 17), 1.0),
                      (Size(width: 283.0 / 3, height: 49.0 / 3), 3.0), (Size(width: 12.5, height: 40), 2.0)])
    func bakeMatchesPerPixelFormulas(size: Size, scale: Double) throws {
        var squared = BakedShading.thumb
        squared.cornerRadius = 5
        squared.shadowColor = RGBA(red: 0.7, green: 0.2, blue: 1.3, alpha: 0.8)
        for recipe in [BakedShading.thumb, squared] {
            let image = try recipe.render(size: size, scale: scale)
            let reference = try Self.referenceBake(recipe, size: size, scale: scale)
            #expect(image.multiply.bytes == reference.multiply.bytes)
            #expect(image.highlight.bytes == reference.highlight.bytes)
            #expect(image.multiply.bytes.contains { $0 != 0 } && image.highlight.bytes.contains { $0 != 0 })
        }
    }

    /// The recipe's formulas as documented, one pixel at a time.
    static func referenceBake(_ recipe: BakedShading, size: Size, scale: Double) throws -> (multiply: Pixmap, highlight: Pixmap) {
        var multiply = try Pixmap(size: size, scale: scale), highlight = try Pixmap(size: size, scale: scale)
        let w = size.width * scale, h = size.height * scale
        let radius = min(max((recipe.cornerRadius ?? .infinity) * scale, 0), min(w, h) / 2)
        func distance(_ x: Double, _ y: Double) -> Double {
            let qx = abs(x) - (w / 2 - radius), qy = abs(y) - (h / 2 - radius)
            let ox = max(qx, 0), oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - radius
        }
        func step(_ t: Double) -> Double { let c = min(max(t, 0), 1); return c * c * (3 - 2 * c) }
        let shadow = recipe.shadowColor.clamped()
        let softness = max(recipe.shadowSoftness * scale, 1e-9), rim = max(recipe.rimWidth * scale, 1e-9)
        let extent = max(recipe.highlightExtent, 1e-9) * h
        for py in 0..<multiply.height {
            for px in 0..<multiply.width {
                let x = Double(px) + 0.5 - w / 2, y = Double(py) + 0.5 - h / 2
                let d = distance(x, y)
                let coverage = min(max(0.5 - d, 0), 1)
                guard coverage > 0 else { continue }
                let inside = -distance(x, y + recipe.shadowOffset * scale)
                let shade = min(max(recipe.shadowOpacity, 0), 1) * (1 - step(inside / softness)) * coverage
                multiply[px, py] = PremultipliedRGBA8(shadow.withAlpha(shadow.alpha * shade))
                let gradient = min(max(recipe.highlightOpacity, 0), 1) * max(1 - (Double(py) + 0.5) / extent, 0)
                let upper = min(max(-y / (h / 2), 0), 1)
                let rimLight = min(max(recipe.rimOpacity, 0), 1) * (1 - step(-d / rim)) * upper
                highlight[px, py] = PremultipliedRGBA8(RGBA.white.withAlpha(min(gradient + rimLight, 1) * coverage))
            }
        }
        return (multiply, highlight)
    }

    /// Bad sizes and recipes throw.
    @Test func invalidInputsThrow() {
        let cache = BakedShadingCache()
        #expect(throws: LiquidError.self) { try cache.image(for: .thumb, size: Size(width: 0, height: 10), scale: 1) }
        #expect(throws: LiquidError.self) { try cache.image(for: .thumb, size: Self.size, scale: .nan) }
        var broken = BakedShading.thumb
        broken.shadowOffset = .infinity
        #expect(throws: LiquidError.self) { try broken.render(size: Self.size, scale: 1) }
        #expect(cache.renderCount == 0)
    }
}

