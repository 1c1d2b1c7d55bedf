import LiquidGeometry
import LiquidUI

/// Per-frame cost of every registered control at 3×, 60 fps, through the real compositor:
/// idle (settled, nothing changes), animating (the frames right after a tap in the centre), and dragged
/// (a finger moving every frame). `ui.gallery.frame` renders one frame of the four controls (switch,
/// slider, tab bar, glass button) animating at once; `ui.gallery.all.frame` one frame of every registered
/// component animating. One iteration is one frame; `ns_per_iteration` is the per-frame cost.
@MainActor
enum ControlBenchmarks {
    static let frames = 24

    static var all: [Benchmark] {
        ComponentRegistry.names.flatMap { name in
            [idle(name), animating(name), dragged(name)]
        } + [galleryFrame(name: "ui.gallery.frame", components: controls),
             galleryFrame(name: "ui.gallery.all.frame", components: ComponentRegistry.names),
             screenFrame]
            + canvasMoves + dissolveFrames + rippleFrames + burstFrames
    }

    /// A simulator with the component settled (1 s without touches).
    private static func settled(_ name: String) -> ComponentSimulator {
        let simulator = try! ComponentSimulator(component: try! ComponentRegistry.make(name), framesPerSecond: 60, scale: 3)
        _ = simulator.run(touches: [], duration: 1)
        return simulator
    }

    private static func centre(of simulator: ComponentSimulator) -> Point {
        let size = simulator.component.simulationSize
        return simulator.origin + Point(size.width / 2, size.height / 2)
    }

    private static func idle(_ name: String) -> Benchmark {
        // Settled on first use, not when the list is made: the list holds every row, and building all of
        // their simulators up front took most of a filtered run's time and all of its page faults.
        var simulator: ComponentSimulator? = nil
        return Benchmark(name: "ui.\(name).idle", unit: "frame", iterations: frames, prepare: {
            if simulator == nil { simulator = settled(name) }
        }) {
            guard let loop = simulator?.runLoop else { return 0 }
            var damage = 0.0
            for _ in 0..<frames {
                let info = loop.step(to: loop.currentTime + loop.frameInterval)
                damage += Double(info.damage?.area ?? 0)
            }
            return damage
        }
    }

    /// Each run starts from a settled control, taps its centre, and times the next frames.
    private static func animating(_ name: String) -> Benchmark {
        var simulator: ComponentSimulator? = nil
        return Benchmark(name: "ui.\(name).animating", unit: "frame", iterations: frames, prepare: {
            let fresh = settled(name)
            simulator = fresh
            let loop = fresh.runLoop, p = centre(of: fresh)
            _ = loop.dispatch(Touch(phase: .began, location: p, timestamp: loop.currentTime))
            _ = loop.step(to: loop.currentTime + loop.frameInterval)
            _ = loop.dispatch(Touch(phase: .ended, location: p, timestamp: loop.currentTime))
        }) {
            guard let loop = simulator?.runLoop else { return 0 }
            var damage = 0.0
            for _ in 0..<frames { damage += Double(loop.step(to: loop.currentTime + loop.frameInterval).damage?.area ?? 0) }
            return damage
        }
    }

    /// Each run presses the control's centre and moves the finger 2 pt right every frame.
    private static func dragged(_ name: String) -> Benchmark {
        var simulator: ComponentSimulator? = nil
        return Benchmark(name: "ui.\(name).dragged", unit: "frame", iterations: frames, prepare: {
            let fresh = settled(name)
            simulator = fresh
            let loop = fresh.runLoop
            _ = loop.dispatch(Touch(phase: .began, location: centre(of: fresh), timestamp: loop.currentTime))
            _ = loop.step(to: loop.currentTime + loop.frameInterval)
        }) {
            guard let simulator else { return 0 }
            let loop = simulator.runLoop, start = centre(of: simulator)
            var damage = 0.0
            for i in 1...frames {
                let t = loop.currentTime + loop.frameInterval
                _ = loop.dispatch(Touch(phase: .moved, location: start + Point(2 * Double(i), 0), timestamp: t))
                damage += Double(loop.step(to: t).damage?.area ?? 0)
            }
            return damage
        }
    }

    /// The four controls of a busy gallery frame.
    static let controls = ["switch", "slider", "tabbar", "button"]

    /// One frame of `components` all animating (each just tapped): the cost of a busy gallery frame. The run
    /// loops are stepped together (`UIRunLoop.step(_:)`), so with `--threads 2` their drawing updates share
    /// the workers.
    private static func galleryFrame(name: String, components: [String]) -> Benchmark {
        var simulators: [ComponentSimulator] = []
        return Benchmark(name: name, unit: "frame", iterations: 1, prepare: {
            simulators = components.map(settled)
            for simulator in simulators {
                let loop = simulator.runLoop, p = centre(of: simulator)
                _ = loop.dispatch(Touch(phase: .began, location: p, timestamp: loop.currentTime))
                _ = loop.step(to: loop.currentTime + loop.frameInterval)
                _ = loop.dispatch(Touch(phase: .ended, location: p, timestamp: loop.currentTime))
            }
        }) {
            let frames = UIRunLoop.step(simulators.map { ($0.runLoop, $0.runLoop.currentTime + $0.runLoop.frameInterval) })
            return frames.reduce(0.0) { $0 + Double($1.damage?.area ?? 0) }
        }
    }

    /// One frame of a screen holding the four controls (each with its padding, stacked top to bottom in one
    /// run loop and one compositor), all animating (each just tapped): what one app screen of controls
    /// costs, and the row where the compositor's workers can share a frame (`--threads`).
    private static var screenFrame: Benchmark {
        var loop: UIRunLoop? = nil
        return Benchmark(name: "ui.screen.frame", unit: "frame", iterations: 1, prepare: {
            let components = controls.map { try! ComponentRegistry.make($0) }
            let width = components.map { $0.simulationSize.width + 2 * $0.simulationPadding }.max() ?? 0
            let host = View()
            var y = 0.0
            var centres: [Point] = []
            for component in components {
                let pad = component.simulationPadding, size = component.simulationSize
                component.view.frame = Rect(origin: Point(pad, y + pad), size: size)
                host.addSubview(component.view)
                centres.append(Point(pad + size.width / 2, y + pad + size.height / 2))
                y += size.height + 2 * pad
            }
            let fresh = try! UIRunLoop(root: host, size: Size(width: width, height: y), scale: 3, framesPerSecond: 60)
            fresh.compositor = try! Compositor(size: fresh.size, scale: 3)
            _ = fresh.run(events: [], duration: 1) { _ in }
            for p in centres {
                _ = fresh.dispatch(Touch(phase: .began, location: p, timestamp: fresh.currentTime))
                _ = fresh.step(to: fresh.currentTime + fresh.frameInterval)
                _ = fresh.dispatch(Touch(phase: .ended, location: p, timestamp: fresh.currentTime))
            }
            loop = fresh
        }) {
            guard let loop else { return 0 }
            return Double(loop.step(to: loop.currentTime + loop.frameInterval).damage?.area ?? 0)
        }
    }
}
