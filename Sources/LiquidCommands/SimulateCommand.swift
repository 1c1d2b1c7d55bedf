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
/// An events file that is a recording (`liquid play --record`: it has `"ticks"` and `"fps"`) is played at
/// its ticks — one frame at each recorded time, on the recorded frame rate — instead of at `--fps` for
/// `--duration`, so the trace's frames are the window's frames; `--fps` and `--duration` are refused
/// beside it.
///
/// Every state value must stay finite: the first frame where one is not (NaN or ±∞) stops the run with
/// one line naming the frame time and the key. Frames are rendered only with `--frames` (written) or
/// `--render` (drawn and checked, not written); a frame that fails to render stops the run likewise.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Drive a component with scripted or seeded random touches; print its state every frame as JSON.",
        discussion: """
        An events file recorded by `liquid play --record` also holds the frames the window ticked at \
        ("ticks", and its frame rate "fps"): it is played at exactly those frames, so its trace has the same \
        times and states as the recorded session. --fps and --duration do not apply to such a file and are \
        refused beside it.
        """
    )

    @Argument(help: "The component (switch, slider, tabbar, button, calculator, flashlight, rubberband, spring, switcher, pip, drawer, rotation, canvas, tooltip, toast, ripple, morph, carousel, widget, burst).") var component: String
    @Option(help: "Events file (or - for standard input): {\"events\": [{\"t\", \"phase\": \"down|move|up|cancel\", \"x\", \"y\", \"force\"}]}, optionally with the \"ticks\" and \"fps\" of a recording (played at those frames).") var events: String?
    @Option(name: .customLong("random-touches"), parsing: .unconditional, help: "Play an endless seeded stream of random touches instead of an events file (a whole number 0…18446744073709551615); needs --duration.", transform: CommandLineInput.seed)
    var randomTouches: UInt64?
    @Option(parsing: .unconditional, help: "Frames per second (1…240, default 60; not with a recording, which has its own frames).", transform: CommandLineInput.decimal) var fps: Double?
    @Option(help: "Write each rendered frame as DIR/frame-NNNN.png.") var frames: String?
    @Flag(help: "Render every frame and check it, without writing it (for soak runs).") var render = false
    @Option(parsing: .unconditional, help: "Pixels per point of rendered frames (0.1…8).", transform: CommandLineInput.decimal) var scale: Double = 3
    @Option(parsing: .unconditional, help: "Seconds to simulate, 0…600 (default: the last event + 1 s, at most 600; not with a recording, which ends at its last tick).", transform: CommandLineInput.decimal) var duration: Double?

    /// The documented ranges (docs/command-line.md).
    static let fpsRange = 1.0...240.0
    static let scaleRange = 0.1...8.0
    /// Longest simulation, in seconds: also the cap on the default duration, so no event may come later.
    static let maximumDuration = 600.0
    /// The frame rate without `--fps`.
    static let defaultFramesPerSecond = 60.0

    /// The frame rate of a run without recorded frames.
    private var framesPerSecond: Double { fps ?? Self.defaultFramesPerSecond }

    func validate() throws {
        try MainActor.assumeIsolated { try ComponentRegistry.requireKnown(component) }
        if let fps { _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange) }
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
                let touches = RandomTouches(seed: seed, bounds: component.simulationSize, sampleRate: framesPerSecond)
                try simulate(component, touches, frames: .fixed(duration: duration, framesPerSecond: framesPerSecond))
            }
            return
        }
        guard let path = events else { throw ValidationErrorMessage("give --events FILE or --random-touches SEED") }
        let script = try TouchScriptFile.load(path)
        let touches = script.touches
        if let recorded = script.frames {
            for (flag, given) in [("--fps", fps != nil), ("--duration", duration != nil)] where given {
                throw ValidationErrorMessage("\(flag) does not apply to \(ImageFileIO.quoted(path)): it is a recording, played at its "
                    + "own \"ticks\" (\(recorded.ticks.count) frames at \(LiquidError.quoted(recorded.framesPerSecond)) fps); drop \(flag)")
            }
            try MainActor.assumeIsolated {
                try simulate(try ComponentRegistry.make(component), touches, frames: .recorded(recorded))
            }
            return
        }
        let lastEvent = touches.last?.timestamp ?? 0  // times never decrease in a valid file
        guard lastEvent <= Self.maximumDuration else {
            throw ValidationErrorMessage("\(ImageFileIO.quoted(path)): an event at t = \(LiquidError.quoted(lastEvent)) s is "
                + "beyond the \(Int(Self.maximumDuration)) s a simulation may last")
        }
        let length = duration ?? min(lastEvent + 1, Self.maximumDuration)
        try MainActor.assumeIsolated {
            try simulate(try ComponentRegistry.make(component), touches,
                         frames: .fixed(duration: length, framesPerSecond: framesPerSecond))
        }
    }

    /// When a run's frames fall.
    private enum FramePlan {
        /// Every 1 / `framesPerSecond` seconds from 0 for `duration` seconds.
        case fixed(duration: Double, framesPerSecond: Double)
        /// At a recording's ticks, on its frame rate.
        case recorded(TouchScriptFile.Frames)
    }

    /// Runs the simulation, streaming the trace and reading `touches` (in time order) one at a time; a run
    /// that fails removes the frame files it wrote (and the `--frames` folder, if it made it).
    @MainActor
    private func simulate(_ component: any SimulatableComponent, _ touches: some Sequence<Touch>, frames plan: FramePlan) throws {
        var createdFolder = false
        var written: [String] = []
        do {
            if let frames { createdFolder = try OutputFolder.create(frames) }
            let rate: Double
            switch plan {
            case .fixed(_, let framesPerSecond): rate = framesPerSecond
            case .recorded(let recorded): rate = recorded.framesPerSecond
            }
            let simulator = try ComponentSimulator(component: component, framesPerSecond: rate,
                                                   scale: scale, rendersFrames: frames != nil || render)
            var imageSize: (width: Int, height: Int)?
            var trace = JSONArrayStream()
            var index = 0
            var failure: Error?
            let onFrame = { (frame: ComponentSimulator.Frame, image: Pixmap?) in
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
            switch plan {
            case .fixed(let duration, _): simulator.stream(orderedTouches: touches, duration: duration, onFrame: onFrame)
            case .recorded(let recorded): simulator.stream(orderedTouches: touches, frameTimes: recorded.ticks, onFrame: onFrame)
            }
            if let failure { throw failure }
            try trace.finish()
            if let frames { Self.removeStaleFrames(in: frames, keeping: written) }
        } catch let error as LiquidError where OutputFile.isClosedPipe(error) {
            throw error  // the reader has gone: a quiet end, frames kept
        } catch {
            for path in written { _ = unlink(path) }
            if createdFolder, let frames { _ = rmdir(frames) }
            throw error
        }
    }

    /// Removes the `frame-NNNN.png` files of `folder` that this run did not write: frames of an earlier,
    /// longer run in the same folder would otherwise read as this run's.
    static func removeStaleFrames(in folder: String, keeping written: [String]) {
        let kept = Set(written.map { ($0 as NSString).lastPathComponent })
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix("frame-") && name.hasSuffix(".png") && !kept.contains(name) {
            let digits = name.dropFirst("frame-".count).dropLast(".png".count)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { _ = unlink(folder + "/" + name) }
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
