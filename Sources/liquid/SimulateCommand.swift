import ArgumentParser
import Foundation
import LiquidGeometry
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
    @Option(parsing: .unconditional, help: "Frames per second (1…240).", transform: CommandLineInput.decimal) var fps: Double = 60
    @Option(help: "Write each rendered frame as DIR/frame-NNNN.png.") var frames: String?
    @Option(parsing: .unconditional, help: "Pixels per point of rendered frames.", transform: CommandLineInput.decimal) var scale: Double = 3
    @Option(parsing: .unconditional, help: "Seconds to simulate (default: the last event + 1 s).", transform: CommandLineInput.decimal) var duration: Double?

    /// The documented ranges (docs/command-line.md).
    static let fpsRange = 1.0...240.0
    static let scaleRange = 0.1...8.0
    /// Longest simulation, in seconds: also the cap on the default duration, so no event may come later.
    static let maximumDuration = 600.0

    func validate() throws {
        _ = try CommandLineInput.check(fps, "--fps", in: Self.fpsRange)
        _ = try CommandLineInput.check(scale, "--scale", in: Self.scaleRange)
        if let duration { _ = try CommandLineInput.check(duration, "--duration", in: 0...Self.maximumDuration) }
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
