import ArgumentParser
import Foundation
import LiquidGeometry
import LiquidRaster
import LiquidUI

/// `liquid simulate COMPONENT --events EVENTS.json [--fps N] [--frames DIR]` → a JSON trace, one entry
/// per frame: `{"t", "state": {…}, "haptics": […]}`, written to standard output frame by frame as the
/// simulation runs (memory does not grow with the duration).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Drive a component with scripted touches; print its state every frame as JSON."
    )

    @Argument(help: "The component (switch, slider, tabbar, button).") var component: String
    @Option(help: "Events file (or - for standard input): {\"events\": [{\"t\", \"phase\": \"down|move|up|cancel\", \"x\", \"y\", \"force\"}]}.") var events: String
    @Option(parsing: .unconditional, help: "Frames per second (1…240).", transform: CommandLineInput.decimal) var fps: Double = 60
    @Option(help: "Write each rendered frame as DIR/frame-NNNN.png.") var frames: String?
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
    }

    func run() throws {
        let touches = try TouchScriptFile.load(events)
        let lastEvent = touches.map(\.timestamp).max() ?? 0
        guard lastEvent <= Self.maximumDuration else {
            throw ValidationErrorMessage("\(ImageFileIO.quoted(events)): an event at t = \(LiquidError.quoted(lastEvent)) s is "
                + "beyond the \(Int(Self.maximumDuration)) s a simulation may last")
        }
        let length = duration ?? min(lastEvent + 1, Self.maximumDuration)
        try MainActor.assumeIsolated { try simulate(touches, for: length) }
    }

    /// Runs the simulation, streaming the trace; a run that fails removes the frame files it wrote (and
    /// the `--frames` folder, if it made it).
    @MainActor
    private func simulate(_ touches: [Touch], for length: Double) throws {
        var createdFolder = false
        var written: [String] = []
        do {
            if let frames { createdFolder = try OutputFolder.create(frames) }
            let simulator = try ComponentSimulator(component: try ComponentRegistry.make(component), framesPerSecond: fps,
                                                   scale: scale, rendersFrames: frames != nil)
            var trace = JSONArrayStream()
            var index = 0
            var failure: Error?
            simulator.stream(touches: touches, duration: length) { frame, image in
                defer { index += 1 }
                guard failure == nil else { return }
                do {
                    try trace.append(frame, time: frame.t)
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
}
