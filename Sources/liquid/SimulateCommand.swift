import ArgumentParser
import Foundation
import LiquidRaster
import LiquidUI

/// `liquid simulate COMPONENT --events EVENTS.json [--fps N] [--frames DIR]` → a JSON trace, one entry
/// per frame: `{"t", "state": {…}, "haptics": […]}`.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Drive a component with scripted touches; print its state every frame as JSON."
    )

    @Argument(help: "The component (switch, slider, tabbar, button).") var component: String
    @Option(help: "Events file: {\"events\": [{\"t\", \"phase\": \"down|move|up|cancel\", \"x\", \"y\", \"force\"}]}.") var events: String
    @Option(help: "Frames per second (1…240).") var fps: Double = 60
    @Option(help: "Write each rendered frame as DIR/frame-NNNN.png.") var frames: String?
    @Option(help: "Pixels per point of rendered frames.") var scale: Double = 3
    @Option(help: "Seconds to simulate (default: the last event + 1 s).") var duration: Double?

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be 1…240; got \(fps)") }
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]; got \(scale)") }
        if let duration { guard duration.isFinite, duration >= 0, duration <= 600 else {
            throw ValidationError("--duration must be 0…600 s; got \(duration)") } }
    }

    func run() throws {
        let touches = try TouchScriptFile.load(events)
        let length = duration ?? ((touches.map(\.timestamp).max() ?? 0) + 1)
        if let frames { try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true) }
        let trace: [ComponentSimulator.Frame] = try MainActor.assumeIsolated {
            let simulator = try ComponentSimulator(component: try ComponentRegistry.make(component), framesPerSecond: fps,
                                                   scale: scale, rendersFrames: frames != nil)
            var index = 0
            var failure: Error?
            let trace = simulator.run(touches: touches, duration: length) { _, image in
                defer { index += 1 }
                guard let frames, let image, failure == nil else { return }
                do { try PNG.write(image, to: String(format: "%@/frame-%04d.png", frames, index)) } catch { failure = error }
            }
            if let failure { throw failure }
            return trace
        }
        try printJSON(trace)
    }
}
