import Foundation
import LiquidGeometry
import LiquidUI

extension ControlBenchmarks {
    /// The per-move cost of a live stroke on the drawing canvas at 3×, through the real compositor, when
    /// the stroke already has 100 or 10,000 points (`ui.canvas.move.100`, `ui.canvas.move.10000`): one
    /// iteration is one frame with one accepted move. Flat costs show that neither the redraw nor the
    /// flattening grows with the stroke.
    static var canvasMoves: [Benchmark] { [canvasMove(after: 100), canvasMove(after: 10_000)] }

    /// The i-th point of a figure that winds over the whole canvas, about 1.2 pt from the next.
    private static func winding(_ i: Int, in size: Size) -> Point {
        let t = Double(i) / 2600 * 2 * Double.pi
        return Point(size.width / 2 + (size.width / 2 - 20) * sin(3 * t), size.height / 2 + (size.height / 2 - 20) * sin(4 * t + 0.3))
    }

    private static func canvasMove(after points: Int) -> Benchmark {
        var simulator: ComponentSimulator?
        var next = 0
        return Benchmark(name: "ui.canvas.move.\(points)", unit: "frame", iterations: frames, prepare: {
            let fresh = try! ComponentSimulator(component: DrawingCanvas(), framesPerSecond: 60, scale: 3)
            let loop = fresh.runLoop, size = fresh.component.simulationSize
            _ = loop.dispatch(Touch(phase: .began, location: fresh.origin + winding(0, in: size), timestamp: 0))
            for i in 1..<points {
                _ = loop.dispatch(Touch(phase: .moved, location: fresh.origin + winding(i, in: size), timestamp: 0))
            }
            _ = loop.step(to: loop.frameInterval)
            simulator = fresh
            next = points
        }) {
            guard let simulator else { return 0 }
            let loop = simulator.runLoop, size = simulator.component.simulationSize
            var damage = 0.0
            for _ in 0..<frames {
                let t = loop.currentTime + loop.frameInterval
                _ = loop.dispatch(Touch(phase: .moved, location: simulator.origin + winding(next, in: size), timestamp: t))
                next += 1
                damage += Double(loop.step(to: t).damage?.area ?? 0)
            }
            return damage
        }
    }
}
