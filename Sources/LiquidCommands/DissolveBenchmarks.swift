import LiquidGeometry
import LiquidRaster
import LiquidUI

extension ControlBenchmarks {
    /// One frame of the particle dissolve of a filled 300×300 pt square at 3× (810,000 particles) on a
    /// 390×844 pt screen, 0.6 s into the dissolve (most particles moving, none yet removed), split into
    /// `ui.dissolve.update` (one 1/120 s step: the sweep's sums per column, which is all a step changes) and `ui.dissolve.draw` (clearing what the
    /// last frame drew and drawing every live particle into the screen-sized overlay buffer), and both
    /// together as `ui.dissolve.frame`. Each run moves the dissolve on by one step.
    ///
    /// The cost depends on the moment: early, the right-hand columns have not started to move; late, many
    /// particles fade (a fading particle is blended, so its pixel is read) and some are dead. So the frame
    /// is also timed 0.3 s in (`ui.dissolve.frame.early`) and 1.2 s in (`ui.dissolve.frame.late`, where
    /// many particles fade and some are dead), each from its own dissolve.
    static var dissolveFrames: [Benchmark] {
        let scene = DissolveScene(steps: 72)
        let early = DissolveScene(steps: 36), late = DissolveScene(steps: 144)
        return [
            Benchmark(name: "ui.dissolve.update", unit: "frame", iterations: 1, prepare: scene.prepare) {
                scene.update()
            },
            Benchmark(name: "ui.dissolve.draw", unit: "frame", iterations: 1, prepare: scene.prepare) {
                scene.draw()
            },
            Benchmark(name: "ui.dissolve.frame", unit: "frame", iterations: 1, prepare: scene.prepare) {
                scene.update() + scene.draw()
            },
            Benchmark(name: "ui.dissolve.frame.early", unit: "frame", iterations: 1, prepare: early.prepare) {
                early.update() + early.draw()
            },
            Benchmark(name: "ui.dissolve.frame.late", unit: "frame", iterations: 1, prepare: late.prepare) {
                late.update() + late.draw()
            },
        ]
    }
}

/// The state the dissolve rows share (built on first use).
@MainActor
private final class DissolveScene {
    static let step = 1.0 / 120
    /// The steps taken before the first timed run.
    private let steps: Int
    private var store: ParticleStore?
    private var buffer: Pixmap?
    private var drawn: PixelRect?

    init(steps: Int) {
        self.steps = steps
    }

    func prepare() {
        guard store == nil else { return }
        let fresh = ParticleStore()
        let square = try! Pixmap(width: 900, height: 900, scale: 3, fill: PremultipliedRGBA8(red: 28, green: 28, blue: 30, alpha: 255))
        _ = try! fresh.addDissolve(image: square, frame: Rect(x: 45, y: 272, width: 300, height: 300), seed: 1)
        for _ in 0..<steps { _ = try! fresh.step(by: Self.step) }
        store = fresh
        buffer = try! Pixmap(width: ReferenceBenchmarks.screenWidth, height: ReferenceBenchmarks.screenHeight, scale: 3)
    }

    func update() -> Double {
        guard let store else { return 0 }
        _ = try! store.step(by: Self.step)
        return Double(store.count)
    }

    func draw() -> Double {
        guard let store, var pixels = buffer else { return 0 }
        buffer = nil
        let old = drawn
        drawn = pixels.withMutableView { view -> PixelRect? in
            if let old { view.region(old).fill(.transparent) }
            return ParticleRasterizer.draw(store, into: view, scale: 3)
        }
        buffer = pixels
        return Double(drawn?.width ?? 0)
    }
}
