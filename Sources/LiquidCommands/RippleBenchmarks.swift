import LiquidGeometry
import LiquidRaster
import LiquidUI

extension ControlBenchmarks {
    /// The ripple over a full screen (390 × 844 pt at 3×, 1170 × 2532 pixels) with eight live waves, each
    /// reported as a multiple of `reference.screen-copy` like every `ui.*` row:
    /// - `ui.ripple.warp.8waves`: one frame of the effect itself on a snapshot — the mesh moved by the eight
    ///   waves and the snapshot drawn through it;
    /// - `ui.ripple.frame.8waves`: one whole frame of the `ripple` component through the compositor (the
    ///   sample card redrawn, warped, the rings drawn, composited).
    static var rippleFrames: [Benchmark] { [rippleWarp(), rippleFrame()] }

    private static let screen = Size(width: 390, height: 844)
    private static let screenScale = 3.0

    /// Eight tap points spread over the screen.
    private static func tapPoint(_ i: Int) -> Point {
        Point(screen.width * (0.15 + 0.1 * Double(i)), screen.height * (0.8 - 0.09 * Double(i)))
    }

    private static func rippleWarp() -> Benchmark {
        // The snapshot: the sample card as the compositor draws it at full-screen size.
        let simulator = try! ComponentSimulator(component: RippleView(frame: Rect(origin: .zero, size: screen)),
                                                framesPerSecond: 60, scale: screenScale)
        _ = simulator.run(touches: [], duration: 0)
        let pad = Int(simulator.origin.x * screenScale)
        let snapshot = try! simulator.runLoop.image!.cropped(to: PixelRect(x: pad, y: pad, width: 1170, height: 2532))
        let waves = (0..<8).map { try! Shockwave(centre: tapPoint($0)) }
        var image = snapshot
        var mesh = try! WarpMesh(size: screen)
        var time = 0.1
        return Benchmark(name: "ui.ripple.warp.8waves", unit: "frame", iterations: 1, prepare: {
            image = snapshot
            time += 1.0 / 60
            if time > 0.5 { time = 0.1 }
        }) {
            let now = time
            try! mesh.setOffsets { p in
                var sum = Vector2.zero
                for (i, wave) in waves.enumerated() { sum += wave.displacement(of: p, time: now + 0.02 * Double(i)) }
                return sum
            }
            try! MeshWarp.warp(&image, through: mesh, origin: .zero, scale: Vector2(screenScale, screenScale))
            return Double(image[600, 1200].red)
        }
    }

    private static func rippleFrame() -> Benchmark {
        let frames = 6
        var simulator: ComponentSimulator?
        return Benchmark(name: "ui.ripple.frame.8waves", unit: "frame", iterations: frames, prepare: {
            let fresh = try! ComponentSimulator(component: RippleView(frame: Rect(origin: .zero, size: screen)),
                                                framesPerSecond: 60, scale: screenScale)
            let loop = fresh.runLoop
            _ = loop.step(to: 0)
            for i in 0..<8 {
                let p = fresh.origin + tapPoint(i), t = loop.currentTime
                _ = loop.dispatch(Touch(phase: .began, location: p, timestamp: t))
                _ = loop.dispatch(Touch(phase: .ended, location: p, timestamp: t))
                _ = loop.step(to: t + loop.frameInterval)
            }
            simulator = fresh
        }) {
            guard let loop = simulator?.runLoop else { return 0 }
            var damage = 0.0
            for _ in 0..<frames { damage += Double(loop.step(to: loop.currentTime + loop.frameInterval).damage?.area ?? 0) }
            return damage
        }
    }
}
