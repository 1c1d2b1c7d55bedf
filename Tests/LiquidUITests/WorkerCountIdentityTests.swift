import LiquidGeometry
import LiquidRaster
import Testing

@testable import LiquidUI

/// Every frame of scripted animations is the same, byte for byte, whether the filters run on one worker or
/// split their passes over two or three (``WorkerPool/shared``).
@MainActor
@Suite("Frames do not depend on the worker count", .serialized)
struct WorkerCountIdentityTests {
    /// Runs a fresh component from `make` through `touches` once per worker count and compares every
    /// frame with the one-worker run; also checks that the multi-worker runs did hand loops to the threads.
    /// `splits`: whether the component runs a filter that splits (the controls' goo, blur and softening).
    private func check(_ name: String, scale: Double = 3, fps: Double = 30, duration: Double, splits: Bool = true,
                       touches: [Touch], make: () -> any SimulatableComponent) throws {
        let saved = WorkerPool.shared
        defer { WorkerPool.shared = saved }
        var reference: [Pixmap?] = []
        for workers in [1, 2, 3] {
            let pool = WorkerPool(workers: workers)
            WorkerPool.shared = pool
            let simulator = try ComponentSimulator(component: make(), framesPerSecond: fps, scale: scale)
            var frames: [Pixmap?] = []
            _ = simulator.run(touches: touches, duration: duration) { _, image in frames.append(image) }
            if workers == 1 {
                reference = frames
                #expect(frames.count >= 5, "\(name): enough frames to compare")
                continue
            }
            if splits { #expect(pool.threadCounters.loops > 0, "\(name): with \(workers) workers some passes ran split") }
            #expect(frames.count == reference.count, "\(name): frame count at \(workers) workers")
            for (index, (frame, expected)) in zip(frames, reference).enumerated() {
                #expect(frame?.bytes == expected?.bytes, "\(name): frame \(index) differs at \(workers) workers")
            }
        }
    }

    @Test func switchDragged() throws {
        try check("switch", duration: 0.5,
                  touches: TouchScript.drag(from: Point(21, 14), to: Point(42, 14), start: 0.03, duration: 0.2)) {
            LiquidSwitch(isOn: false)
        }
    }

    @Test func switchOnTheBlurPath() throws {
        try check("switch (blur)", duration: 0.4, touches: TouchScript.tap(at: Point(30, 14), time: 0.03)) {
            let control = LiquidSwitch(isOn: true)
            control.gooMethod = .blur
            return control
        }
    }

    @Test func sliderDragged() throws {
        try check("slider", duration: 0.5,
                  touches: TouchScript.drag(from: Point(150, 22), to: Point(240, 22), start: 0.03, duration: 0.2)) {
            LiquidSlider(value: 0.5)
        }
    }

    @Test func tabBarTapped() throws {
        try check("tab bar", duration: 0.5, touches: TouchScript.tap(at: Point(290, 40), time: 0.03)) {
            LiquidTabBar()
        }
    }

    @Test func glassButtonPressed() throws {
        // The glass's shadow and tile rows split into bands, and the tiles over the workers.
        try check("button", duration: 0.4, touches: TouchScript.tap(at: Point(40, 20), time: 0.03, duration: 0.15)) {
            GlassButton.simulationSample()
        }
    }

    @Test func rippleTapped() throws {
        try check("ripple", scale: 2, fps: 20, duration: 0.3, touches: TouchScript.tap(at: Point(160, 120), time: 0.02)) {
            RippleView()
        }
    }

    /// A phone-sized ripple at 3× with four waves: its rings go on the coarse grid, whose rows the tiles on
    /// different workers claim from one shared layout.
    @Test func fullScreenRippleWithFourWaves() throws {
        let taps = (0..<4).flatMap { i in
            TouchScript.tap(id: i, at: Point(60 + 80 * Double(i), 650 - 150 * Double(i)), time: 0.02 + 0.03 * Double(i))
        }
        try check("full-screen ripple", scale: 3, fps: 30, duration: 0.3, touches: taps) {
            RippleView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        }
    }

    @Test func iconMorphTapped() throws {
        try check("morph", scale: 2, fps: 20, duration: 0.4, splits: false, touches: TouchScript.tap(at: Point(160, 100), time: 0.02)) {
            IconMorphView()
        }
    }

    /// One screen holding the four controls (one compositor): their drawings update side by side and the
    /// tiles spread over the workers, including the glass button's two passes around its backdrop. Every
    /// frame of a run that taps each control equals the one-worker run, and the loops were shared.
    @Test func screenOfFourControls() throws {
        let saved = WorkerPool.shared
        defer { WorkerPool.shared = saved }
        var reference: [[UInt8]] = []
        for workers in [1, 2, 3] {
            let pool = WorkerPool(workers: workers)
            WorkerPool.shared = pool
            let components: [any SimulatableComponent] = [LiquidSwitch(), LiquidSlider(value: 0.4), LiquidTabBar(),
                                                          GlassButton.simulationSample()]
            let host = View()
            var y = 0.0
            var touches: [Touch] = []
            for (index, component) in components.enumerated() {
                let pad = component.simulationPadding, size = component.simulationSize
                component.view.frame = Rect(origin: Point(pad, y + pad), size: size)
                host.addSubview(component.view)
                let centre = Point(pad + size.width * 0.6, y + pad + size.height / 2)
                touches += TouchScript.tap(id: index + 1, at: centre, time: 0.03 + 0.05 * Double(index))
                y += size.height + 2 * pad
            }
            let loop = try UIRunLoop(root: host, size: Size(width: 420, height: y), scale: 2, framesPerSecond: 30)
            loop.compositor = try Compositor(size: loop.size, scale: 2)
            var frames: [[UInt8]] = []
            _ = loop.run(events: touches, duration: 0.5) { _ in frames.append(loop.image?.bytes ?? []) }
            #expect(frames.count >= 10)
            if workers == 1 {
                reference = frames
                let changes = zip(frames, frames.dropFirst()).filter { $0 != $1 }.count
                #expect(changes >= 5, "the controls animate (frames that differ from the one before: \(changes))")
                continue
            }
            #expect(pool.threadCounters.loops > 0, "with \(workers) workers the frame's loops were shared")
            #expect(frames.count == reference.count)
            for (index, (frame, expected)) in zip(frames, reference).enumerated() {
                #expect(frame == expected, "screen frame \(index) differs at \(workers) workers")
            }
        }
    }
}
