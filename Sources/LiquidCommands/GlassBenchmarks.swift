import LiquidGeometry
import LiquidGlass
import LiquidRaster

/// Glass workloads G1–G3 exactly as benchmarks/WORKLOADS.md defines them: backdrop pixels in memory →
/// finished destination pixels. The destination is reset to the backdrop outside the timed region; the
/// frost is never reused between runs (its cache is emptied before every run, and every run uses a new
/// backdrop revision, so the frost blur is paid each time). The container's geometry-only work (its
/// `GlassBake`) is kept between runs, as for glass that stays put over changing content; the `.cold`
/// rows drop it too, so every run renders directly.
enum GlassBenchmarks {
    static var all: [Benchmark] {
        [glass("glass.g1.tabbar", scene: g1()), glass("glass.g2.lenses", scene: g2()),
         glass("glass.g2.lenses.cold", scene: g2(), cold: true),
         g3Switch(name: "glass.g3.switch", method: .analytic), g3Switch(name: "glass.g3.switch.blur", method: .blur)]
    }

    /// A container and the backdrop it is rendered over (the backdrop's scale is the render scale).
    struct Scene {
        let container: GlassContainer
        let backdrop: Pixmap
    }

    /// The W1 busy image's top `height` rows, at 3×.
    static func busyBackdrop(height: Int) -> Pixmap {
        let image = RasterWorkloadInputs.busyImage(width: 1170, height: height)
        return try! Pixmap(width: image.width, height: image.height, scale: 3, premultipliedBytes: image.bytes)
    }

    /// G1: a tab bar 390×83 pt at 3× over w1's top 249 rows: a capsule bar and a capsule selection lens
    /// (spacing 0: two surfaces, the lens drawn over the bar), regular glass.
    static func g1() -> Scene {
        let bar = GlassElement(.capsule(Rect(x: 16, y: 12, width: 358, height: 62)))
        let lens = GlassElement(.capsule(Rect(x: 24, y: 8, width: 100, height: 70)))
        return Scene(container: GlassContainer(spacing: 0, material: .regular, children: [bar, lens]),
                     backdrop: busyBackdrop(height: 249))
    }

    /// G2: sixteen lenses in one container (spacing 12 pt) over the full 390×844 pt w1 screen at 3×. Four rows
    /// of four, circles (radius 38) and 76×96 rounded rects (radius 24) alternating like a checkerboard; the
    /// gaps are 8 pt in rows 0 and 2 (each of those rows merges into one surface) and 24 pt in rows 1 and 3
    /// (eight separate surfaces): ten surfaces in all.
    static func g2() -> Scene {
        var children: [GlassElement] = []
        for row in 0..<4 {
            let gap: Double = row % 2 == 0 ? 8 : 24
            let x0 = (390 - (4 * 76 + 3 * gap)) / 2
            let y = 96 + Double(row) * 190
            for column in 0..<4 {
                let x = x0 + Double(column) * (76 + gap)
                if (row + column) % 2 == 0 {
                    children.append(GlassElement(.circle(center: Point(x + 38, y + 48), radius: 38)))
                } else {
                    children.append(GlassElement(.roundedRect(Rect(x: x, y: y, width: 76, height: 96),
                                                              CornerRadii(all: 24), continuous: false)))
                }
            }
        }
        return Scene(container: GlassContainer(spacing: 12, material: .regular, children: children),
                     backdrop: busyBackdrop(height: 2532))
    }

    /// G1/G2: the destination starts as a copy of the backdrop (untimed); the render is timed. `cold`: the
    /// geometry bake is dropped before every run as well.
    private static func glass(_ name: String, scene: Scene, cold: Bool = false) -> Benchmark {
        let cache = BackdropCache()
        var revision: UInt64 = 0
        var destination = scene.backdrop
        return Benchmark(name: name, unit: "frame", iterations: 1, prepare: {
            cache.removeAll()
            if cold { cache.removeBakes() }
            revision &+= 1
            scene.backdrop.withView { source in destination.withMutableView { $0.copy(from: source) } }
        }) {
            try! scene.container.render(over: scene.backdrop, into: &destination, cache: cache,
                                        backdropRevision: revision)
            return probe(destination)
        }
    }

    /// The pieces of G3, in points (the goo engineer's switch frame).
    enum Switch {
        static let scale = 3.0
        /// The switch is 51×31 pt; the goo layer has a 7 pt margin so the pressed thumb and the blur fit.
        static let layerSize = Size(width: 65, height: 45)
        static let track = Rect(x: 7, y: 7, width: 51, height: 31)
        /// The pressed thumb (grown from 38×24 to 58×38 pt), centred at (36, 22.5).
        static let thumb = Rect(x: 7, y: 3.5, width: 58, height: 38)
        static let backdrop = PremultipliedRGBA8(red: 235, green: 235, blue: 240, alpha: 255)
        /// The track colour half-way from off to on.
        static let color = GooParameters.mixedColor(off: RGBA(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.16),
                                                    on: RGBA(red: 0.2, green: 0.78, blue: 0.35), fraction: 0.5)
    }

    /// Renders one G3 frame onto `frame` (which holds the backdrop): goo (blur 3 pt, threshold 0.69, edge
    /// softening 1 pt; by the layer's method — analytic as the switch does, or drawn and blurred),
    /// source-over composite, the thumb cut with the copy blend in white, the baked thumb shading (from the
    /// cache: baked once, as a control does).
    static func renderSwitch(onto frame: inout Pixmap, layer: GooLayer, shading: BakedShadingCache) {
        try! layer.render(size: Switch.layerSize, scale: Switch.scale, parameters: .liquidSwitch(color: Switch.color),
                          shapes: [.capsule(Switch.track), .capsule(Switch.thumb)], softening: .liquidSwitch)
        try! layer.composite(onto: &frame, at: .zero)
        CopyHole(shape: .capsule(Switch.thumb), color: .white).cut(in: &frame)
        let image = try! shading.image(for: .thumb, size: Switch.thumb.size, scale: Switch.scale)
        try! image.composite(onto: &frame, at: Switch.thumb.origin)
    }

    /// G3: one goo switch frame at 3× (195×135 px), its goo computed by `method`.
    private static func g3Switch(name: String, method: GooLayer.Method) -> Benchmark {
        let backdrop = try! Pixmap(size: Switch.layerSize, scale: Switch.scale, fill: Switch.backdrop)
        var frame = backdrop
        let layer = GooLayer()
        layer.method = method
        let shading = BakedShadingCache()
        return Benchmark(name: name, unit: "frame", iterations: 1, prepare: {
            backdrop.withView { source in frame.withMutableView { $0.copy(from: source) } }
        }) {
            renderSwitch(onto: &frame, layer: layer, shading: shading)
            return probe(frame)
        }
    }

    /// LiquidKit's G1–G3 results, for comparing the peers' compositions with (`--write-inputs`).
    static func references() -> [(name: String, image: Pixmap)] {
        var out: [(String, Pixmap)] = []
        for (name, scene) in [("g1", g1()), ("g2", g2())] {
            var destination = scene.backdrop
            try! scene.container.render(over: scene.backdrop, into: &destination)
            out.append(("glass-\(name).png", destination))
        }
        var frame = try! Pixmap(size: Switch.layerSize, scale: Switch.scale, fill: Switch.backdrop)
        let layer = GooLayer()
        layer.method = .analytic
        renderSwitch(onto: &frame, layer: layer, shading: BakedShadingCache())
        out.append(("glass-g3.png", frame))
        return out
    }

    /// A few bytes of the result: cheap, and depends on the work being done.
    private static func probe(_ pixmap: Pixmap) -> Double {
        let bytes = pixmap.bytes
        return Double(bytes[bytes.count / 2]) + Double(bytes[bytes.count / 3]) + Double(bytes[bytes.count - 1])
    }
}
