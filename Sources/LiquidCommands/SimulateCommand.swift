import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidUI

/// `liquid simulate COMPONENT (--events EVENTS.json | --random-touches SEED --duration D) [--fps N]
/// [--frames DIR | --render] [--scale S]` → a JSON trace, one entry per frame: `{"t", "state": {…},
/// "haptics": […]}`, written to standard output frame by frame as the simulation runs (memory does not
/// grow with the duration).
///
/// Every state value must stay finite: the first frame where one is not (NaN or ±∞) stops the run with
/// one line naming the frame time and the key. Frames are rendered only with `--frames` (written) or
/// `--render` (drawn and checked, not written); a frame that fails to render stops the run likewise.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Drive a component with scripted or seeded random touches; print its state every frame as JSON."
    )

    @Argument(help: "The component (switch, slider, tabbar, button, calculator, flashlight, rubberband, canvas).") var component: String
    @Option(help: "Events file (or - for standard input): {\"events\": [{\"t\", \"phase\": \"down|move|up|cancel\", \"x\", \"y\", \"force\"}]}.") var events: String?
    @Option(name: .customLong("random-touches"), parsing: .unconditional, help: "Play an endless seeded stream of random touches instead of an events file (a whole number 0…18446744073709551615); needs --duration.", transform: CommandLineInput.seed)
    var randomTouches: UInt64?
    @Option(parsing: .unconditional, help: "Frames per second (1…240).", transform: CommandLineInput.decimal) var fps: Double = 60
    @Option(help: "Write each rendered frame as DIR/frame-NNNN.png.") var frames: String?
    @Flag(help: "Render every frame and check it, without writing it (for soak runs).") var render = false
    @Option(parsing: .unconditional, help: "Pixels per point of rendered frames (0.1…8).", transform: CommandLineInput.decimal) var scale: Double = 3
    @Option(parsing: .unconditional, help: "Seconds to simulate, 0…600 (default: the last event + 1 s, at most 600).", transform: CommandLineInput.decimal) var duration: Double?

    /// The documented ranges (docs/command-line.md).
    static let fpsRange = 1.0...240.0
    static let scaleRange = 0.1...8.0
    /// Longest simulation, in seconds: also the cap on the default duration, so no event may come later.
    static let maximumDuration = 600.0

    func validate() throws {
        try MainActor.assumeIsolated { try ComponentRegistry.requireKnown(component) }
        _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange)
        _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange)
        if let duration { _ = try CommandLineInput.check(duration, "--duration", in: 0...Self.maximumDuration) }
        switch (events, randomTouches) {
        case (nil, nil): throw ValidationErrorMessage("give --events FILE or --random-touches SEED")
        case (_?, _?): throw ValidationErrorMessage("--events and --random-touches exclude each other; give one")
        case (nil, _?) where duration == nil:
            throw ValidationErrorMessage("--random-touches needs --duration (the stream of touches never ends)")
        default: break
        }
        if render, frames != nil { throw ValidationErrorMessage("--render and --frames exclude each other (--frames renders too)") }
    }

    func run() throws {
        if let seed = randomTouches, let duration {
            try MainActor.assumeIsolated {
                let component = try ComponentRegistry.make(component)
                let touches = RandomTouches(seed: seed, bounds: component.simulationSize, sampleRate: fps)
                try simulate(component, touches, for: duration)
            }
            return
        }
        guard let path = events else { throw ValidationErrorMessage("give --events FILE or --random-touches SEED") }
        let touches = try TouchScriptFile.load(path)
        let lastEvent = touches.last?.timestamp ?? 0  // times never decrease in a valid file
        guard lastEvent <= Self.maximumDuration else {
            throw ValidationErrorMessage("\(ImageFileIO.quoted(path)): an event at t = \(LiquidError.quoted(lastEvent)) s is "
                + "beyond the \(Int(Self.maximumDuration)) s a simulation may last")
        }
        let length = duration ?? min(lastEvent + 1, Self.maximumDuration)
        try MainActor.assumeIsolated { try simulate(try ComponentRegistry.make(component), touches, for: length) }
    }

    /// Runs the simulation, streaming the trace and reading `touches` (in time order) one at a time; a run
    /// that fails removes the frame files it wrote (and the `--frames` folder, if it made it).
    @MainActor
    private func simulate(_ component: any SimulatableComponent, _ touches: some Sequence<Touch>, for length: Double) throws {
        var createdFolder = false
        var written: [String] = []
        do {
            if let frames { createdFolder = try OutputFolder.create(frames) }
            let simulator = try ComponentSimulator(component: component, framesPerSecond: fps,
                                                   scale: scale, rendersFrames: frames != nil || render)
            var imageSize: (width: Int, height: Int)?
            var trace = JSONArrayStream()
            var index = 0
            var failure: Error?
            simulator.stream(orderedTouches: touches, duration: length) { frame, image in
                defer { index += 1 }
                guard failure == nil else { return }
                do {
                    try Self.requireFinite(frame)
                    try trace.append(frame, time: frame.t)
                    if frames != nil || render {
                        if let error = simulator.runLoop.renderError {
                            throw ValidationErrorMessage("frame at t = \(LiquidError.quoted(frame.t)) s did not render: \(error)")
                        }
                        // Every frame is an image of one size (a stale or missing image is a fault).
                        guard let image, image.width > 0, image.height > 0,
                              image.width == imageSize?.width ?? image.width,
                              image.height == imageSize?.height ?? image.height else {
                            throw ValidationErrorMessage("frame at t = \(LiquidError.quoted(frame.t)) s has no image of the run's size")
                        }
                        imageSize = (image.width, image.height)
                    }
                    if let frames, let image {
                        let path = String(format: "%@/frame-%04d.png", frames, index)
                        try PNG.write(image, to: path)
                        written.append(path)
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try trace.finish()
        } catch let error as LiquidError where OutputFile.isClosedPipe(error) {
            throw error  // the reader has gone: a quiet end, frames kept
        } catch {
            for path in written { _ = unlink(path) }
            if createdFolder, let frames { _ = rmdir(frames) }
            throw error
        }
    }

    /// Throws, naming the frame time and the key, when a state value of `frame` is NaN or infinite (a
    /// trace would otherwise show it as `null`, hiding the fault).
    static func requireFinite(_ frame: ComponentSimulator.Frame) throws {
        for key in frame.state.keys.sorted() {
            if let number = frame.state[key]?.number, !number.isFinite {
                throw ValidationErrorMessage("frame at t = \(LiquidError.quoted(frame.t)) s: state '\(key)' is not finite (\(number))")
            }
        }
    }
}
