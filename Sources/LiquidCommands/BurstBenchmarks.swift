import LiquidGeometry
import LiquidRaster
import LiquidUI

extension ControlBenchmarks {
    /// One frame of ten emoji bursts (40 live particles, the emoji's 22 pt image at 2.25 × 3 pixels per
    /// point) on a 390×844 pt screen at 3×: one 1/120 s step of every particle, clearing what the last frame
    /// drew (each particle's box, as the overlay view does) and drawing every particle as a scaled, rotated
    /// sprite into the screen-sized overlay buffer.
    /// The bursts are restarted (untimed) every 30 frames, so every timed frame has all 40 on screen.
    static var burstFrames: [Benchmark] {
        let scene = BurstScene()
        return [
            Benchmark(name: "ui.burst.40", unit: "frame", iterations: 1, prepare: scene.prepare) {
                scene.frame()
            },
        ]
    }
}

/// The state of the burst row (built on first use).
@MainActor
private final class BurstScene {
    static let step = 1.0 / 120
    private var store: ParticleStore?
    private var frames = 0
    private var buffer: Pixmap?
    private var drawn: [PixelRect] = []

    func prepare() {
        if buffer == nil {
            buffer = try! Pixmap(width: ReferenceBenchmarks.screenWidth, height: ReferenceBenchmarks.screenHeight, scale: 3)
        }
        guard store == nil || frames >= 30 else { return }
        let fresh = ParticleStore()
        let image = try! EmojiRenderer().render("😎", size: EmojiBurstEmission.spriteSize, scale: 3 * EmojiBurstEmission.largestScale).image
        let screen = Rect(x: 0, y: 0, width: Double(ReferenceBenchmarks.screenWidth) / 3, height: Double(ReferenceBenchmarks.screenHeight) / 3)
        for k in 0..<10 {
            let at = Point(150 + 9 * Double(k), 450 + 30 * Double(k))
            _ = try! fresh.addEmitter(sprite: image, spriteSize: EmojiBurstEmission.spriteSize, position: at,
                                      particles: EmojiBurstEmission.particles(seed: UInt64(k)), motion: EmojiBurstEmission.motion(bounds: screen))
        }
        for _ in 0..<24 { _ = try! fresh.step(by: Self.step) }
        store = fresh
        frames = 0
    }

    func frame() -> Double {
        guard let store, var pixels = buffer else { return 0 }
        frames += 1
        _ = try! store.step(by: Self.step)
        buffer = nil
        let old = drawn
        drawn = pixels.withMutableView { view in
            ParticleRasterizer.redraw(store, into: view, clearing: old, scale: 3)
        }
        buffer = pixels
        return Double(drawn.count) + Double(store.count)
    }
}
