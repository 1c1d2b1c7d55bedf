import LiquidGeometry
import LiquidRaster
import Testing
@testable import LiquidUI

/// `UIRunLoop.step(_:)`: run loops stepped together (their drawing updates sharing one loop on the worker
/// pool) give, frame for frame, the images, damage and frame reports of the same loops stepped one by one.
@MainActor
@Suite("Run loops stepped together")
struct SteppedTogetherTests {
    /// The four controls of the gallery, each in a simulator of its own.
    private func controls() throws -> [ComponentSimulator] {
        let components: [any SimulatableComponent] = [LiquidSwitch(), LiquidSlider(), LiquidTabBar(),
                                                      GlassButton.simulationSample()]
        return try components.map { try ComponentSimulator(component: $0, scale: 2) }
    }

    /// A tap at the centre of each control on frame 1 and a drag across the slider and tab bar, frames 4–9.
    private func touch(_ simulator: ComponentSimulator, frame: Int) -> Touch? {
        let size = simulator.component.simulationSize
        let centre = simulator.origin + Point(size.width / 2, size.height / 2)
        let t = simulator.runLoop.currentTime
        switch frame {
        case 1: return Touch(id: 1, phase: .began, location: centre, timestamp: t)
        case 2: return Touch(id: 1, phase: .ended, location: centre, timestamp: t)
        case 4: return Touch(id: 2, phase: .began, location: centre - Vector2(size.width / 4, 0), timestamp: t)
        case 5...8: return Touch(id: 2, phase: .moved, location: centre + Vector2(Double(frame - 6) * 9, 0), timestamp: t)
        case 9: return Touch(id: 2, phase: .ended, location: centre + Vector2(30, 0), timestamp: t)
        default: return nil
        }
    }

    @Test("each loop's frames equal stepping it alone, on one worker and on two")
    func togetherEqualsAlone() throws {
        for workers in [1, 2] {
            let previous = WorkerPool.shared
            WorkerPool.shared = WorkerPool(workers: workers)
            defer { WorkerPool.shared = previous }
            let alone = try controls(), together = try controls()
            var drawn = 0
            for frame in 0..<14 {
                for (a, b) in zip(alone, together) {
                    if let touch = touch(a, frame: frame) { _ = a.runLoop.dispatch(touch) }
                    if let touch = touch(b, frame: frame) { _ = b.runLoop.dispatch(touch) }
                }
                let expected = alone.map { $0.runLoop.step(to: $0.runLoop.currentTime + $0.runLoop.frameInterval) }
                let got = UIRunLoop.step(together.map { ($0.runLoop, $0.runLoop.currentTime + $0.runLoop.frameInterval) })
                #expect(got == expected, "\(workers) workers, frame \(frame): frame reports")
                for (k, (a, b)) in zip(alone, together).enumerated() {
                    let same = a.runLoop.image?.bytes == b.runLoop.image?.bytes
                    #expect(same, "\(workers) workers, frame \(frame), control \(k): image")
                    drawn += b.runLoop.compositor?.statistics.drawingUpdates ?? 0
                }
            }
            // The controls' drawing layers were updated, so the shared loop did run.
            #expect(drawn > 0)
        }
    }

    @Test("a loop named twice is stepped once per entry, as step(to:) would")
    func repeatedLoop() throws {
        let simulator = try ComponentSimulator(component: LiquidSwitch(), scale: 1)
        let loop = simulator.runLoop
        let t = loop.currentTime
        let infos = UIRunLoop.step([(loop, t + loop.frameInterval), (loop, t + 2 * loop.frameInterval)])
        #expect(infos.map(\.index) == [infos[0].index, infos[0].index + 1])
        #expect(loop.currentTime == t + 2 * loop.frameInterval)
    }
}
